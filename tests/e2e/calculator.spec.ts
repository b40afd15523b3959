import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { pdfText } from '../helpers/pdf';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * The pension calculator in the browser (decision 0017): anna's prefilled calculator with the total monthly
 * pension and its range, the PDF of webportal/calcprint with the same figures, the German date picker, a field error,
 * clara's and rosa's restrictions, and the calculator-only mode /rechner. Screenshots at 1280 and 390 px go to the
 * test's output folder.
 */

function readSeedDb<T>(sql: string, ...params: unknown[]): T {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

/** Cents as the form shows them: `1234,56`. */
const formCents = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

async function openCalculator(page: Page) {
  await page.goto('/#/vorsorgerechner');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorsorgerechner' })).toBeVisible();
}

async function noWiderThanViewport(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("anna: the dashboard link opens the prefilled calculator; total, range and the PDF's figures agree", async ({ page }) => {
  const latest = readSeedDb<{ e: number; o: number }>(
    `select s.employer_contributions_cents e, s.employee_contributions_cents o from pk_statements s join pk_contracts c on c.id = s.contract_id
     join persons p on p.id = c.person_id where p.email = ? order by s.stichtag desc limit 1`,
    personas.anna.email,
  );
  await logIn(page, personas.anna.email);
  await page.getByRole('link', { name: 'Vorsorgerechner' }).first().click();
  await expect(page).toHaveURL(/#\/vorsorgerechner$/);
  await expect(page.getByText('Ihre Kontodaten haben den Stand 31.12.2025.')).toBeVisible();
  await expect(page.getByLabel('Arbeitgeberbeitrag pro Jahr (€)')).toHaveValue(formCents(latest.e));
  await expect(page.getByLabel('Eigenbeitrag pro Jahr (€)')).toHaveValue(formCents(latest.o));
  await expect(page.getByText('Alter bei Pensionsantritt: 65 Jahre und 0 Monate')).toBeVisible();
  await expect(page.getByText(/öffentlichen Sterbetafel \(Allgemeine Sterbetafel 2010\/2012/)).toBeVisible();
  // The state pension's cap and revaluation as stated assumptions, and the two explanations (decision 0043).
  const assumptions = page.getByRole('region', { name: 'Annahmen' });
  await expect(assumptions).toContainText('höchstens der Höchstbeitragsgrundlage des Jahres (zuletzt bekannt: 6.930,00\u00A0€ im Monat, 97.020,00\u00A0€ im Jahr 2026)');
  await expect(assumptions).toContainText('2026 mit der Aufwertungszahl 1,073, für die Jahre danach nehmen wir Ihre Einkommenssteigerung von 2,00\u00A0% pro Jahr an.');
  await expect(assumptions).toContainText('die Pensionen aus Pensionskasse und Vorsorgekasse fallen hier deshalb etwas zu hoch aus.');
  await expect(assumptions).toContainText('Warum die „Voraussichtliche Jahrespension“ Ihrer Kontonachricht abweicht');
  await expect(assumptions).toContainText(/Kostenbeispiel: .*Vermögensverwaltungskosten der Pensionskasse von 0,65\u00A0% pro Jahr/);

  const bar = page.getByRole('complementary', { name: 'Gesamtpension' });
  await expect(bar).toContainText(/\d,\d\d\u00A0€ pro Monat/);
  await expect(bar).toContainText(/Bandbreite .+ bis .+/);
  const result = page.getByRole('table', { name: /Ihre voraussichtliche Pension/ });
  const totalRow = result.getByRole('row', { name: /Gesamtpension/ });
  const [totalYearly, totalMonthly] = await totalRow.locator('td').allTextContents();
  expect(await bar.textContent()).toContain(totalMonthly!);
  const range = page.getByRole('table', { name: 'Gesamtpension pro Monat je nach Rendite' });
  const rangeAmounts = await range.locator('tbody td').allTextContents();
  expect(rangeAmounts).toHaveLength(3);
  expect(rangeAmounts[1]).toBe(totalMonthly);

  await bar.getByRole('button', { name: /Zum Ergebnis/ }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Ergebnis' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '/vorsorgerechner');
  await page.screenshot({ path: test.info().outputPath('calculator-anna-1280.png'), fullPage: true });

  const download = page.waitForEvent('download');
  const printRequest = page.waitForRequest((request) => request.url().includes('/webportal/calcprint'));
  await page.getByRole('button', { name: 'Berechnung als PDF herunterladen' }).click();
  // Opened without `lng`, the PDF's URL carries none (the rosa test proves it is carried when the page has one).
  expect(new URL((await printRequest).url()).search).toBe('');
  const file = await (await download).path();
  const text = (await pdfText(new Uint8Array(readFileSync(file)))).replace(/\s+/g, ' ');
  const plain = (s: string) => s.replace(/\u00A0/g, ' ');
  expect(text).toContain(plain(totalYearly!));
  expect(text).toContain(plain(totalMonthly!));
  for (const amount of rangeAmounts) expect(text).toContain(plain(amount));
  expect(text).toContain('In welche Richtung die Sterbetafel irrt');
  expect(text).toContain('Warum die „Voraussichtliche Jahrespension“ Ihrer Kontonachricht abweicht');
  for (const row of [/Pensions\u00AD?kassen\u00AD?pension/, /Abfertigungs\u00AD?pension/, /Staatliche Pension/]) {
    const yearly = await result.getByRole('row', { name: row }).locator('td').first().textContent();
    expect(text).toContain(plain(yearly!));
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await noWiderThanViewport(page);
  await page.screenshot({ path: test.info().outputPath('calculator-anna-390.png'), fullPage: true });
});

test('the date picker speaks German (Jänner) and a past retirement date gets its field error', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openCalculator(page);
  await page.getByRole('button', { name: 'Kalender öffnen Pensionsantritt' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Juni 2049' })).toBeVisible();
  for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Zurück' }).click();
  await expect(dialog.getByRole('heading', { name: 'Jänner 2049' })).toBeVisible();
  await expect(dialog.locator('thead th').first()).toHaveText(/^Mo/);
  await expectNoSeriousA11yViolations(page, 'calculator date picker');
  await page.screenshot({ path: test.info().outputPath('calculator-datepicker-1280.png') });
  await dialog.getByRole('button', { name: /(^|\s)1\. Jänner 2049/ }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  await expect(page.getByRole('spinbutton', { name: /Monat, Pensionsantritt/ })).toHaveText('01');
  // End dates that followed the retirement date move with it; the state pension stays at the statutory age.
  await expect(page.getByRole('spinbutton', { name: /Monat, Ende der Eigenbeiträge/ })).toHaveText('01');
  await expect(page.getByRole('spinbutton', { name: /Monat, Ende der Arbeitgeberbeiträge/ })).toHaveText('01');
  await expect(page.getByRole('spinbutton', { name: /Monat, Beginn der staatlichen Pension/ })).toHaveText('06');
  await page.getByRole('spinbutton', { name: /Jahr, Pensionsantritt/ }).click();
  await page.keyboard.type('2020');
  await page.getByRole('button', { name: 'Berechnen' }).click();
  await expect(page.getByText('Das Datum darf nicht in der Vergangenheit liegen.')).toBeVisible();
  await expect(page.getByText('Bitte prüfen Sie Ihre Eingaben.')).toBeVisible();
});

test('clara (beneficiary) sees that the calculator is not available to her', async ({ page }) => {
  await logIn(page, personas.clara.email);
  await openCalculator(page);
  await expect(page.getByText('Der Vorsorgerechner steht Ihnen nicht zur Verfügung')).toBeVisible();
  await expect(page.getByText(/Wenn Sie bereits eine Pension beziehen/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Berechnen' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/vorsorgerechner (clara)');
  await page.setViewportSize({ width: 390, height: 844 });
  await noWiderThanViewport(page);
  await page.screenshot({ path: test.info().outputPath('calculator-clara-390.png'), fullPage: true });
});

test('rosa (restricted contract) gets the calculator for own contributions only', async ({ page }) => {
  await logIn(page, 'rosa.eigenbeitrag@example.at');
  await openCalculator(page);
  await expect(page.getByText('Für Ihren Vertrag berücksichtigt der Rechner nur Eigenbeiträge.')).toBeVisible();
  await expect(page.getByLabel('Arbeitgeberbeitrag pro Jahr (€)')).toHaveCount(0);
  await expect(page.getByLabel('Eigenbeitrag pro Jahr (€)')).not.toHaveValue('0,00');
  await expect(page.getByRole('complementary', { name: 'Gesamtpension' })).toContainText('pro Monat');
  await expectNoSeriousA11yViolations(page, '/vorsorgerechner (rosa)');
  await page.screenshot({ path: test.info().outputPath('calculator-rosa-1280.png'), fullPage: true });

  // Opened with `?lng=de`, the page carries its language onto the PDF's URL (spec 000 section 1).
  await page.goto('/?lng=de#/vorsorgerechner');
  await expect(page.getByRole('complementary', { name: 'Gesamtpension' })).toContainText('pro Monat');
  const download = page.waitForEvent('download');
  const printRequest = page.waitForRequest((request) => request.url().includes('/webportal/calcprint'));
  await page.getByRole('button', { name: 'Berechnung als PDF herunterladen' }).click();
  const printUrl = new URL((await printRequest).url());
  expect(printUrl.pathname).toBe('/webportal/calcprint');
  expect(printUrl.search).toBe('?lng=de');
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
});

test('/rechner shows the calculator alone: no header menu, no footer', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/rechner');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorsorgerechner' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Gesamtpension' })).toContainText('pro Monat');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/rechner');
  await page.setViewportSize({ width: 390, height: 844 });
  await noWiderThanViewport(page);
  await page.screenshot({ path: test.info().outputPath('calculator-only-390.png'), fullPage: true });
});
