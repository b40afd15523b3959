import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate, expectedDeduction, expectedMoney } from './helpers/expected-format';
import { logInThroughForm, passwordField, personas, waitForApp } from './helpers/login';
import { PENSION_STATEMENT_ROWS, pensionStatementsOf, severanceStatementsOf, type PensionStatementRow } from './helpers/seed-db';
import { chooseOption, selectTrigger } from './helpers/select-field';

async function expectPensionStatement(page: Page, statement: PensionStatementRow): Promise<void> {
  const panel = page.getByRole('region', { name: `Vertrag ${statement.contract_number}` });
  await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(statement.stichtag)}` })).toBeVisible();
  for (const [label, column] of PENSION_STATEMENT_ROWS) {
    // Not the "Warum sich Ihr Guthaben verändert hat" table (decision 0049): it repeats some labels with signed steps.
    const row = panel
      .getByRole('table')
      .filter({ hasNot: page.getByRole('columnheader', { name: 'Erklärung' }) })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label }) });
    const cents = statement[column] as number;
    await expect(row.getByRole('cell'), label).toHaveText(['Verwaltungskosten', 'Pensionszahlungen'].includes(label) ? expectedDeduction(cents) : expectedMoney(cents));
  }
}

test('a member with both funds logs in, reads her Pensionskasse statement, switches the Stichtag and logs out', async ({ page }) => {
  const statements = pensionStatementsOf(personas.anna.email);
  const latest = statements[0];
  const older = statements[Math.min(2, statements.length - 1)];
  expect(latest, 'anna has Pensionskasse statements in the seed').toBeDefined();
  expect(older?.stichtag, 'anna has an older statement than the latest').not.toBe(latest?.stichtag);
  if (!latest || !older) return;

  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'login');

  await waitForApp(page);

  await page.getByLabel('E-Mail-Adresse').fill(personas.anna.email);
  await passwordField(page).fill('Pensionskasse#2026');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');
  await expect(page.getByText(expectedMoney(latest.total_capital_cents))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard');

  await page.getByRole('link', { name: 'Kontoinformation Pensionskasse' }).click();
  await expect(page).toHaveURL(/#\/kontoinformation\/pensionskasse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Pensionskasse' })).toBeVisible();
  await expectPensionStatement(page, latest);
  await expectNoSeriousA11yViolations(page, 'Pensionskasse account information');

  const panel = page.getByRole('region', { name: `Vertrag ${latest.contract_number}` });
  await chooseOption(page, panel, 'Stichtag', expectedDate(older.stichtag));
  await expect(page).toHaveURL(new RegExp(`#/kontoinformation/pensionskasse/${older.stichtag}$`));
  await expectPensionStatement(page, older);
  await expect(selectTrigger(panel, 'Stichtag')).toHaveText(expectedDate(older.stichtag));
  await expectNoSeriousA11yViolations(page, 'Pensionskasse account information at an older Stichtag');

  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByText('Sie haben sich erfolgreich abgemeldet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login after logout');

  // The session is gone on the server too: the dashboard sends the visitor back to the login.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/login$/);
});

test('the Vorsorgekasse account information shows the latest total entitlement of each account', async ({ page }) => {
  const statements = severanceStatementsOf(personas.anna.email);
  const accounts = [...new Set(statements.map((s) => s.account_number))];
  expect(accounts.length, 'anna has Vorsorgekasse accounts in the seed').toBeGreaterThan(0);

  await logInThroughForm(page, personas.anna.email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgekasse' }).click();
  await expect(page).toHaveURL(/#\/kontoinformation\/vorsorgekasse$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Vorsorgekasse' })).toBeVisible();

  for (const account of accounts) {
    const latest = statements.find((s) => s.account_number === account);
    if (!latest) continue;
    const panel = page.getByRole('region', { name: `Konto ${account}` });
    await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(latest.stichtag)}` })).toBeVisible();
    await expect(selectTrigger(panel, 'Stichtag')).toHaveText(expectedDate(latest.stichtag));
    const rows: Array<[string, number]> = [
      ['Gesamtanspruch (Abfertigungsanwartschaft)', latest.total_entitlement_cents],
      ['Garantierte Kapitalsumme', latest.guaranteed_capital_cents],
      ['Bisher ausbezahlt oder übertragen (gesamt)', latest.paid_out_total_cents],
    ];
    for (const [label, cents] of rows) {
      // Not the "Warum sich Ihr Guthaben verändert hat" table (decision 0049): it repeats some labels with signed steps.
      const row = panel
        .getByRole('table')
        .filter({ hasNot: page.getByRole('columnheader', { name: 'Erklärung' }) })
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: label }) });
      await expect(row.getByRole('cell'), label).toHaveText(expectedMoney(cents));
    }
  }
  await expectNoSeriousA11yViolations(page, 'Vorsorgekasse account information');
});

test('a wrong password shows "password not correct" at the password field and stays on the login page', async ({ page }) => {
  await page.goto('/#/login');
  await waitForApp(page);
  await page.getByLabel('E-Mail-Adresse').fill(personas.anna.email);
  await passwordField(page).fill('Falsches#Passwort1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toHaveAccessibleDescription('Das Passwort ist nicht korrekt.');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'false');
  await expect(page).toHaveURL(/#\/login$/);
  await expectNoSeriousA11yViolations(page, 'login with a wrong password');
});

test('an empty form shows the "not given" messages at both fields without calling the server', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('LoginForm_Login')) {
      loginCalls.push(request.url());
    }
  });
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription('Bitte geben Sie Ihre E-Mail-Adresse ein.');
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toHaveAccessibleDescription('Bitte geben Sie Ihr Passwort ein.');
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await expect(page).toHaveURL(/#\/login$/);
  expect(loginCalls).toEqual([]);
  await expectNoSeriousA11yViolations(page, 'login with empty fields');
});

test('an unknown e-mail marks both fields as invalid and links the message to the registration', async ({ page }) => {
  await page.goto('/#/login');
  await waitForApp(page);
  await page.getByLabel('E-Mail-Adresse').fill('niemand.bekannt@example.at');
  await passwordField(page).fill('Irgendein#Passwort1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();

  const message = 'Die Anmeldedaten sind ungültig. Sind Sie noch nicht registriert? Jetzt registrieren';
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveAccessibleDescription(message);
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toHaveAccessibleDescription(message);
  await expect(page.getByRole('link', { name: 'Jetzt registrieren' }).first()).toHaveAttribute('href', '#/registration');
  await expect(page).toHaveURL(/#\/login$/);
  await expectNoSeriousA11yViolations(page, 'login with an unknown e-mail');
});
