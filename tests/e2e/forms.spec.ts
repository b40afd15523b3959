import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { removeFormsOf } from './helpers/member-db';

/**
 * The inbox forms (issue 14 item 7) in the browser, main tenant: clara opens the forms, sends an incomplete pension
 * call (messages at the fields), cannot add a sixth child, sends it complete and finds it under "Gesendet" with the
 * PDF of what she entered. Axe and the 390 px layout on each screen; screenshots to SCREENSHOT_DIR when set.
 */

async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

async function checkPhoneLayout(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()!.width;
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390), name).toEqual([]);
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width, height: 900 });
}

test.afterEach(() => removeFormsOf(personas.clara.email));

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
  await shot(page, 'forms-list-1280');
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
  await expect(page.getByRole('group', { name: 'Kind 1' }).getByText('Bitte füllen Sie dieses Feld aus.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pension call with errors');

  // At most 5 children: the button gives way to a note.
  for (let i = 2; i <= 5; i++) await page.getByRole('button', { name: 'Kind hinzufügen' }).click();
  await expect(page.getByRole('button', { name: 'Kind hinzufügen' })).toHaveCount(0);
  await expect(page.getByText('Sie können höchstens 5 Kinder angeben.')).toBeVisible();
  for (let i = 5; i >= 2; i--) await page.getByRole('button', { name: `Kind ${i} entfernen` }).click();

  const child = page.getByRole('group', { name: 'Kind 1' });
  await child.getByLabel('Geburtsdatum').fill('1990-06-01');
  await child.getByLabel('Geschlecht').selectOption('FEMALE');
  await page
    .getByRole('group', { name: /Haben Sie eine Ehepartnerin/ })
    .getByLabel('Ja')
    .check();
  const partner = page.getByRole('group', { name: 'Partnerin oder Partner' });
  await partner.getByLabel('Vorname').fill('Karl');
  await partner.getByLabel('Nachname').fill('Pension');
  await partner.getByLabel('Geburtsdatum').fill('1958-04-12');
  await page.getByLabel('Ich bestätige, dass meine Angaben richtig und vollständig sind.').check();
  await expectNoSeriousA11yViolations(page, 'pension call');
  await shot(page, 'forms-pension-call-1280');
  await checkPhoneLayout(page, 'forms-pension-call');
  await page.getByRole('button', { name: 'Formular senden' }).click();

  await expect(page.getByText('Ihr Formular wurde gesendet.')).toBeVisible();
  await expect(page.getByText('Pensionsberechnung')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'form sent');
  await shot(page, 'forms-sent-1280');
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
  await shot(page, 'forms-vested-amount-1280');
  await checkPhoneLayout(page, 'forms-vested-amount');

  await page.goto('/#/postfach/formulare/bankverbindung');
  await expect(page.getByRole('heading', { level: 2, name: 'Bankverbindung bekannt geben' })).toBeVisible();
  await page.getByLabel('IBAN').fill('AT00 1234');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect(page.getByText('Die IBAN ist ungültig.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'bank data with errors');
  await shot(page, 'forms-bank-data-1280');
  await checkPhoneLayout(page, 'forms-bank-data');
});
