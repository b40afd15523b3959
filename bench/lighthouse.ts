/**
 * Lighthouse on `/login` and on `/dashboard` logged in (issue 18 item 3): mobile profile (Lighthouse's default
 * emulation and simulated slow-4G throttling with a 4× slower CPU), Debian's Chromium, the production build served by
 * the real portal over a fresh seeded SQLite file. Scores and the two layout metrics go into docs/benchmarks.md.
 *
 *   npm run bench:lighthouse                 # builds, then rewrites the Lighthouse section of docs/benchmarks.md
 *   npx tsx bench/lighthouse.ts --out FILE   # against the existing build
 *
 * `npm run bench` runs it at its end. A script, not a test: scores move with the machine's load.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withSection } from './bundle';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START = '<!-- bench:lighthouse:start (written by `npm run bench` and `npm run bench:lighthouse`) -->';
const END = '<!-- bench:lighthouse:end -->';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEMO_EMAIL = 'anna.muster@example.at';
const DEMO_PASSWORD = 'Pensionskasse#2026';

/** Targets of issue 18 item 3: scores 0–100, LCP in milliseconds, CLS unitless. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, bestPractices: 95, lcpMs: 1500, cls: 0.05 } as const;

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Failed audits of the accessibility and best-practices categories, by id. */
  failing: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForServer(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the portal did not answer at ${url} within ${timeoutMs / 1000} s`);
}

/** Logs the demo member in over REST (spec 000 `login`) and returns the session cookie for Lighthouse's requests. */
async function sessionCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/rest/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-application-version': 'Portal' },
    body: new URLSearchParams({ user: DEMO_EMAIL, password: DEMO_PASSWORD }).toString(),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /session=/.test(c));
  if (!res.ok || !cookie) throw new Error(`login of ${DEMO_EMAIL} failed: ${res.status} ${await res.text()}`);
  return cookie;
}

async function audit(url: string, page: string, port: number, cookie?: string): Promise<LighthouseRow> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const failing = ['accessibility', 'best-practices'].flatMap((id) =>
    (categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  );
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    failing,
  };
}

/** Starts a production portal on a fresh seeded database, runs Lighthouse on both pages, stops everything. */
export async function runLighthouse(): Promise<LighthouseRow[]> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) throw new Error('dist/web is missing: run `npm run build` first');
  const dir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dir, 'portal.db'),
      SEED_MEMBERS: '200',
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: origin,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      LETTERS_DIR: join(dir, 'letters'),
    },
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForServer(`${origin}/`);
    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
    const login = await audit(`${origin}/#/login`, '/login', chrome.port);
    const dashboard = await audit(`${origin}/#/dashboard`, '/dashboard (logged in as anna)', chrome.port, await sessionCookie(origin));
    return [login, dashboard];
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const mark = (ok: boolean) => (ok ? 'met' : 'missed');

/** The markdown section for docs/benchmarks.md. */
export function renderLighthouseSection(rows: LighthouseRow[], date = new Date()): string {
  const t = LIGHTHOUSE_TARGETS;
  return [
    START,
    '',
    '## Lighthouse (mobile profile)',
    '',
    `Lighthouse 12 on ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, Debian's Chromium headless, Lighthouse's mobile emulation with simulated slow 4G and a 4× slower CPU; the production build served by the portal (\`NODE_ENV=production\`) over a fresh database. Targets of issue 18: performance ≥ ${t.performance}, accessibility ${t.accessibility}, best practices ≥ ${t.bestPractices}, LCP < ${t.lcpMs / 1000} s, CLS < ${t.cls}.`,
    '',
    '| page | performance | accessibility | best practices | LCP s | CLS | TBT ms | targets |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((r) => {
      const misses = [
        r.performance < t.performance && 'performance',
        r.accessibility < t.accessibility && 'accessibility',
        r.bestPractices < t.bestPractices && 'best practices',
        !(r.lcpMs < t.lcpMs) && 'LCP',
        !(r.cls < t.cls) && 'CLS',
      ].filter(Boolean);
      return `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${(r.lcpMs / 1000).toFixed(2)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbtMs)} | ${misses.length ? `${mark(false)}: ${misses.join(', ')}` : mark(true)} |`;
    }),
    '',
    ...rows.filter((r) => r.failing.length).map((r) => `Failed accessibility and best-practice audits on ${r.page}: ${r.failing.map((id) => `\`${id}\``).join(', ')}.`),
    '',
    END,
  ].join('\n');
}

/** Runs Lighthouse and writes its section into `out`. */
export async function writeLighthouseReport(out: string): Promise<LighthouseRow[]> {
  const rows = await runLighthouse();
  const previous = existsSync(out) ? readFileSync(out, 'utf8') : '# Benchmarks\n';
  writeFileSync(out, withSection(previous, START, END, renderLighthouseSection(rows)));
  return rows;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/benchmarks.md' } } });
  writeLighthouseReport(values.out!).then(
    (rows) => {
      for (const r of rows)
        console.log(
          `${r.page}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, LCP ${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}`,
        );
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
