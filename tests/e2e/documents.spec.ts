import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { pdfText } from '../helpers/pdf';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * The documents archive (spec 001 section 2 "Documents") in the browser, against the main-tenant test server: the
 * overview with a heading per category, unread markers as text, download links that name what they download, the
 * PDF itself, and the empty state of a category without documents.
 */

const AMOUNT = /-?\d{1,3}(?:\.\d{3})*,\d{2}/;

/** The documents of one category as the API answers them to the logged-in browser (newest first). */
async function apiDocuments(page: Page, category: string): Promise<{ title: string; documentDate: string; unread: boolean }[]> {
  const res = await page.request.post('/graphql', {
    headers: { 'X-Application-Version': 'Portal' },
    data: { query: `query { me { documents(category: ${category}, first: 200) { nodes { title documentDate unread } } } }` },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { me: { documents: { nodes: { title: string; documentDate: string; unread: boolean }[] } } } };
  return body.data.me.documents.nodes;
}

function section(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

test("anna downloads last year's Vorsorgekasse statement: the PDF names the total entitlement the account information shows, and the new marker goes", async ({ page }) => {
  await logIn(page, personas.anna.email);

  // The total entitlement at 31.12.2025 as the account-information screen shows it.
  await page.goto('/#/kontoinformation/vorsorgekasse/2025-12-31');
  const balances = page.getByRole('table', { name: 'Stand zum 31.12.2025' });
  const entitlementRow = balances.getByRole('row').filter({ hasText: 'Gesamtanspruch' });
  await expect(entitlementRow).toHaveCount(1);
  const shown = (await entitlementRow.getByRole('cell').innerText()).trim();
  const shownAmount = AMOUNT.exec(shown)?.[0];
  expect(shownAmount, `amount in "${shown}"`).toBeDefined();

  // Opened without `lng`, the download links carry none; opened with `?lng=de`, they carry it (spec 000 section 1).
  await page.goto('/#/dokumente');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\(PDF-Datei herunterladen\)$/ }).first()).toHaveAttribute('href', /^\/webportal\/download\?id=\d+$/);
  // The overview asks once (every category's newest documents in one query); marking read updates the cache, no refetch.
  const overviewRequests: string[] = [];
  page.on('request', (request) => {
    if (request.postData()?.includes('"operationName":"DocumentsOverview_Query"')) overviewRequests.push(request.url());
  });
  await page.goto('/?lng=de#/dokumente');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
  await expect(page.getByText('Sie haben 2 neue Dokumente.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'documents overview');

  const vk = section(page, 'Kontonachrichten Vorsorgekasse');
  const row = vk.getByRole('row').filter({ hasText: 'Kontonachricht zum 31.12.2025' });
  await expect(row.getByRole('cell').first()).toHaveText('31.12.2025');
  await expect(row.getByText('neu', { exact: true })).toBeVisible();
  const link = row.getByRole('link', { name: 'Kontonachricht zum 31.12.2025 (PDF-Datei herunterladen)' });
  await expect(link).toHaveAttribute('href', /^\/webportal\/download\?id=\d+&lng=de$/);
  await expect(row).toContainText('PDF-Datei · Kontonachricht_2025.pdf');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Kontonachricht_2025.pdf');
  const file = await download.path();
  const bytes = new Uint8Array(await readFile(file));
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain('Kontonachricht zum 31.12.2025');
  const line = text.split('\n').find((l) => l.startsWith('Gesamtanspruch'));
  expect(line, 'the PDF has a Gesamtanspruch line').toBeDefined();
  expect(AMOUNT.exec(line ?? '')?.[0]).toBe(shownAmount);

  // The marker goes at once (markDocumentRead) and stays gone after a reload (the server marked it read too).
  await expect(row.getByText('neu', { exact: true })).toHaveCount(0);
  await expect(row.getByText('gelesen', { exact: true })).toBeVisible();
  await expect(page.getByText('Sie haben 1 neues Dokument.')).toBeVisible();
  expect(overviewRequests).toHaveLength(1);
  await page.reload();
  const again = section(page, 'Kontonachrichten Vorsorgekasse').getByRole('row').filter({ hasText: 'Kontonachricht zum 31.12.2025' });
  await expect(again.getByText('gelesen', { exact: true })).toBeVisible();
  await expect(again.getByText('neu', { exact: true })).toHaveCount(0);
  const vkNav = page.getByRole('navigation', { name: 'Dokumentkategorien' }).getByRole('link', { name: /Kontonachrichten Vorsorgekasse/ });
  await expect(vkNav).not.toContainText('neu');
  expect((await apiDocuments(page, 'VK_ACCOUNT_STATEMENT')).find((d) => d.documentDate === '2025-12-31')?.unread).toBe(false);
});

test('the overview has a heading per category, documents newest first with dates as DD.MM.YYYY, and an empty state for a category without documents', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/dokumente');
  for (const name of [
    'Bestätigungen für das Finanzamt',
    'Leistungsnachweise',
    'Kontonachrichten Vorsorgekasse',
    'Pensionsauszahlungen',
    'Informationen zum Pensionskassenmodell',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  }
  // Payroll accounts appear only where such documents exist; anna has none: no heading, no navigation entry.
  await expect(page.getByRole('heading', { level: 2, name: 'Lohnkonten' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Dokumentkategorien' }).getByRole('link', { name: /Lohnkonten/ })).toHaveCount(0);
  // anna draws no pension: that category says so instead of staying blank.
  const payments = section(page, 'Pensionsauszahlungen');
  await expect(payments).toContainText('keine Dokumente');
  await expect(payments).toContainText('Es liegen keine Aufstellungen über Pensionsauszahlungen vor.');
  await expect(payments.getByRole('table')).toHaveCount(0);

  const expected = await apiDocuments(page, 'PERFORMANCE_STATEMENT');
  const performance = section(page, 'Leistungsnachweise');
  await expect(performance).toContainText(`${expected.length} Dokumente`);
  const dates = await performance.locator('tbody tr td:first-child').allInnerTexts();
  expect(dates).toEqual(expected.slice(0, 5).map((d) => d.documentDate.split('-').reverse().join('.')));
  await expect(performance.getByRole('link', { name: `Leistungsnachweise: alle ${expected.length} Dokumente anzeigen` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'documents overview');
});

test('a category page lists all its documents, marks the current category, and an unknown category says so', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/dokumente');
  await page.getByRole('link', { name: 'Leistungsnachweise: alle', exact: false }).click();
  await expect(page).toHaveURL(/#\/dokumente\/leistungsnachweise$/);
  const expected = await apiDocuments(page, 'PERFORMANCE_STATEMENT');
  const performance = section(page, 'Leistungsnachweise');
  await expect(performance.getByRole('row')).toHaveCount(expected.length + 1);
  const titles = await performance.locator('tbody tr a').evaluateAll((links) => links.map((a) => a.firstChild?.textContent ?? ''));
  expect(titles).toEqual(expected.map((d) => d.title));
  await expect(page.getByRole('navigation', { name: 'Dokumentkategorien' }).getByRole('link', { name: /^Leistungsnachweise/ })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/Dokumente: Leistungsnachweise/);
  await expectNoSeriousA11yViolations(page, 'documents category');

  // A long table keeps its header in view (spec 000: sticky tables, threshold 10 px); at the top it is not "stuck".
  await page.setViewportSize({ width: 390, height: 600 });
  const table = performance.getByRole('table');
  const header = table.getByRole('columnheader').first();
  await expect(table).not.toHaveAttribute('data-stuck');
  const tableTop = await table.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y), tableTop + 5);
  await expect(table, 'within the 10 px threshold').not.toHaveAttribute('data-stuck');
  await page.evaluate((y) => window.scrollTo(0, y), tableTop + 200);
  await expect(table).toHaveAttribute('data-stuck', 'true');
  await expect.poll(async () => Math.round((await header.boundingBox())!.y)).toBe(0);
  await expect(header).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.goto('/#/dokumente/gibt-es-nicht');
  await expect(page.getByText('Diese Dokumentkategorie gibt es nicht.')).toBeVisible();
  await page.getByRole('link', { name: 'Zur Übersicht der Dokumente' }).click();
  await expect(page).toHaveURL(/#\/dokumente$/);
  await expectNoSeriousA11yViolations(page, 'documents unknown category');
});

test('bernd, with a Vorsorgekasse account only, sees empty states for the Pensionskasse categories', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/dokumente');
  await expect(section(page, 'Leistungsnachweise')).toContainText('Es liegen keine Leistungsnachweise vor.');
  await expect(section(page, 'Bestätigungen für das Finanzamt')).toContainText('Es liegen keine Bestätigungen über Eigenbeiträge vor.');
  const expected = await apiDocuments(page, 'VK_ACCOUNT_STATEMENT');
  expect(expected.length).toBeGreaterThan(0);
  await expect(section(page, 'Kontonachrichten Vorsorgekasse').getByRole('row')).toHaveCount(Math.min(expected.length, 5) + 1);
  await expectNoSeriousA11yViolations(page, 'documents of a Vorsorgekasse-only member');
});

test('the main navigation leads to the documents and the investment information', async ({ page }) => {
  await logIn(page, personas.anna.email);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await nav.getByRole('link', { name: 'Dokumente', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dokumente', exact: true })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Veranlagung', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Veranlagung Pensionskasse' })).toBeVisible();
});
