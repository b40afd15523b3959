import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { demoActivationToken } from '../../db/seed/login-personas';
import { DEFAULT_SEED } from '../../db/seed/generator';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { loginPersonas, passwordField, submitLogin } from './helpers/login';
import { failOperation } from './helpers/graphql-requests';
import { expectModalDialog, expectStaticModalKeyboard } from './helpers/modal';
import { openSessionsOf, personFlagsOf } from './helpers/seed-db';
import { IDA_FLAGS_AFTER_ANSWERS } from '../helpers/ida-answers';

/**
 * The login status handling of spec 000 section 4, one demo persona per branch (db/seed/login-personas.ts): each
 * login-time dialog runs in the browser, is checked with axe, and leads to the dashboard; the database shows what
 * was stored.
 */

/** The consent records of a persona, oldest first, without id, person and time. */
function consentRecordsOf(email: string): Array<Record<string, unknown>> {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select subject, granted, terms_ticked, text_version, channel from consent_records where person_id = (select id from persons where email = ?) order by id')
      .all(email) as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

async function openLogin(page: Page): Promise<void> {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
}

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Sehr geehrte/);
}

test('dora accepts the terms of use (the dialog cannot be closed with Escape) and reaches the dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.dora);

  const dialog = await expectModalDialog(page, 'Nutzungsbedingungen und Datenschutz');
  await expect(dialog).toContainText('der Pensionskasse und der Vorsorgekasse');
  await expectNoSeriousA11yViolations(page, 'terms dialog');

  // Static dialog: Tab and Shift+Tab cycle inside it; Escape and a click outside leave it open.
  await expectStaticModalKeyboard(page, dialog);

  const submit = dialog.getByRole('button', { name: 'Zustimmen und weiter' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Ich stimme den Nutzungsbedingungen zu').check();
  await submit.click();

  await expectDashboard(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(personFlagsOf(loginPersonas.dora).terms_pending).toBeNull();
});

test('emil chooses one of his three service duties in the mailbox dialog and reaches the dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.emil);

  const dialog = await expectModalDialog(page, 'Postfach auswählen');
  await expect(dialog.getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('radio', { name: 'Mein persönliches Portal' })).toBeChecked();
  // Each duty: customer designation plus the function groups joined by commas.
  await expect(dialog.getByText('Geschäftsführung, Personalverrechnung, Auswertungen')).toBeVisible();
  await expect(dialog.getByText('Personalverrechnung, Beitragsmeldungen')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mailbox dialog');

  await dialog.getByRole('radio', { name: /Tiroler Holzbau GmbH & Co KG/ }).check();
  await dialog.getByRole('button', { name: 'Weiter' }).click();

  await expectDashboard(page);
  expect(openSessionsOf(loginPersonas.emil)[0]).toMatchObject({ mailbox_type: 'ASP', customer_designation: 'Tiroler Holzbau GmbH & Co KG' });
});

test('fritz reads the letter-or-portal info, chooses the digital delivery and reaches the dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.fritz);

  const info = await expectModalDialog(page, 'Ihre jährliche Kontoinformation');
  await expectNoSeriousA11yViolations(page, 'letter-or-portal info');
  await info.getByRole('button', { name: 'Weiter' }).click();

  const delivery = await expectModalDialog(page, 'Zustellung der jährlichen Kontoinformation');
  const save = delivery.getByRole('button', { name: 'Auswahl speichern' });
  await expect(save).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'annual statement delivery');
  await delivery.getByRole('radio', { name: /Digital im Mitgliederportal/ }).check();
  await expect(save).toBeEnabled();
  await save.click();

  await expectDashboard(page);
  expect(personFlagsOf(loginPersonas.fritz)).toMatchObject({ annual_statement_decision_pending: 0, annual_statement_via_portal: 1 });
});

test('gabi confirms the first-login data sync and reaches the dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.gabi);

  const dialog = await expectModalDialog(page, 'Willkommen im Mitgliederportal');
  await expectNoSeriousA11yViolations(page, 'data sync dialog');
  await dialog.getByRole('button', { name: 'Zugänge zusammenführen und weiter' }).click();

  await expectDashboard(page);
  expect(personFlagsOf(loginPersonas.gabi).login_data_sync_pending).toBe(0);
});

test('hans confirms his stored e-mail on /updateRegistration/UPDATE_PKVK_MAIL and reaches the dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.hans);

  await expect(page).toHaveURL(/#\/updateRegistration\/UPDATE_PKVK_MAIL$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigen' })).toBeVisible();
  await expect(page.getByText('für die Pensionskasse und die Vorsorgekasse gespeichert')).toBeVisible();
  await expect(page.getByText(loginPersonas.hans)).toBeVisible();
  // Next to confirming, the address can be changed (registration.spec.ts tests the change itself).
  await expect(page.getByRole('region', { name: 'E-Mail-Adresse ändern' }).getByRole('textbox')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'e-mail confirmation');

  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expectDashboard(page);
  expect(personFlagsOf(loginPersonas.hans).email_update_pending).toBeNull();
});

test('ida answers newsletter, benefit statement, account statement by mail and prize draw; the next login asks nothing', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.ida);

  // Newsletter: greeting with name and e-mail, yes or no per fund, the consent only with a yes.
  const newsletter = await expectModalDialog(page, 'Newsletter');
  await expect(newsletter).toContainText('Sehr geehrte Frau Ida Newsletter,');
  await expect(newsletter).toContainText(loginPersonas.ida);
  const pk = newsletter.getByRole('group', { name: 'Newsletter der Pensionskasse' });
  const vk = newsletter.getByRole('group', { name: 'Newsletter der Vorsorgekasse' });
  const consent = newsletter.getByRole('checkbox', { name: /Ich stimme zu, dass mir der Newsletter/ });
  const save = newsletter.getByRole('button', { name: 'Auswahl speichern' });
  await expect(save).toBeDisabled();
  await expect(consent).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'newsletter dialog');

  await pk.getByRole('radio', { name: 'Ja' }).check();
  await expect(consent).toBeEnabled();
  await expect(save, 'the Vorsorgekasse question is still open').toBeDisabled();
  await vk.getByRole('radio', { name: 'Nein' }).check();
  await expect(save, 'a yes needs the consent').toBeDisabled();
  await consent.check();
  await expect(save).toBeEnabled();
  await pk.getByRole('radio', { name: 'Nein' }).check();
  await expect(consent).toBeDisabled();
  await expect(consent).not.toBeChecked();
  await expect(save, 'two noes need no consent').toBeEnabled();
  await pk.getByRole('radio', { name: 'Ja' }).check();
  await expect(save).toBeDisabled();
  await consent.check();
  await save.click();

  // Benefit statement delivery.
  const benefit = await expectModalDialog(page, 'Zustellung Ihres Leistungsnachweises');
  await expect(benefit.getByRole('button', { name: 'Auswahl speichern' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'benefit statement dialog');
  await benefit.getByRole('radio', { name: 'Digital im Mitgliederportal' }).check();
  await benefit.getByRole('button', { name: 'Auswahl speichern' }).click();

  // Account statement by e-mail with the express info.
  const account = await expectModalDialog(page, 'Kontonachricht der Vorsorgekasse per\u00a0E\u2011Mail');
  await expect(account.getByRole('button', { name: 'Auswahl speichern' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'account statement dialog');
  await account.getByRole('radio', { name: 'Ja, per\u00a0E\u2011Mail' }).check();
  await account.getByRole('checkbox', { name: /Express-Info/ }).check();
  await account.getByRole('button', { name: 'Auswahl speichern' }).click();

  // Prize draw with its conditions.
  const prize = await expectModalDialog(page, 'Gewinnspiel der Vorsorgekasse');
  await expect(prize.getByRole('heading', { name: 'Teilnahmebedingungen' })).toBeVisible();
  await expect(prize.getByRole('button', { name: 'Auswahl speichern' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'prize draw dialog');
  await prize.getByRole('radio', { name: 'Nein, danke' }).check();
  await prize.getByRole('button', { name: 'Auswahl speichern' }).click();

  await expectDashboard(page);
  await expectNoSeriousA11yViolations(page, 'dashboard after the post-login questions');
  expect(personFlagsOf(loginPersonas.ida)).toMatchObject(IDA_FLAGS_AFTER_ANSWERS);
  // The newsletter decisions are kept as consent records with the terms tick and the text version.
  expect(consentRecordsOf(loginPersonas.ida)).toEqual([
    { subject: 'NEWSLETTER_PK', granted: 1, terms_ticked: 1, text_version: 'newsletter-2026-01', channel: 'LOGIN_DIALOG' },
    { subject: 'NEWSLETTER_VK', granted: 0, terms_ticked: 1, text_version: 'newsletter-2026-01', channel: 'LOGIN_DIALOG' },
  ]);

  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await submitLogin(page, loginPersonas.ida);
  await expectDashboard(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a failed express-info answer ends the login with an error and is logged through the remote log', async ({ page }) => {
  // Only the account statement by mail is left open for ida (the other questions count as answered).
  const db = new Database(process.env.E2E_DATABASE_PATH!, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update persons set account_statement_by_mail = 0, newsletter_pk = 0, newsletter_vk = 0, benefit_statement_digital = 1, prize_draw_vk = 0 where email = ?').run(
      loginPersonas.ida,
    );
  } finally {
    db.close();
  }
  const logged: Array<{ component: string; level: string; msgs: string[] }> = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/rest/log') logged.push(request.postDataJSON() as (typeof logged)[number]);
  });
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (body.includes('AccountStatementDialog_SetByMail')) return route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad Gateway' });
    return route.fallback();
  });

  await openLogin(page);
  await submitLogin(page, loginPersonas.ida);
  const account = await expectModalDialog(page, 'Kontonachricht der Vorsorgekasse per\u00a0E\u2011Mail');
  await account.getByRole('radio', { name: 'Ja, per\u00a0E\u2011Mail' }).check();
  await account.getByRole('button', { name: 'Auswahl speichern' }).click();

  await expect.poll(() => logged.length).toBeGreaterThan(0);
  expect(logged[0]).toMatchObject({ component: 'AccountStatementDialog', level: 'ERROR' });
  expect(logged[0]!.msgs[0]).toBe('setABPBPerMail failed');
  await expect(page).not.toHaveURL(/#\/dashboard$/);
  expect(personFlagsOf(loginPersonas.ida)).toMatchObject({ account_statement_by_mail: 0 });
});

test('rita (UPDATE_REGISTRATION) is logged in and asked on the dashboard to review her data', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.rita);
  await expectDashboard(page);
  await expect(page.getByText(/Bitte überprüfen Sie Ihre bei uns gespeicherten persönlichen Daten/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard with the review notice');
});

test('paula with one service duty chooses her own portal (AWB_LB)', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.paula);
  const dialog = await expectModalDialog(page, 'Postfach auswählen');
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expectDashboard(page);
  expect(openSessionsOf(loginPersonas.paula)[0]).toMatchObject({ mailbox_type: 'AWB_LB', customer_designation: null });
});

test('otto, a contact person without contracts (SUCCESSFUL_PK_ASP), goes straight to an empty dashboard', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.otto);
  await expectDashboard(page);
  await expect(page.getByText('Derzeit sind zu Ihrer Person keine Verträge der Pensionskasse oder Vorsorgekasse gespeichert.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('karl (deactivated) and sepp (locked) see "login data invalid" at the e-mail and "password not correct" at the password', async ({ page }) => {
  for (const email of [loginPersonas.karl, loginPersonas.sepp]) {
    await openLogin(page);
    await submitLogin(page, email);
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription('Die Anmeldedaten sind ungültig.');
    await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField(page)).toHaveAccessibleDescription('Das Passwort ist nicht korrekt.');
    await expect(page).toHaveURL(/#\/login$/);
  }
  await expectNoSeriousA11yViolations(page, 'login of a locked access');
});

test('lena (left the fund) and max (deceased) are told that there is no valid contract', async ({ page }) => {
  for (const email of [loginPersonas.lena, loginPersonas.max]) {
    await openLogin(page);
    await submitLogin(page, email);
    await expect(page.getByRole('alert')).toHaveText('Für Sie besteht derzeit kein gültiger Vertrag. Eine Anmeldung ist daher nicht möglich.');
    await expect(page).toHaveURL(/#\/login$/);
  }
  await expectNoSeriousA11yViolations(page, 'login without a valid contract');
});

test('nina activates her access with the link, sees the notice, and can log in; the link then answers "already activated"', async ({ page }) => {
  await openLogin(page);
  await submitLogin(page, loginPersonas.nina);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription(/Die Anmeldedaten sind ungültig/);

  const token = demoActivationToken(DEFAULT_SEED);
  await page.goto(`/#/activation?id=${token}`);
  await expect(page.getByText('Ihr Zugang wurde aktiviert. Sie können sich jetzt anmelden.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login after activation');

  await submitLogin(page, loginPersonas.nina);
  await expectDashboard(page);
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login$/);

  // The legacy form with the id after an equals sign in the hash.
  await page.goto(`/#/activation=${token}`);
  await expect(page).toHaveURL(/#\/activation\?id=/);
  await expect(page.getByText('Ihr Zugang ist bereits aktiviert.', { exact: false })).toBeVisible();
  await page.goto('/#/activation?id=unbekannter-link-0000000000');
  await expect(page.getByText('Ihr Zugang konnte nicht aktiviert werden.', { exact: false })).toBeVisible();
});

test('a login call that fails for a technical reason says so for the whole form, not "login data invalid"', async ({ page }) => {
  await openLogin(page);
  await failOperation(page, 'LoginForm_Login');
  await submitLogin(page, loginPersonas.ida);
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldung ist aufgrund technischer Probleme derzeit nicht möglich. Bitte versuchen Sie es später noch einmal.');
  await expect(page.getByLabel('E-Mail-Adresse')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/login$/);
  await expectNoSeriousA11yViolations(page, 'login with a technical failure');
});

test('ida, whose newsletter-status call fails, skips the dialog and is logged in (spec 000 section 4)', async ({ page }) => {
  await openLogin(page);
  await failOperation(page, 'LoginFlow_PostLoginQuestions');
  await submitLogin(page, loginPersonas.ida);
  await expectDashboard(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
