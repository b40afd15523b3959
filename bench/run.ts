/**
 * `npm run bench`: measures the portal against a raw node:http baseline and a Yoga `{ hello }` floor, and writes
 * docs/benchmarks.md. A script, not a test.
 *
 * 1. Seeds a fresh database (default 2,000 members) in a temp folder with the seed CLI.
 * 2. Measures set-ups ("groups", bench/groups.ts), each with its own interleaved rounds and the raw baseline in every
 *    round: the main group (SQLite, one portal process, every variant), SQLite with more workers (`--workers`,
 *    dashboard, REST, mixed), PostgreSQL (`--engines`, a throw-away PostgreSQL 15 cluster from
 *    tests/helpers/postgres-server.ts, seeded with the same members; dashboard, REST, mixed) and the 100,000-member
 *    database (`--members-100k`; dashboard, REST). The portal (`npx tsx server/main.ts`, NODE_ENV=production,
 *    PUBLIC_ORIGIN, LOG_LEVEL=warn, GRAPHQL_PERSISTED_ONLY=0, WORKERS) and PostgreSQL are pinned to core 0 (cluster
 *    mode with N workers: cores 0..N-1), the raw baseline (bench/raw-server.ts, answering the bytes of the portal's real
 *    dashboard answer) and the Yoga floor (bench/yoga-hello.ts) to core 0. Every load run is a separate process
 *    (bench/load.ts, autocannon) pinned to core 1.
 * 3. Per group: logs anna in, takes every variant's reference answer once, warms every variant up, then runs
 *    interleaved rounds (A B C … raw A B C … raw …). A round with a non-2xx answer, a connection error, a wrong body
 *    (a sample of bodies is compared with the reference as JSON) or a write not committed is void. The headline
 *    figure is the median over rounds of portal req/s ÷ raw req/s within the same round.
 * 4. Profiles the main group's portal (`node --cpu-prof`) during one round per variant.
 * 5. Times seeding 100,000 members with the CLI into a temp file and reports the file size.
 * Everything listens on 127.0.0.1 on ports chosen at run time; every child process (and PostgreSQL) is stopped at
 * the end, also on error or Ctrl-C. `npm run bench -- --help` lists the flags.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeBundleReport } from './bundle';
import { BENCH_OPEN_CLAIMS, FUND_CLAIMS_FILE, seedFundClaims } from './fund-claims';
import { coresFor, machineInfo, SERVER_CORE } from './cpu';
import { prepareGroup, runGroupRounds } from './groups';
import { memberEmails as emailsOf, membersGroup, prepareMembersGroup, SPEED_SETUPS } from './members';
import { writeLighthouseReport } from './lighthouse';
import { parseOptions } from './options';
import { seed, startPortal } from './portal';
import { startBenchPostgres, type BenchPostgres } from './postgres';
import { killAllNow, log, removeAtExit, ROOT, stopChild, type Child } from './processes';
import { renderReport } from './report';
import { profilePortal, summarise } from './rounds';
import type { BenchOptions, BenchReport, GroupInfo, ProfileRun, RoundResult, SeedTiming, Variant, VariantName } from './types';

const f0 = (n: number) => n.toLocaleString('en-US');

interface Collected {
  groups: GroupInfo[];
  variants: Variant[];
  warmups: RoundResult[];
  rounds: RoundResult[];
  sources: { dashboard: string; documents: string | null; download: string | null } | null;
}

/**
 * Starts the portal for `group` on `database`, measures `names` against raw (or, with `memberEmails`, the many-members
 * variants of bench/members.ts), stops it again.
 */
async function measureGroup(
  group: GroupInfo,
  database: string,
  extraPgids: number[],
  names: VariantName[],
  options: BenchOptions,
  dir: string,
  into: Collected,
  memberEmails?: string[],
): Promise<void> {
  const running: Child[] = [];
  try {
    log(`[${group.id}] ${group.label}: starting the portal on core(s) ${group.serverCores}`);
    const portal = await startPortal(database, { workers: group.workers, cores: group.serverCores, ...(group.env ? { env: group.env } : {}) });
    running.push(portal.child);
    const pgids = [portal.child.proc.pid!, ...extraPgids];
    const prepared = memberEmails
      ? { ...(await prepareMembersGroup(group, portal.port, pgids, memberEmails, dir)), dashboardSource: '', documentsSource: null, downloadSource: null }
      : await prepareGroup(group, portal.port, pgids, [...names, 'raw'], options, dir);
    running.push(...prepared.helpers);
    if (!memberEmails) into.sources ??= { dashboard: prepared.dashboardSource, documents: prepared.documentsSource, download: prepared.downloadSource };
    const { warmups, rounds } = await runGroupRounds(group, prepared.variants, options);
    into.groups.push(group);
    into.variants.push(...prepared.variants);
    into.warmups.push(...warmups);
    into.rounds.push(...rounds);
  } finally {
    for (const child of running) await stopChild(child);
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.render) {
    writeReport(JSON.parse(readFileSync(options.render, 'utf8')) as BenchReport, options.out);
    log(`wrote ${options.out} from ${options.render}`);
    return;
  }
  const t0 = performance.now();
  const machine = machineInfo();
  if (machine.cores < 2) throw new Error('the bench needs 2 cores: the server on core 0, the load generator on core 1');
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  if (!options.keep) removeAtExit(dir);
  const database = join(dir, 'portal.db');
  log(`temp folder ${dir}`);
  const collected: Collected = { groups: [], variants: [], warmups: [], rounds: [], sources: null };
  let postgres: BenchPostgres | null = null;
  const extra = { rounds: options.extraRounds, duration: options.extraDuration, warmup: options.extraWarmup };
  const members = f0(options.members);
  try {
    const sqlite = options.engines.includes('sqlite');
    let seedSmall: SeedTiming | null = null;
    if (sqlite) {
      log(`seeding ${options.members} members`);
      seedSmall = await seed(options.members, database);
      if (options.variants.includes('fund-claims') && !options.membersOnly) {
        log(`seeding ${BENCH_OPEN_CLAIMS} open claims and a fund client`);
        writeFileSync(join(dir, FUND_CLAIMS_FILE), JSON.stringify(await seedFundClaims(database)));
      }
    }
    let profiles: ProfileRun[] = [];
    if (sqlite && options.workers.includes(1) && !options.membersOnly) {
      const main: GroupInfo = {
        id: 'sqlite-1w',
        label: `SQLite, 1 process, ${members} members`,
        engine: 'sqlite',
        workers: 1,
        members: options.members,
        serverCores: SERVER_CORE,
        rounds: options.rounds,
        duration: options.duration,
        warmup: options.warmup,
      };
      await measureGroup(
        main,
        database,
        [],
        options.variants.filter((v) => v !== 'raw'),
        options,
        dir,
        collected,
      );
      if (options.profile) {
        const profiled = collected.variants.filter((v) => v.group === main.id && ['dashboard', 'rest', 'documents', 'download'].includes(v.name));
        profiles = await profilePortal(database, dir, profiled, options);
      }
    }
    for (const workers of sqlite && !options.membersOnly ? options.workers.filter((w) => w > 1) : []) {
      const cores = coresFor(workers, machine.cores);
      const group: GroupInfo = {
        id: `sqlite-${workers}w`,
        label: `SQLite, ${workers} workers (WORKERS=${workers}), ${members} members`,
        engine: 'sqlite',
        workers,
        members: options.members,
        serverCores: cores,
        ...extra,
      };
      await measureGroup(group, database, [], ['dashboard', 'rest', 'mixed'], options, dir, collected);
    }
    const startPg = async () => (postgres ??= await startBenchPostgres(SERVER_CORE));
    let pgSmall: string | null = null;
    const pgSmallDatabase = async () => {
      if (pgSmall) return pgSmall;
      const url = await (await startPg()).createDatabase('bench_small');
      log(`seeding ${options.members} members into PostgreSQL`);
      const pgSeed = await seed(options.members, url);
      log(`seeded PostgreSQL in ${pgSeed.wallSeconds.toFixed(1)} s`);
      return (pgSmall = url);
    };
    if (options.engines.includes('postgres') && !options.membersOnly) {
      const pg = await startPg();
      const url = await pgSmallDatabase();
      for (const workers of options.pgWorkers) {
        // More than one process: the portal's processes share cores 0…N−1 with PostgreSQL (pinned to core 0).
        const group: GroupInfo = {
          id: workers === 1 ? 'postgres' : `postgres-${workers}w`,
          label: `PostgreSQL 15, ${workers === 1 ? '1 process' : `${workers} workers (WORKERS=${workers})`}, ${members} members`,
          engine: 'postgres',
          workers,
          members: options.members,
          serverCores: workers === 1 ? SERVER_CORE : coresFor(workers, machine.cores),
          ...extra,
        };
        await measureGroup(group, url, [pg.pgid], ['dashboard', 'rest', 'mixed'], options, dir, collected);
      }
    }

    // Many members, each with a session of their own (bench/members.ts): as shipped and with each speed device off.
    for (const engine of options.membersGroups) {
      const location = engine === 'sqlite' ? database : await pgSmallDatabase();
      if (engine === 'sqlite' && !sqlite) throw new Error('--members-groups sqlite needs --engines to include sqlite');
      const emails = await emailsOf(location, options.memberSessions);
      for (const setup of SPEED_SETUPS) {
        const group = membersGroup(engine, setup, emails.length, options.members, SERVER_CORE, extra);
        await measureGroup(group, location, engine === 'postgres' ? [(await startPg()).pgid] : [], [], options, dir, collected, emails);
      }
    }

    let seed100k: SeedTiming | null = null;
    if (!options.membersOnly && (!options.skipSeed100k || options.members100k.includes('sqlite'))) {
      log(`seeding ${options.seedMembers} members (timed)`);
      seed100k = await seed(options.seedMembers, join(dir, 'seed-100k.db'));
      log(`seeded ${options.seedMembers} in ${seed100k.wallSeconds.toFixed(1)} s, ${(seed100k.bytes / 1024 / 1024).toFixed(1)} MiB`);
    }
    for (const engine of options.membersOnly ? [] : options.members100k) {
      let location = join(dir, 'seed-100k.db');
      const pgids: number[] = [];
      if (engine === 'postgres') {
        const pg = await startPg();
        location = await pg.createDatabase('bench_large');
        log(`seeding ${options.seedMembers} members into PostgreSQL`);
        const timing = await seed(options.seedMembers, location);
        log(`seeded PostgreSQL in ${timing.wallSeconds.toFixed(1)} s`);
        pgids.push(pg.pgid);
      }
      const label = `${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL 15'}, 1 process, ${f0(options.seedMembers)} members`;
      const group: GroupInfo = { id: `${engine}-large`, label, engine, workers: 1, members: options.seedMembers, serverCores: SERVER_CORE, ...extra };
      await measureGroup(group, location, pgids, ['dashboard', 'rest'], options, dir, collected);
    }
    (postgres as BenchPostgres | null)?.stop();

    const report: BenchReport = {
      options,
      machine,
      date: new Date().toISOString(),
      dashboardSource: collected.sources?.dashboard ?? '–',
      documentsSource: collected.sources?.documents ?? null,
      downloadSource: collected.sources?.download ?? null,
      groups: collected.groups,
      variants: collected.variants,
      warmups: collected.warmups,
      rounds: collected.rounds,
      summaries: summarise(collected.variants, collected.rounds),
      profiles,
      seedSmall,
      seed100k,
      totalSeconds: (performance.now() - t0) / 1000,
    };
    writeFileSync(join(dir, 'report.json'), JSON.stringify(report, null, 2));
    writeReport(report, options.out);
    if (options.skipFrontEnd) log('--skip-front-end: first-load JavaScript and Lighthouse not measured');
    else {
      log('building the web app for the first-load JavaScript figures');
      const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
      if (build.status !== 0) throw new Error('npm run build failed');
      for (const load of writeBundleReport(options.out)) log(`${load.route}: ${(load.gzip / 1024).toFixed(1)} KiB gzip first load (budget ${load.budgetKiB})`);
      log('running Lighthouse on /login and /dashboard');
      for (const row of await writeLighthouseReport(options.out)) log(`${row.page}: Lighthouse performance ${row.performance}, accessibility ${row.accessibility}`);
    }
    log(`wrote ${options.out}`);
    for (const s of report.summaries) {
      log(
        `${s.group.padEnd(12)} ${s.label.padEnd(34)} ${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms  ratio ${s.ratio.toFixed(3)}  ${s.cpuUs.toFixed(0)} µs CPU/req  (${s.validRounds} valid rounds)`,
      );
    }
  } finally {
    (postgres as BenchPostgres | null)?.stop();
    killAllNow();
    if (options.keep) log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes the generated part of `out` (the hand-written part below it is kept). */
function writeReport(report: BenchReport, out: string): void {
  const previous = existsSync(out) ? readFileSync(out, 'utf8') : null;
  writeFileSync(out, renderReport(report, previous));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    killAllNow();
    process.exit(1);
  },
);
