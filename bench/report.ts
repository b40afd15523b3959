/**
 * Renders docs/benchmarks.md from a bench run. Only the part between the generated-part markers is rewritten;
 * whatever follows the end marker (the hand-written findings and optimisation log) is kept.
 */
import { engineTargets, esc, f0, f2, f3, find, groupLabel, largeTargets, MAIN_GROUP, membersTargets, pct, type Target } from './report-targets';
import type { BenchReport, ProfileRun, RoundResult, VariantName, VariantSummary } from './types';

const START = '<!-- bench:generated:start (written by `npm run bench`; edit below the end marker, not here) -->';
const END = '<!-- bench:generated:end -->';

const DEFAULT_MANUAL = `
## Findings

(Not written yet: add what the profile shows and what each optimisation gained.)
`;

function profileBound(profile: ProfileRun | undefined): string {
  if (!profile) return 'not profiled (run without --no-profile)';
  const s = profile.summary;
  const top = s.categories
    .slice(0, 5)
    .map((c) => `${esc(c.category)} ${c.percent.toFixed(0)} %`)
    .join(', ');
  return `CPU of the one server core (busy ${(s.busyShare * 100).toFixed(0)} % of the profiled round); self time by package: ${top}`;
}

function targets(report: BenchReport): Target[] {
  const by = (name: VariantName) => find(report, name);
  const profile = (name: VariantName) => report.profiles.find((p) => p.variant === name);
  const out: Target[] = [];
  const dash = by('dashboard');
  if (dash) {
    const met = Number.isFinite(dash.ratio) ? dash.ratio >= 0.15 : null;
    out.push({
      name: 'GraphQL dashboard throughput',
      goal: '≥ 0.15 × raw',
      measured: `${f3(dash.ratio)} × raw (${f0(dash.rps)} req/s; quiet rounds only: ${f3(dash.quietRatio)}, ${dash.quietRounds} rounds)`,
      met,
      bound: met === false ? profileBound(profile('dashboard')) : '–',
    });
    const p99met = Number.isFinite(dash.p99) ? dash.p99 < 50 : null;
    const little = (report.options.connections / dash.rps) * 1000;
    out.push({
      name: `GraphQL dashboard p99 at ${report.options.connections} connections`,
      goal: '< 50 ms',
      measured: `${f2(dash.p99)} ms (quiet rounds only: ${f2(dash.quietP99)} ms)`,
      met: p99met,
      bound:
        p99met === false
          ? `throughput: ${report.options.connections} connections ÷ ${f0(dash.rps)} req/s = ${f2(little)} ms per request on average (Little's law); ${profileBound(profile('dashboard'))}`
          : '–',
    });
  }
  const rest = by('rest');
  if (rest) {
    const met = Number.isFinite(rest.ratio) ? rest.ratio >= 0.35 : null;
    out.push({
      name: 'REST getPersonalData throughput',
      goal: '≥ 0.35 × raw',
      measured: `${f3(rest.ratio)} × raw (${f0(rest.rps)} req/s; quiet rounds only: ${f3(rest.quietRatio)}, ${rest.quietRounds} rounds)`,
      met,
      bound: met === false ? profileBound(profile('rest')) : '–',
    });
  }
  const claims = by('fund-claims');
  if (claims) {
    // The fund's work list (decision 0056): 100 claims with their member, bank data and due date per answer.
    const met = Number.isFinite(claims.p99) ? claims.p99 < 50 : null;
    out.push({
      name: `Fund API claims(first: 100) p99 at ${report.options.connections} connections`,
      goal: '< 50 ms',
      measured: `${f2(claims.p99)} ms (${f0(claims.rps)} req/s, ${f0(claims.cpuUs)} µs CPU per request; quiet rounds only: ${f2(claims.quietP99)} ms)`,
      met,
      bound:
        met === false
          ? `throughput: ${report.options.connections} connections ÷ ${f0(claims.rps)} req/s = ${f2((report.options.connections / claims.rps) * 1000)} ms per request on average (Little's law)`
          : '–',
    });
  }
  if (report.groups?.some((g) => g.id === 'postgres')) out.push(...engineTargets(report, 'postgres'));
  out.push(...largeTargets(report));
  out.push(...membersTargets(report));
  if (report.seed100k) {
    const s = report.seed100k;
    const met = s.wallSeconds < 60;
    out.push({
      name: `Seeding ${f0(s.members)} members (CLI, wall time)`,
      goal: '< 60 s',
      measured: `${s.wallSeconds.toFixed(1)} s`,
      met,
      bound: met ? '–' : 'the single-threaded seed generator and SQLite inserts (see db/seed); not profiled by the bench',
    });
  } else {
    out.push({ name: 'Seeding 100,000 members', goal: '< 60 s', measured: 'skipped (--skip-seed100k)', met: null, bound: '–' });
  }
  return out;
}

function summaryTable(report: BenchReport): string[] {
  const lines = [
    '| set-up | variant | request | req/s | p50 ms | p99 ms | ratio to raw | ratio to raw, quiet rounds only | server CPU per request | CPU ratio (raw CPU ÷ this) | valid rounds |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const s of report.summaries) {
    const v = report.variants.find((x) => x.name === s.name && x.group === s.group)!;
    const group = report.groups?.find((g) => g.id === s.group);
    const rawCpu = report.summaries.find((x) => x.name === 'raw' && x.group === s.group)?.cpuUs ?? NaN;
    lines.push(
      `| ${esc(group?.label ?? s.group)} | ${s.label} | ${esc(v.description)} | ${f0(s.rps)} | ${f2(s.p50)} | ${f2(s.p99)} | ${s.name === 'raw' ? '1' : f3(s.ratio)} | ${s.name === 'raw' ? `(${s.quietRounds} quiet)` : `${f3(s.quietRatio)} (${s.quietRounds})`} | ${Number.isFinite(s.cpuUs) ? `${s.cpuUs.toFixed(0)} µs` : '–'} | ${f3(rawCpu / s.cpuUs)} | ${s.validRounds} of ${group?.rounds ?? report.options.rounds} |`,
    );
  }
  return lines;
}

/** Mixed traffic: the writes each set-up committed per second, and their latency beside the whole mix's. */
function writesTable(report: BenchReport): string[] {
  const mixed = report.summaries.filter((s) => s.writesPerSecond !== undefined);
  if (mixed.length === 0) return [];
  return [
    '## Mixed traffic: writes',
    '',
    `Every ${report.options.writeEvery}th request sent is a write that the server must commit (the \`mixed\` rows above); medians over the valid rounds. A round is void when any write answers without an \`ok\` result.`,
    '',
    '| set-up | all requests/s | committed writes/s | write p50 ms | write p99 ms | p99 of the mix, ms | server CPU per request (mix) | valid rounds |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...mixed.map(
      (s) =>
        `| ${esc(groupLabel(report, s.group))} | ${f0(s.rps)} | ${f0(s.writesPerSecond!)} | ${f2(s.writeP50!)} | ${f2(s.writeP99!)} | ${f2(s.p99)} | ${Number.isFinite(s.cpuUs) ? `${s.cpuUs.toFixed(0)} µs` : '–'} | ${s.validRounds} |`,
    ),
    '',
  ];
}

function roundTable(report: BenchReport, summary: VariantSummary): string[] {
  const mine = (r: RoundResult) => r.variant === summary.name && (r.group ?? MAIN_GROUP) === summary.group;
  const raw = new Map(
    report.rounds.filter((r) => r.variant === 'raw' && (r.group ?? MAIN_GROUP) === summary.group && r.voidReasons.length === 0).map((r) => [r.round, r.result.rps]),
  );
  const rows: RoundResult[] = [...report.warmups.filter(mine), ...report.rounds.filter(mine)];
  const lines = [
    `#### ${summary.label} (${esc(groupLabel(report, summary.group))})`,
    '',
    '| round | req/s | p50 ms | p99 ms | ratio to raw | server CPU per request | bodies checked | server cores: server / kernel net / other processes / steal | core 1: busy (other processes) | void because |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    const ratio = summary.name === 'raw' || r.round === 0 || !raw.has(r.round) ? '–' : f3(r.result.rps / raw.get(r.round)!);
    lines.push(
      `| ${r.round === 0 ? 'warm-up' : r.round} | ${f0(r.result.rps)} | ${f2(r.result.p50)} | ${f2(r.result.p99)} | ${ratio} | ${r.cpu ? `${((r.cpu.serverCpuMs * 1000) / Math.max(1, r.result.requests)).toFixed(0)} µs` : '–'} | ${r.result.bodiesChecked} | ${r.cpu ? `${r.cpu.server.toFixed(0)} / ${r.cpu.irq.toFixed(0)} / ${r.cpu.foreign.toFixed(0)} / ${r.cpu.steal.toFixed(0)} %` : '–'} | ${r.cpu ? `${r.cpu.loadCore.toFixed(0)} % (${r.cpu.loadForeign.toFixed(0)} %)` : '–'} | ${r.voidReasons.length ? esc(r.voidReasons.join('; ')) : '–'} |`,
    );
  }
  return lines;
}

function profileSection(report: BenchReport, p: ProfileRun): string[] {
  const label = report.summaries.find((s) => s.name === p.variant)?.label ?? p.variant;
  const s = p.summary;
  const lines = [
    `### ${label} under \`--cpu-prof\``,
    '',
    `${f0(p.rps)} req/s while profiled; the server core was busy ${pct(s.busyShare * 100)} of the ${(s.windowMs / 1000).toFixed(1)} s round. Self time (percent of busy time):`,
    '',
    '| package / area | self time |',
    '| --- | ---: |',
    ...s.categories.slice(0, 12).map((c) => `| ${esc(c.category)} | ${pct(c.percent)} |`),
    '',
    '| function | where | self time |',
    '| --- | --- | ---: |',
    ...s.functions.map((fn) => `| \`${esc(fn.name)}\` | ${esc(fn.where || fn.category)} | ${pct(fn.percent)} |`),
  ];
  return lines;
}

export function renderReport(report: BenchReport, previous: string | null): string {
  const o = report.options;
  const m = report.machine;
  const quick = o.rounds < 3 || o.duration < 10;
  const args = process.argv.slice(2).join(' ');
  const out: string[] = [
    '# Benchmarks',
    '',
    START,
    '',
    `Written by \`npm run bench${args ? ` -- ${args}` : ''}\` on ${report.date.slice(0, 10)} (${report.date.slice(11, 16)} UTC), commit ${m.commit} plus the working tree; the run took ${(report.totalSeconds / 60).toFixed(1)} min.`,
    '',
  ];
  out.push(
    'Run it with `npm run bench` (about 20 minutes with the first-load and Lighthouse parts); a quick check: `npm run bench -- --rounds 1 --duration 3 --warmup 2 --extra-rounds 1 --extra-duration 3 --extra-warmup 1 --members-100k none --skip-seed100k --no-profile --skip-front-end --out /tmp/bench.md`. `npm run bench -- --help` lists the flags (`--engines`, `--workers`, `--members-100k` pick the set-ups).',
    '',
  );
  if (quick) out.push('> **Quick run** (fewer than 3 rounds or rounds shorter than 10 s): the figures below are indicative only.', '');
  out.push(
    '## Machine',
    '',
    '| cores | CPU | memory | Node | kernel |',
    '| ---: | --- | ---: | --- | --- |',
    `| ${m.cores} | ${esc(m.model)} | ${m.memoryGiB} GiB | ${m.node} | ${m.kernel} |`,
    '',
    '## Method',
    '',
    `- Database: a fresh SQLite file seeded with ${f0(o.members)} members plus the demo personas (seed CLI${report.seedSmall ? `, ${report.seedSmall.wallSeconds.toFixed(1)} s` : ''})${report.seed100k ? `; the large set-up uses the ${f0(report.seed100k.members)}-member file of the seeding timed below` : ''}.`,
    '- Server: the real portal, `npx tsx server/main.ts` with `NODE_ENV=production PUBLIC_ORIGIN=http://127.0.0.1 LOG_LEVEL=warn SEED_MEMBERS=0 PORT=0 HOST=127.0.0.1 GRAPHQL_PERSISTED_ONLY=0` (production refuses documents sent as text; the bench logs in with one and measures the full-text variant), pinned to core 0 (`taskset -c 0`). The raw node:http baseline (bench/raw-server.ts) and the Yoga `{ hello }` floor (bench/yoga-hello.ts) run on core 0 too, one at a time under load.',
    `- Load: autocannon (programmatic API, bench/load.ts), a new process per run pinned to core 1 (\`taskset -c 1\`), ${o.connections} connections, keep-alive, one request in flight per connection. Latency percentiles are computed from every 2xx answer with sub-millisecond resolution.`,
    `- Logged in as the demo persona anna.muster@example.at (GraphQL login mutation)${(o.sessions ?? 1) > 1 ? `, ${o.sessions} times: ${o.sessions} sessions, connection i sending session i modulo ${o.sessions} (in mixed traffic request n, session n modulo ${o.sessions}), so that each session has its own session row and its own response-cache entries as with ${o.sessions} members; the reference answers are taken with the first session, and the last is checked to answer the same` : '; one session for every connection'}. Dashboard query: ${report.dashboardSource}.${report.documentsSource ? ` Documents list: ${report.documentsSource}.` : ''}${report.downloadSource ? ` PDF download: ${report.downloadSource}, fetched once before the reference answers are taken (the first download marks it read; later ones change nothing); its bodies are checked by the \`%PDF-\` start and the PDF trailer (object count, document ID, offset of the cross-reference table), since the load generator decodes binary bodies chunk by chunk.` : ''}`,
    `- Set-ups, one after the other, each with its own portal, login, reference answers and raw baseline (the raw server answers that set-up's dashboard bytes, and runs in every round of it): ${(
      report.groups ?? []
    )
      .map(
        (g) =>
          `**${esc(g.label)}** (portal${g.engine === 'postgres' ? ' and PostgreSQL' : ''} on core${g.serverCores === '0' ? ' 0' : `s ${g.serverCores}`}; ${g.warmup} s warm-up per variant, then ${g.rounds} interleaved rounds of ${g.duration} s: ${report.variants
            .filter((v) => v.group === g.id)
            .map((v) => v.name)
            .join(' → ')})`,
      )
      .join('; ')}. The set-ups other than the first have fewer rounds (\`--extra-rounds\`) to keep the run near 20 minutes; their medians rest on ${o.extraRounds} rounds.`,
    '- A round is void when any answer is non-2xx, a connection fails or times out, a checked body differs from the reference answer (every ' +
      o.sampleEvery +
      'th body is compared as JSON), or a write of the mixed traffic does not answer an `ok` result.',
    ...((report.groups ?? []).some((g) => g.workers > 1)
      ? [
          '- **Cluster mode** (`WORKERS=N`, node:cluster, one listening socket shared round-robin): the primary and its workers are pinned to cores 0…N−1. The machine has 2 cores, so the second worker shares core 1 with the load generator: the req/s and the ratio of those rows are what two processes reach while competing with the client, not what a second free core would add. The figure that does not depend on that is the server CPU per request (all processes of the cluster together); the *server cores* columns of its rounds count both cores, so *other processes* there includes any outside work on either core.',
        ]
      : []),
    ...((report.groups ?? []).some((g) => g.engine === 'postgres')
      ? [
          "- **PostgreSQL**: a throw-away PostgreSQL 15 cluster started by the bench with the tests' own helper (tests/helpers/postgres-server.ts: Debian's package, a temporary data folder, a free loopback port, `shared_buffers=64MB`, default `fsync` and `synchronous_commit`), one database per set-up (`LC_COLLATE 'C'`), seeded through the same seed CLI with the same members; the postmaster and every backend pinned to core 0 with the portal (`taskset`), and their CPU counted as the server's.",
        ]
      : []),
    ...(report.variants.some((v) => v.name === 'mixed')
      ? [
          `- **Mixed traffic** (\`mixed\`): every ${o.writeEvery}th request the load generator sends (counted over all connections) is a write, in turn \`setPrizeDraw(participate: true)\` and \`setPrizeDraw(participate: false)\`; the others are the dashboard request: ${Math.round(100 / o.writeEvery)} % writes, each an UPDATE of anna's persons row (the value and \`updated_at\`) in a write transaction that the mutation awaits before it answers its \`ok\` result; no step-up, and no answer measured here shows the value (the dashboard reads of the mix are still compared with the reference). *Committed writes/s* counts the answers with an \`ok\` result.`,
        ]
      : []),
    '- Headline figure: the **median over rounds of portal req/s ÷ raw req/s measured in the same round**; req/s, p50 and p99 below are medians over the valid rounds.',
    "- *CPU ratio*: the raw server's CPU per request divided by the variant's: the share of raw's per-request capacity, independent of the load generator's limit and little moved by outside load.",
    "- CPU accounting from /proc for every round: *server CPU per request* is the CPU time of the server's processes (user + system) divided by the answers; it moves much less than req/s when other work shares the machine. *Core 0* splits the server core's time into the server, the kernel's interrupt and network work (loopback TCP), other processes (noise from outside the bench) and hypervisor steal; *core 1* near 100 % means the load generator itself was at its limit (typically for the raw baseline).",
    '- *Quiet rounds*: rounds in which other processes used at most 10 % of either core, for both the variant and raw in that round. The ratio over quiet rounds only is shown beside the headline; when other sessions load the machine, it is the better guide.',
    '- Profile: a separate portal started with `node --cpu-prof`, one warm-up and one round per profiled variant; self time is counted only inside the round (start-up and shutdown excluded). The profiler slows the server, so its req/s is not comparable. Time in native code (SQLite, the socket write) is counted in the JavaScript function that called it.',
    '',
    `## Results (median over valid rounds, ${o.connections} connections)`,
    '',
    ...summaryTable(report),
    '',
    ...writesTable(report),
    '## Targets',
    '',
    '| target | goal | measured | met | what bounds it |',
    '| --- | --- | --- | :---: | --- |',
    ...targets(report).map((t) => `| ${t.name} | ${t.goal} | ${t.measured} | ${t.met === null ? 'n/a' : t.met ? 'yes' : '**no**'} | ${t.bound} |`),
    '',
    '## Rounds',
    '',
  );
  for (const s of report.summaries) out.push(...roundTable(report, s), '');
  if (report.profiles.length) {
    out.push('## Profile', '');
    for (const p of report.profiles) out.push(...profileSection(report, p), '');
  }
  out.push('## Seeding', '', '| members | wall time (CLI process) | seeding as the CLI reports it | database file |', '| ---: | ---: | ---: | ---: |');
  for (const s of [report.seedSmall, report.seed100k]) {
    if (s)
      out.push(
        `| ${f0(s.members)} | ${s.wallSeconds.toFixed(1)} s | ${s.cliSeconds === null ? '–' : `${s.cliSeconds.toFixed(1)} s`} | ${(s.bytes / 1024 / 1024).toFixed(1)} MiB |`,
      );
  }
  if (!report.seed100k) out.push('', 'The 100,000-member seeding was skipped (`--skip-seed100k`).');
  out.push('', END);
  let manual = DEFAULT_MANUAL;
  if (previous) {
    const at = previous.indexOf(END);
    if (at !== -1) manual = previous.slice(at + END.length);
  }
  return `${out.join('\n')}${manual.startsWith('\n') ? '' : '\n'}${manual}`;
}
