import { join } from 'node:path';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { loginPersonas, submitLogin } from './helpers/login';

/**
 * The mailbox type in the browser (decision 0022): emil chooses the duty of Donau Logistik AG at login and his inbox
 * shows that customer's conversation; choosing his own portal the next time, it does not.
 */
test('emil acting for Donau Logistik AG sees that customer’s messages; in his own portal he does not', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/login');
  await submitLogin(page, loginPersonas.emil);
  const dialog = page.getByRole('dialog', { name: 'Postfach auswählen' });
  await dialog.getByRole('radio', { name: /Donau Logistik AG/ }).check();
  await dialog.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);

  await page.goto('/#/postfach/posteingang');
  const item = page.locator('.message-item').filter({ hasText: 'AW: Beitragsmeldung Donau Logistik AG' });
  await expect(item).toHaveCount(1);
  await expect(page.locator('.message-item')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'customer inbox');
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'inbox-asp-1280.png'), fullPage: true });
  await page.getByRole('link', { name: 'Gesendet', exact: true }).click();
  await expect(page.locator('.message-item').filter({ hasText: 'Beitragsmeldung Donau Logistik AG' })).toHaveCount(1);

  await page.context().clearCookies();
  await page.goto('/#/login');
  await submitLogin(page, loginPersonas.emil);
  await page.getByRole('dialog', { name: 'Postfach auswählen' }).getByRole('radio', { name: 'Mein persönliches Portal' }).check();
  await page.getByRole('dialog', { name: 'Postfach auswählen' }).getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await page.goto('/#/postfach/posteingang');
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach' })).toBeVisible();
  await expect(page.getByText('Sie haben keine ungelesenen Nachrichten.')).toBeVisible();
  await expect(page.locator('.message-item').filter({ hasText: 'Beitragsmeldung' })).toHaveCount(0);
});
