import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, logIn, personas } from './helpers/login';
import { removeClaimsOf } from './helpers/member-db';

/**
 * After a claim the dashboard lets that account be (spec 001 sections 2 and 5; server/modules/claims/claims.graphql
 * `SeveranceAccount.pendingRequest`): bernd, whose dormant account has a payout-able entitlement, sees the decision
 * countdown and the merge link for it, files a payout by cash order (Postanweisung), reads on the confirmation that a
 * cash order may take up to 10 working days longer (the sentence of the confirmation PDF), and back on the dashboard
 * neither the countdown nor the merge link is there any more.
 */

/** A 1×1 PNG as the identity document. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(() => removeClaimsOf(personas.bernd.email));
test.afterEach(() => removeClaimsOf(personas.bernd.email));

test('bernd files a cash-order payout: the confirmation names the 10 extra working days; countdown and merge link are gone for the account', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  const deadline = page.getByRole('region', { name: 'Ihre Entscheidung über die Abfertigung' });
  const mergeLink = page.getByRole('link', { name: 'Beitragsfreies Konto zusammenlegen' });
  await expect(deadline).toContainText('Frist von 6 Monaten');
  await expect(mergeLink).toHaveCount(1);

  await deadline.getByRole('link', { name: 'Abfertigung geltend machen' }).click();
  await page.getByRole('radio', { name: 'Auszahlen lassen' }).check();
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/gm\/daten$/);
  await page.getByRole('radio', { name: 'Postanweisung' }).check();
  await page.getByRole('textbox', { name: 'Straße und Hausnummer' }).fill('Landstraßer Hauptstraße 12');
  await page.getByRole('textbox', { name: 'Postleitzahl' }).fill('1030');
  await page.getByRole('textbox', { name: 'Ort', exact: true }).fill('Wien');
  await page.getByLabel(/Amtlicher Lichtbildausweis/).setInputFiles({ name: 'reisepass.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('link', { name: 'reisepass.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Weiter' }).click();

  await expect(page).toHaveURL(/#\/gm\/bestaetigen$/);
  await page.getByRole('button', { name: 'Stattdessen Namen eintippen' }).click();
  await page.getByLabel('Ihr vollständiger Name als Unterschrift').fill('Bernd Vorsorge');
  await page.getByRole('checkbox', { name: /Ich bestätige/ }).check();
  await page.getByLabel('Ihr aktuelles Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Antrag senden' }).click();

  await expect(page).toHaveURL(/#\/gm\/erfolg$/);
  await expect(page.getByRole('heading', { name: 'Ihr Antrag ist eingelangt' })).toBeVisible();
  await expect(page.getByText('Eine Postanweisung kann bis zu 10 Arbeitstage länger dauern.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'cash-order claim confirmation');
  await page.screenshot({ path: test.info().outputPath('claim-cash-order-confirmation-1280.png'), fullPage: true });

  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' })).toContainText('Status: Neu');
  await expect(deadline).toHaveCount(0);
  await expect(mergeLink).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('claim-cash-order-dashboard-1280.png'), fullPage: true });
});
