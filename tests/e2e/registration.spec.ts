import type { Page } from '@playwright/test';
import { expect, portalNow, test } from './helpers/portal-clock';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DEFAULT_SEED } from '../../db/seed/generator';
import { demoRegistrationCode } from '../../db/seed/registration-personas';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectPastLoginForm, passwordField, submitLogin } from './helpers/login';
import { linkFrom, waitForMail } from './helpers/mailbox';
import { expectModalDialog } from './helpers/modal';

/**
 * Registration in the browser (spec 001 sections 2, 4, 5 and 8): from the code letter to a
 * working login, through the real mail (the test server sends over SMTP to the server of global-setup.ts), with the
 * field errors, the already-registered dialog, and the code order. Personas: db/seed/registration-personas.ts.
 */

const XAVER = { svnr: '3010170584', code: demoRegistrationCode(DEFAULT_SEED, 'xaver.neu'), email: 'xaver.neu.e2e@example.at' };
const YVONNE = { svnr: '3023020892', lastName: 'Erstpasswort' };
const WALTER = { svnr: '3046300168', lastName: 'Bestellt' };
const NEW_PASSWORD = 'Vorsorge!Plan2026';

async function openRegistration(page: Page): Promise<void> {
  await page.goto('/#/registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung für das Mitgliederportal' })).toBeVisible();
}

/** A field is invalid and its message is tied to it. */
async function expectFieldError(page: Page, label: string | RegExp, message: string | RegExp): Promise<void> {
  const input = page.getByLabel(label, { exact: typeof label === 'string' });
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(message instanceof RegExp ? message : new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function fillData(page: Page, data: { svnr: string; code: string; email: string; password: string }): Promise<void> {
  await page.getByLabel('Sozialversicherungsnummer').fill(data.svnr);
  await page.getByLabel('Registrierungscode', { exact: true }).fill(data.code);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(data.email);
  await page.getByLabel('E-Mail-Adresse wiederholen').fill(data.email);
  await passwordField(page).fill(data.password);
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill(data.password);
}

test('a new member registers with the code from the letter, activates the access from the mailed link and logs in', async ({ page }) => {
  await openRegistration(page);
  await expect(page.getByRole('navigation', { name: 'Schritte der Registrierung' }).locator('[aria-current="step"]')).toHaveText('Daten eingeben');
  await expectNoSeriousA11yViolations(page, 'registration, step 1');

  // Empty form: every field says what is missing, the summary takes the focus and links to the fields.
  await page.getByRole('button', { name: 'Weiter' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('button')).toHaveCount(6);
  await expectFieldError(page, 'Sozialversicherungsnummer', 'Bitte geben Sie Ihre Sozialversicherungsnummer ein.');
  await expectFieldError(page, 'Registrierungscode', 'Bitte geben Sie Ihren Registrierungscode oder Ihr Erstpasswort ein.');
  await expectFieldError(page, 'Passwort wiederholen', 'Bitte wiederholen Sie das Passwort.');
  await expectNoSeriousA11yViolations(page, 'registration, step 1 with errors');
  await summary.getByRole('button', { name: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' }).click();
  await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toBeFocused();

  // The SVNR is grouped 4-6 while typing; a wrong check digit, mismatches and a weak password are named.
  await page.getByLabel('Sozialversicherungsnummer').fill('3011170584');
  await expect(page.getByLabel('Sozialversicherungsnummer')).toHaveValue('3011 170584');
  await page.getByLabel('Registrierungscode', { exact: true }).fill(XAVER.code);
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill(XAVER.email);
  await page.getByLabel('E-Mail-Adresse wiederholen').fill('xaver@example.at');
  await passwordField(page).fill('kurz1');
  const rules = page.locator('#registration-password-rules');
  await expect(rules.getByText('einen Kleinbuchstaben')).toContainText('erfüllt');
  await expect(rules.getByText('eine Ziffer')).toContainText('erfüllt');
  await expect(rules.getByText('einen Großbuchstaben')).toContainText('noch nicht erfüllt');
  await expect(rules.getByText('10 bis 100 Zeichen')).toContainText('noch nicht erfüllt');
  await page.getByLabel('Passwort wiederholen', { exact: true }).fill('kurz2');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expectFieldError(page, 'Sozialversicherungsnummer', /Prüfziffer \(4\. Stelle\)/);
  await expectFieldError(page, 'E-Mail-Adresse wiederholen', 'Die beiden E-Mail-Adressen stimmen nicht überein.');
  await expectFieldError(page, 'Passwort', 'Das Passwort muss mindestens 10 Zeichen lang sein.');
  await expectFieldError(page, 'Passwort wiederholen', 'Die beiden Passwörter stimmen nicht überein.');
  await expect(page.getByLabel('Registrierungscode', { exact: true })).toHaveAttribute('aria-invalid', 'false');

  // The checklist names the rule on personal data; the form knows e-mail and SVNR, the server also the name. A
  // password with the name is refused on step 1, before the terms (spec 001 section 5).
  await fillData(page, { ...XAVER, password: 'Xaver.Neu!2026' });
  await expect(rules.getByText('nicht Ihren Namen, Ihre E-Mail-Adresse oder Sozialversicherungsnummer')).not.toContainText('noch nicht');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expectFieldError(page, 'Passwort', 'Dieses Passwort ist nicht sicher genug: Es darf weder Ihre E-Mail-Adresse, Ihren Namen noch Ihre Sozialversicherungsnummer enthalten.');
  await expect(page.getByRole('heading', { level: 2, name: 'Nutzungsbedingungen' })).toHaveCount(0);
  await passwordField(page).fill(`Sv${XAVER.svnr}!x`);
  await expect(rules.getByText('nicht Ihren Namen, Ihre E-Mail-Adresse oder Sozialversicherungsnummer')).toContainText('noch nicht erfüllt');

  // Correct data: step 2, the terms; registering without accepting them is refused at the checkbox.
  await fillData(page, { ...XAVER, password: NEW_PASSWORD });
  for (const rule of ['10 bis 100 Zeichen', 'einen Großbuchstaben', 'ein Sonderzeichen']) {
    await expect(rules.getByText(rule)).not.toContainText('noch nicht');
  }
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Nutzungsbedingungen' })).toBeFocused();
  await expect(page.getByRole('link', { name: /Nutzungsbedingungen lesen/ })).toHaveAttribute('target', '_blank');
  await expectNoSeriousA11yViolations(page, 'registration, step 2 (terms)');
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expectFieldError(page, 'Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.', 'Bitte stimmen Sie den Nutzungsbedingungen zu.');
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Registrieren' }).click();

  // Step 3: the e-mail verification notice; the mail carries the activation link.
  await expect(page.getByRole('heading', { level: 2, name: 'Bitte bestätigen Sie Ihre E-Mail-Adresse' })).toBeVisible();
  await expect(page.getByText(`Wir haben Ihnen eine E-Mail an ${XAVER.email} geschickt.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'registration, step 3 (e-mail notice)');
  const mail = await waitForMail({ to: XAVER.email, subject: 'Bitte bestätigen Sie Ihre Registrierung', since });
  const link = linkFrom(mail, /#\/activation\?id=/);
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);

  // Before activation the login is refused; the link activates the access; then the login works.
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await submitLogin(page, XAVER.email, NEW_PASSWORD);
  await expect(page.getByText('Die Anmeldedaten sind ungültig.').first()).toBeVisible();
  await page.goto(link);
  await expect(page.getByText('Ihr Zugang wurde aktiviert. Sie können sich jetzt anmelden.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login after activation');
  await submitLogin(page, XAVER.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Xaver');
});

test('the insurance number field takes the fund’s internal R and A numbers beside the SVNR grouped 4-6', async ({ page }) => {
  await openRegistration(page);
  const field = page.getByLabel('Sozialversicherungsnummer');
  await expect(field).toHaveAttribute('inputmode', 'text');
  await field.fill('1237010180');
  await expect(field).toHaveValue('1237 010180');
  await field.fill('a1234 5678901');
  await expect(field).toHaveValue('A12345678901');
  await field.fill('r123');
  await expect(field).toHaveValue('R123');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expectFieldError(page, 'Sozialversicherungsnummer', /beginnt mit R \(10 Zeichen\) oder A \(11 oder 12 Zeichen\)/);
  await field.fill('r123 456 789');
  await expect(field).toHaveValue('R123456789');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByLabel('E-Mail-Adresse', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'registration with an internal insurance number');
});

test('registering again with the same letter opens the already-registered dialog, which leads to password lost', async ({ page }) => {
  await openRegistration(page);
  await fillData(page, { ...XAVER, email: 'xaver.zweiter@example.at', password: NEW_PASSWORD });
  // Found on step 1, before the terms.
  await page.getByRole('button', { name: 'Weiter' }).click();

  const dialog = await expectModalDialog(page, 'Sie sind bereits registriert');
  await expectNoSeriousA11yViolations(page, 'already-registered dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Passwort vergessen' }).click();
  await expect(page).toHaveURL(/#\/pwdLost$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
});

test('a code that does not belong to the number is shown at the code field on step 1, with the way to order a new one', async ({ page }) => {
  await openRegistration(page);
  await fillData(page, { svnr: YVONNE.svnr, code: 'falsch12345', email: 'yvonne.e2e@example.at', password: NEW_PASSWORD });
  await page.getByRole('radio', { name: /Erstpasswort/ }).check();
  await expect(page.getByLabel('Erstpasswort', { exact: true })).toHaveValue('falsch12345');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Still on step 1 (no terms step first): the message at the field (and in the focused summary).
  await expect(page.getByRole('heading', { level: 2, name: 'Nutzungsbedingungen' })).toHaveCount(0);
  await expectFieldError(page, 'Erstpasswort', 'Der Registrierungscode bzw. das Erstpasswort ist für diese Sozialversicherungsnummer nicht gültig.');
  await expect(page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Angaben:' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'registration, code not valid');
  await page.getByRole('link', { name: 'Neuen Registrierungscode anfordern' }).click();
  await expect(page).toHaveURL(/#\/orderRegistrationCode$/);
});

test('a new code is ordered by post (letter written), and a second order within 7 days names the first possible day', async ({ page }) => {
  await page.goto('/#/orderRegistrationCode');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierungscode anfordern' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'order registration code');

  await page.getByRole('button', { name: 'Per Post anfordern' }).click();
  await expectFieldError(page, 'Sozialversicherungsnummer', 'Bitte geben Sie Ihre Sozialversicherungsnummer ein.');
  await expectFieldError(page, 'Nachname', 'Bitte geben Sie Ihren Nachnamen ein.');

  // Walter ordered 3 days ago: the answer names the day 7 days after that order.
  await page.getByLabel('Sozialversicherungsnummer').fill(WALTER.svnr);
  await page.getByLabel('Nachname').fill(WALTER.lastName);
  await page.getByRole('button', { name: 'Per Post anfordern' }).click();
  const nextDay = new Date(portalNow() + 4 * 86_400_000).toLocaleDateString('de-AT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Vienna' });
  await expect(page.getByRole('alert').filter({ hasText: 'Sie haben bereits einen Code angefordert' })).toContainText(`ab ${nextDay}`);

  // Yvonne gets a first password by post: the letter PDF is written.
  const lettersDir = join(dirname(process.env.E2E_DATABASE_PATH ?? ''), 'letters');
  const lettersBefore = countFiles(lettersDir);
  await page.getByLabel('Sozialversicherungsnummer').fill(YVONNE.svnr);
  await page.getByLabel('Nachname').fill(YVONNE.lastName);
  await page.getByRole('radio', { name: /Erstpasswort/ }).check();
  await page.getByRole('button', { name: 'Per Post anfordern' }).click();
  // A first password was ordered, so the confirmation speaks of a first password, not of a registration code.
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Erstpasswort ist unterwegs' })).toBeFocused();
  await expect(page.getByText('innerhalb einer Woche')).toBeVisible();
  await expect(page.getByText('In den nächsten 7 Tagen können Sie kein weiteres Erstpasswort anfordern.')).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Registrierungscode ist unterwegs');
  await expectNoSeriousA11yViolations(page, 'order registration code, sent');
  await expect.poll(() => countFiles(lettersDir)).toBe(lettersBefore + 1);
});

function countFiles(dir: string): number {
  try {
    return readdirSync(dir, { recursive: true }).filter((name) => String(name).endsWith('.pdf')).length;
  } catch {
    return 0;
  }
}

test('during the login a member changes the stored e-mail on /updateRegistration instead of confirming it, and is logged in', async ({ page }) => {
  const vera = 'vera.pkmail@example.at';
  const newEmail = 'vera.neu.e2e@example.at';
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await submitLogin(page, vera);
  await expect(page).toHaveURL(/#\/updateRegistration\/UPDATE_PK_MAIL$/);
  const form = page.getByRole('region', { name: 'E-Mail-Adresse ändern' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'update registration with the e-mail change');

  // Mismatch, then an address another member uses: both named at their fields.
  await form.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(newEmail);
  await form.getByLabel('Neue E-Mail-Adresse wiederholen').fill('vera.anders@example.at');
  await form.getByRole('button', { name: 'E-Mail-Adresse ändern und weiter' }).click();
  await expectFieldError(page, 'Neue E-Mail-Adresse wiederholen', 'Die beiden E-Mail-Adressen stimmen nicht überein.');
  await form.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill('anna.muster@example.at');
  await form.getByLabel('Neue E-Mail-Adresse wiederholen').fill('anna.muster@example.at');
  await form.getByRole('button', { name: 'E-Mail-Adresse ändern und weiter' }).click();
  await expectFieldError(page, 'Neue E-Mail-Adresse', /Diese E-Mail-Adresse wird bereits für einen anderen Zugang verwendet\./);
  await expectNoSeriousA11yViolations(page, 'update registration, e-mail taken');

  const since = Date.now();
  await form.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(newEmail);
  await form.getByLabel('Neue E-Mail-Adresse wiederholen').fill(newEmail);
  await form.getByRole('button', { name: 'E-Mail-Adresse ändern und weiter' }).click();
  await expectPastLoginForm(page);
  await waitForMail({ to: newEmail, subject: 'Ihre E-Mail-Adresse wurde geändert', since });
});
