import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { checkPhoneLayout, screenshotIfAsked } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { removeFormsOf } from './helpers/member-db';

/**
 * The inbox forms (decision 0022) in the browser, main tenant: clara opens the forms, sends an incomplete pension
 * call (messages at the fields), cannot add a sixth child, sends it complete and finds it under "Gesendet" with the
 * PDF of what she entered. Axe and the 390 px layout on each screen; screenshots to SCREENSHOT_DIR when set.
 */

/** Types a date into the react-aria date picker labelled `label` inside `scope` (segments TT.MM.JJJJ). */
async function typeDate(page: Page, scope: Locator | Page, label: string, ddmmyyyy: string): Promise<void> {
  await scope.getByRole('spinbutton', { name: new RegExp(`^Tag, ${label}`) }).click();
  await page.keyboard.type(ddmmyyyy);
}

/** Chooses `option` in the shared SelectField labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator | Page, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(label) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.afterEach(() => {
  removeFormsOf(personas.clara.email);
  removeFormsOf(personas.anna.email);
});

test('clara sends a pension call with partner and children and finds it with its PDF under sent', async ({ page }) => {
  test.setTimeout(90_000);
  removeFormsOf(personas.clara.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, personas.clara.email);
  await page.goto('/#/postfach/posteingang');
  await page.getByRole('navigation', { name: 'Postfach' }).getByRole('link', { name: 'Formulare' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Formulare' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pensionsabruf' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'forms list');
  await screenshotIfAsked(page, 'forms-list-1280');
  await checkPhoneLayout(page, 'forms-list');

  await page.getByRole('link', { name: 'Pensionsabruf' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pensionsabruf' })).toBeVisible();
  await expect(page.getByText('bis zum 10. eines Monats')).toBeVisible();

  // Sending without the partner question, with a child without gender and without confirming: messages at the fields.
  await page.getByRole('button', { name: 'Kind hinzufügen' }).click();
  await page.getByRole('group', { name: 'Kind 1' }).getByLabel('Vorname').fill('Lena');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie Ihre Angaben.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Kind 1' }).getByText('Bitte geben Sie das Geburtsdatum des Kindes ein.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pension call with errors');

  // At most 5 children: the button gives way to a note.
  for (let i = 2; i <= 5; i++) await page.getByRole('button', { name: 'Kind hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Kind hinzufügen' })).toHaveCount(0);
  await expect(page.getByText('Sie können höchstens 5 Kinder angeben.')).toBeVisible();
  for (let i = 5; i >= 2; i--) await page.getByRole('button', { name: `Kind ${i} entfernen` }).click();

  const child = page.getByRole('group', { name: 'Kind 1' });
  await typeDate(page, child, 'Geburtsdatum', '01061990');
  await choose(page, child, 'Geschlecht', 'weiblich');
  await page
    .getByRole('group', { name: /Haben Sie eine Ehepartnerin/ })
    .getByLabel('Ja')
    .check();
  const partner = page.getByRole('group', { name: 'Partnerin oder Partner' });
  await partner.getByLabel('Vorname').fill('Karl');
  await partner.getByLabel('Nachname').fill('Pension');
  await typeDate(page, partner, 'Geburtsdatum', '12041958');
  await page.getByLabel('Ich bestätige, dass meine Angaben richtig und vollständig sind.').check();
  await expectNoSeriousA11yViolations(page, 'pension call');
  await screenshotIfAsked(page, 'forms-pension-call-1280');
  await checkPhoneLayout(page, 'forms-pension-call');
  await page.getByRole('button', { name: 'Formular senden' }).click();

  await expect(page.getByText('Ihr Formular wurde gesendet.')).toBeVisible();
  await expect(page.getByText('Pensionsberechnung')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'form sent');
  await screenshotIfAsked(page, 'forms-sent-1280');
  await checkPhoneLayout(page, 'forms-sent');
  await page.getByRole('link', { name: 'Gesendete Nachricht anzeigen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Pensionsabruf' })).toBeVisible();
  const pdf = page.getByRole('link', { name: /^Formular-PENSION_CALL-\d{4}-\d{2}-\d{2}\.pdf/ });
  await expect(pdf).toBeVisible();
  const res = await page.request.get((await pdf.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(
    Buffer.from(await res.body())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The same form again is refused as already sent.
  await page.goto('/#/postfach/formulare/pensionsabruf');
  await page
    .getByRole('group', { name: /Haben Sie eine Ehepartnerin/ })
    .getByLabel('Nein')
    .check();
  await page.getByLabel('Ich bestätige, dass meine Angaben richtig und vollständig sind.').check();
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Sie haben dieses Formular bereits gesendet.')).toBeVisible();
});

test('anna’s vested-amount decision and bank data forms show their fields per option and pass axe', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare/unverfallbarkeitsbetrag');
  await expect(page.getByRole('heading', { level: 2, name: 'Verfügung über den Unverfallbarkeitsbetrag' })).toBeVisible();
  await page.getByRole('group', { name: 'Ihre Entscheidung' }).getByLabel('In der Pensionskasse belassen').check();
  await expect(page.getByRole('group', { name: 'Wie soll der Anspruch weitergeführt werden?' })).toBeVisible();
  await page.getByRole('group', { name: 'Ihre Entscheidung' }).getByLabel('Auszahlen').check();
  await expect(page.getByRole('group', { name: 'Wie soll der Anspruch weitergeführt werden?' })).toHaveCount(0);
  await expect(page.getByLabel('IBAN')).toBeVisible();
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'vested amount (payout) with errors');
  await screenshotIfAsked(page, 'forms-vested-amount-1280');
  await checkPhoneLayout(page, 'forms-vested-amount');

  await page.goto('/#/postfach/formulare/bankverbindung');
  await expect(page.getByRole('heading', { level: 2, name: 'Bankverbindung bekannt geben' })).toBeVisible();
  await page.getByLabel('IBAN').fill('AT00 1234');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Die IBAN ist ungültig.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bank data with errors');
  await screenshotIfAsked(page, 'forms-bank-data-1280');
  await checkPhoneLayout(page, 'forms-bank-data');
});

test('anna sends the family declaration with her partner and two children (a sixth child cannot be added) and finds its PDF under sent', async ({ page }) => {
  test.setTimeout(90_000);
  removeFormsOf(personas.anna.email);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare');
  await page.getByRole('link', { name: 'Erklärung zu Familienstand und Kindern' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Erklärung zu Familienstand und Kindern' })).toBeVisible();

  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
  await expect(page.getByText('Bitte wählen Sie Ihren Familienstand aus.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'family declaration with errors');

  await choose(page, page, 'Familienstand', 'verheiratet');
  await typeDate(page, page, 'Seit', '19052012');
  const partner = page.getByRole('group', { name: 'Partnerin oder Partner' });
  await partner.getByLabel('Vorname').fill('Max');
  await partner.getByLabel('Nachname').fill('Muster');
  await typeDate(page, partner, 'Geburtsdatum', '03021979');
  for (let i = 1; i <= 5; i++) await page.getByRole('button', { name: 'Kind hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Kind hinzufügen' })).toHaveCount(0);
  await expect(page.getByText('Sie können höchstens 5 Kinder angeben.')).toBeVisible();
  for (let i = 5; i >= 3; i--) await page.getByRole('button', { name: `Kind ${i} entfernen` }).click();
  const children = [
    ['Lena', '01082013', 'weiblich'],
    ['Paul', '15012016', 'männlich'],
  ] as const;
  for (const [i, [name, born, gender]] of children.entries()) {
    const child = page.getByRole('group', { name: `Kind ${i + 1}`, exact: true });
    await child.getByLabel('Vorname').fill(name);
    await typeDate(page, child, 'Geburtsdatum', born);
    await choose(page, child, 'Geschlecht', gender);
  }
  await page.getByLabel('Ich bestätige, dass meine Angaben richtig und vollständig sind.').check();
  await expect(page.locator('.field__error')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'family declaration');
  await screenshotIfAsked(page, 'forms-family-declaration-1280');
  await checkPhoneLayout(page, 'forms-family-declaration');
  await page.getByRole('button', { name: 'Formular senden' }).click();

  await expect(page.getByText('Ihr Formular wurde gesendet.')).toBeVisible();
  await page.getByRole('link', { name: 'Gesendete Nachricht anzeigen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Erklärung zu Familienstand und Kindern' })).toBeVisible();
  const pdf = page.getByRole('link', { name: /^Formular-FAMILY_DECLARATION-\d{4}-\d{2}-\d{2}\.pdf/ });
  const res = await page.request.get((await pdf.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
});

test('anna’s exit application, employment, function, objection and switch forms show their fields, refuse an empty send and pass axe at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, personas.anna.email);
  const screens = [
    ['austrittsantrag', 'Austrittsantrag', 'Wie endet das Arbeitsverhältnis?'],
    ['beschaeftigungserklaerung', 'Beschäftigungserklärung', 'Sind Sie derzeit beschäftigt?'],
    ['funktionserklaerung', 'Funktionserklärung', 'Ihre Funktion'],
    ['widerspruchserklaerung', 'Widerspruchserklärung zur Änderung des Pensionsmodells', 'Datum unseres Informationsschreibens'],
    ['wechselerklaerung', 'Wechselerklärung zum Pensionsmodell', 'Wohin möchten Sie wechseln?'],
  ] as const;
  for (const [slug, title, field] of screens) {
    await page.goto(`/#/postfach/formulare/${slug}`);
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.getByText(field).first()).toBeVisible();
    await page.getByRole('button', { name: 'Formular senden' }).click();
    await expect(page.getByText('Das Formular ist unvollständig.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${slug} with errors`);
    await screenshotIfAsked(page, `forms-${slug}-1280`);
    await checkPhoneLayout(page, `forms-${slug}`);
  }

  // The switch date is chosen from the 1st of next month; left empty it is reported at the field.
  await page.goto('/#/postfach/formulare/wechselerklaerung');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Bitte wählen Sie aus, wohin Sie wechseln möchten.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie das Datum ein, zu dem Sie wechseln möchten.')).toBeVisible();

  // The employment declaration asks for the employer only when employed.
  await page.goto('/#/postfach/formulare/beschaeftigungserklaerung');
  await expect(page.getByLabel('Arbeitgeber oder Unternehmen')).toHaveCount(0);
  await page.getByLabel('Unselbständig beschäftigt').check();
  await expect(page.getByLabel('Arbeitgeber oder Unternehmen')).toBeVisible();
});
