import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { logIn, personas } from './helpers/login';
import { removeClaimsOf } from './helpers/member-db';
import { describedTexts } from './helpers/settings';

/**
 * An empty required field says which field it is: "Bitte geben Sie … ein" (or "Bitte wählen Sie … aus" for a choice),
 * as the login's ERROR_MAIL_NOT_GIVEN and the registration do, never a generic "Bitte füllen Sie dieses Feld aus." nor
 * "ungültig". One empty send per form of the web app, the message read at its field (its `aria-describedby` where the
 * field has one). The regional tenant's settings and calculator: required-fields.regional.spec.ts.
 */

const GENERIC = /Bitte füllen Sie dieses Feld aus|ungültig/;

async function expectNoGenericMessage(page: Page): Promise<void> {
  await expect(page.locator('.field__error').filter({ hasText: GENERIC })).toHaveCount(0);
}

test('settings: an emptied street and postcode are named at their fields', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/einstellungen');
  const address = page.getByRole('region', { name: 'Adresse' });
  await address.getByLabel('Straße und Hausnummer').fill('');
  await address.getByLabel('Postleitzahl').fill('');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect.poll(() => describedTexts(address.getByLabel('Straße und Hausnummer'))).toContain('Bitte geben Sie Straße und Hausnummer ein.');
  await expect.poll(() => describedTexts(address.getByLabel('Postleitzahl'))).toContain('Bitte geben Sie die Postleitzahl ein.');
  await expectNoGenericMessage(page);
});

test('inbox form: the empty exit application names each missing answer', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare/austrittsantrag');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
  await expect.poll(() => describedTexts(page.getByLabel('Arbeitgeber', { exact: true }))).toContain('Bitte geben Sie den Arbeitgeber ein.');
  await expect(page.getByText('Bitte wählen Sie aus, wie das Arbeitsverhältnis endet.')).toBeVisible();
  await expect(page.getByText('Bitte wählen Sie Ihr Anliegen aus.')).toBeVisible();
  await expectNoGenericMessage(page);
});

test('inbox form: the empty bank-data form names the IBAN and the bank', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare/bankverbindung');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect.poll(() => describedTexts(page.getByLabel('IBAN'))).toContain('Bitte geben Sie die IBAN ein.');
  await expect.poll(() => describedTexts(page.getByLabel('Name der Bank'))).toContain('Bitte geben Sie den Namen der Bank ein.');
  await expectNoGenericMessage(page);
});

test('own contributions: an empty amount and account owner are named', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/eigenbeitraege');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('radio', { name: /Monatlich/ }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByLabel('Betrag in Euro').fill('');
  await page.getByLabel('Kontoinhaber/in').fill('');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect.poll(() => describedTexts(page.getByLabel('Betrag in Euro'))).toContain('Bitte geben Sie den Betrag ein.');
  await expect.poll(() => describedTexts(page.getByLabel('Kontoinhaber/in'))).toContain('Bitte geben Sie die Kontoinhaberin oder den Kontoinhaber ein.');
  await expectNoGenericMessage(page);
});

test('calculator: an emptied employer contribution is named', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/vorsorgerechner');
  const field = page.getByLabel('Arbeitgeberbeitrag pro Jahr (€)');
  await field.fill('');
  await page.getByRole('button', { name: 'Berechnen' }).click();
  await expect.poll(() => describedTexts(field)).toContain('Bitte geben Sie den Arbeitgeberbeitrag pro Jahr ein.');
  await expectNoGenericMessage(page);
});

test('claim: the choice and an empty IBAN of the data step are named', async ({ page }) => {
  removeClaimsOf(personas.bernd.email);
  await logIn(page, personas.bernd.email);
  await page.goto('/#/gm');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toContainText('Bitte wählen Sie aus, was mit Ihrer Abfertigung geschehen soll.');
  await page.getByRole('radio', { name: 'Auszahlen lassen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/gm\/daten$/);
  await page.getByRole('radio', { name: 'Überweisung auf Ihr Konto' }).check();
  await page.getByLabel('IBAN').fill('');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte geben Sie Ihre IBAN ein.')).toBeVisible();
  await expectNoGenericMessage(page);
});

test('public upload form: the server names the empty fields', async ({ page }) => {
  await page.goto('/#/upload-formular');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Dokumente senden' }).click();
  await expect.poll(() => describedTexts(page.getByLabel('Vorname'))).toContain('Bitte geben Sie Ihren Vornamen ein.');
  await expect.poll(() => describedTexts(page.getByLabel('Nachname'))).toContain('Bitte geben Sie Ihren Nachnamen ein.');
  await expectNoGenericMessage(page);
});

test('public merge: the empty form names its fields and the signature choice', async ({ page }) => {
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Antrag senden' }).click();
  await expect.poll(() => describedTexts(page.getByLabel('Vorname'))).toContain('Bitte geben Sie Ihren Vornamen ein.');
  await expect(page.getByText('Bitte wählen Sie aus, wie Sie unterschreiben.')).toBeVisible();
  await expectNoGenericMessage(page);
});
