import { mkdirSync } from 'node:fs';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { waitForMail } from './helpers/mailbox';

/**
 * The public upload form /upload-formular (decision 0024) in Chromium: the captcha's proof of work is
 * solved by the page's Web Worker against the real server, a PDF is uploaded with it, the form is sent without a
 * login, and the receipt arrives by mail (without the message). Axe finds nothing serious; nothing scrolls sideways
 * at 390 px.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SHOTS = '/tmp/shots-h15b';

test('sends the upload form without a login, with the captcha solved in the browser', async ({ page }) => {
  await page.goto('/#/upload-formular');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente hochladen' })).toBeVisible();
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Vorname').fill('Xaver');
  await page.getByLabel('Nachname').fill('Neu');
  await page.getByLabel('Sozialversicherungsnummer').fill('3010 170584');
  await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('xaver.upload@example.at');
  await page.getByLabel('E-Mail-Adresse wiederholen').fill('xaver.upload@example.at');
  await page.getByLabel('Ihre Nachricht (wofür sind die Dokumente?)').fill('Meldezettel für meine Abfertigung');
  await page.getByLabel('Dokumente', { exact: true }).setInputFiles({ name: 'meldezettel.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: 'Hochgeladene Dateien' }).getByText('meldezettel.pdf').first()).toBeVisible();
  await page.getByLabel(/Ich habe die Nutzungsbedingungen gelesen/).check();
  await expectNoSeriousA11yViolations(page, 'upload form');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/upload-form-1280.png`, fullPage: true });
  const since = Date.now();
  await page.getByRole('button', { name: 'Dokumente senden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vielen Dank' })).toBeVisible();
  await expect(page.getByText('Eine Bestätigung ist an xaver.upload@example.at unterwegs.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'upload form sent');
  const mail = await waitForMail({ to: 'xaver.upload@example.at', subject: 'Ihre Dokumente sind eingelangt', since });
  expect(mail.text).toContain('1 Datei(en)');
  expect(mail.text).not.toContain('Meldezettel für meine Abfertigung');
});

test('shows refusals at their field and a file refused by content', async ({ page }) => {
  await page.goto('/#/upload-formular');
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Dokumente', { exact: true }).setInputFiles({ name: 'rechnung.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf') });
  await expect(page.getByText('Die Datei „rechnung.pdf“ hat einen nicht erlaubten Dateityp.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Dokumente senden' }).click();
  await expect(page.getByText('Bitte geben Sie Ihren Vornamen ein.')).toBeVisible();
  // The file field keeps the refusal of the renamed program (it explains why no file is listed).
  await expect(page.getByText('Die Datei „rechnung.pdf“ hat einen nicht erlaubten Dateityp.', { exact: false })).toBeVisible();
  await expect(page.getByText('Bitte stimmen Sie den Nutzungsbedingungen zu.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'upload form with errors');
});

test('fits a 390 px phone without sideways scrolling, and the footer links to it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/login');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Dokumente hochladen' }).click();
  await expect(page).toHaveURL(/#\/upload-formular$/);
  await expect(page.getByText('Die Sicherheitsprüfung ist abgeschlossen.')).toBeVisible({ timeout: 30_000 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/upload-form-390.png`, fullPage: true });
});
