import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { personas } from './helpers/login';
import { codeOf, createStaff, NEW_PASSWORD } from './helpers/workbench-staff';

/**
 * The workbench's staff administration and four eyes on bank data (decision 0059): the ADMIN creates a clerk in the
 * browser, the clerk signs in with the shown password and a TOTP code computed here, the ADMIN disables the account
 * after a confirming dialog; a SUPERVISOR approves a bank account another person entered; the AUDITOR sees the trail
 * with names and has no change control (and a change sent anyway is refused). Axe at 1280 px on each screen,
 * screenshots under test-results/workbench-admin/.
 */

/** Signs in at /backoffice/ with the initial password and a code, and sets the new password. */
async function firstSignIn(page: Page, person: { email: string; initialPassword: string; totpUri: string }, stepOffset = 0): Promise<void> {
  await page.goto('/backoffice/');
  await page.getByLabel('E-Mail-Adresse').fill(person.email);
  await page.getByLabel('Passwort', { exact: true }).fill(person.initialPassword);
  await page.getByLabel('Code aus der Authenticator-App').fill(codeOf(person.totpUri, stepOffset));
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.getByLabel('Bisheriges Passwort').fill(person.initialPassword);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/workbench-admin', { recursive: true });
  await page.screenshot({ path: `test-results/workbench-admin/${name}.png`, fullPage: true });
}

/** A PENDING bank account change for `email`'s person, entered by staff person `staffId`, in the e2e database; its id. */
function insertPendingBankChange(email: string, staffId: number): number {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const person = db.prepare('SELECT id FROM persons WHERE email = ?').get(email) as { id: number };
    const info = db
      .prepare(
        "INSERT INTO bank_account_changes (person_id, account_holder, bank_name, iban, bic, valid_from, status, entered_by, entered_at) VALUES (?, 'Bernd Vorsorge', 'Testbank Wien', 'AT611904300234573201', 'BKAUATWW', ?, 'PENDING', ?, ?)",
      )
      .run(person.id, new Date(portalNow()).toISOString().slice(0, 10), `staff:${staffId}`, new Date(portalNow()).toISOString());
    return Number(info.lastInsertRowid);
  } finally {
    db.close();
  }
}

test('the admin creates a clerk who signs in with the shown password and code; the admin resets her sign-in, then disables the account', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await firstSignIn(page, createStaff('ADMIN', 'Adele Admin'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mitarbeiterkonten' })).toBeVisible();
  // The ADMIN sees only the staff accounts: no member data areas.
  await expect(page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link')).toHaveText(['Mitarbeiterkonten']);
  await expectNoSeriousA11yViolations(page, 'workbench staff accounts');
  // The ADMIN's own account offers no disabling (the server refuses it as SELF).
  await expect(page.getByRole('row').filter({ hasText: 'Adele Admin' }).getByRole('button')).toHaveCount(0);

  const email = `neu-${Date.now()}@fund.example`;
  await page.getByLabel('Name').fill('Nora Neu');
  await page.getByLabel('E-Mail-Adresse').fill('kein-mail');
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Zugangsdaten für Nora Neu' })).toBeVisible();
  const initialPassword = (await page.getByTestId('initial-password').textContent())!;
  const totpUri = (await page.getByTestId('totp-uri').textContent())!;
  expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Sachbearbeitung');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Noch nie');
  await expectNoSeriousA11yViolations(page, 'workbench staff account created');
  await screenshot(page, 'staff-created');
  await page.getByRole('button', { name: 'Fertig – Zugangsdaten ausblenden' }).click();
  await expect(page.getByTestId('initial-password')).toHaveCount(0);

  const clerkContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const clerk = await clerkContext.newPage();
  await firstSignIn(clerk, { email, initialPassword, totpUri }, 1);
  await expect(clerk.getByRole('heading', { level: 1, name: 'Anträge der Vorsorgekasse' })).toBeVisible();
  await expect(clerk.getByText('Angemeldet: Nora Neu (Sachbearbeitung)')).toBeVisible();

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).not.toContainText('Noch nie');
  // Her authenticator is lost: the admin resets her sign-in (decision 0072); her session ends and the new password
  // and code, shown once, sign her in again.
  await row.getByRole('button', { name: 'Anmeldung zurücksetzen Nora Neu' }).click();
  const resetDialog = page.getByRole('dialog', { name: 'Anmeldung zurücksetzen?' });
  await expect(resetDialog).toContainText('Nora Neu');
  await expectNoSeriousA11yViolations(page, 'workbench reset dialog');
  await resetDialog.getByRole('button', { name: 'Ja, zurücksetzen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Die Anmeldung von Nora Neu ist zurückgesetzt' })).toBeVisible();
  const newPassword = (await page.getByTestId('initial-password').textContent())!;
  const newUri = (await page.getByTestId('totp-uri').textContent())!;
  expect([newPassword, newUri]).not.toEqual([initialPassword, totpUri]);
  await expectNoSeriousA11yViolations(page, 'workbench sign-in reset');
  await screenshot(page, 'staff-reset');
  await page.getByRole('button', { name: 'Fertig – Zugangsdaten ausblenden' }).click();
  await clerk.reload();
  await expect(clerk.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeiterinnen und Mitarbeiter' })).toBeVisible();
  await firstSignIn(clerk, { email, initialPassword: newPassword, totpUri: newUri });
  await expect(clerk.getByText('Angemeldet: Nora Neu (Sachbearbeitung)')).toBeVisible();

  await row.getByRole('button', { name: 'Deaktivieren Nora Neu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto deaktivieren?' });
  await expect(dialog).toContainText('Nora Neu');
  await expectNoSeriousA11yViolations(page, 'workbench disable dialog');
  await screenshot(page, 'staff-disable');
  await dialog.getByRole('button', { name: 'Ja, deaktivieren' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Das Konto von Nora Neu ist deaktiviert' })).toBeVisible();
  await expect(row).toContainText(/Deaktiviert am \d{2}\.\d{2}\.\d{4}/);
  await screenshot(page, 'staff');
  // The clerk's session ended at once: the next reload shows the sign-in.
  await clerk.reload();
  await expect(clerk.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeiterinnen und Mitarbeiter' })).toBeVisible();
  await clerkContext.close();
});

test('a supervisor approves a bank account another person entered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const changeId = insertPendingBankChange(personas.bernd.email, 1);
  await firstSignIn(page, createStaff('SUPERVISOR', 'Sven Supervisor'));
  await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Bankdaten-Freigaben' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bankdaten-Freigaben' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Testbank Wien' }).first();
  await expect(row).toContainText('AT61 1904 3002 3457 3201');
  await expectNoSeriousA11yViolations(page, 'workbench bank approvals');
  await screenshot(page, 'bank-changes');
  await row.getByRole('button', { name: /^Freigeben / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ist freigegeben' })).toBeVisible();
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  try {
    expect((db.prepare('SELECT status FROM bank_account_changes WHERE id = ?').get(changeId) as { status: string }).status).toBe('APPROVED');
  } finally {
    db.close();
  }
});

test('the auditor sees the trail with names and can change nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A staff action to be found: an admin creates an account.
  await firstSignIn(page, createStaff('ADMIN', 'Armin Admin'));
  await page.getByLabel('Name').fill('Petra Probe');
  await page.getByLabel('E-Mail-Adresse').fill(`probe-${Date.now()}@fund.example`);
  await page.getByRole('button', { name: 'Konto anlegen' }).click();
  await expect(page.getByRole('heading', { name: 'Zugangsdaten für Petra Probe' })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();

  await firstSignIn(page, createStaff('AUDITOR', 'Anton Auditor'), 1);
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll der Mitarbeiterzugriffe' })).toBeVisible();
  const action = page.getByRole('row').filter({ hasText: 'createStaffPerson' }).last();
  await expect(action).toContainText('Armin Admin');
  await expect(action).toContainText('Geändert');
  const csv = decodeURIComponent((await page.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('href'))!);
  expect(csv).toContain('"Armin Admin"');
  expect(csv).not.toMatch(/otpauth/);
  await expectNoSeriousA11yViolations(page, 'workbench audit trail with names');
  await screenshot(page, 'audit');
  // No change control: neither the staff accounts nor the approvals; a change sent anyway is refused.
  await expect(page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link')).toHaveText(['Protokoll', 'Anträge', 'Nachrichten', 'Eingänge', 'Ereignisse']);
  await expect(page.getByRole('button', { name: /Deaktivieren|Freigeben|Konto anlegen/ })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const res = await fetch('/fund/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { createStaffPerson(input: { email: "x@fund.example", name: "X", role: ADMIN }) { error { code } } }' }),
    });
    return res.status;
  });
  expect(refused).toBe(403);
});
