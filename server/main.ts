import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { openDatabase, type Db } from '../db/client';
import { seedIfEmpty, seedWorkbenchDemo } from '../db/seed';
import { connectionLimits, createApp, listen } from './app';
import { configuredClock, databaseLocation, loadConfig, type Config } from './config';
import { createAppDeps } from './app-deps';
import { publicOriginFor } from './platform/request-context';
import { createDecisionReminderJob, DECISION_REMINDER_INTERVAL_MS } from './modules/claims/decision-reminders';
import { isoDateVienna } from '@contract/dates';
import type { Clock } from './platform/shared/clock';
import { createDemoLog, createLogger, type Logger } from './log';
import { createRestartBackoff } from './restart-backoff';

/** Number of server processes WORKERS asks for: a whole number, or `auto` = one per CPU core. */
export function workerCount(workers: Config['WORKERS'], cores: number = availableParallelism()): number {
  return workers === 'auto' ? Math.max(1, cores) : Number(workers);
}

/**
 * Opens the database, migrating it, and seeds SEED_MEMBERS members plus the demo personas when it is empty, and in
 * development the workbench's open work (decision 0073); the seed's "today" is the clock's (moved by
 * PORTAL_CLOCK_START outside production), in Vienna.
 */
async function prepareDatabase(config: Config, logger: Logger, clock: Clock): Promise<Db> {
  const db = await openDatabase(databaseLocation(config), { busyTimeoutMs: config.DB_BUSY_TIMEOUT_MS, poolSize: config.DB_POOL_SIZE });
  // The seed prints only demo data (codes, nina's activation link), unmasked, as the README promises.
  const stats = await seedIfEmpty(db, {
    members: config.SEED_MEMBERS,
    tenant: config.TENANT,
    today: isoDateVienna(clock.now()),
    log: createDemoLog(config.LOG_LEVEL),
  });
  if (stats) logger.info('seeded an empty database', { ...stats });
  // The demo's open work for the workbench (decision 0073): on a database seeded just now, in development only (tests
  // and production start with NODE_ENV test or production and get none).
  if (stats && config.NODE_ENV === 'development') {
    const work = await seedWorkbenchDemo(db, { tenant: config.TENANT, today: isoDateVienna(clock.now()), creditorId: config.SEPA_CREDITOR_ID });
    logger.info('seeded open work for the workbench', { ...work });
  }
  return db;
}

/** One server process: serves HTTP on HOST:PORT. */
async function serve(config: Config, logger: Logger, db: Db, clock: Clock): Promise<void> {
  const deps = createAppDeps(db, config, clock, logger);
  const { server, port } = await listen(createApp(deps), config.PORT, config.HOST, connectionLimits(config));
  // Every process sends due mails of the outbox (MAIL_POLL_MS; 0 = queue only).
  deps.mailer.worker.start();
  logger.info('portal listening', { url: `http://${config.HOST}:${port}/`, tenant: config.TENANT, database: db.dialect, pid: process.pid });
  // Tests and scripts that start the server with PORT=0 read the bound port from this line (in cluster mode the
  // primary prints it once, for the port every worker shares).
  if (config.PORT === 0) {
    if (cluster.isWorker) process.send?.({ listening: port });
    else process.stdout.write(`LISTENING ${port}\n`);
  }

  // Decision-deadline reminders (decision 0015) as the scheduled job `claims.decision-reminders`: the job lease
  // lets one process run each due time, and each reminder is also claimed in the database before it is mailed, so it
  // is sent once however many processes and restarts there are.
  const reminders = createDecisionReminderJob({
    db,
    mailer: deps.mailer,
    clock,
    tenant: deps.tenant,
    logger,
    publicOrigin: publicOriginFor(config, { localPort: port }),
  });
  deps.scheduler.scheduleJob('claims.decision-reminders', DECISION_REMINDER_INTERVAL_MS, async () => {
    const sent = await reminders.runOnce();
    if (sent.length > 0) logger.info('decision reminders sent', { count: sent.length });
  });
  // Every process polls for due jobs (JOB_POLL_MS; 0 = none); the job_leases row lets one of them run each due time.
  deps.scheduler.start();

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    server.close(() => {
      void Promise.all([deps.mailer.worker.stop(), deps.scheduler.stop()])
        .then(() => db.close())
        .finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

/**
 * A last line of defence (decision 0045): an error no request handled (a bug; every request's own stream errors are
 * handled in that request) is logged with its stack and origin, and the process exits with code 1, as Node's own
 * default would, but with the reason in the log. Its state may be broken, so it does not go on: the cluster primary
 * (WORKERS > 1) or the service manager (README "Running in production") starts it again.
 */
function exitOnUncaughtError(logger: Logger): void {
  process.on('uncaughtException', (error, origin) => {
    logger.error('uncaught error; the process exits', { origin, error: error.message, stack: error.stack ?? '' });
    process.exit(1);
  });
}

/**
 * Cluster primary (WORKERS > 1): migrates and seeds once, then forks the workers, which share the listening socket
 * (node:cluster hands connections out round-robin) and the database. A worker that dies is replaced; SIGINT/SIGTERM
 * stop all of them.
 */
async function primary(config: Config, logger: Logger, count: number, clock: Clock): Promise<void> {
  const db = await prepareDatabase(config, logger, clock);
  await db.close();
  let stopping = false;
  let announced = false;
  const fork = () => {
    const worker = cluster.fork({ PORTAL_WORKER: '1' });
    worker.on('message', (message: { listening?: number }) => {
      if (message.listening !== undefined && !announced) {
        announced = true;
        process.stdout.write(`LISTENING ${message.listening}\n`);
      }
    });
  };
  const restarts = createRestartBackoff();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    const delayMs = restarts.next(Date.now());
    // Why it ended: its exit code or signal here; an uncaught error's message and stack in the worker's last log line.
    logger.warn('worker exited; starting a new one', { pid: worker.process.pid, code, signal, restartInMs: delayMs });
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs).unref();
  });
  for (let i = 0; i < count; i++) fork();
  logger.info('cluster started', { workers: count });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    logger.info('stopping workers', { signal });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const left = () => Object.keys(cluster.workers ?? {}).length;
    cluster.on('exit', () => {
      if (left() === 0) process.exit(0);
    });
    setTimeout(() => process.exit(0), 8_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/**
 * `npm start`: opens (and migrates) the database (SQLite file, or PostgreSQL with DATABASE_URL), seeds SEED_MEMBERS
 * members plus the demo personas when it is empty, and serves the portal on HOST:PORT, in WORKERS processes.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const count = workerCount(config.WORKERS);
  exitOnUncaughtError(logger);
  // The system clock, or outside production the one PORTAL_CLOCK_START moves (the browser tests' servers).
  const clock = configuredClock(config);
  if (config.PORTAL_CLOCK_START !== undefined) logger.info('clock moved', { start: config.PORTAL_CLOCK_START, now: new Date(clock.now()).toISOString() });
  if (cluster.isPrimary && count > 1) return primary(config, logger, count, clock);
  const db = cluster.isWorker
    ? await openDatabase(databaseLocation(config), { busyTimeoutMs: config.DB_BUSY_TIMEOUT_MS, poolSize: config.DB_POOL_SIZE, migrate: false })
    : await prepareDatabase(config, logger, clock);
  await serve(config, logger, db, clock);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
