import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, personas, submitLogin, waitForApp } from './helpers/login';

/**
 * Passkeys in the browser (docs/decisions/0047-passkeys.md) with Chromium's virtual authenticator (Chrome DevTools
 * Protocol domain `WebAuthn`): a member logs in with the password, adds a passkey in the settings (step-up password),
 * logs out, and logs in again with "Mit Passkey anmelden", landing on the dashboard. The new parts of the settings and
 * the login screen are checked with axe.
 *
 * WebAuthn needs a domain as rpID (W3C WebAuthn Level 3 section 5.1.3: an IP address is not a valid domain), and the
 * shared browser-test server answers under http://127.0.0.1, so this spec runs its own portal (the built app, a fresh
 * database) with PUBLIC_ORIGIN http://localhost:<port>: rpID `localhost`, a secure context without TLS.
 */

/** A free loopback port, asked of the OS in a child process (as playwright.config.ts does). */
function freePort(): number {
  const probe = spawnSync(
    process.execPath,
    ['-e', "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: 'utf8' },
  );
  return Number(probe.stdout.trim());
}

let portal: ChildProcess;
let origin: string;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'portal-passkeys-'));
  const port = freePort();
  origin = `http://localhost:${port}`;
  portal = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_PATH: join(dir, 'portal.db'),
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      TENANT: 'main',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_MEMBERS: '3',
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      LETTERS_DIR: join(dir, 'letters'),
    },
    stdio: 'ignore',
  });
  // Ready when the server answers its start page (it migrates and seeds first).
  await expect
    .poll(
      async () => {
        if (portal.exitCode !== null) throw new Error(`portal exited with ${portal.exitCode}`);
        return (await fetch(`http://127.0.0.1:${port}/`).catch(() => null))?.status ?? 0;
      },
      { timeout: 100_000, intervals: [250] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (portal && portal.exitCode === null) {
    const exited = new Promise((done) => portal.once('exit', done));
    portal.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Adds Chromium's virtual platform authenticator: resident keys, user verification (a PIN or biometric that always passes). */
async function virtualAuthenticator(cdp: CDPSession): Promise<string> {
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return authenticatorId;
}

test('adds a passkey in the settings with the step-up password and logs in with it', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await virtualAuthenticator(cdp);

  await page.goto(`${origin}/#/login`);
  await waitForApp(page);
  // The password stays the first way in: the passkey button comes after the form's "Anmelden".
  const buttons = await page.getByRole('button', { name: /^(Anmelden|Mit Passkey anmelden)$/ }).allTextContents();
  expect(buttons.map((b) => b.trim())).toEqual(['Anmelden', 'Mit Passkey anmelden']);
  await submitLogin(page, personas.anna.email);
  await expect(page).toHaveURL(/#\/dashboard$/);

  await page.goto(`${origin}/#/einstellungen`);
  const section = page.locator('section#passkeys');
  await expect(section.getByRole('heading', { name: 'Passkeys', level: 2 })).toBeVisible();
  await expect(section.getByText('Sie haben noch keinen Passkey angelegt.')).toBeVisible();

  // Without the password the server refuses, and the field says so.
  await section.getByLabel('Name des Passkeys').fill('Laptop');
  await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(section.getByText('Bitte füllen Sie dieses Feld aus.')).toBeVisible();
  expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(0);

  await section.getByLabel('Aktuelles Passwort zur Bestätigung').fill(DEMO_PASSWORD);
  await section.getByRole('button', { name: 'Passkey hinzufügen' }).click();
  await expect(section.getByRole('status')).toContainText('Der Passkey „Laptop“ wurde hinzugefügt.');
  await expect(section.getByRole('rowheader', { name: 'Laptop' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });
  await expectNoSeriousA11yViolations(page, 'settings with a passkey');

  await section.getByRole('button', { name: 'Passkey „Laptop“ umbenennen' }).click();
  await section.getByLabel('Neuer Name für „Laptop“').fill('Arbeitslaptop');
  await expectNoSeriousA11yViolations(page, 'settings, renaming a passkey');
  await section.getByRole('button', { name: 'Speichern' }).click();
  await expect(section.getByRole('status')).toContainText('Der Passkey heißt jetzt „Arbeitslaptop“.');
  await section.getByRole('button', { name: 'Passkey „Arbeitslaptop“ entfernen' }).click();
  await expect(section.getByText('Möchten Sie den Passkey „Arbeitslaptop“ wirklich entfernen?')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings, removing a passkey');
  await section.getByRole('button', { name: 'Abbrechen' }).click();

  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login/);
  await waitForApp(page);
  await expectNoSeriousA11yViolations(page, 'login with the passkey button');

  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  await page.goto(`${origin}/#/einstellungen`);
  await expect(section.getByRole('row', { name: /Arbeitslaptop/ })).not.toContainText('noch nie');
});
