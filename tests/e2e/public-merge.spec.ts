import { mkdirSync } from 'node:fs';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { fillPublicMergeForm } from './helpers/public-merge';
import { elementsWiderThan } from './helpers/layout-checks';
import { waitForMail } from './helpers/mailbox';
import { drawSignature, inkedPixels } from './helpers/signature';

/**
 * The merge request without a login /abfertigungsbeitraege-zusammenlegen-upload (decision 0023, spec 001 section 5
 * "merge with upload", decision 0023) in Chromium: a visitor reaches it from the footer, reads that the fund checks the
 * eligibility, is stopped by a mismatching e-mail confirmation, signs digitally, uploads the ID copy with the captcha
 * solved by the page's Web Worker, sends, and the receipt arrives by mail. Axe finds nothing serious; nothing scrolls
 * sideways at 390 px.
 */

const SHOTS = '/tmp/shots-h15c';

test('a visitor sends a merge request without a login, with the captcha solved in the browser', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Abfertigungsbeiträge zusammenlegen' }).click();
  await expect(page).toHaveURL(/#\/abfertigungsbeitraege-zusammenlegen-upload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Abfertigungsbeiträge zusammenlegen ohne Anmeldung' })).toBeVisible();
  await expect(page.getByText('Ohne Anmeldung können wir nicht vorab anzeigen, ob Sie die Voraussetzungen erfüllen.', { exact: false })).toBeVisible();
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  const form = page.locator('form');
  await fillPublicMergeForm(form, 'xaver.merge@example.at', 'xaver.merg@example.at');
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(form.getByText('Die E-Mail-Adressen stimmen nicht überein.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'public merge with an error');
  await form.getByLabel('E-Mail-Adresse wiederholen').fill('xaver.merge@example.at');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/public-merge-1280.png`, fullPage: true });
  const since = Date.now();
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Ihr Antrag ist eingelangt' })).toBeVisible();
  await expect(page.getByText('Eine Bestätigung ist an xaver.merge@example.at unterwegs.', { exact: false })).toBeVisible();
  // The stored files are named by their number: the ID copy (the digital signature is no file).
  await expect(page.getByText('Mit dem Antrag haben wir 1 Datei erhalten.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'public merge sent');
  await page.screenshot({ path: `${SHOTS}/public-merge-sent-1280.png`, fullPage: true });
  const mail = await waitForMail({ to: 'xaver.merge@example.at', subject: 'Ihr Antrag auf Zusammenlegung ist eingelangt', since });
  expect(mail.text).toContain('Zusammenlegung');
  expect(mail.text).not.toContain('3010');
});

test('the public merge form fits a 390 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('radio', { name: /Handschriftlich/ }).check();
  await expect(page.getByLabel(/Unterschriebener Antrag/)).toBeAttached();
  // Without a login the application to print is the blank one (decision 0023 "Printable application").
  const blank = page.getByRole('region', { name: 'So unterschreiben Sie handschriftlich' }).getByRole('link', { name: /Antragsformular zum Ausdrucken/ });
  await expect(blank).toHaveAttribute('href', '/webportal/zusammenlegung-antrag?blank=1');
  const response = await page.request.get('/webportal/zusammenlegung-antrag?blank=1');
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await expectNoSeriousA11yViolations(page, 'public merge 390 px');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/public-merge-390.png`, fullPage: true });
});

test('a drawn signature stays when the window is resized, and the member can still clear it', async ({ page }) => {
  // A resize gives the canvas a new size, which erases what it shows; a phone turned, a narrower window and a
  // full-page screenshot (it briefly resizes the window) must not take the signature away (a claim once failed so).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/abfertigungsbeitraege-zusammenlegen-upload');
  const form = page.locator('form');
  await form.getByRole('radio', { name: /Digital im Portal/ }).check();
  const canvas = form.getByRole('img', { name: /^Unterschriftsfeld/ });
  await expect(canvas).toHaveCSS('width', '664px');
  await drawSignature(page, canvas);
  expect(await inkedPixels(canvas)).toBeGreaterThan(100);

  // Narrower (80 % of a 390 px phone): the strokes are drawn again, scaled to the smaller canvas.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBeLessThan(400);
  await expect.poll(() => inkedPixels(canvas)).toBeGreaterThan(50);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(668);
  await page.screenshot({ path: test.info().outputPath('signature-after-resize.png'), fullPage: true });
  await expect.poll(() => inkedPixels(canvas)).toBeGreaterThan(100);

  // The value is still there: sending the otherwise empty form names other fields, not the signature.
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(form.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  await expect(form.getByText('Bitte zuerst unterschreiben.')).toHaveCount(0);

  // Cleared, it stays cleared through a resize, and the form asks for it.
  await form.getByRole('button', { name: 'Unterschrift löschen' }).click();
  await page.setViewportSize({ width: 900, height: 900 });
  // The spec's size from 768 to 1023 px: 60 % of 664 × 371, plus the 2 px border on each side.
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(402);
  expect(await inkedPixels(canvas)).toBe(0);
  await form.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(form.getByText('Bitte zuerst unterschreiben.')).toBeVisible();
});
