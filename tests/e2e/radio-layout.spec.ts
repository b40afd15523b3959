import type { Page } from '@playwright/test';
import { test } from './helpers/portal-clock';
import { logIn, loginPersonas, personas, submitLogin } from './helpers/login';
import { expectModalDialog } from './helpers/modal';
import { expectRadioLabelsPadded } from './helpers/radio-layout';

/**
 * Radio labels keep their padding at 390 px (the shared ChoiceGroup, web/src/components/ui/choice-group.tsx): on
 * every screen with radio buttons, each line of each label's text starts right of its radio with room between them
 * and ends inside the label's box with its right padding (line boxes from Range.getClientRects, so a word that wraps
 * under the radio or runs out of the box is caught). Main tenant; the regional tenant uses the same component on its
 * claim screen (radio-layout.regional.spec.ts).
 */

const check = (page: Page, screen: string) => expectRadioLabelsPadded(page, screen);

test.use({ viewport: { width: 390, height: 844 } });

test('public screens: registration code kind and the public merge keep the radio labels padded at 390 px', async ({ page }) => {
  await page.goto('/#/orderRegistrationCode');
  await check(page, 'order-code');
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  await check(page, 'public-merge');
});

test('anna’s forms and own contributions keep the radio labels padded at 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, personas.anna.email);
  for (const slug of ['bankverbindung', 'pensionsabruf', 'unverfallbarkeitsbetrag', 'austrittsantrag', 'beschaeftigungserklaerung', 'funktionserklaerung', 'wechselerklaerung']) {
    await page.goto(`/#/postfach/formulare/${slug}`);
    await check(page, `forms-${slug}`);
  }
  await page.goto('/#/postfach/formulare/unverfallbarkeitsbetrag');
  await page.getByRole('group', { name: 'Ihre Entscheidung' }).getByLabel('Übertragen').check();
  await check(page, 'forms-vested-transfer');
  await page.goto('/#/eigenbeitraege/zahlungsart');
  await check(page, 'own-contributions-type');
});

test('bernd’s claim and merge keep the radio labels padded at 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, personas.bernd.email);
  await page.goto('/#/gm');
  await check(page, 'claim-choose');
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen');
  await check(page, 'merge');
});

test('the login-time dialogs keep the radio labels padded at 390 px (nothing is answered)', async ({ page }) => {
  const dialogs = [
    [loginPersonas.emil, 'Postfach auswählen', null],
    [loginPersonas.frieda, 'Zustellung der jährlichen Kontoinformation', 'Ihre jährliche Kontoinformation'],
    [loginPersonas.ines, 'Newsletter', null],
  ] as const;
  for (const [email, title, before] of dialogs) {
    await page.context().clearCookies();
    await page.goto('about:blank');
    await page.goto('/#/login');
    await submitLogin(page, email);
    if (before) await (await expectModalDialog(page, before)).getByRole('button', { name: 'Weiter' }).click();
    await expectModalDialog(page, title);
    await check(page, `dialog-${email.split('@')[0]}`);
  }
});
