import { readFileSync } from 'node:fs';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, logIn, personas } from './helpers/login';
import { openSettings, section } from './helpers/settings';

/**
 * "Meine Daten herunterladen" in the settings (GDPR Art. 15 and 20; docs/decisions/0052-data-archive.md), main
 * tenant: anna asks for her archive with her password, the background job writes it (woken by the request, so it runs
 * at once), the section shows it ready, and after the password once more the link downloads a ZIP.
 */
test('anna requests her data archive with her password and downloads the ZIP', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const archive = section(page, 'Meine Daten herunterladen');
  await archive.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page, 'settings, data archive');

  await archive.getByLabel('Aktuelles Passwort zur Bestätigung').fill('Falsch#Passwort1');
  await archive.getByRole('button', { name: 'Archiv anfordern' }).click();
  await expect(archive.getByText('Das Passwort ist nicht korrekt.')).toBeVisible();

  await archive.getByLabel('Aktuelles Passwort zur Bestätigung').fill(DEMO_PASSWORD);
  await archive.getByRole('button', { name: 'Archiv anfordern' }).click();
  await expect(archive.getByRole('status')).toHaveText('Wir bereiten Ihr Archiv vor. Sie erhalten eine E-Mail, sobald es bereit ist.');
  await expect(archive.getByText(/^Ihr Archiv ist bereit\. Sie können es bis \d{2}\.\d{2}\.\d{4} herunterladen\.$/)).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page, 'settings, data archive ready');

  await archive.getByLabel('Aktuelles Passwort zur Bestätigung').first().fill(DEMO_PASSWORD);
  await archive.getByRole('button', { name: 'Herunterladen freigeben' }).click();
  const link = archive.getByRole('link', { name: 'ZIP-Archiv herunterladen' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^meine-daten-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await download.path())!);
  // A ZIP: local file header first, the README as its first entry.
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.subarray(30, 40).toString('latin1')).toBe('README.txt');
});
