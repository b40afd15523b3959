import { expect, test } from './helpers/portal-clock';
import { expectOwnVoice } from './helpers/tenant-voice';

/**
 * The regional tenant speaks as itself (decision 0046): no screen of the regional portal, public or behind the
 * login, names the main group or links to its website. The public screens are checked here; every screen behind the
 * login is checked on the walk of link-crawl.regional.spec.ts, for anna, bernd and otto (one walk over the screens
 * for both checks). The mails and PDF letters are scanned by tests/api/tenant-voice.test.ts.
 */

test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('public screens and the terms name the regional fund only', async ({ page }) => {
  for (const href of ['#/login', '#/registration', '#/pwdLost', '#/orderRegistrationCode', '#/nutzung', '#/barrierefreiheit']) {
    await page.goto(`/${href}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectOwnVoice(page, href);
  }
  await page.goto('/#/login');
  const legal = page.getByRole('navigation', { name: 'Rechtliches und Service' });
  await expect(legal.getByRole('link', { name: 'Impressum', exact: true })).toHaveAttribute('href', /^https:\/\/www\.noevk\.at\//);
  await expect(legal.getByRole('link', { name: 'Datenschutz', exact: true })).toHaveAttribute('href', /^https:\/\/www\.noevk\.at\//);
});
