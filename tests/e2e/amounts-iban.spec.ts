import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test, viennaToday } from './helpers/portal-clock';
import { pdfText } from '../helpers/pdf';
import { logIn, personas } from './helpers/login';
import { openMonthlyMandateData } from './helpers/own-contributions';
import { describedTexts, openSettings, section } from './helpers/settings';

/**
 * Member-facing input correctness (decision 0042), main tenant: an amount typed as a German-speaking member types it
 * (`1.200` is 1.200,00 €) reaches the calculation and its PDF, an ambiguous one (`1200.5`) is refused with a message
 * saying how to type it, in the calculator and in the own-contribution steps; a pasted IBAN replaces the selected one
 * whole, any country, with or without spaces. Nothing is stored: the other specs share the database.
 */

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const typed = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const AMBIGUOUS = 'Bitte geben Sie den Betrag wie 1.200,50 ein';

/** Pastes `text` into the focused `input` with a real `paste` event carrying it in its DataTransfer, as a browser does. */
async function paste(input: Locator, text: string) {
  await input.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Selects the whole value of `input`, as a member does before pasting over it. */
async function selectAll(page: Page, input: Locator) {
  await input.click();
  await page.keyboard.press('ControlOrMeta+A');
  expect(await input.evaluate((e: HTMLInputElement) => [e.selectionStart, e.selectionEnd])).toEqual([0, await input.evaluate((e: HTMLInputElement) => e.value.length)]);
}

test('calculator: "1.200" is 1.200,00 € in the calculation and its PDF; "1200.5" is refused with how to type it', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/vorsorgerechner');
  await expect(page.getByRole('complementary', { name: 'Gesamtpension' })).toContainText('pro Monat');
  const own = page.getByLabel('Eigenbeitrag pro Jahr (€)');

  await own.fill('1200.5');
  await page.getByRole('button', { name: 'Berechnen' }).click();
  await expect(own).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(own)).toContain(AMBIGUOUS);
  await expect(own).toBeFocused();

  await own.fill('1.200');
  const calculated = page.waitForRequest((r) => r.url().includes('/graphql') && (r.postData() ?? '').includes('"ownAnnualContribution":120000'));
  await page.getByRole('button', { name: 'Berechnen' }).click();
  await calculated;
  await expect(own).toHaveAttribute('aria-invalid', 'false');
  await expect(page.getByRole('button', { name: 'Berechnen' })).toBeEnabled();

  const download = page.waitForEvent('download');
  const printRequest = page.waitForRequest((r) => r.url().includes('/webportal/calcprint'));
  await page.getByRole('button', { name: 'Berechnung als PDF herunterladen' }).click();
  expect((await printRequest).postDataJSON()).toMatchObject({ ownAnnualContribution: 120_000 });
  const text = (await pdfText(new Uint8Array(readFileSync(await (await download).path())))).replace(/\s+/g, ' ');
  expect(text).toContain('Eigenbeitrag jährlich 1.200,00 €');
});

test('own contributions: "1.200" is checked as 1.200,00 €; "1200.5" is refused with how to type it', async ({ page }) => {
  // The first debit after the 14 days of SEPA pre-notification (decision 0044), on a day every month has.
  let start = plusDays(viennaToday(), 15);
  while (Number(start.slice(8)) > 28) start = plusDays(start, 1);
  await logIn(page, personas.anna.email);
  await openMonthlyMandateData(page);

  const amount = page.getByLabel('Betrag in Euro');
  await amount.fill('1200.5');
  await page.getByLabel('IBAN des Abbuchungskontos').fill('AT61 1904 3002 3457 3201');
  await page.getByLabel('Kontoinhaber/in').fill('Anna Muster');
  await page.getByRole('textbox', { name: 'Erste Abbuchung am' }).fill(typed(start));
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(AMBIGUOUS)).toBeVisible();

  await amount.fill('1.200');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/eigenbeitraege\/pruefen$/);
  await expect(page.locator('.oc-summary')).toContainText('1.200,00\u00A0€');
});

test('bank data: an IBAN pasted over the selected one is taken whole, any country, with or without spaces', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const bank = section(page, 'Bankverbindung');
  await bank.getByLabel('Kontoinhaberin/Kontoinhaber').fill('Anna Muster');
  await bank.getByLabel('Name der Bank').fill('Erste Bank');
  const iban = bank.getByLabel('IBAN');
  await iban.pressSequentially('AT611904300234573201');
  await expect(iban).toHaveValue('AT61 1904 3002 3457 3201');

  // A German IBAN (22 characters) over the Austrian one (capped at 20), pasted from the clipboard with the keyboard:
  // all of it, the caret at its end, and no "ungültig".
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const clipboard = (text: string) => page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await clipboard('DE89370400440532013000');
  await selectAll(page, iban);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');
  expect(await iban.evaluate((e: HTMLInputElement) => e.selectionStart)).toBe('DE89 3704 0044 0532 0130 00'.length);
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  // The step-up password is missing (so nothing is stored); the IBAN itself is fine.
  await expect(bank.getByLabel('Aktuelles Passwort zur Bestätigung')).toHaveAttribute('aria-invalid', 'true');
  await expect(iban).toHaveAttribute('aria-invalid', 'false');
  expect(await describedTexts(iban)).not.toContain('ungültig');

  // A Maltese IBAN, the longer kind (31 characters), pasted with its spaces through a paste event.
  await selectAll(page, iban);
  await paste(iban, 'MT84 MALT 0110 0001 2345 MTLC AST0 01S');
  await expect(iban).toHaveValue('MT84 MALT 0110 0001 2345 MTLC AST0 01S');
  await selectAll(page, iban);
  await paste(iban, 'DE89370400440532013000');
  await expect(iban).toHaveValue('DE89 3704 0044 0532 0130 00');

  // Back to an Austrian one, with spaces and in lower case.
  await clipboard('at61 1904 3002 3457 3201');
  await selectAll(page, iban);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(iban).toHaveValue('AT61 1904 3002 3457 3201');
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect(iban).toHaveAttribute('aria-invalid', 'false');
});
