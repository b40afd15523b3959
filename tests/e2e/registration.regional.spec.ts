import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';

/**
 * The regional tenant offers the registration and password screens too (spec 000 section 2, "Routes, regional
 * tenant"): they open in its own layout, check the fields with the same rules, and answer from its server.
 */

test('the regional tenant shows the registration with its layout, the shared field checks and the server answers', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('navigation', { name: 'Hilfe zur Anmeldung' }).getByRole('link', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/#\/registration$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung für das Mitgliederportal' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Niederösterreichische Vorsorgekasse');
  await expectNoSeriousA11yViolations(page, 'regional registration');

  await page.getByLabel('Sozialversicherungsnummer').fill('2237010180');
  await page.getByRole('button', { name: 'Weiter' }).click();
  const svnr = page.getByLabel('Sozialversicherungsnummer');
  await expect(svnr).toHaveAttribute('aria-invalid', 'true');
  await expect(svnr).toHaveAccessibleDescription(/Prüfziffer \(4\. Stelle\) passt nicht/);

  // Password lost answers from the regional server: the number is unknown there.
  await page.goto('/#/pwdLost');
  await page.getByLabel('Sozialversicherungsnummer').fill('1237010180');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('niemand@example.at');
  await page.getByLabel('Nachname').fill('Niemand');
  await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und stimme ihnen zu.').check();
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByLabel('Sozialversicherungsnummer')).toHaveAccessibleDescription(/Zu diesen Angaben finden wir keine Person\./);
  await expectNoSeriousA11yViolations(page, 'regional password lost');
});
