import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { MINIMAL_PDF, fillPublicMergeForm } from './helpers/public-merge';
import { logIn, passwordField, personas, submitLogin, waitForApp } from './helpers/login';
import { insertClaim, removeClaim } from './helpers/member-db';

/**
 * What worked but nothing checked: the client cache after logout, /login with a live session, a checked claim's
 * definite date, the public forms' maintenance and technical answers, and the login button during its call.
 */

test('logout empties the client cache: the next member in the same browser sees nothing of the last, Back shows the login', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(page.getByText(/Anna Muster/).first()).toBeVisible();
  await page.getByRole('link', { name: 'Dokumente' }).first().click();
  await expect(page).toHaveURL(/#\/dokumente$/);
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/login/);
  // Back to the member's last screen: the login, not her documents.
  await page.goBack();
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toHaveCount(0);
  await expect(page.getByText(/Anna Muster/)).toHaveCount(0);
  await logIn(page, personas.bernd.email);
  await expect(page.getByText(/Bernd Vorsorge/).first()).toBeVisible();
  await expect(page.getByText(/Anna|Muster/)).toHaveCount(0);
});

test('/login with a live session goes to the dashboard', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('a claim in status "geprüft" shows its definite date', async ({ page }) => {
  const claim = insertClaim(personas.bernd.email, { option: 'PAYOUT', status: 'CHECKED', submittedAt: '2099-01-20T09:00:00.000Z', definiteDate: '2099-03-02' });
  try {
    await logIn(page, personas.bernd.email);
    const teaser = page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' });
    await expect(teaser).toContainText('Status: Geprüft');
    await expect(teaser).toContainText('Ihr Antrag ist geprüft. Ihre Abfertigung wird am 02.03.2099 ausbezahlt.');
  } finally {
    removeClaim(claim.id);
  }
});

/** Answers the GraphQL mutation `name` with `answer` (a refusal of the server) or a server error when null. */
async function answerMutation(page: Page, name: string, answer: unknown | null): Promise<void> {
  await page.route('**/graphql', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { operationName?: string };
    if (body.operationName !== name) return route.fallback();
    if (answer === null) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"Internal"}]}' });
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: answer }) });
  });
}

async function fillUploadForm(page: Page): Promise<void> {
  await page.goto('/#/upload-formular');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Vorname').fill('Xaver');
  await page.getByLabel('Nachname').fill('Neu');
  await page.getByLabel('Sozialversicherungsnummer').fill('3010 170584');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('xaver.wartung@example.at');
  await page.getByLabel('E-Mail-Adresse wiederholen').fill('xaver.wartung@example.at');
  await page.getByLabel('Ihre Nachricht (wofür sind die Dokumente?)').fill('Meldezettel');
  await page.getByLabel('Dokumente', { exact: true }).setInputFiles({ name: 'meldezettel.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
  await expect(page.getByRole('list', { name: 'Hochgeladene Dateien' }).getByText('meldezettel.pdf').first()).toBeVisible();
  await page.getByLabel(/Ich habe die Nutzungsbedingungen gelesen/).check();
}

test('the public upload form says so during maintenance and after a technical error, and keeps what was typed', async ({ page }) => {
  await fillUploadForm(page);
  const maintenance = 'Wegen Wartungsarbeiten können wir Ihre Dokumente derzeit nicht entgegennehmen. Bitte versuchen Sie es später erneut.';
  await answerMutation(page, 'UploadFormPage_Submit', {
    submitUploadForm: {
      __typename: 'SubmitUploadFormResult',
      ok: null,
      error: { __typename: 'SubmitUploadFormError', code: 'MAINTENANCE', message: maintenance, fieldErrors: [], retryAfterSeconds: null },
    },
  });
  await page.getByRole('button', { name: 'Dokumente senden' }).click();
  await expect(page.getByText(maintenance)).toBeVisible();
  await expect(page.getByLabel('Vorname')).toHaveValue('Xaver');
  await page.unroute('**/graphql');
  await answerMutation(page, 'UploadFormPage_Submit', null);
  await page.getByRole('button', { name: 'Dokumente senden' }).click();
  await expect(page.getByText('Wegen eines technischen Fehlers konnten wir Ihre Dokumente nicht entgegennehmen.', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'upload form after a technical error');
});

test('the public merge says so during maintenance and after a technical error', async ({ page }) => {
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  const form = page.locator('form');
  await fillPublicMergeForm(form, 'xaver.wartung@example.at');
  const maintenance = 'Wegen Wartungsarbeiten können wir Ihren Antrag derzeit nicht entgegennehmen. Bitte versuchen Sie es später erneut.';
  await answerMutation(page, 'PublicMergePage_RequestPublicMerge', {
    requestPublicMerge: {
      __typename: 'RequestPublicMergeResult',
      ok: null,
      error: { __typename: 'RequestPublicMergeError', code: 'MAINTENANCE', message: maintenance, fieldErrors: [], retryAfterSeconds: null },
    },
  });
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByText(maintenance)).toBeVisible();
  await page.unroute('**/graphql');
  await answerMutation(page, 'PublicMergePage_RequestPublicMerge', null);
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByText('Ihr Antrag konnte aus technischen Gründen nicht gesendet werden.', { exact: false })).toBeVisible();
});

test('the login button is disabled while its call runs; a double submit sends one login', async ({ page }) => {
  await page.goto('/#/login');
  await waitForApp(page);
  let logins = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { operationName?: string };
    if (body.operationName !== 'LoginForm_Login') return route.fallback();
    logins++;
    await held;
    await route.fallback();
  });
  await page.getByLabel('E-Mail-Adresse').fill(personas.anna.email);
  await passwordField(page).fill('falsches-Passwort-1');
  const button = page.getByRole('button', { name: 'Anmelden', exact: true });
  await button.click();
  await expect(button).toBeDisabled();
  await passwordField(page).press('Enter');
  await button.click({ force: true });
  release();
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  expect(logins).toBe(1);
  // The wrong password counted once: a right one still logs in.
  await page.unroute('**/graphql');
  await submitLogin(page, personas.anna.email);
  await expect(page).toHaveURL(/#\/dashboard$/);
});
