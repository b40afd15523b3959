import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Browser tests against the real server on a fresh database. The port and the database path are chosen once, in
 * the runner process, and kept in process.env: Playwright's workers evaluate this file again and inherit the
 * environment, so they reuse the same values (and the tests find the database file in E2E_DATABASE_PATH).
 */
if (!process.env.E2E_PORT) {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
    ],
    { encoding: 'utf8' },
  );
  const port = Number(probe.stdout.trim());
  if (!Number.isInteger(port) || port <= 0) throw new Error(`Could not find a free port: ${probe.stderr}`);
  process.env.E2E_PORT = String(port);
}
if (!process.env.E2E_DATABASE_PATH) {
  process.env.E2E_DATABASE_PATH = join(mkdtempSync(join(tmpdir(), 'portal-e2e-')), 'portal.db');
}

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    baseURL,
    headless: true,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'main tenant', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DATABASE_PATH: process.env.E2E_DATABASE_PATH,
      SEED_MEMBERS: '50',
      PORT: port,
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      TENANT: 'main',
    },
  },
});
