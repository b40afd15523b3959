import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import Database from 'better-sqlite3';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, expectPastLoginForm, passwordField, submitLogin } from './helpers/login';
import { linkFrom, waitForMail } from './helpers/mailbox';
import { openSessionsOf } from './helpers/seed-db';

/**
 * Password lost, reset and the change of an insecure password in the browser (spec 001 sections 2, 4, 5, 8 and 9;
 * spec 001 sections 2 and 5): the reset link comes through the real mail; a tampered, a used and an expired link are
 * refused with their messages; the new password works and the old one no longer does.
 */

interface Member {
  email: string;
  svnr: string;
  lastName: string;
}

function withDb<T>(readonly: boolean, run: (db: Database.Database) => T): T {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return run(db);
  } finally {
    db.close();
  }
}

/**
 * Generated members (not the named personas other specs log in as) with an active access and an e-mail, the oldest
 * first: settings-password-access.spec.ts takes its members from the newest end, so the two specs never share one.
 */
function generatedMembers(count: number): Member[] {
  return withDb(
    true,
    (db) =>
      db
        .prepare(
          `select p.email, p.svnr, p.last_name as lastName
           from persons p join credentials c on c.person_id = p.id
          where c.access_status = 'ACTIVE' and c.password_insecure = 0 and p.email like '%.%.%@example.at'
            and p.membership_status = 'ACTIVE' and p.terms_pending is null and p.email_update_pending is null
            and p.annual_statement_decision_pending = 0 and p.login_data_sync_pending = 0 and p.registration_update_pending = 0
          order by p.id asc limit ?`,
        )
        .all(count) as Member[],
  );
}

/** Plays the passing of 24 hours: the person's open reset links expire (the link's token itself stays unknown). */
function expireResetLinksOf(email: string): number {
  return withDb(
    false,
    (db) =>
      db
        .prepare(
          `update person_tokens set expires_at = ?
          where purpose = 'PASSWORD_RESET' and used_at is null and person_id = (select id from persons where email = ?)`,
        )
        .run(new Date(portalNow() - 60_000).toISOString(), email).changes,
  );
}

async function requestReset(page: Page, member: Member): Promise<void> {
  await page.goto('/#/pwdLost');
  await page.getByLabel('Sozialversicherungsnummer').fill(member.svnr);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(member.email);
  await page.getByLabel('Nachname').fill(member.lastName);
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bitte sehen Sie in Ihr E-Mail-Postfach' })).toBeVisible();
}

/** The login went through: a session is open and the login form left (dashboard or a dialog of the login flow). */
async function expectLoggedIn(page: Page, email: string): Promise<void> {
  await expectPastLoginForm(page);
  expect(openSessionsOf(email).length).toBeGreaterThan(0);
}

/** Read when a test runs (the test server seeds the database after the spec files are loaded). */
const member = (index: 0 | 1): Member => {
  const found = generatedMembers(2)[index];
  if (!found) throw new Error('no generated member with an active access');
  return found;
};
const NEW_PASSWORD = 'Neues#Passwort2026';

test('a member who forgot the password resets it through the mailed link and logs in with the new one', async ({ page }) => {
  const forgetful = member(0);
  await page.goto('/#/pwdLost');
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'password lost');

  // Empty and wrong input: messages at the fields, summary focused.
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben:' })).toBeFocused();
  const svnr = page.getByLabel('Sozialversicherungsnummer');
  await expect(svnr).toHaveAttribute('aria-invalid', 'true');
  await expect(svnr).toHaveAccessibleDescription(/Bitte geben Sie Ihre Sozialversicherungsnummer ein\./);
  await expect(page.getByLabel('Nachname')).toHaveAccessibleDescription('Bitte geben Sie Ihren Nachnamen ein.');
  await expect(page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.')).toHaveAccessibleDescription(/Bitte stimmen Sie den Nutzungsbedingungen zu\./);
  await expectNoSeriousA11yViolations(page, 'password lost with errors');

  // A differing e-mail is named at the e-mail field.
  await svnr.fill(forgetful.svnr);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('jemand.anderer@example.at');
  await page.getByLabel('Nachname').fill(forgetful.lastName);
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toHaveAccessibleDescription(
    'Die E-Mail-Adresse stimmt nicht mit der Adresse überein, die zu Ihrem Zugang gespeichert ist.',
  );

  const since = Date.now();
  await requestReset(page, forgetful);
  await expectNoSeriousA11yViolations(page, 'password lost, link sent');
  const mail = await waitForMail({ to: forgetful.email, subject: 'Passwort zurücksetzen', since });
  const link = linkFrom(mail, /#\/pwdReset\?token=/);

  // A tampered link is refused before the form shows.
  const tampered = link.replace(/token=([^&]+)/, (_match, token: string) => `token=${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`);
  await page.goto(tampered);
  await expect(page.getByRole('alert')).toHaveText('Dieser Link ist ungültig oder wurde bereits verwendet. Bitte fordern Sie einen neuen Link an.');
  await expect(page.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'password reset, tampered link');

  // The real link: the form with the live rules; a mismatch and a weak password are refused.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Neues Passwort vergeben' })).toBeVisible();
  const newPassword = page.getByLabel('Neues Passwort', { exact: true });
  await expect(newPassword).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'password reset form');
  await newPassword.fill('nurkleinbuchstaben');
  await page.getByLabel('Neues Passwort wiederholen').fill('etwasanderes');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(newPassword).toHaveAccessibleDescription(/Das Passwort braucht einen Kleinbuchstaben, einen Großbuchstaben, eine Ziffer und ein Sonderzeichen\./);
  await expect(page.getByLabel('Neues Passwort wiederholen')).toHaveAccessibleDescription('Die beiden Passwörter stimmen nicht überein.');
  await expectNoSeriousA11yViolations(page, 'password reset form with errors');

  await newPassword.fill(NEW_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();

  // The login shows the success notice; the old password is refused, the new one works.
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr neues Passwort wurde gespeichert.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login with the reset notice');
  await submitLogin(page, forgetful.email, DEMO_PASSWORD);
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await submitLogin(page, forgetful.email, NEW_PASSWORD);
  await expectLoggedIn(page, forgetful.email);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(/ungültig oder wurde bereits verwendet/);
});

test('a reset link older than 24 hours shows the expiry message and leads to a new request', async ({ page }) => {
  const expiring = member(1);
  const since = Date.now();
  await requestReset(page, expiring);
  const link = linkFrom(await waitForMail({ to: expiring.email, subject: 'Passwort zurücksetzen', since }), /#\/pwdReset\?token=/);

  // A second request within minutes is refused as already requested.
  await page.reload();
  await page.getByLabel('Sozialversicherungsnummer').fill(expiring.svnr);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(expiring.email);
  await page.getByLabel('Nachname').fill(expiring.lastName);
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  const already = page.getByRole('alert').filter({ hasText: 'Sie haben vor Kurzem bereits einen Link angefordert.' });
  await expect(already).toBeVisible();
  // Asked by e-mail: no word of a letter.
  await expect(already).not.toContainText('Brief');

  expect(expireResetLinksOf(expiring.email)).toBe(1);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Dieser Link ist abgelaufen: Links zum Zurücksetzen des Passworts gelten 24 Stunden. Bitte fordern Sie einen neuen Link an.');
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'password reset, expired link');
  await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
  await expect(page).toHaveURL(/#\/pwdLost$/);
});

test('a member whose password no longer meets the rules sets a new one after the security-update dialog and is logged in', async ({ page }) => {
  const email = 'zoe.unsicher@example.at';
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await submitLogin(page, email);

  await expect(page).toHaveURL(/#\/pwdChange$/);
  const dialog = page.getByRole('dialog', { name: 'Sicherheitsupdate' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'security-update dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Neues Passwort vergeben' }).click();
  await expect(dialog).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'password change');

  // The old password again is refused; a new one continues the login.
  const newPassword = page.getByLabel('Neues Passwort', { exact: true });
  await newPassword.fill(DEMO_PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern und weiter' }).click();
  await expect(newPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(newPassword).toHaveAccessibleDescription(/bereits verwendet/);

  await newPassword.fill('Sicher!Neu2026pw');
  await page.getByLabel('Neues Passwort wiederholen').fill('Sicher!Neu2026pw');
  await page.getByRole('button', { name: 'Passwort speichern und weiter' }).click();
  await expectLoggedIn(page, email);
});
