import { spawnFund } from '../helpers/spawn-fund';
import type { Page } from '@playwright/test';
import { expect, test, viennaToday } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { openMonthlyMandateData } from './helpers/own-contributions';
import { removeOwnContributionsOf } from './helpers/member-db';

/**
 * Own contributions in the browser (decision 0016; spec 001 sections 2 to 5): anna follows the dashboard's
 * "Eigenbeiträge" quick link, sees the premium gauge, sets up a monthly mandate in the steps (a 9,99 € amount and an
 * `AT00` IBAN refused at their fields), files the § 108a application with a typed signature (the birth date `310299`
 * refused), sees the gauge move after a collection run of the operator command, changes the amount and cancels the
 * mandate at a chosen date. The start and end dates are typed as TT.MM.JJJJ or picked in the German calendar
 * (decision 0021). Every screen passes axe; at 390 px nothing is wider than the viewport.
 */

const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** `2026-11-26` → `26.11.2026`, as the date fields take and show it (spec 000 section 5 "Date"). */
const typed = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** Where the own-contribution calendar screenshots go (common.md: outside the repository). */
const SHOTS = process.env.OWN_CONTRIBUTION_SHOTS === '1';

/** `8542` → `85,42 €` (the portal's format, with the narrow space the app prints replaced by a plain match). */
const euro = (cents: number) => `${String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(cents % 100).padStart(2, '0')}`;
/** Monthly debit dates from `start` to the end of its year (the same day each month; days 29 to 31 are not used here). */
const debitsThisYear = (start: string) => 12 - Number(start.slice(5, 7)) + 1;

test.beforeEach(() => removeOwnContributionsOf(personas.anna.email));
test.afterEach(() => removeOwnContributionsOf(personas.anna.email));

async function checkLayout(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
}

/** Runs the operator's collection date `date` on the e2e database; its printed summary. */
function collect(date: string): string {
  return spawnFund(['collect', '--date', date, '--database', process.env.E2E_DATABASE_PATH!]).stdout;
}

test('anna sets up a monthly mandate, sees the gauge move after a collection run, changes and cancels it', async ({ page }) => {
  // The first debit on the earliest day the 14 days of pre-notification allow (a day from 1 to 28; decision 0044).
  let start = plusDays(viennaToday(), 14);
  while (Number(start.slice(8)) > 28) start = plusDays(start, 1);
  await logIn(page, personas.anna.email);
  await page.getByRole('link', { name: 'Eigenbeiträge' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Eigenbeiträge per SEPA-Lastschrift' })).toBeVisible();
  const gauge = page.getByRole('region', { name: /Prämienbegünstigter Betrag/ });
  await expect(gauge).toContainText('Noch prämienbegünstigt: 1.025,00 € von 1.025,00 €');
  await expect(gauge).toContainText('85,42 €');
  await expect(gauge).toContainText('höchstens 42,50 €');
  await checkLayout(page, 'own-contributions-step1');

  // Steps 1 and 2: contract and payment type.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/eigenbeitraege\/zahlungsart$/);
  await page.getByRole('radio', { name: /Monatlich/ }).check();
  await checkLayout(page, 'own-contributions-step2');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 3: data; 9,99 € and the AT00 placeholder are refused at their fields.
  await expect(page).toHaveURL(/#\/eigenbeitraege\/daten$/);
  await page.getByLabel('Betrag in Euro').fill('9,99');
  await page.getByLabel('IBAN des Abbuchungskontos').fill('AT00 1904 3002 3457 3201');
  await page.getByLabel('Kontoinhaber/in').fill('Anna Muster');
  // The start date is typed as TT.MM.JJJJ; a day that does not exist is refused at the field.
  const startField = page.getByRole('textbox', { name: 'Erste Abbuchung am' });
  await expect(startField).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await startField.fill(`31.02.${Number(start.slice(0, 4)) + 1}`);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Der Betrag muss mindestens 10,00 € betragen.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie Ihre vollständige IBAN ein.')).toBeVisible();
  await expect(page.getByText('Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein, zum Beispiel 01.03.2027.')).toBeVisible();
  await expect(startField).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Betrag in Euro').fill('85,42');
  await page.getByLabel('IBAN des Abbuchungskontos').fill('AT61 1904 3002 3457 3201');
  // The calendar beside it: German month names (Jänner), weeks from Monday, chosen by keyboard.
  const openStart = page.getByRole('button', { name: 'Kalender öffnen: Erste Abbuchung am' });
  await startField.fill(typed(plusDays(start, 1)));
  await openStart.click();
  const calendar = page.getByRole('dialog', { name: 'Erste Abbuchung am' });
  await expect(calendar).toBeVisible();
  await expect(calendar.locator('thead th').first()).toHaveText(/^Mo/);
  // It opens on the typed day, which has the focus; the left arrow and Enter choose the day before.
  await expect(calendar.locator('[role="gridcell"] [data-focused]')).toHaveText(String(Number(plusDays(start, 1).slice(8))));
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(startField).toHaveValue(typed(start));
  await expect(openStart).toBeFocused();
  // Forward to the next Jänner with the calendar's "Weiter" (›) button, then close it with Escape: no change.
  await openStart.click();
  const nextYear = Number(start.slice(0, 4)) + 1;
  for (let i = 0; i < 13 && !(await calendar.getByRole('heading', { name: `Jänner ${nextYear}` }).isVisible()); i++) {
    await calendar.locator('button[slot="next"]').click();
  }
  await expect(calendar.getByRole('heading', { name: `Jänner ${nextYear}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'own-contribution start date calendar');
  if (SHOTS) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await page.screenshot({ path: `/tmp/shots-h19/own-contribution-calendar-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(startField).toHaveValue(typed(start));
  await checkLayout(page, 'own-contributions-step3');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 4: check, with the creditor identifier and the refund right; the mandate is given.
  await expect(page).toHaveURL(/#\/eigenbeitraege\/pruefen$/);
  await expect(page.getByText('AT67ZZZ00000045678')).toBeVisible();
  await expect(page.getByText(/innerhalb von 8 Wochen/)).toBeVisible();
  await checkLayout(page, 'own-contributions-step4');
  await page.getByRole('checkbox', { name: /Ich ermächtige die Pensionskasse/ }).check();
  await page.getByRole('button', { name: 'Auftrag erteilen' }).click();

  // Step 5: the § 108a application, needed once.
  await expect(page).toHaveURL(/#\/eigenbeitraege\/antrag$/);
  await expect(page.getByText('Ihr Auftrag wurde erteilt.')).toBeVisible();
  await page.getByLabel('Geburtsdatum (TTMMJJ)').fill('310299');
  await page.getByRole('button', { name: 'Stattdessen Namen eintippen' }).click();
  await page.getByLabel('Ihr vollständiger Name als Unterschrift').fill('Anna Muster');
  await page.getByRole('checkbox', { name: /Ich beantrage die Prämie/ }).check();
  await page.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByText(/Bitte geben Sie Ihr Geburtsdatum als TTMMJJ ein/)).toBeVisible();
  await page.getByLabel('Geburtsdatum (TTMMJJ)').fill('120580');
  await checkLayout(page, 'own-contributions-step5');
  await page.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByText('Ihr Antrag auf die Prämie nach § 108a EStG ist eingelangt.')).toBeVisible();

  // The gauge counts this year's scheduled debits; a collection run of the first one's date moves "collected".
  const used = debitsThisYear(start) * 8_542;
  await expect(gauge).toContainText(`Bereits eingezahlt oder geplant: ${euro(used)}`);
  await expect(gauge).toContainText('Davon bereits eingezogen: 0,00');
  // The first debit is pre-notified 14 days ahead (when the mandate was given on the earliest date, else by the run
  // of that day); that run collects nothing, the run of its date collects it.
  expect(collect(plusDays(start, -14))).toMatch(/ 0 collected .* 0 postponed/);
  expect(collect(start)).toContain('1 collected (8542 cents)');
  await page.reload();
  await expect(gauge).toContainText('Davon bereits eingezogen: 85,42');
  await expect(gauge).toContainText(`Noch prämienbegünstigt: ${euro(Math.max(0, 102_500 - used))}`);

  // Change the amount: a monthly amount far above last year's employer contributions warns (never blocks).
  await page.getByRole('link', { name: 'Ändern' }).click();
  await expect(page.getByRole('heading', { name: 'Auftrag ändern' })).toBeVisible();
  const employerWarning = page.getByText('Ihre Eigenbeiträge übersteigen die Arbeitgeberbeiträge des Vorjahres deutlich.', { exact: false });
  await expect(employerWarning).toHaveCount(0);
  await page.getByLabel('Betrag in Euro').fill('5.000,00');
  await expect(employerWarning).toBeVisible();
  await page.getByLabel('Betrag in Euro').fill('100,00');
  await expect(employerWarning).toHaveCount(0);
  await checkLayout(page, 'own-contributions-change');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Ihr Auftrag wurde geändert.')).toBeVisible();
  await expect(page.getByText(/Monatlich: 100,00/)).toBeVisible();

  // Cancel at a chosen date.
  await page.getByRole('link', { name: 'Kündigen' }).click();
  const end = plusDays(start, 60);
  // The end date: typed, or picked in the calendar (which opens on the typed day; Enter takes it).
  const endField = page.getByRole('textbox', { name: 'Letzte Abbuchung bis' });
  await expect(endField).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await endField.fill(typed(end));
  await page.getByRole('button', { name: 'Kalender öffnen: Letzte Abbuchung bis' }).click();
  const endCalendar = page.getByRole('dialog', { name: 'Letzte Abbuchung bis' });
  await expect(endCalendar.locator('[role="gridcell"] [data-focused]')).toHaveText(String(Number(end.slice(8))));
  await page.keyboard.press('Enter');
  await expect(endCalendar).toBeHidden();
  await expect(endField).toHaveValue(typed(end));
  await checkLayout(page, 'own-contributions-cancel');
  await page.getByRole('button', { name: 'Auftrag kündigen' }).click();
  await expect(page.getByText('Ihr Auftrag wurde gekündigt.')).toBeVisible();
  const [y, m, d] = end.split('-');
  await expect(page.getByText(`Endet am ${d}.${m}.${y}`)).toBeVisible();
});

test('the first debit date is never earlier than the 14 days of pre-notification: the calendar starts there and an earlier date is refused, naming it', async ({ page }) => {
  const today = viennaToday();
  const earliest = plusDays(today, 14);
  await logIn(page, personas.anna.email);
  await openMonthlyMandateData(page);
  await page.getByLabel('Betrag in Euro').fill('50,00');
  await page.getByLabel('IBAN des Abbuchungskontos').fill('AT61 1904 3002 3457 3201');
  await page.getByLabel('Kontoinhaber/in').fill('Anna Muster');
  const startField = page.getByRole('textbox', { name: 'Erste Abbuchung am' });
  // Two days ahead, as a one-off on 30.11. asked on 28.11. was: refused, the message names the earliest date.
  await startField.fill(typed(plusDays(today, 2)));
  await page.getByRole('button', { name: 'Weiter' }).click();
  const refusal = `Die erste Abbuchung ist frühestens am ${typed(earliest)} möglich: Vor jeder SEPA-Lastschrift erhalten Sie 14 Tage vorher eine Vorabinformation.`;
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(startField).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/eigenbeitraege\/daten$/);
  // The calendar opened on the earliest date does not go back before it.
  await startField.fill(typed(earliest));
  await page.getByRole('button', { name: 'Kalender öffnen: Erste Abbuchung am' }).click();
  const calendar = page.getByRole('dialog', { name: 'Erste Abbuchung am' });
  const focused = calendar.locator('[role="gridcell"] [data-focused]');
  await expect(focused).toHaveText(String(Number(earliest.slice(8))));
  await page.keyboard.press('ArrowLeft');
  await expect(focused).toHaveText(String(Number(earliest.slice(8))));
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expectNoSeriousA11yViolations(page, 'own-contribution earliest debit date refused');
  await page.screenshot({ path: test.info().outputPath('own-contributions-earliest-1280.png'), fullPage: true });
  // The earliest date itself is taken; the check step names the period.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/#\/eigenbeitraege\/pruefen$/);
  await expect(page.getByText(typed(earliest))).toBeVisible();
  await expect(page.getByText('Vor jeder Abbuchung erhalten Sie 14 Tage vorher eine Vorabinformation in Ihr Postfach.')).toBeVisible();
});
