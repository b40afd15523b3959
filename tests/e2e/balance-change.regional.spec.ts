import { expect, test } from './helpers/portal-clock';
import { expectWaterfallLayout, expectWaterfallsAddUp } from './helpers/balance-change';
import { logIn, personas } from './helpers/login';

/** "Warum sich Ihr Guthaben verändert hat" on the regional tenant (decision 0049). */

test("bernd's waterfall adds up to his closing balance for every Stichtag on the regional tenant", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, personas.bernd.email);
  expect(await expectWaterfallsAddUp(page, '/kontoinformation/vorsorgekasse')).toBeGreaterThan(1);
  await expectWaterfallLayout(page, '/kontoinformation/vorsorgekasse', 'waterfall-vk-regional');
});
