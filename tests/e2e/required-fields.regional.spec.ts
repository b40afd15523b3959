import { expect, test } from './helpers/portal-clock';
import { describedTexts } from './helpers/settings';
import { logIn, personas } from './helpers/login';

/** The regional tenant names an empty required field too (required-fields.spec.ts): bernd's settings and bank-data form. */

test('regional: an emptied postcode and the empty bank-data form name their fields', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/einstellungen');
  const address = page.getByRole('region', { name: 'Adresse' });
  await address.getByLabel('Postleitzahl').fill('');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect.poll(() => describedTexts(address.getByLabel('Postleitzahl'))).toContain('Bitte geben Sie die Postleitzahl ein.');

  await page.goto('/#/postfach/formulare/bankverbindung');
  await page.getByRole('button', { name: 'Formular senden' }).click();
  await expect.poll(() => describedTexts(page.getByLabel('IBAN'))).toContain('Bitte geben Sie die IBAN ein.');
  await expect(page.locator('.field__error').filter({ hasText: /Bitte füllen Sie dieses Feld aus|ungültig/ })).toHaveCount(0);
});
