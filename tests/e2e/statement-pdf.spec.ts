import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { PDFParse } from 'pdf-parse';
import { logIn, personas } from './helpers/login';

/**
 * Screen and PDF agree: every figure of a statement screen appears in the statement PDF with the
 * same sign (costs and other deductions with a minus on both), and a beneficiary already drawing her pension sees
 * no projected yearly pension on either.
 */

async function pdfText(bytes: Uint8Array): Promise<string> {
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text.replace(/[\u00A0\s]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

/** Label and amount of every row of the panel's statement tables (not the history table), whitespace folded. */
async function statementFigures(panel: Locator): Promise<Array<[string, string]>> {
  return panel
    .locator('table.amount-table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => {
        const fold = (text: string | null | undefined) => (text ?? '').replace(/[\u00A0\s]+/g, ' ').trim();
        return [fold(row.querySelector('th')?.textContent), fold(row.querySelector('td')?.textContent)] as [string, string];
      }),
    )
    .then((rows) => rows.filter(([label]) => !/^\d{2}\.\d{2}\.\d{4}$/.test(label))); // the history table's rows are years
}

/** The PDF behind the panel's "… herunterladen (PDF)" link, as folded text. */
async function statementPdf(page: Page, panel: Locator): Promise<string> {
  const href = await panel.getByRole('link', { name: /herunterladen \(PDF\)/ }).getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  return pdfText(new Uint8Array(await response.body()));
}

/** Whether `text` holds `figure` as a whole amount (not as the tail of `-figure` or of a longer number). */
function holdsFigure(text: string, figure: string): boolean {
  const escaped = figure.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|[^-\\d.,])${escaped}(?![\\d])`).test(text);
}

async function expectScreenMatchesPdf(page: Page, panel: Locator, who: string): Promise<Array<[string, string]>> {
  const figures = await statementFigures(panel);
  expect(figures.length, who).toBeGreaterThan(5);
  const pdf = await statementPdf(page, panel);
  for (const [label, figure] of figures) {
    expect(holdsFigure(pdf, figure), `${who}: ${label} ${figure} in the PDF`).toBe(true);
  }
  return figures;
}

test("every figure of anna's Pensionskasse and Vorsorgekasse statement screens is in the PDF, deductions with a minus", async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const pk = page.getByRole('region', { name: /^Vertrag / }).first();
  await expect(pk.getByRole('table').first()).toBeVisible();
  const pkFigures = await expectScreenMatchesPdf(page, pk, 'anna PK');
  const costs = pkFigures.find(([label]) => label === 'Verwaltungskosten');
  expect(costs?.[1], 'costs are shown as a deduction').toMatch(/^(-\d|0,00)/);
  expect(pkFigures.map(([label]) => label)).toContain('Voraussichtliche Jahrespension (brutto, 14 Auszahlungen)');
  // The role follows the member's gender.
  await expect(pk.getByRole('definition').filter({ hasText: /berechtigte/ })).toHaveText('Anwartschaftsberechtigte');

  await page.goto('/#/kontoinformation/vorsorgekasse');
  const vk = page.getByRole('region', { name: /^Konto / }).first();
  await expect(vk.getByRole('table').first()).toBeVisible();
  const vkFigures = await expectScreenMatchesPdf(page, vk, 'anna VK');
  for (const label of ['Verwaltungskosten', 'Einhebungsvergütung des Sozialversicherungsträgers']) {
    expect(vkFigures.find(([row]) => row === label)?.[1], label).toMatch(/^(-\d|0,00)/);
  }
});

test('clara, drawing her pension, sees no projected yearly pension on the screen or in the PDF', async ({ page }) => {
  await logIn(page, personas.clara.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const pk = page.getByRole('region', { name: /^Vertrag / }).first();
  await expect(pk.getByRole('table').first()).toBeVisible();
  const figures = await expectScreenMatchesPdf(page, pk, 'clara PK');
  expect(figures.map(([label]) => label).join('|')).not.toContain('Voraussichtliche Jahrespension');
  expect(await pk.textContent()).not.toContain('Voraussichtliche Jahrespension');
  expect(await statementPdf(page, pk)).not.toMatch(/voraussichtliche Jahrespension/i);
  await expect(pk.getByRole('definition').filter({ hasText: /berechtigte/ })).toHaveText('Leistungsberechtigte');
  const payments = figures.find(([label]) => label === 'Pensionszahlungen');
  expect(payments?.[1], 'pension payments are a deduction from the capital').toMatch(/^-\d/);
});
