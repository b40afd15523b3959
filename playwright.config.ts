import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { e2eSlots, type E2eSlot } from './tests/e2e/helpers/e2e-slots';
import { useRamTmpdir } from './tests/helpers/ram-tmpdir';

// The servers' databases, mails and letters in memory-backed files when the machine has /dev/shm
// (tests/helpers/ram-tmpdir.ts); evaluated before the paths below are chosen.
useRamTmpdir();

/**
 * Browser tests against the real server on fresh databases, one project per tenant (ARCHITECTURE.md "tests"):
 * - "main tenant": every spec except `*.regional.spec.ts`, against a server with TENANT=main;
 * - "regional tenant": the `*.regional.spec.ts` specs, against a second server with TENANT=regional on its own port
 *   and database, configured with an announcement, Matomo, a chatbot and the eID login (the browser tests stub
 *   the external hosts).
 * Several workers (E2E_WORKERS, default 3; docs/decisions/0064-browser-test-speed.md) run spec files side by side.
 * Each worker slot (Playwright's parallel index, 0 … workers - 1; a worker restarted after a failure keeps its slot)
 * has servers of its own: a main-tenant and a regional server with their own ports, database files, mail directory
 * and SMTP server, so a spec that changes data or reads the mails cannot disturb a spec in the other worker. Ports
 * and paths of every slot are chosen once, in the runner process, and kept in process.env (E2E_SLOTS); Playwright's
 * workers evaluate this file again with TEST_PARALLEL_INDEX set, inherit the environment and point E2E_PORT,
 * E2E_DATABASE_PATH, E2E_REGIONAL_DATABASE_PATH, E2E_MAIL_DIR … at their slot's, where the tests and helpers read them.
 */
function freePort(): string {
  const probe = spawnSync(
    process.execPath,
    ['-e', "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  );
  const port = Number(probe.stdout.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`Could not find a free port: ${probe.stderr}`);
  return String(port);
}

const workers = Number(process.env.E2E_WORKERS ?? '3');
// No trace by default: recording one (DOM snapshots and a screencast of every action) took about 30 % of the browser
// suite's CPU time, for every test, to keep it for the rare failing one (docs/decisions/0064-browser-test-speed.md).
// A failure still leaves its screenshot and the page's ARIA snapshot; `E2E_TRACE=retain-on-failure` records traces.
const TRACE_MODES = ['off', 'on', 'retain-on-failure', 'retain-on-first-failure', 'on-first-retry'] as const;
const trace = TRACE_MODES.find((mode) => mode === (process.env.E2E_TRACE ?? 'off'));
if (trace === undefined) throw new Error(`E2E_TRACE must be one of ${TRACE_MODES.join(', ')}, not ${process.env.E2E_TRACE}`);
if (!Number.isInteger(workers) || workers < 1) throw new Error(`E2E_WORKERS must be a positive whole number, not ${process.env.E2E_WORKERS}`);

process.env.E2E_SLOTS ??= JSON.stringify(
  Array.from({ length: workers }, (): E2eSlot => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'portal.db');
    return {
      port: freePort(),
      regionalPort: freePort(),
      databasePath,
      regionalDatabasePath: join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'portal.db'),
      // The SMTP server of tests/e2e/global-setup.ts: the slot's main-tenant server mails to it, each message lands as
      // a file in the mail directory (inside the main database's temporary directory, so the teardown removes it too).
      smtpPort: freePort(),
      mailDir: join(dirname(databasePath), 'mail'),
    };
  }),
);
const slots = e2eSlots();

// In a worker: its slot's servers and files, under the names the specs and helpers read.
if (process.env.TEST_PARALLEL_INDEX !== undefined) {
  const slot = slots[Number(process.env.TEST_PARALLEL_INDEX)];
  if (!slot) throw new Error(`No e2e slot for parallel index ${process.env.TEST_PARALLEL_INDEX}`);
  process.env.E2E_PORT = slot.port;
  process.env.E2E_REGIONAL_PORT = slot.regionalPort;
  process.env.E2E_DATABASE_PATH = slot.databasePath;
  process.env.E2E_REGIONAL_DATABASE_PATH = slot.regionalDatabasePath;
  process.env.E2E_SMTP_PORT = slot.smtpPort;
  process.env.E2E_MAIL_DIR = slot.mailDir;
}

// The servers' moved clock (PORTAL_CLOCK_START, server/config.ts; docs/testing.md): they live on one fixed day,
// starting 09:00 UTC (10:00 in Vienna, far from the UTC/Vienna day boundary), whatever the real date is, so the
// date-dependent specs give the same result on any day. Set in process.env, so the runner, its workers (through
// tests/e2e/helpers/portal-clock.ts, which also installs the browser's clock at it) and the operator commands the
// specs spawn (`npm run fund -- collect …`) share the one moved time; the anchor is the real instant at which it
// reads the start. PORTAL_CLOCK_START in the runner's environment chooses another start (to show that a result does
// not depend on the day). Every slot's servers share it.
process.env.PORTAL_CLOCK_START ??= '2026-11-25T09:00:00Z';
process.env.PORTAL_CLOCK_ANCHOR_MS ??= String(Date.now());

const baseUrlOf = (port: string) => `http://127.0.0.1:${port}`;
// The runner itself runs no test; in it these name slot 0 (only the workers read `use.baseURL`).
const ownSlot = slots[Number(process.env.TEST_PARALLEL_INDEX ?? '0')]!;
const baseURL = baseUrlOf(ownSlot.port);
const regionalBaseURL = baseUrlOf(ownSlot.regionalPort);

const serverEnv = {
  SEED_MEMBERS: '50',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  // The browser tests log in from 127.0.0.1 only, with many wrong passwords: keep the per-IP throttle out of reach.
  LOGIN_IP_MAX_FAILURES: '1000000',
  // Every public form and message of the browser tests comes from 127.0.0.1, many to the same addresses: keep the
  // limits of decision 0041 out of reach (tests/api/abuse-limits.test.ts checks them).
  PUBLIC_FORM_IP_MAX_PER_HOUR: '1000000',
  PUBLIC_FORM_EMAIL_MAX_PER_DAY: '1000000',
  MESSAGE_MAX_PER_HOUR: '1000000',
  PORTAL_CLOCK_START: process.env.PORTAL_CLOCK_START,
  PORTAL_CLOCK_ANCHOR_MS: process.env.PORTAL_CLOCK_ANCHOR_MS,
} as const;

/** What Playwright needs to start one portal server (server/main.ts) on `port` and wait until it answers. */
function portalServer(port: string) {
  return {
    command: 'node --import tsx server/main.ts',
    url: `${baseUrlOf(port)}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  // Spec files spread over the workers; the tests of one file run in order in one worker (they may build on each other).
  fullyParallel: false,
  workers,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    headless: true,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace,
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell, the build Playwright itself uses for headless runs; E2E_CHROMIUM=/usr/bin/chromium runs
      // the full browser (docs/decisions/0066-headless-shell-for-browser-tests.md; tests/ensure-packages.mjs installs it).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The regional specs first: they use only the slots' regional servers, and two of them are among the longest files
  // (no-pensionskasse.regional about 95 s, link-crawl.regional about 30 s). Run last, they left one worker busy alone
  // at the end of the run while the other had nothing left (docs/decisions/0064-browser-test-speed.md).
  projects: [
    {
      name: 'regional tenant',
      testMatch: /\.regional\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: regionalBaseURL },
    },
    {
      name: 'main tenant',
      testIgnore: /\.regional\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL },
    },
  ],
  // Every slot's two servers (see the top of this file), started before the global setup and the workers.
  webServer: slots.flatMap((slot) => [
    {
      ...portalServer(slot.port),
      env: {
        ...serverEnv,
        DATABASE_PATH: slot.databasePath,
        PORT: slot.port,
        TENANT: 'main',
        SMTP_URL: `smtp://127.0.0.1:${slot.smtpPort}`,
        PUBLIC_ORIGIN: baseUrlOf(slot.port),
        // Postal letters (registration code, first password) as PDFs, readable by the tests.
        LETTERS_DIR: join(dirname(slot.databasePath), 'letters'),
        // The members' data archives (docs/decisions/0052-data-archive.md) beside the database.
        DATA_EXPORT_DIR: join(dirname(slot.databasePath), 'exports'),
      },
    },
    {
      ...portalServer(slot.regionalPort),
      env: {
        ...serverEnv,
        DATABASE_PATH: slot.regionalDatabasePath,
        PORT: slot.regionalPort,
        TENANT: 'regional',
        // No SMTP server: mails are written as files next to the regional database, as are the letters.
        MAIL_OUTBOX_DIR: join(dirname(slot.regionalDatabasePath), 'outbox'),
        LETTERS_DIR: join(dirname(slot.regionalDatabasePath), 'letters'),
        DATA_EXPORT_DIR: join(dirname(slot.regionalDatabasePath), 'exports'),
        ANNOUNCEMENT_HTML:
          '<p><strong>Wartungsarbeiten:</strong> Am Samstag ist das Portal von 8 bis 10 Uhr nicht erreichbar.</p><img src="x" onerror="window.__announcementXss=1"><script>window.__announcementXss=2</script>',
        MATOMO_SITE_ID: '7',
        MATOMO_URL: 'https://analytics.example.at/',
        CHATBOT_URL: 'https://chat.example.at/widget.js',
        EID_AUTH_ENDPOINT: 'https://eid.example.at/auth',
        EID_CLIENT_ID: 'portal-regional',
        EID_REDIRECT_URI: `${baseUrlOf(slot.regionalPort)}/webportal/eid/callback`,
        EID_ISSUER: 'https://eid.example.at',
        EID_CLIENT_SECRET: 'e2e-client-secret',
      },
    },
  ]),
});
