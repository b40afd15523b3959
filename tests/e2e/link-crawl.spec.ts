import { expect, test } from './helpers/portal-clock';
import { crawlAsEach } from './helpers/crawl';
import { boardPersonas, loginPersonas, logIn, personas } from './helpers/login';

/**
 * No link leads nowhere (decision 0019): for anna (both funds), bernd (Vorsorgekasse only), clara (Pensionskasse
 * beneficiary), otto (contact person without own contract) and sonja (supervisory-board member without own
 * contract, decision 0026), every link of every screen of the main tenant opens a
 * real screen. The test names no screen as missing: which screens exist is the route registry's business
 * (web/src/config/paths.ts `screenRouteKeys`). axe checks the first screen of each route.
 */

test.describe.configure({ timeout: 300_000 });

test('every link of every screen leads to a screen for anna, bernd, clara, otto and sonja (main tenant)', async ({ page }) => {
  await crawlAsEach(page, [
    ['anna', personas.anna.email],
    ['bernd', personas.bernd.email],
    ['clara', personas.clara.email],
    ['otto', loginPersonas.otto],
    ['sonja', boardPersonas.sonja],
  ]);
});

test('a logged-in member who opens an unknown address keeps the member layout; a visitor the public one', async ({ page }) => {
  await page.goto('/#/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toBeVisible();

  await logIn(page, personas.anna.email);
  await page.goto('/#/gibt-es-nicht');
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});
