import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test, viennaToday } from './helpers/portal-clock';
import { pdfText } from '../helpers/pdf';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { latestMergeFileKindsOf, removeClaimsOf, removeMergeRequestsOf } from './helpers/member-db';

/**
 * Merging dormant severance accounts in the browser (decision 0023): bernd, whose old account has been
 * contribution-free since 30.06. four years before last year, follows the dashboard's link, sees why he may merge
 * (the account, the end of its contributions, the day it became 3 years contribution-free, the target account),
 * is stopped by the form's checks (signature type, bad SVNR, ID copy, consent, terms), signs digitally, uploads his
 * ID copy and sends; afterwards the screen explains that the request is pending. anna, without a contribution-free
 * account, sees the explanation and no form. Each screen passes axe and has no overflow at 390 px.
 */

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]);

test.beforeEach(() => {
  removeMergeRequestsOf(personas.bernd.email);
  removeClaimsOf(personas.bernd.email);
});
test.afterEach(() => removeMergeRequestsOf(personas.bernd.email));

async function noOverflowAt390(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
}

test('bernd sees why he may merge, fills the form and sends the request; then it is pending', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.getByRole('link', { name: 'Beitragsfreies Konto zusammenlegen' }).click();
  await expect(page).toHaveURL(/#\/abfertigungsbeitraege-zusammenlegen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abfertigungsbeiträge zusammenlegen' })).toBeVisible();

  const eligibility = page.getByRole('region', { name: 'Ihre Voraussetzungen' });
  const lastYear = Number(viennaToday().slice(0, 4)) - 1;
  await expect(eligibility).toContainText(`Letzter Beitragsmonat endete am 30.06.${lastYear - 4}`);
  await expect(eligibility).toContainText(`3 Jahre beitragsfrei ab 01.07.${lastYear - 1}`);
  await expect(eligibility).toContainText('Kann zusammengelegt werden');
  await expect(eligibility).toContainText('Zusammenlegung möglich');

  const form = page.getByRole('form', { name: 'Antrag auf Zusammenlegung' });
  await expect(form.getByLabel('Vorname')).toHaveValue('Bernd');
  await expect(form.getByLabel('Nachname')).toHaveValue('Vorsorge');
  await expect(form.getByLabel('E-Mail-Adresse')).toHaveValue(personas.bernd.email);
  const svnr = await form.getByLabel('Sozialversicherungsnummer').inputValue();
  expect(svnr).toMatch(/^\d{4} \d{2} \d{2} \d{2}$/);

  // Nothing chosen: the form's checks (the contract's rule) speak at the fields.
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(form.getByText('Bitte wählen Sie aus, wie Sie unterschreiben.')).toBeVisible();
  await expect(form.getByText('Bitte laden Sie dieses Dokument hoch.')).toBeVisible();
  await expect(form.getByText('Bitte stimmen Sie der Verarbeitung Ihrer Daten zu.')).toBeVisible();
  await expect(form.getByText('Bitte bestätigen Sie den Antrag.')).toBeVisible();

  // A mistyped SVNR is caught by its check digit.
  const digits = svnr.replace(/\s/g, '');
  await form.getByLabel('Sozialversicherungsnummer').fill(`${digits.slice(0, 3)}${(Number(digits[3]) + 1) % 10}${digits.slice(4)}`);
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(form.getByText('Die Sozialversicherungsnummer ist ungültig. Bitte prüfen Sie die Ziffern.')).toBeVisible();
  await form.getByLabel('Sozialversicherungsnummer').fill(svnr);

  // Signed by hand, the signed form is needed too; bernd signs digitally instead.
  await form.getByRole('radio', { name: /Handschriftlich/ }).check();
  await expect(form.getByLabel(/Unterschriebener Antrag/)).toBeAttached();
  await form.getByRole('radio', { name: /Digital im Portal/ }).check();
  await expect(form.getByLabel(/Unterschriebener Antrag/)).toHaveCount(0);
  await form.getByRole('button', { name: 'Stattdessen Namen eintippen' }).click();
  await form.getByLabel('Ihr vollständiger Name als Unterschrift').fill('Bernd Vorsorge');

  // A renamed program is refused by its content; the PNG is taken.
  const idCopy = form.getByLabel(/Kopie eines amtlichen Lichtbildausweises/);
  await idCopy.setInputFiles({ name: 'ausweis.pdf', mimeType: 'application/pdf', buffer: EXE });
  await expect(form.getByText(/ausweis\.pdf/).first()).toBeVisible();
  await idCopy.setInputFiles({ name: 'ausweis.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('button', { name: /ausweis\.png/ })).toBeVisible();
  await form.getByRole('checkbox', { name: /Ich stimme zu/ }).check();
  await form.getByRole('checkbox', { name: /Ich beantrage/ }).check();
  await expectNoSeriousA11yViolations(page, 'merge form');
  await noOverflowAt390(page, 'merge-form');

  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByRole('heading', { name: 'Ihr Antrag ist eingelangt' })).toBeVisible();
  await expect(page.getByText('Die Bestätigung finden Sie als PDF in Ihrem Postfach.')).toBeVisible();
  expect(latestMergeFileKindsOf(personas.bernd.email)).toEqual(['ID_COPY']);
  await expectNoSeriousA11yViolations(page, 'merge success');
  await noOverflowAt390(page, 'merge-success');

  // The confirmation is in the inbox.
  await page.getByRole('link', { name: 'Zum Postfach' }).click();
  await expect(page.getByText('Ihr Antrag auf Zusammenlegung Ihrer Abfertigungskonten ist eingelangt')).toBeVisible();

  // Back on the screen: the request is pending, no form.
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen');
  await expect(page.getByRole('region', { name: 'Ihre Voraussetzungen' })).toContainText('Ihr Antrag auf Zusammenlegung vom');
  await expect(page.getByRole('form', { name: 'Antrag auf Zusammenlegung' })).toHaveCount(0);
});

test('anna, without a contribution-free account, sees why she cannot merge and no form', async ({ page }) => {
  await logIn(page, personas.anna.email);
  // Her only account receives contributions: the dashboard offers no merge link.
  await expect(page.getByRole('link', { name: 'Beitragsfreies Konto zusammenlegen' })).toHaveCount(0);
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen');
  const eligibility = page.getByRole('region', { name: 'Ihre Voraussetzungen' });
  await expect(eligibility).toContainText('Zusammenlegung derzeit nicht möglich');
  await expect(eligibility).toContainText('Sie haben derzeit kein beitragsfreies Konto.');
  await expect(page.getByRole('form', { name: 'Antrag auf Zusammenlegung' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'merge not eligible');
  await noOverflowAt390(page, 'merge-not-eligible');
});

test('bernd, signing by hand, is offered the application to print, filled with his data, before the signed upload', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen');
  const form = page.getByRole('form', { name: 'Antrag auf Zusammenlegung' });
  await expect(form.getByRole('region', { name: 'So unterschreiben Sie handschriftlich' })).toHaveCount(0);
  await form.getByRole('radio', { name: /Handschriftlich/ }).check();
  const steps = form.getByRole('region', { name: 'So unterschreiben Sie handschriftlich' });
  await expect(steps).toBeVisible();
  // The steps come before the upload of the signed form.
  const stepsBox = (await steps.boundingBox())!;
  const uploadBox = (await form.getByText('Unterschriebener Antrag (Pflicht)').boundingBox())!;
  expect(stepsBox.y).toBeLessThan(uploadBox.y);
  const [download] = await Promise.all([page.waitForEvent('download'), steps.getByRole('link', { name: 'Antrag zum Ausdrucken (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Antrag_Zusammenlegung_\d{4}-\d{2}-\d{2}\.pdf$/);
  const text = await pdfText(new Uint8Array(readFileSync(await download.path())));
  expect(text).toContain('Antrag auf Zusammenlegung von Abfertigungsanwartschaften');
  expect(text).toContain('Bernd');
  expect(text).toContain('Eigenhändige Unterschrift');
  await expectNoSeriousA11yViolations(page, 'merge form, handwritten');
  await noOverflowAt390(page, 'merge-handwritten');
});
