import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { DEMO_PASSWORD, logIn, personas } from './helpers/login';
import { chooseCountry, describedTexts, isoToday, openSettings, readDb, restPersonalData, section, SHOTS, typedToday } from './helpers/settings';

/**
 * Profile settings on /einstellungen (spec 001 sections 2 "Profile", 5 and 8), main tenant: anna changes
 * her address and bank details and sees them in her history and in the legacy REST `getPersonalData`; bad input is
 * refused at the field and nothing is stored; anna changes her phone number.
 * The e2e database is shared by all specs of a run. The steps the settings specs share are in helpers/settings.ts.
 * The four settings specs were one serial file; their names keep its order (Playwright runs the files of a run in
 * the order of their names, with one worker): changes, forms, login-email, password-access. This one starts from
 * anna's seeded address, which settings-forms.spec.ts changes.
 */

test.describe.configure({ mode: 'serial' });

test('anna changes her address and bank details; the screen, her change history and REST getPersonalData show them', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  await expectNoSeriousA11yViolations(page, 'settings');

  // Address: the form starts with the stored address; the current values are shown above it.
  const address = section(page, 'Adresse');
  await expect(address.getByText('Lindengasse 12/4').first()).toBeVisible();
  await address.getByLabel('Straße und Hausnummer').fill('Neubaugasse 8/3');
  await address.getByLabel('Postleitzahl').fill('1080');
  await address.getByLabel('Ort', { exact: true }).fill('Wien');
  await chooseCountry(page, address, 'Österreich');
  await expect(address.getByLabel('Gültig ab', { exact: true })).toHaveValue(typedToday());
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
  await expect(address.locator('dl')).toContainText('Neubaugasse 8/3');
  await expect(address.locator('dl')).toContainText('1080 Wien');

  // Bank details: IBAN grouped in fours and BIC 4-4-3 while typing.
  const bank = section(page, 'Bankverbindung');
  await bank.getByLabel('Kontoinhaberin/Kontoinhaber').fill('Anna Muster');
  await bank.getByLabel('Name der Bank').fill('Erste Bank');
  const iban = bank.getByLabel('IBAN');
  await iban.pressSequentially('at611904300234573201');
  await expect(iban).toHaveValue('AT61 1904 3002 3457 3201');
  await expect(iban).toHaveAttribute('inputmode', 'text');
  await expect.poll(() => describedTexts(iban)).toContain('Leerzeichen setzen wir für Sie');
  const bic = bank.getByLabel(/^BIC/);
  await bic.pressSequentially('giba atww xxx');
  await expect(bic).toHaveValue('GIBA ATWW XXX');
  // Step-up (decision 0011): the payout account changes only with the current password; a wrong one is refused at the field.
  const stepUp = bank.getByLabel('Aktuelles Passwort zur Bestätigung');
  await expect(stepUp).toHaveAttribute('type', 'password');
  await expect(stepUp).toHaveAttribute('autocomplete', 'current-password');
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect(stepUp).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(stepUp)).toContain('Bitte geben Sie Ihr aktuelles Passwort ein.');
  await expect(stepUp).toBeFocused();
  await stepUp.fill('Falsch#Passwort1');
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect.poll(() => describedTexts(stepUp)).toContain('Das Passwort ist nicht korrekt.');
  await expect(bank.locator('dl')).not.toContainText('AT61 **** **** **** 3201');
  await expectNoSeriousA11yViolations(page, 'settings with a refused step-up password');
  if (SHOTS) {
    await stepUp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/settings-step-up-refused-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await stepUp.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/settings-step-up-refused-390.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await stepUp.fill(DEMO_PASSWORD);
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect(bank.getByRole('status')).toHaveText('Ihre neue Bankverbindung ist gespeichert.');
  await expect(stepUp).toHaveValue('');
  await expect(bank.locator('dl')).toContainText('AT61 **** **** **** 3201');
  await expect(bank.locator('dl')).toContainText('GIBAATWWXXX');

  // The change history lists both changes, newest first, with old → new values.
  const history = section(page, 'Änderungsverlauf');
  const table = history.getByRole('table', { name: 'Ihre Änderungen' });
  await expect(table.getByRole('columnheader')).toHaveText(['Datum', 'Bereich', 'Angabe', 'Änderung']);
  const postcodeRow = table.getByRole('row').filter({ hasText: 'Postleitzahl' });
  await expect(postcodeRow).toHaveCount(1);
  await expect(postcodeRow.getByRole('cell').nth(0)).toHaveText('Adresse');
  // The arrow is hidden from screen readers, which hear "von … auf …" instead.
  await expect(postcodeRow.getByRole('cell').nth(2)).toHaveText('von 1070 → auf 1080');
  await expect(postcodeRow.getByRole('rowheader')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  await expect(table.getByRole('row').filter({ hasText: 'Straße und Hausnummer' })).toContainText('von Lindengasse 12/4 → auf Neubaugasse 8/3');
  const ibanRow = table.getByRole('row').filter({ hasText: 'Bankverbindung' }).filter({ hasText: 'IBAN' });
  await expect(ibanRow).toContainText('AT61 **** **** **** 3201');
  await expectNoSeriousA11yViolations(page, 'settings after changes');

  // The legacy REST door reads the same data.
  const data = await restPersonalData(page);
  for (const block of [data.VBVPK, data.VBVVK]) {
    expect(block.adresse).toMatchObject({ strasse: 'Neubaugasse 8/3', plz: '1080', ort: 'Wien', land: 'AT', gueltigAb: isoToday() });
    expect(block.bankverbindung).toMatchObject({ kontoinhaber: 'Anna Muster', bankname: 'Erste Bank', iban: 'AT611904300234573201', bic: 'GIBAATWWXXX' });
  }

  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: '/tmp/shots/settings-1280.png', fullPage: true });
  }
  // On a 390 px phone screen nothing sticks out sideways (the history turns into blocks).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await elementsWiderThan(page, 390), 'nothing wider than a 390 px screen').toEqual([]);
  await expect(table.getByRole('row').filter({ hasText: 'Postleitzahl' }).getByRole('cell').nth(2)).toHaveText('von 1070 → auf 1080');
  await expectNoSeriousA11yViolations(page, 'settings at 390 px');
  if (SHOTS) {
    for (let part = 0; part < 8; part++) {
      await page.evaluate((y) => window.scrollTo(0, y), part * 800);
      await page.screenshot({ path: `/tmp/shots/settings-390-part${part}.png` });
    }
  }
});

test('bad input is refused at the field: postcode, IBAN checksum, the AT00 placeholder, a missing BIC; nothing is stored', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const before = await restPersonalData(page);

  const address = section(page, 'Adresse');
  const postcode = address.getByLabel('Postleitzahl');
  await postcode.fill('108');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(postcode).toBeFocused();
  await expect.poll(() => describedTexts(postcode)).toContain('Die Postleitzahl passt nicht zum gewählten Land.');
  // A postcode that fits another country is fine for that country.
  await postcode.fill('10115');
  await chooseCountry(page, address, 'Deutschland');
  await address.getByLabel('Ort', { exact: true }).fill('Berlin');
  await address.getByLabel('Gültig ab', { exact: true }).fill('31.02.2026');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect.poll(() => describedTexts(address.getByLabel('Gültig ab', { exact: true }))).toContain('Bitte geben Sie ein gültiges Datum im Format TT.MM.JJJJ ein');
  await address.getByLabel('Gültig ab', { exact: true }).fill('01.01.2999');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(() => describedTexts(address.getByLabel('Gültig ab', { exact: true }))).toContain('Das Datum liegt außerhalb des erlaubten Zeitraums.');

  const bank = section(page, 'Bankverbindung');
  const iban = bank.getByLabel('IBAN');
  const save = bank.getByRole('button', { name: 'Bankverbindung speichern' });
  await iban.pressSequentially('AT621904300234573201');
  await save.click();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(iban)).toContain('Die IBAN ist ungültig.');
  await expect.poll(() => describedTexts(bank.getByLabel('Kontoinhaberin/Kontoinhaber'))).toBe('');

  await iban.fill('');
  await iban.pressSequentially('AT001904300234573201');
  await save.click();
  await expect.poll(() => describedTexts(iban)).toContain('Bitte geben Sie Ihre vollständige IBAN ein.');

  // An Austrian IBAN is capped at 24 characters as typed (20 without the grouping spaces).
  await iban.fill('');
  await iban.pressSequentially('AT6119043002345732019999');
  await expect(iban).toHaveValue('AT61 1904 3002 3457 3201');

  // A Swiss IBAN is SEPA but outside the EU/EEA: the BIC becomes mandatory.
  await iban.fill('');
  await iban.pressSequentially('CH9300762011623852957');
  await expect(bank.getByLabel('BIC', { exact: true })).toBeVisible();
  await save.click();
  const bic = bank.getByLabel('BIC', { exact: true });
  await expect(bic).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(bic)).toContain('Für eine IBAN aus diesem Land ist der BIC erforderlich.');
  await expectNoSeriousA11yViolations(page, 'settings with field errors');

  // Wrong current password and a password not allowed again, from the server.
  const password = section(page, 'Passwort');
  await password.getByLabel('Aktuelles Passwort').fill('Falsch#Passwort99');
  const newPassword = password.getByLabel('Neues Passwort', { exact: true });
  await newPassword.pressSequentially('Neu#Pass');
  await expect(password.getByRole('listitem').filter({ hasText: '10 bis 100 Zeichen' })).toContainText('noch nicht erfüllt');
  await expect(password.getByRole('listitem').filter({ hasText: 'einen Großbuchstaben' })).toContainText(': erfüllt');
  await newPassword.pressSequentially('wort2027');
  await expect(password.getByRole('listitem').filter({ hasText: '10 bis 100 Zeichen' })).toContainText(': erfüllt');
  await password.getByLabel('Neues Passwort wiederholen').fill('Neu#Passwort2027');
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  const current = password.getByLabel('Aktuelles Passwort');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(current)).toContain('Ihr aktuelles Passwort ist nicht korrekt.');

  const after = await restPersonalData(page);
  expect(after.VBVPK.adresse).toEqual(before.VBVPK.adresse);
  expect(after.VBVPK.bankverbindung).toEqual(before.VBVPK.bankverbindung);
});

test('anna sees her phone number and changes it; the phone rule is enforced at the field; the focus stays in the saved section', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const phone = section(page, 'Telefonnummer');
  const field = phone.getByLabel('Neue Telefonnummer');
  const save = phone.getByRole('button', { name: 'Telefonnummer speichern' });
  const stored = readDb<{ phone: string | null }>('select phone from persons where email = ?', personas.anna.email)[0]!.phone;
  // The insurance number is shown grouped 4-2-2-rest (spec 000 section 5).
  const svnr = readDb<{ svnr: string }>('select svnr from persons where email = ?', personas.anna.email)[0]!.svnr;
  await expect(page.locator('dl').first()).toContainText(`Versicherungsnummer${svnr.slice(0, 4)} ${svnr.slice(4, 6)} ${svnr.slice(6, 8)} ${svnr.slice(8)}`);
  await expect(phone.locator('dl')).toContainText(stored ?? 'nicht angegeben');
  await expect(field).toHaveAttribute('type', 'tel');
  await expect(field).toHaveAttribute('autocomplete', 'tel');

  // Spec 000 section 5: digits, space, plus, slash and hyphen only; 7 to 30 characters.
  for (const [typed, message] of [
    ['0664 123 45 67 (mobil)', 'Die Telefonnummer darf nur Ziffern, Leerzeichen sowie die Zeichen + / und - enthalten.'],
    ['+43 12', 'Die Telefonnummer muss mindestens 7 Zeichen lang sein.'],
    ['+43 1 234 567 890 123 456 789 01', 'Die Telefonnummer darf höchstens 30 Zeichen lang sein.'],
  ] as const) {
    await field.fill(typed);
    await save.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => describedTexts(field)).toContain(message);
  }
  expect(readDb<{ phone: string | null }>('select phone from persons where email = ?', personas.anna.email)[0]!.phone).toBe(stored);

  // A valid number is saved with the mouse: the button is disabled while saving, yet the focus stays in the section.
  await field.fill('  +43 1/234 56-78 ');
  await save.click();
  await expect(phone.getByRole('status')).toHaveText('Ihre Telefonnummer ist gespeichert.');
  await expect(phone.locator('dl')).toContainText('+43 1/234 56-78');
  await expect.poll(() => phone.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))).toBe(true);
  expect(readDb<{ phone: string | null }>('select phone from persons where email = ?', personas.anna.email)[0]!.phone).toBe('+43 1/234 56-78');
  const historyRow = section(page, 'Änderungsverlauf').getByRole('row').filter({ hasText: 'Telefonnummer' }).first();
  await expect(historyRow).toContainText('+43 1/234 56-78');
  await expectNoSeriousA11yViolations(page, 'settings after a phone change');

  // The same holds for the address section, saved by a click on its button.
  const address = section(page, 'Adresse');
  await address.getByLabel('Ort', { exact: true }).fill('Wien');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
  await expect.poll(() => address.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))).toBe(true);
  if (SHOTS) {
    await phone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots-h19/settings-phone-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await phone.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots-h19/settings-phone-390.png' });
  }

  // Back to the stored number, so other specs see the seed.
  await field.fill(stored ?? '');
  await save.click();
  await expect(phone.getByRole('status')).toHaveText('Ihre Telefonnummer ist gespeichert.');
});
