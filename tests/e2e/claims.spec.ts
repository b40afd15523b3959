import { expect, test, viennaToday } from './helpers/portal-clock';
import { referencePayoutDate } from '../helpers/payout-date-reference';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate, expectedMoney } from './helpers/expected-format';
import { elementsWiderThan } from './helpers/layout-checks';
import { DEMO_PASSWORD, logIn, personas } from './helpers/login';
import { latestClaimAmountsOf, latestClaimFileKindsOf, removeClaimsOf } from './helpers/member-db';
import { drawSignature } from './helpers/signature';

/**
 * The severance claim in the browser (decision 0015; spec 001 sections 2 to 5): bernd, whose dormant
 * account gives him a right to decide, finds the decision deadline on the dashboard, files a payout by bank transfer
 * in 4 steps (refused IBAN placeholder, 6 % tax shown in euros, the required documents refused when missing, a renamed
 * program refused by its content, identity document and bank confirmation uploaded with the progress shown, an empty
 * signature refused, the signature drawn on
 * the pad in the spec's size, confirmation and step-up password), sees the payout
 * date that the independent reference (tests/helpers/payout-date-reference.ts) computes for today, finds it in the
 * dashboard's teaser, and cannot file a second claim.
 */

/** A 1×1 PNG, a minimal PDF and a renamed Windows program. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]);

test.afterEach(() => removeClaimsOf(personas.bernd.email));

test('bernd files a payout claim in 4 steps, sees its computed payout date and cannot file it twice', async ({ page }) => {
  removeClaimsOf(personas.bernd.email);
  await logIn(page, personas.bernd.email);

  const deadline = page.getByRole('region', { name: 'Ihre Entscheidung über die Abfertigung' });
  await expect(deadline).toContainText('Frist von 6 Monaten');
  await deadline.getByRole('link', { name: 'Abfertigung geltend machen' }).click();

  // Step 1: choose.
  await expect(page.getByRole('heading', { level: 1, name: 'Abfertigung geltend machen' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fortschritt' }).locator('[aria-current="step"]')).toContainText('Auswahl');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toContainText('Bitte wählen Sie aus, was mit Ihrer Abfertigung geschehen soll.');
  await page.getByRole('radio', { name: 'Auszahlen lassen' }).check();
  await expectNoSeriousA11yViolations(page, 'claim step 1');
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 2: data, with the tax in euros.
  await expect(page).toHaveURL(/#\/gm\/daten$/);
  await page.getByRole('radio', { name: 'Überweisung auf Ihr Konto' }).check();
  await expect(page.getByText('Davon 6 % Lohnsteuer')).toBeVisible();
  await page.getByLabel('IBAN').fill('AT00 0000 0000 0000 0000');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte geben Sie Ihre vollständige IBAN ein.')).toBeVisible();
  await page.getByLabel('IBAN').fill('AT61 1904 3002 3457 3201');
  await page.getByRole('radio', { name: 'Postanweisung' }).check();
  await expect(page.getByText('Kosten der Postanweisung')).toBeVisible();
  await expect(page.getByText(/bis zu 10 Arbeitstage länger/)).toBeVisible();
  await page.getByRole('radio', { name: 'Überweisung auf Ihr Konto' }).check();

  // Documents (decision 0014): identity document and bank confirmation are required for a payout by bank transfer.
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Bitte laden Sie dieses Dokument hoch.')).toHaveCount(2);
  await expect(page).toHaveURL(/#\/gm\/daten$/);
  const identity = page.getByLabel(/Amtlicher Lichtbildausweis/);
  await identity.setInputFiles({ name: 'reisepass.pdf', mimeType: 'application/pdf', buffer: EXE });
  await expect(page.getByText('Die Datei „reisepass.pdf“ hat einen nicht erlaubten Dateityp.', { exact: false })).toBeVisible();
  // The transfer is held until its progress bar has been seen, so no timing decides the check.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    '**/webportal/upload?*',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await identity.setInputFiles({ name: 'reisepass.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('progressbar', { name: 'reisepass.png wird hochgeladen …' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter' })).toBeDisabled();
  release();
  await expect(page.getByRole('link', { name: 'reisepass.png' })).toBeVisible();
  await page.getByLabel(/Kopie der Bankkarte/).setInputFiles({ name: 'bankbestaetigung.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'bankbestaetigung.pdf' })).toBeVisible();
  await expect(page.getByText('Bitte laden Sie dieses Dokument hoch.')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'claim step 2');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('claim-step2-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('claim-step2-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Weiter' }).click();

  // Step 3: confirm and send (step-up password).
  await expect(page).toHaveURL(/#\/gm\/bestaetigen$/);
  await expect(page.getByText('AT61 1904 3002 3457 3201')).toBeVisible();
  await expect(page.getByText('1 Datei(en): reisepass.png')).toBeVisible();
  await expect(page.getByText('1 Datei(en): bankbestaetigung.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Antrag senden' }).click();
  await expect(page.getByText('Bitte zuerst unterschreiben.')).toBeVisible();
  await expect(page.getByText('Bitte bestätigen Sie die Richtigkeit Ihrer Angaben.')).toBeVisible();
  // The keyboard alternative is there; bernd draws.
  await page.getByRole('button', { name: 'Stattdessen Namen eintippen' }).click();
  await expect(page.getByLabel('Ihr vollständiger Name als Unterschrift')).toBeVisible();
  await page.getByRole('button', { name: 'Stattdessen zeichnen' }).click();
  const canvas = page.getByRole('img', { name: /^Unterschriftsfeld/ });
  const box = (await canvas.boundingBox())!;
  // Spec size above 1023 px: 664 × 371 (plus the 2 px border on each side).
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([668, 375]);
  await drawSignature(page, canvas);
  await page.getByRole('checkbox', { name: /Ich bestätige/ }).check();
  await page.getByLabel('Ihr aktuelles Passwort').fill(DEMO_PASSWORD);
  await expectNoSeriousA11yViolations(page, 'claim step 3');
  await page.screenshot({ path: test.info().outputPath('claim-step3-1280.png'), fullPage: true });
  await page.getByRole('button', { name: 'Antrag senden' }).click();

  // Step 4: success with the payout date computed for today.
  const due = expectedDate(referencePayoutDate(viennaToday()));
  await expect(page).toHaveURL(/#\/gm\/erfolg$/);
  await expect(page.getByRole('heading', { name: 'Ihr Antrag ist eingelangt' })).toBeVisible();
  await expect(page.getByText(`spätestens am ${due}`)).toBeVisible();
  // The drawn signature and both documents are stored with the claim.
  expect(latestClaimFileKindsOf(personas.bernd.email)).toEqual(['BANK_CONFIRMATION', 'IDENTITY_DOCUMENT', 'SIGNATURE_SAMPLE']);
  // The payout's amounts as the fund stored them with the claim: the entitlement, the tax and the net amount.
  const stored = latestClaimAmountsOf(personas.bernd.email);
  const amounts = page.getByRole('region', { name: 'Ihre Auszahlung' });
  await expect(amounts).toContainText(expectedMoney(stored.entitlement));
  await expect(amounts).toContainText(expectedMoney(stored.tax));
  await expect(amounts).toContainText(expectedMoney(stored.entitlement - stored.tax - stored.cashOrderCost));
  await expectNoSeriousA11yViolations(page, 'claim step 4');
  await page.screenshot({ path: test.info().outputPath('claim-step4-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('claim-step4-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The dashboard's teaser shows the same date; the deadline card is gone while the claim is processed.
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  const teaser = page.getByRole('region', { name: 'Ihr Antrag bei der Vorsorgekasse' });
  await expect(teaser).toContainText('Status: Neu');
  await expect(teaser).toContainText(`Voraussichtliche Auszahlung bis ${due}.`);
  await expect(page.getByRole('region', { name: 'Ihre Entscheidung über die Abfertigung' })).toHaveCount(0);

  // A second claim is refused.
  await page.goto('/#/gm');
  await expect(page.getByText('bereits vor Kurzem einen Antrag gesendet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Weiter' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('claim-open-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The confirmation (decision 0015): in the inbox with its PDF, and in the documents archive.
  await page.goto('/#/postfach/posteingang');
  await expect(page.getByText('Ihr Antrag auf Verfügung über die Abfertigung ist eingelangt')).toBeVisible();
  await page.goto('/#/dokumente/antragsbestaetigungen');
  await expect(page.getByText('Bestätigung Ihres Antrags auf Verfügung über die Abfertigung')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'claim confirmations in the documents');
  await page.screenshot({ path: test.info().outputPath('claim-confirmation-documents-1280.png'), fullPage: true });
});
