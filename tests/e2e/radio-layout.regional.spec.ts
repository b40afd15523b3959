import { test } from './helpers/portal-clock';
import { logIn, personas } from './helpers/login';
import { expectRadioLabelsPadded } from './helpers/radio-layout';

/** Radio labels keep their padding at 390 px on the regional tenant too (the same ChoiceGroup; radio-layout.spec.ts). */

test.use({ viewport: { width: 390, height: 844 } });

test('regional: the code order, bernd’s claim and bank-data form keep the radio labels padded at 390 px', async ({ page }) => {
  await page.goto('/#/orderRegistrationCode');
  await expectRadioLabelsPadded(page, 'regional-order-code');
  await logIn(page, personas.bernd.email);
  await page.goto('/#/gm');
  await expectRadioLabelsPadded(page, 'regional-claim-choose');
  await page.goto('/#/postfach/formulare/bankverbindung');
  await expectRadioLabelsPadded(page, 'regional-bank-data');
});
