import { expect, test } from './helpers/portal-clock';
import { crawlAsEach } from './helpers/crawl';
import { loginPersonas, personas, submitLogin } from './helpers/login';
import { expectOwnVoice } from './helpers/tenant-voice';

/**
 * No link leads nowhere (decision 0019), regional tenant: for anna, bernd and otto every link of every screen opens
 * a real screen; clara (Pensionskasse only) cannot log in here. The test names no screen as missing: which screens
 * exist is the route registry's business (web/src/config/paths.ts `screenRouteKeys`). axe checks the first screen of
 * each route. On the same walk every screen is checked to name the regional fund only (decision 0046,
 * tests/e2e/helpers/tenant-voice.ts; the public screens: tenant-voice.regional.spec.ts).
 */

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('every link of every screen leads to a screen that names the regional fund only, for anna, bernd and otto; clara has no access (regional tenant)', async ({ page }) => {
  // clara has only a Pensionskasse contract, which the regional tenant (Vorsorgekasse only) does not know.
  await page.goto('/#/login');
  await submitLogin(page, personas.clara.email);
  await expect(page.getByRole('alert')).toHaveText('Für Sie besteht derzeit kein gültiger Vertrag. Eine Anmeldung ist daher nicht möglich.');

  await crawlAsEach(
    page,
    [
      ['anna', personas.anna.email],
      ['bernd', personas.bernd.email],
      ['otto', loginPersonas.otto],
    ],
    expectOwnVoice,
  );
});
