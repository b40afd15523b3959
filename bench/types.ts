/** The shapes of one bench run (bench/run.ts measures, bench/report.ts writes docs/benchmarks.md). */
import type { LoadResult } from './load';
import type { ProfileSummary } from './profile';

export const ALL_VARIANTS = ['dashboard', 'dashboard-post', 'rest', 'documents', 'download', 'raw', 'hello'] as const;
export type VariantName = (typeof ALL_VARIANTS)[number];

export interface BenchOptions {
  rounds: number;
  duration: number;
  warmup: number;
  connections: number;
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
}

export interface RequestShape {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Variant {
  name: VariantName;
  label: string;
  /** What the request is, for the report. */
  description: string;
  port: number;
  /** Process group of the server that answers this variant (for its CPU accounting). */
  pgid: number;
  request: RequestShape;
  expected: string;
  /** How sampled bodies are compared with `expected` (bench/load.ts LoadSpec.bodyCheck). @default json */
  bodyCheck?: 'json' | 'pdf';
}

export interface RoundResult {
  round: number;
  variant: VariantName;
  result: LoadResult;
  /** Why the round is void; empty when it counts. */
  voidReasons: string[];
  /** CPU use during the run, percent of one core (null off Linux). */
  cpu: CpuShares | null;
}

export interface CpuShares {
  /** Core 0 time used by the server under test (its process group). */
  server: number;
  /** Core 0 time used by other processes: other work on the machine, noise. */
  foreign: number;
  /** Core 0 interrupt and softirq time (the kernel's loopback TCP work for the server). */
  irq: number;
  /** Core 0 time stolen by the hypervisor. */
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
  variants: Variant[];
  warmups: RoundResult[];
  rounds: RoundResult[];
  summaries: VariantSummary[];
  profiles: ProfileRun[];
  seedSmall: SeedTiming | null;
  seed100k: SeedTiming | null;
  totalSeconds: number;
}
