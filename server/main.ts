import { openDatabase } from '../db/client';
import { seedIfEmpty } from '../db/seed';
import { connectionLimits, createApp, listen } from './app';
import { loadConfig } from './config';
import { createAppDeps } from './context';
import { systemClock } from './domain/shared/clock';
import { createDemoLog, createLogger } from './log';

/**
 * `npm start`: opens (and migrates) the SQLite database, seeds SEED_MEMBERS members plus the demo personas when
 * it is empty, and serves the portal on HOST:PORT.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const db = openDatabase(config.DATABASE_PATH, { busyTimeoutMs: config.DB_BUSY_TIMEOUT_MS });
  // The seed prints only demo data (codes, nina's activation link), unmasked, as the README promises.
  const stats = await seedIfEmpty(db, { members: config.SEED_MEMBERS, log: createDemoLog(config.LOG_LEVEL) });
  if (stats) logger.info('seeded an empty database', { ...stats });
  const deps = createAppDeps(db, config, systemClock, logger);
  const { server, port } = await listen(createApp(deps), config.PORT, config.HOST, connectionLimits(config));
  logger.info('portal listening', { url: `http://${config.HOST}:${port}/`, tenant: config.TENANT, database: config.DATABASE_PATH });
  // Tests and scripts that start the server with PORT=0 read the bound port from this line.
  if (config.PORT === 0) process.stdout.write(`LISTENING ${port}\n`);

  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    server.close(() => {
      db.$client.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5_000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
