import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * Investment information (spec 001 section 2 "Investment") in the browser, against the main-tenant test server: the
 * member's VRG with its yearly performance (chart and table), the asset allocation and the report; the
 * Vorsorgekasse's results and management fee; and the same message for a VRG the member does not belong to as for
 * one that does not exist. Figures are compared with the stored rows, formatted here independently of the app.
 */

function readSeedDb<T>(sql: string, ...params: unknown[]): T[] {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** Basis points → `5,23 %` (no-break space), by integer arithmetic. */
function percentOfBp(bp: number): string {
  const abs = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}\u00A0%`;
}

/** `42,92 %` → 4292 (basis points). */
function bpOfText(text: string): number {
  const match = /^(-?)(\d+),(\d{2})\s%$/.exec(text.trim());
  if (!match) throw new Error(`not a percentage: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** The body rows of a table as arrays of cell texts (row header first). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

const ANNA_VRG = () =>
  readSeedDb<{ vrg: number; name: string }>(
    `select c.vrg as vrg, v.name as name from pk_contracts c join persons p on p.id = c.person_id join vrgs v on v.number = c.vrg where p.email = ?`,
    personas.anna.email,
  );

test("anna's VRG: the performance table shows the stored figures of every year, the allocation adds up to 100 %, with chart and report", async ({ page }) => {
  const [own] = ANNA_VRG();
  expect(own).toBeDefined();
  const performance = readSeedDb<{ year: number; return_bp: number; volatility_bp: number | null; fluctuation_reserve_bp: number }>(
    'select year, return_bp, volatility_bp, fluctuation_reserve_bp from vrg_performance where vrg = ? order by year desc',
    own!.vrg,
  );
  expect(performance.length).toBeGreaterThan(5);

  await logIn(page, personas.anna.email);
  await page.goto('/#/veranlagung/pensionskasse');
  await expect(page.getByRole('heading', { level: 1, name: 'Veranlagung Pensionskasse' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: own!.name })).toBeVisible();

  const rows = await tableRows(page, 'Wertentwicklung pro Jahr');
  expect(rows).toEqual(
    performance.map((p) => [
      String(p.year),
      percentOfBp(p.return_bp),
      p.volatility_bp === null ? 'nicht bekannt' : percentOfBp(p.volatility_bp),
      percentOfBp(p.fluctuation_reserve_bp),
    ]),
  );
  const latest = performance[0]!;
  await expect(page.getByText(`Ertrag ${latest.year} nach Kosten`)).toBeVisible();

  // The chart is one named image; its figures are the table's.
  const chart = page.getByRole('img', { name: new RegExp(`^Ertrag pro Jahr nach Kosten, ${performance.at(-1)!.year} bis ${latest.year}`) });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect')).toHaveCount(performance.length);

  const allocationYear = readSeedDb<{ year: number }>('select max(year) as year from vrg_allocations where vrg = ?', own!.vrg)[0]!.year;
  const allocation = await tableRows(page, `Aufteilung des Vermögens zum 31.12.${allocationYear}`);
  const classes = allocation.slice(0, -1);
  expect(classes.map((r) => r[0])).toEqual(['Aktien', 'Anleihen', 'Immobilien', 'Liquide Mittel', 'Alternative Veranlagungen']);
  expect(classes.reduce((sum, r) => sum + bpOfText(r[1]!), 0)).toBe(10_000);
  expect(allocation.at(-1)?.slice(0, 2)).toEqual(['Summe', '100,00\u00A0%']);

  const report = readSeedDb<{ title: string }>('select title from vrg_reports where vrg = ? order by year desc limit 1', own!.vrg)[0]!;
  await expect(page.getByRole('heading', { level: 4, name: report.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'pension fund investment');

  // The same VRG under its own address.
  await page.goto(`/#/veranlagung/pensionskasse/vrg${own!.vrg}`);
  await expect(page.getByRole('heading', { level: 2, name: own!.name })).toBeVisible();
  expect(await tableRows(page, 'Wertentwicklung pro Jahr')).toEqual(rows);
  await expectNoSeriousA11yViolations(page, 'pension fund investment of one VRG');
});

test('a VRG the member does not belong to shows the same message as one that does not exist, without its name', async ({ page }) => {
  const [own] = ANNA_VRG();
  const foreign = readSeedDb<{ number: number; name: string }>('select number, name from vrgs where number <> ? order by number limit 1', own!.vrg)[0];
  expect(foreign, 'the seed has a second VRG').toBeDefined();
  expect(readSeedDb('select number from vrgs where number = 99')).toHaveLength(0);

  await logIn(page, personas.anna.email);
  const messages: string[] = [];
  for (const segment of [`vrg${foreign!.number}`, 'vrg99', 'vrgxyz']) {
    await page.goto(`/#/veranlagung/pensionskasse/${segment}`);
    const notice = page.getByRole('status').filter({ hasText: 'Keine Veranlagungsinformationen verfügbar' });
    await expect(notice).toBeVisible();
    messages.push(await page.locator('main').innerText());
    await expect(page.getByText(foreign!.name)).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  expect(new Set(messages).size).toBe(1);
  await expectNoSeriousA11yViolations(page, 'foreign VRG');
  await page.getByRole('link', { name: 'Zur Veranlagung Ihrer Verträge' }).click();
  await expect(page).toHaveURL(/#\/veranlagung\/pensionskasse$/);
});

test('the Vorsorgekasse page shows the management fee of 0,70 % a year and the stored result of every year', async ({ page }) => {
  const results = readSeedDb<{ year: number; return_bp: number; management_fee_bp: number }>(
    'select year, return_bp, management_fee_bp from vk_investment_results order by year desc',
  );
  expect(results[0]?.management_fee_bp).toBe(70);

  await logIn(page, personas.anna.email);
  await page.goto('/#/veranlagung/vorsorgekasse');
  await expect(page.getByRole('heading', { level: 1, name: 'Veranlagung Vorsorgekasse' })).toBeVisible();
  const fee = page.locator('.description-list__row').filter({ hasText: 'Verwaltungskosten (aktuell)' });
  await expect(fee.locator('dd')).toHaveText('0,70\u00A0% pro Jahr');
  const rows = await tableRows(page, 'Veranlagungsergebnis und Verwaltungskosten pro Jahr');
  expect(rows).toEqual(results.map((r) => [String(r.year), percentOfBp(r.return_bp), percentOfBp(r.management_fee_bp)]));
  await expect(page.getByRole('img', { name: /^Veranlagungsergebnis pro Jahr, \d{4} bis \d{4}/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'severance fund investment');
});

test('bernd, without a Pensionskasse contract, sees an empty state instead of investment figures', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/veranlagung/pensionskasse');
  await expect(page.getByText('Sie haben keinen Vertrag bei der Pensionskasse')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'pension fund investment without contract');
});
