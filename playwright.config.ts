import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
 * Ports and database paths are chosen once, in the runner process, and kept in process.env: Playwright's workers
 * evaluate this file again and inherit the environment, so they reuse the same values (and the tests find the
 * database files in E2E_DATABASE_PATH and E2E_REGIONAL_DATABASE_PATH).
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

process.env.E2E_PORT ??= freePort();
process.env.E2E_REGIONAL_PORT ??= freePort();
process.env.E2E_DATABASE_PATH ??= join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'portal.db');
process.env.E2E_REGIONAL_DATABASE_PATH ??= join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'portal.db');
// The SMTP server of tests/e2e/global-setup.ts: the main-tenant server mails to it, each message lands as a file in
// E2E_MAIL_DIR (inside the main database's temporary directory, so the global teardown removes it too).
process.env.E2E_SMTP_PORT ??= freePort();
process.env.E2E_MAIL_DIR ??= join(dirname(process.env.E2E_DATABASE_PATH), 'mail');

// The servers' moved clock (PORTAL_CLOCK_START, server/config.ts; docs/testing.md): they live on one fixed day,
// starting 09:00 UTC (10:00 in Vienna, far from the UTC/Vienna day boundary), whatever the real date is, so the
// date-dependent specs give the same result on any day. Set in process.env, so the runner, its workers (through
// tests/e2e/helpers/portal-clock.ts, which also installs the browser's clock at it) and the operator commands the
// specs spawn (`npm run fund -- collect …`) share the one moved time; the anchor is the real instant at which it
// reads the start. PORTAL_CLOCK_START in the runner's environment chooses another start (to show that a result does
// not depend on the day).
process.env.PORTAL_CLOCK_START ??= '2026-11-25T09:00:00Z';
process.env.PORTAL_CLOCK_ANCHOR_MS ??= String(Date.now());

const port = process.env.E2E_PORT;
const regionalPort = process.env.E2E_REGIONAL_PORT;
const baseURL = `http://127.0.0.1:${port}`;
const regionalBaseURL = `http://127.0.0.1:${regionalPort}`;
const smtpUrl = `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`;

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

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    headless: true,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    {
      name: 'main tenant',
      testIgnore: /\.regional\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL },
    },
    {
      name: 'regional tenant',
      testMatch: /\.regional\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], baseURL: regionalBaseURL },
    },
  ],
  webServer: [
    {
      command: 'npx tsx server/main.ts',
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        DATABASE_PATH: process.env.E2E_DATABASE_PATH,
        PORT: port,
        TENANT: 'main',
        SMTP_URL: smtpUrl,
        PUBLIC_ORIGIN: baseURL,
        // Postal letters (registration code, first password) as PDFs, readable by the tests.
        LETTERS_DIR: join(dirname(process.env.E2E_DATABASE_PATH), 'letters'),
        // The members' data archives (docs/decisions/0052-data-archive.md) beside the database.
        DATA_EXPORT_DIR: join(dirname(process.env.E2E_DATABASE_PATH), 'exports'),
      },
    },
    {
      command: 'npx tsx server/main.ts',
      url: `${regionalBaseURL}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        DATABASE_PATH: process.env.E2E_REGIONAL_DATABASE_PATH,
        PORT: regionalPort,
        TENANT: 'regional',
        // No SMTP server: mails are written as files next to the regional database, as are the letters.
        MAIL_OUTBOX_DIR: join(dirname(process.env.E2E_REGIONAL_DATABASE_PATH), 'outbox'),
        LETTERS_DIR: join(dirname(process.env.E2E_REGIONAL_DATABASE_PATH), 'letters'),
        DATA_EXPORT_DIR: join(dirname(process.env.E2E_REGIONAL_DATABASE_PATH), 'exports'),
        ANNOUNCEMENT_HTML:
          '<p><strong>Wartungsarbeiten:</strong> Am Samstag ist das Portal von 8 bis 10 Uhr nicht erreichbar.</p><img src="x" onerror="window.__announcementXss=1"><script>window.__announcementXss=2</script>',
        MATOMO_SITE_ID: '7',
        MATOMO_URL: 'https://analytics.example.at/',
        CHATBOT_URL: 'https://chat.example.at/widget.js',
        EID_AUTH_ENDPOINT: 'https://eid.example.at/auth',
        EID_CLIENT_ID: 'portal-regional',
        EID_REDIRECT_URI: `${regionalBaseURL}/webportal/eid/callback`,
        EID_ISSUER: 'https://eid.example.at',
        EID_CLIENT_SECRET: 'e2e-client-secret',
      },
    },
  ],
});
