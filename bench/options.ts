/** The command line of `npm run bench` (bench/run.ts): parsing, checks and `--help`. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './processes';
import { ALL_VARIANTS, ENGINES, type BenchOptions, type Engine, type VariantName } from './types';

export const USAGE = `npm run bench -- [options]
  Main group (SQLite, one process, --members members, every variant):
    --rounds 5 --duration 10 --warmup 10   rounds, seconds per round, warm-up seconds per variant
    --variants ${ALL_VARIANTS.join(',')}
    --members 2000 --connections 50 --sample-every 20 --no-persisted --no-profile
    --sessions 50                 logins of anna the connections use in turn (1 = all on one session)
  Further set-ups (dashboard, REST and mixed traffic; each with its own raw baseline in every round):
    --engines sqlite,postgres     engines at --members members (postgres: a throw-away PostgreSQL 15 cluster)
    --workers 1,2                 SQLite worker counts (WORKERS=N; 1 = the main group)
    --pg-workers 1,2              portal process counts on PostgreSQL (WORKERS=N over one database)
    --members-100k sqlite         engines measured with the --seed-members database (dashboard, REST); none = skip
    --seed-members 100000 --skip-seed100k   size of the large database; skip timing its seeding
    --extra-rounds 3 --extra-duration 10 --extra-warmup 5   rounds of the further set-ups
    --write-every 10              mixed traffic: every n-th request is a write (10 = 10 % writes)
  Many members (each request the next of N members' own sessions; as shipped and with the response cache off):
    --members-groups sqlite,postgres --member-sessions 200 --members-only (only these groups)
  Output: --out docs/benchmarks.md --keep (keep the temp folder and report.json) --skip-front-end (no build, no Lighthouse)
    --render FILE                 re-render --out from a kept run's report.json, measuring nothing
`;

/** A comma-separated list whose items all belong to `known` ('none' = empty). @throws on an unknown item. */
export function parseList<T extends string>(flag: string, value: string, known: readonly T[]): T[] {
  if (value.trim() === 'none') return [];
  const items = value.split(',').map((v) => v.trim()) as T[];
  for (const item of items) if (!known.includes(item)) throw new Error(`--${flag}: unknown "${item}" (known: ${known.join(', ')}, or none)`);
  return [...new Set(items)];
}

/** Whole numbers ≥ 1, comma-separated, sorted. @throws on anything else. */
export function parseCounts(flag: string, value: string): number[] {
  const items = value.split(',').map((v) => Number(v.trim()));
  for (const n of items) if (!Number.isInteger(n) || n < 1) throw new Error(`--${flag} takes whole numbers ≥ 1, got "${value}"`);
  return [...new Set(items)].sort((a, b) => a - b);
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      rounds: { type: 'string', default: '5' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      sessions: { type: 'string', default: '50' },
      members: { type: 'string', default: '2000' },
      'seed-members': { type: 'string', default: '100000' },
      'skip-seed100k': { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      variants: { type: 'string', default: ALL_VARIANTS.join(',') },
      'sample-every': { type: 'string', default: '20' },
      out: { type: 'string', default: 'docs/benchmarks.md' },
      keep: { type: 'boolean', default: false },
      'no-persisted': { type: 'boolean', default: false },
      engines: { type: 'string', default: 'sqlite,postgres' },
      workers: { type: 'string', default: '1,2' },
      'pg-workers': { type: 'string', default: '1,2' },
      'members-100k': { type: 'string', default: 'sqlite' },
      'extra-rounds': { type: 'string', default: '3' },
      'extra-duration': { type: 'string', default: '10' },
      'extra-warmup': { type: 'string', default: '5' },
      'write-every': { type: 'string', default: '10' },
      'skip-front-end': { type: 'boolean', default: false },
      'members-groups': { type: 'string', default: 'sqlite,postgres' },
      'member-sessions': { type: 'string', default: '200' },
      'members-only': { type: 'boolean', default: false },
      render: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const int = (name: string, value: string, min: number) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
    return n;
  };
  const variants: VariantName[] = parseList('variants', values.variants, ALL_VARIANTS);
  if (!variants.includes('raw')) variants.push('raw');
  const members100k: Engine[] = parseList('members-100k', values['members-100k'], ENGINES);
  return {
    rounds: int('rounds', values.rounds, 1),
    duration: int('duration', values.duration, 1),
    warmup: int('warmup', values.warmup, 0),
    connections: int('connections', values.connections, 1),
    sessions: int('sessions', values.sessions, 1),
    members: int('members', values.members, 0),
    seedMembers: int('seed-members', values['seed-members'], 1),
    skipSeed100k: values['skip-seed100k'],
    profile: !values['no-profile'],
    variants,
    sampleEvery: int('sample-every', values['sample-every'], 1),
    out: resolve(ROOT, values.out),
    keep: values.keep,
    noPersisted: values['no-persisted'],
    engines: parseList('engines', values.engines, ENGINES),
    workers: parseCounts('workers', values.workers),
    pgWorkers: parseCounts('pg-workers', values['pg-workers']),
    members100k,
    extraRounds: int('extra-rounds', values['extra-rounds'], 1),
    extraDuration: int('extra-duration', values['extra-duration'], 1),
    extraWarmup: int('extra-warmup', values['extra-warmup'], 0),
    writeEvery: int('write-every', values['write-every'], 2),
    membersGroups: parseList('members-groups', values['members-groups'], ENGINES),
    memberSessions: int('member-sessions', values['member-sessions'], 1),
    membersOnly: values['members-only'],
    skipFrontEnd: values['skip-front-end'] || values['members-only'],
    render: values.render ? resolve(values.render) : null,
  };
}
