import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';

/** `-1.234,56 €` (with a normal or no-break space) → integer cents. */
export function parseMoney(text: string): number {
  const m = /^(-?)([\d.]+),(\d{2})\s€$/.exec(text.replace(/\u00A0/g, ' ').trim());
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]!.replace(/\./g, '')) * 100 + Number(m[3]));
}

const toIso = (date: string) => date.split('.').reverse().join('-');

/**
 * For every Stichtag of every account on the account information page at `basePath` (read from each account's
 * history table, as the select offers them): the "Warum sich Ihr Guthaben verändert hat" table's last row is the
 * closing balance the page shows for that Stichtag in the history table, its first row the balance of the Stichtag
 * before (0 for the first), and the steps between add up to closing − opening to the cent (decision 0049).
 * Answers the number of Stichtage checked.
 */
export async function expectWaterfallsAddUp(page: Page, basePath: string): Promise<number> {
  await page.goto(`/#${basePath}`);
  const panels = page.locator('section.account-panel');
  await expect(panels.first()).toBeVisible();
  const histories: Map<string, number>[] = [];
  for (const panel of await panels.all()) {
    const rows = await panel
      .locator('.history-chart table tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
    histories.push(new Map(rows.map(([date, amount]) => [toIso(date!), parseMoney(amount!)])));
  }
  const stichtage = [...new Set(histories.flatMap((h) => [...h.keys()]))].sort();
  expect(stichtage.length).toBeGreaterThan(1);
  let checked = 0;
  for (const stichtag of stichtage) {
    await page.goto(`/#${basePath}/${stichtag}`);
    for (const [index, history] of histories.entries()) {
      const closing = history.get(stichtag);
      if (closing === undefined) continue;
      const earlier = [...history.keys()].filter((d) => d < stichtag).sort();
      const opening = earlier.length ? history.get(earlier.at(-1)!)! : 0;
      const table = panels.nth(index).getByRole('table', { name: /Warum sich Ihr Guthaben vom/ });
      await expect(table).toBeVisible();
      await expect(table.getByRole('caption')).toContainText(stichtag.split('-').reverse().join('.'));
      const amounts = (await table.locator('tbody td.amount-table__amount').allTextContents()).map(parseMoney);
      expect(amounts[0], `opening on ${stichtag}`).toBe(opening);
      expect(amounts.at(-1), `closing on ${stichtag}`).toBe(closing);
      const steps = amounts.slice(1, -1);
      expect(
        steps.reduce((sum, x) => sum + x, 0),
        `steps on ${stichtag}`,
      ).toBe(closing - opening);
      const sentences = await table.locator('tbody td.balance-waterfall__sentence').allTextContents();
      expect(sentences.length).toBe(amounts.length);
      for (const sentence of sentences) expect(sentence).toMatch(/^\S.*[.]$/);
      checked++;
    }
  }
  return checked;
}

/** At 1280 and 390 px: no horizontal overflow, axe clean on the waterfall, a screenshot when E2E_SHOTS is a folder. */
export async function expectWaterfallLayout(page: Page, path: string, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.goto(`/#${path}`);
    const section = page.getByTestId('balance-waterfall').first();
    await expect(section).toBeVisible();
    await expect(section.locator('svg')).toHaveAttribute('aria-hidden', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, `${name} at ${width} px`);
    if (process.env.E2E_SHOTS) await section.screenshot({ path: `${process.env.E2E_SHOTS}/${name}-${width}.png` });
  }
}
