import { expect, test } from './helpers/portal-clock';
import { expectWaterfallLayout, expectWaterfallsAddUp } from './helpers/balance-change';
import { logIn, personas } from './helpers/login';

/** "Warum sich Ihr Guthaben verändert hat" on the main tenant (decision 0049). */

test("bernd's waterfall adds up to his closing balance for every Stichtag of every severance account", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, personas.bernd.email);
  expect(await expectWaterfallsAddUp(page, '/kontoinformation/vorsorgekasse')).toBeGreaterThan(1);
});

test("anna's Pensionskasse page explains the change; chart and table fit 1280 and 390 px and axe is clean", async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const table = page.getByRole('table', { name: /Warum sich Ihr Guthaben vom/ }).first();
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['Schritt', 'Betrag', 'Erklärung']);
  await expect(table.getByRole('rowheader', { name: 'Beiträge Ihres Arbeitgebers' })).toBeVisible();
  await expectWaterfallLayout(page, '/kontoinformation/pensionskasse', 'waterfall-pk');
  await expectWaterfallLayout(page, '/kontoinformation/vorsorgekasse', 'waterfall-vk');
});
