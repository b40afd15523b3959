import { expect, type Locator } from '@playwright/test';

/*
 * The public merge request form (#/abfertigungsbeitraege-zusammenlegen-upload, decision 0023 "Without a login").
 */

/** A minimal PDF for the form's upload fields. */
export const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Fills the public merge form `form` for Xaver Zusammen (SVNR 3010 170584, digital delivery, a typed signature, an ID
 * copy `ausweis.pdf`, both consents) with the e-mail `email`, repeated as `repeatedEmail`; does not send it.
 */
export async function fillPublicMergeForm(form: Locator, email: string, repeatedEmail = email): Promise<void> {
  await form.getByLabel('Vorname').fill('Xaver');
  await form.getByLabel('Nachname').fill('Zusammen');
  await form.getByLabel('Sozialversicherungsnummer').fill('3010 170584');
  await form.getByLabel('E-Mail-Adresse', { exact: true }).fill(email);
  await form.getByLabel('E-Mail-Adresse wiederholen').fill(repeatedEmail);
  await form.getByRole('radio', { name: /Digital im Portal/ }).check();
  await form.getByRole('button', { name: 'Stattdessen Namen eintippen' }).click();
  await form.getByLabel('Ihr vollständiger Name als Unterschrift').fill('Xaver Zusammen');
  await form.getByLabel(/Kopie eines amtlichen Lichtbildausweises/).setInputFiles({ name: 'ausweis.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF });
  await expect(form.getByText(/ausweis\.pdf/).first()).toBeVisible();
  await form.getByRole('checkbox', { name: /Ich stimme zu/ }).check();
  await form.getByRole('checkbox', { name: /Ich beantrage die Übertragung/ }).check();
}
