import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, portalNow, test, viennaDate } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate } from './helpers/expected-format';
import { logIn, personas } from './helpers/login';
import { insertClaim, removeClaim } from './helpers/member-db';
import { codeOf, createStaff, NEW_PASSWORD, signIn, startAs } from './helpers/workbench-staff';

/**
 * The fund's workbench at /backoffice/ (decision 0054): a staff person created with the operator command on the e2e
 * database signs in with password and a TOTP code computed here (RFC 6238, otpauth), sets her own password, sees the
 * shell and the event feed, signs out; a wrong code and a lock show the catalogue's texts. Each screen is checked with
 * axe at 1280 px and photographed into test-results/workbench/.
 */

/** Writes one event of the fund's feed (as a member's change would) into the e2e database; its subject id. */
function recordEvent(): string {
  const subjectId = `e2e-${Date.now()}`;
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('INSERT INTO fund_events (type, person_id, subject_id, actor, data, occurred_at) VALUES (?, NULL, ?, ?, ?, ?)').run(
      'upload.received',
      subjectId,
      'system',
      '{}',
      '2026-01-15T09:30:00.000Z',
    );
  } finally {
    db.close();
  }
  return subjectId;
}

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('test-results/workbench', { recursive: true });
  await page.screenshot({ path: `test-results/workbench/${name}.png`, fullPage: true });
}

test('a clerk signs in with password and TOTP code, sets her password, works the claims queue and the event feed, signs out', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const clerk = createStaff('CLERK', 'Sabine Sachbearbeiterin');

  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/backoffice\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeiterinnen und Mitarbeiter' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'workbench sign-in');
  await screenshot(page, 'sign-in');

  // A wrong code: one answer for every refusal, the code field emptied.
  await signIn(page, clerk.email, clerk.initialPassword, '000000');
  await expect(page.getByRole('alert')).toContainText('Die Anmeldung ist fehlgeschlagen.');
  await expect(page.getByLabel('Code aus der Authenticator-App')).toHaveValue('');

  await signIn(page, clerk.email, clerk.initialPassword, codeOf(clerk.totpUri));
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'workbench password change');
  await screenshot(page, 'password');
  await page.getByLabel('Bisheriges Passwort').fill(clerk.initialPassword);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill('anders');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Die beiden neuen Passwörter stimmen nicht überein.')).toBeVisible();
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  // The claims queue first: bernd's payout claim received four months ago is overdue, so it leads (oldest due first).
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'NEW', submittedAt: new Date(portalNow() - 120 * 86_400_000).toISOString() });
  try {
    await expect(page.getByRole('heading', { level: 1, name: 'Anträge der Vorsorgekasse' })).toBeVisible();
    await page.reload();
    const first = page.getByRole('table').getByRole('row').nth(1);
    await expect(first).toContainText('Vorsorge Bernd');
    await expect(first).toContainText(claim.accountNumber);
    await expect(first).toContainText('Auszahlung');
    await expect(first).toContainText('Neu');
    await expect(first.getByRole('cell').nth(1)).toHaveText(/^überfällig seit \d+ Tagen$/);
    await expect(page.getByText(/^\d+ Antr(ag|äge) angezeigt$/)).toBeVisible();
    await expect(page.getByText('Angemeldet: Sabine Sachbearbeiterin (Sachbearbeitung)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'workbench claims queue');
    await screenshot(page, 'claims');
    // The status filter asks the fund for that status only: bernd's new claim is not among the checked ones.
    await page.getByLabel('Status').selectOption({ label: 'Geprüft' });
    await expect(page.getByRole('row').filter({ hasText: claim.accountNumber })).toHaveCount(0);
    await page.getByLabel('Status').selectOption({ label: 'Neu' });
    await expect(page.getByRole('row').filter({ hasText: claim.accountNumber })).toHaveCount(1);
  } finally {
    removeClaim(claim.id);
  }

  const subjectId = recordEvent();
  await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Ereignisse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ereignisse' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Ereignisse' })).toHaveAttribute('aria-current', 'page');
  // The event written above, from the fund's answer, in local time (Vienna), oldest first: further pages as needed.
  const row = page.getByRole('row').filter({ hasText: subjectId });
  const more = page.getByRole('button', { name: 'Weitere Ereignisse laden' });
  await page.reload();
  await expect(page.getByRole('table')).toBeVisible();
  while (!(await row.isVisible()) && (await more.isVisible())) await more.click();
  await expect(row).toHaveText(/15\.01\.2026, 10:30\s*upload\.received\s*–\s*e2e-\d+\s*system/);
  await expect(page).toHaveTitle('Ereignisse – Arbeitsplatz der Kasse');
  await expectNoSeriousA11yViolations(page, 'workbench events');
  await screenshot(page, 'events');

  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page.getByText('Sie haben sich abgemeldet.')).toBeVisible();
  // The session is gone on the server too: a reload shows the sign-in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung für Mitarbeiterinnen und Mitarbeiter' })).toBeVisible();

  // With the new password and the next step's code (the first one was used): straight into the shell.
  await signIn(page, clerk.email, NEW_PASSWORD, codeOf(clerk.totpUri, 1));
  await expect(page.getByRole('heading', { level: 1, name: 'Ereignisse' })).toBeVisible();
});

test('a locked staff account is told until when', async ({ page }) => {
  const clerk = createStaff('CLERK', 'Lena Lock');
  await page.goto('/backoffice/');
  for (let i = 0; i < 5; i++) await signIn(page, clerk.email, 'falsch', '123456');
  await signIn(page, clerk.email, clerk.initialPassword, codeOf(clerk.totpUri));
  await expect(page.getByRole('alert')).toContainText(/gesperrt bis \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\./);
});

test('four eyes: a clerk takes the payout claim of bernd and works it to CHECKED but cannot approve it; a supervisor releases her assignment and approves; bernd sees it', async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'NEW' });
  try {
    await startAs(page, 'CLERK', 'Clara Clerk');
    await page.getByRole('row').filter({ hasText: claim.accountNumber }).getByRole('button', { name: 'Vorsorge Bernd' }).click();
    const panel = page.getByRole('region', { name: 'Antrag von Bernd Vorsorge' });
    await expect(panel).toContainText(claim.accountNumber);
    // The claim was filed without a signature step (inserted by the test): the panel says so.
    await expect(panel.getByText('Keine Unterschrift erfasst')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'workbench claim panel');
    await screenshot(page, 'claim');
    await panel.getByRole('button', { name: 'Mir zuweisen', exact: true }).click();
    await expect(panel.getByText('Zugewiesen: Clara Clerk')).toBeVisible();
    await panel.getByRole('button', { name: 'Auf „In Prüfung“ setzen' }).click();
    await expect(panel.getByRole('status')).toHaveText('Der Status ist jetzt „In Prüfung“.');
    const definiteDate = viennaDate(14);
    await panel.getByLabel('Termin der Auszahlung oder Übertragung').fill(definiteDate);
    await panel.getByRole('button', { name: 'Auf „Geprüft“ setzen' }).click();
    await expect(panel.getByRole('status')).toHaveText('Der Status ist jetzt „Geprüft“.');
    await expect(panel).toContainText(expectedDate(definiteDate));
    // The clerk cannot approve the payout herself (four eyes, decision 0054): refused, nothing changed.
    await panel.getByRole('button', { name: 'Auf „Zur Überweisung freigegeben“ setzen' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Nur die Freigabe darf die Auszahlung oder Übertragung freigeben (Vier-Augen-Prinzip).');
    await expect(page.getByRole('row').filter({ hasText: claim.accountNumber })).toContainText('Geprüft');

    const supervisorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const supervisor = await supervisorContext.newPage();
    await startAs(supervisor, 'SUPERVISOR', 'Sven Supervisor');
    await supervisor.getByRole('row').filter({ hasText: claim.accountNumber }).getByRole('button', { name: 'Vorsorge Bernd' }).click();
    const approval = supervisor.getByRole('region', { name: 'Antrag von Bernd Vorsorge' });
    // The clerk's assignment: a supervisor may release it, for example while she is away (decision 0071).
    await expect(approval.getByText('Zugewiesen: Clara Clerk')).toBeVisible();
    await approval.getByRole('button', { name: 'Freigeben', exact: true }).click();
    await expect(approval.getByText('Niemand zugewiesen')).toBeVisible();
    await approval.getByRole('button', { name: 'Auf „Zur Überweisung freigegeben“ setzen' }).click();
    await expect(approval.getByRole('status')).toHaveText('Der Status ist jetzt „Zur Überweisung freigegeben“.');
    await supervisorContext.close();

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await logIn(member, personas.bernd.email);
    const teaser = member.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' });
    await expect(teaser).toContainText('Status: Zahlung vorgemerkt');
    await expect(teaser).toContainText(`Ihre Abfertigung wird am ${expectedDate(definiteDate)} ausbezahlt.`);
    await memberContext.close();
  } finally {
    removeClaim(claim.id);
  }
});

test('the auditor sees the trail with the staff actions, downloads it as CSV, and has no change buttons on a claim', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // A change to be found in the trail: a clerk sets a claim to CHECKING through the workbench.
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'NEW' });
  try {
    await startAs(page, 'CLERK', 'Tina Trail');
    await page.getByRole('row').filter({ hasText: claim.accountNumber }).getByRole('button', { name: 'Vorsorge Bernd' }).click();
    await page.getByRole('button', { name: 'Auf „In Prüfung“ setzen' }).click();
    await expect(page.getByRole('region', { name: 'Antrag von Bernd Vorsorge' }).getByRole('status')).toHaveText('Der Status ist jetzt „In Prüfung“.');
    await page.getByRole('button', { name: 'Abmelden', exact: true }).click();

    const auditor = createStaff('AUDITOR', 'Anton Auditor');
    await signIn(page, auditor.email, auditor.initialPassword, codeOf(auditor.totpUri));
    await page.getByLabel('Bisheriges Passwort').fill(auditor.initialPassword);
    await page.getByLabel('Neues Passwort', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Protokoll der Mitarbeiterzugriffe' })).toBeVisible();
    const action = page.getByRole('row').filter({ hasText: 'setClaimStatus' }).last();
    await expect(action).toContainText('Geändert');
    const csv = decodeURIComponent((await page.getByRole('link', { name: 'Als CSV herunterladen' }).getAttribute('href'))!);
    expect(csv).toMatch(/^data:text\/csv;charset=utf-8,"id","at","staffId","staffName","personId","memberName","kind","what","target","before"\r\n/);
    expect(csv).toContain('"ACTION","setClaimStatus"');
    await expectNoSeriousA11yViolations(page, 'workbench audit trail');
    await screenshot(page, 'audit');

    await page.getByRole('navigation', { name: 'Arbeitsbereiche' }).getByRole('link', { name: 'Anträge' }).click();
    await page.getByRole('row').filter({ hasText: claim.accountNumber }).getByRole('button', { name: 'Vorsorge Bernd' }).click();
    const panel = page.getByRole('region', { name: 'Antrag von Bernd Vorsorge' });
    await expect(panel).toContainText('In Prüfung');
    await expect(panel.getByRole('button', { name: /^Auf / })).toHaveCount(0);
  } finally {
    removeClaim(claim.id);
  }
});
