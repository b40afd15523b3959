import { expect, test } from './helpers/portal-clock';
import { crawlAsEach } from './helpers/crawl';
import { loginPersonas, personas, submitLogin } from './helpers/login';

/**
 * No link leads nowhere (decision 0019), regional tenant: for anna, bernd and otto every link of every screen opens
 * a real screen; clara (Pensionskasse only) cannot log in here. The test names no screen as missing: which screens
 * exist is the route registry's business (web/src/config/paths.ts `screenRouteKeys`). axe checks the first screen of
 * each route.
 */

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('every link of every screen leads to a screen for anna, bernd and otto; clara has no access (regional tenant)', async ({ page }) => {
  // clara has only a Pensionskasse contract, which the regional tenant (Vorsorgekasse only) does not know.
  await page.goto('/#/login');
  await submitLogin(page, personas.clara.email);
  await expect(page.getByRole('alert')).toHaveText('Für Sie besteht derzeit kein gültiger Vertrag. Eine Anmeldung ist daher nicht möglich.');

  await crawlAsEach(page, [
    ['anna', personas.anna.email],
    ['bernd', personas.bernd.email],
    ['otto', loginPersonas.otto],
  ]);
});
