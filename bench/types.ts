/** The shapes of one bench run (bench/run.ts measures, bench/report.ts writes docs/benchmarks.md). */
import type { LoadResult } from './load';
import type { ProfileSummary } from './profile';

export const ALL_VARIANTS = ['dashboard', 'dashboard-post', 'rest', 'documents', 'download', 'mixed', 'fund-claims', 'raw', 'hello'] as const;

/** The variants of the many-members groups (bench/members.ts): each request the next of the members' sessions. */
export const MEMBER_VARIANTS = ['dashboard-members', 'rest-members'] as const;
export type VariantName = (typeof ALL_VARIANTS)[number] | (typeof MEMBER_VARIANTS)[number];

export const ENGINES = ['sqlite', 'postgres'] as const;
export type Engine = (typeof ENGINES)[number];

/**
 * One server set-up the bench measures with its own interleaved rounds and its own raw baseline in every round:
 * the engine, the number of portal processes, the seeded members, and which cores the portal may use.
 */
export interface GroupInfo {
  /** Unique in a run, e.g. `sqlite-1w`, `sqlite-2w`, `postgres`, `sqlite-100k`. */
  id: string;
  /** For the report, e.g. `SQLite, 1 worker, 2,000 members`. */
  label: string;
  engine: Engine;
  workers: number;
  members: number;
  /** `taskset -c` list of the portal's processes (and PostgreSQL's), e.g. `0` or `0,1`. */
  serverCores: string;
  rounds: number;
  duration: number;
  warmup: number;
  /** Environment the portal of this set-up starts with besides the bench's own (a speed device turned off). */
  env?: Record<string, string>;
}

export interface BenchOptions {
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
  /**
   * Sessions the load spreads over (`--sessions`): that many logins of anna, connection i sending session i modulo
   * their number; each session has its own response-cache entries and its own session row. 1: every connection on
   * one session.
   */
  sessions: number;
  members: number;
  seedMembers: number;
  skipSeed100k: boolean;
  profile: boolean;
  variants: VariantName[];
  sampleEvery: number;
  out: string;
  keep: boolean;
  /** Send the dashboard as full text even when persisted-documents.json lists it. */
  noPersisted: boolean;
  /** Engines measured at 2,000 members (`--engines`): SQLite groups by `workers`, one PostgreSQL group. */
  engines: Engine[];
  /** Worker counts on SQLite (`--workers`): 1 is the main group with every variant, more measure dashboard and REST. */
  workers: number[];
  /** Portal process counts on PostgreSQL (`--pg-workers`): `WORKERS=N` processes over one PostgreSQL database. */
  pgWorkers: number[];
  /** Engines measured with the 100,000-member database (`--members-100k`; empty = none). */
  members100k: Engine[];
  /** Rounds, seconds per round and warm-up seconds of the groups other than the main one (`--extra-rounds` …). */
  extraRounds: number;
  extraDuration: number;
  extraWarmup: number;
  /** Every n-th request of the `mixed` variant is a write (`--write-every`, default 10: 10 % writes). */
  writeEvery: number;
  /** Engines of the many-members groups (`--members-groups`; empty = none): sessions of `memberSessions` members. */
  membersGroups: Engine[];
  /** Distinct members logged in for those groups (`--member-sessions`, default 200). */
  memberSessions: number;
  /** Measure only the many-members groups (`--members-only`): no main group, no other set-up, no profile. */
  membersOnly: boolean;
  /** Skip the first-load JavaScript and Lighthouse parts (`--skip-front-end`). */
  skipFrontEnd: boolean;
  /** `--render FILE`: only re-render docs/benchmarks.md from a kept run's report.json. */
  render: string | null;
}

export interface RequestShape {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Variant {
  name: VariantName;
  /** GroupInfo.id of the set-up this variant belongs to. */
  group: string;
  label: string;
  /** What the request is, for the report. */
  description: string;
  port: number;
  /** Process groups of the server that answers this variant (the portal, and PostgreSQL's), for its CPU accounting. */
  pgids: number[];
  /** `taskset -c` list the server runs on. */
  serverCores: string;
  request: RequestShape;
  expected: string;
  /** How sampled bodies are compared with `expected` (bench/load.ts LoadSpec.bodyCheck). @default json */
  bodyCheck?: 'json' | 'pdf';
  /**
   * Many members (bench/members.ts): request n (counted over all connections) sends `cookies[n % length]`, and its
   * sampled body is compared with `expected[n % length]`, that member's own reference answer.
   */
  rotation?: { cookies: string[]; expected: string[] };
  /** Session cookies (`name=value`) the connections send in turn instead of the request's `cookie`; absent: the request's. */
  cookies?: string[];
  /** Builds the request again before each run (the fund's bearer token expires after 10 minutes); absent: `request` as is. */
  refresh?: () => Promise<RequestShape>;
  /** For `mixed`: every `every`-th request is one of `requests` in turn, a mutation answering `{ data: { [field]: { ok: {…}, error: null } } }`. */
  writes?: { every: number; field: string; requests: RequestShape[] };
}

export interface RoundResult {
  group: string;
  round: number;
  variant: VariantName;
  result: LoadResult;
  /** Why the round is void; empty when it counts. */
  voidReasons: string[];
  /** CPU use during the run, percent of one core (null off Linux). */
  cpu: CpuShares | null;
}

export interface CpuShares {
  /** Time of the server's cores used by the server under test (its process groups), percent of one core (can exceed 100 on several cores). */
  server: number;
  /** Time of the server's cores used by other processes (noise; when the server shares the load core, of both cores). */
  foreign: number;
  /** Interrupt and softirq time of the server's cores (the kernel's loopback TCP work for the server). */
  irq: number;
  /** Time of the server's cores stolen by the hypervisor. */
  steal: number;
  /** Core 1 busy (the load generator and anything else); near 100 % means the client may be the limit. */
  loadCore: number;
  /** Core 1 time used by processes other than the load generator (noise). */
  loadForeign: number;
  /** CPU milliseconds the server's processes used (user + system; the kernel's softirq network work not included). */
  serverCpuMs: number;
}

export interface VariantSummary {
  name: VariantName;
  group: string;
  label: string;
  description: string;
  validRounds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Median over rounds of this variant's req/s ÷ raw req/s in the same round; NaN for raw or without raw. */
  ratio: number;
  ratios: number[];
  /** Median server CPU time per answered request, microseconds (noise from other work on the machine hardly moves it). */
  cpuUs: number;
  /** Like `ratio`, over the rounds where both this variant and raw ran without other work on the cores (isQuiet). */
  quietRatio: number;
  quietRounds: number;
  /** Median p99 over this variant's quiet rounds. */
  quietP99: number;
  /** For `mixed`: median committed writes per second, and the median p50/p99 of the write answers alone, ms. */
  writesPerSecond?: number;
  writeP50?: number;
  writeP99?: number;
}

export interface ProfileRun {
  variant: VariantName;
  rps: number;
  summary: ProfileSummary;
}

export interface SeedTiming {
  members: number;
  wallSeconds: number;
  /** Seconds the CLI itself reports (seeding without process start-up). */
  cliSeconds: number | null;
  bytes: number;
}

export interface MachineInfo {
  cores: number;
  model: string;
  memoryGiB: number;
  node: string;
  kernel: string;
  commit: string;
}

export interface BenchReport {
  options: BenchOptions;
  machine: MachineInfo;
  date: string;
  dashboardSource: string;
  /** Where the documents variant's query comes from; null when the variant did not run. */
  documentsSource?: string | null;
  /** What the download variant fetches; null when it did not run. */
  downloadSource?: string | null;
  groups: GroupInfo[];
  variants: Variant[];
  warmups: RoundResult[];
  rounds: RoundResult[];
  summaries: VariantSummary[];
  profiles: ProfileRun[];
  seedSmall: SeedTiming | null;
  seed100k: SeedTiming | null;
  totalSeconds: number;
}
