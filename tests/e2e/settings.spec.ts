import Database from 'better-sqlite3';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { DEMO_PASSWORD, logIn, personas, submitLogin } from './helpers/login';
import { linkFrom, waitForMail } from './helpers/mailbox';
import { expectModalDialog, expectStaticModalKeyboard } from './helpers/modal';

/**
 * Profile settings on /einstellungen (spec 001 sections 2 "Profile", 5 and 8; issue 6), main tenant: anna changes
 * her address, bank details and e-mail (following the mailed link), sees the changes in her history and in the legacy
 * REST `getPersonalData`; bad input is refused at the field; one form is used with the keyboard alone; deleting an
 * access logs out. The e2e database is shared by all specs of a run: anna's e-mail is changed back at the end (and
 * restored in the database should the test fail half-way), and the access deletion uses a generated member no other
 * spec uses.
 */

test.describe.configure({ mode: 'serial' });

const ANNA_NEW_EMAIL = 'anna.muster.neu@example.at';
const SHOTS = process.env.SETTINGS_SHOTS === '1';

/** Opens /einstellungen through the main navigation. */
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page).toHaveURL(/#\/einstellungen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
}

function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The legacy personal data as the REST client gets it with the page's session cookie. */
async function restPersonalData(page: Page): Promise<Record<string, any>> {
  const response = await page.request.post('/rest/getPersonalData', { headers: { 'X-Application-Version': 'Portal' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as Record<string, any>;
}

/** Presses Tab until `target` has the focus (at most `limit` times); fails when it never gets it. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The address section's country select: a button named by its value and its label "Land" (components/ui/select-field.tsx). */
function countrySelect(address: Locator): Locator {
  return address.getByRole('button', { name: /(^|\s)Land$/ });
}

/** Opens the country select with the mouse and clicks `country` in its list (the list sits in a pop-over outside the section). */
async function chooseCountry(page: Page, address: Locator, country: string): Promise<void> {
  await countrySelect(address).click();
  await page.getByRole('listbox').getByRole('option', { name: country, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(countrySelect(address)).toHaveText(country);
}

/** The options of the open list that lie wholly inside its visible box. */
async function optionsInView(page: Page): Promise<string[]> {
  return page.getByRole('listbox').evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="option"]')]
      .filter((option) => {
        const r = option.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      })
      .map((option) => option.textContent ?? '');
  });
}

/** The element ids an input's `aria-describedby` names, with their texts. */
async function describedTexts(input: Locator): Promise<string> {
  return input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );
}

/** Today as `DD.MM.YYYY`. */
function typedToday(): string {
  const [year, month, day] = isoToday().split('-');
  return `${day}.${month}.${year}`;
}

/** Today in Vienna, as the browser (timezone Europe/Vienna) and the server see it; the runner's own zone may differ. */
function isoToday(): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Vienna' }).format(new Date());
}

function writeDb(sql: string, ...params: unknown[]): void {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) return;
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}

function readDb<T>(sql: string, ...params: unknown[]): T[] {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set; run the tests through playwright.config.ts');
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

test.afterAll(() => {
  // Safety net only: should the e-mail test fail between the two changes, anna keeps her login for the other specs.
  writeDb('update persons set email = ? where email = ?', personas.anna.email, ANNA_NEW_EMAIL);
});

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
  // Step-up (issue 11): the payout account changes only with the current password; a wrong one is refused at the field.
  const stepUp = bank.getByLabel('Aktuelles Passwort zur Bestätigung');
  await expect(stepUp).toHaveAttribute('type', 'password');
  await expect(stepUp).toHaveAttribute('autocomplete', 'current-password');
  await bank.getByRole('button', { name: 'Bankverbindung speichern' }).click();
  await expect(stepUp).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(stepUp)).toContain('Bitte füllen Sie dieses Feld aus.');
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

test('the valid-from date is typed as TT.MM.JJJJ or picked in a German calendar (Jänner, weeks from Monday)', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');
  const field = address.getByLabel('Gültig ab', { exact: true });
  await expect(field).toHaveValue(typedToday());
  const open = address.getByRole('button', { name: 'Kalender öffnen: Gültig ab' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Gültig ab' });
  const year = isoToday().slice(0, 4);
  const month = Number(isoToday().slice(5, 7));
  for (let i = 1; i < month; i++) await dialog.getByRole('button', { name: 'Zurück' }).click();
  await expect(dialog.getByRole('heading', { name: `Jänner ${year}` })).toBeVisible();
  await expect(dialog.locator('thead th').first()).toHaveText(/^Mo/);
  await expectNoSeriousA11yViolations(page, 'settings calendar');
  if (SHOTS) {
    await page.screenshot({ path: '/tmp/shots-h19/settings-calendar-1280.png' });
  }
  await dialog.getByRole('button', { name: new RegExp(`(^|\\s)2\\. Jänner ${year}`) }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(`02.01.${year}`);
  await expect(open).toBeFocused();
  // The keyboard opens it too; Escape closes it without a change.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Gültig ab' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Gültig ab' })).toBeHidden();
  await expect(field).toHaveValue(`02.01.${year}`);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open.click();
    await page.screenshot({ path: '/tmp/shots-h19/settings-calendar-390.png' });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // The typed field still takes a typed date.
  await field.fill(typedToday());
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
});

test('the address form works with the keyboard alone', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');

  // From the table of contents into the section, then through the fields in order.
  await tabTo(page, page.getByRole('navigation', { name: 'Auf dieser Seite' }).getByRole('link', { name: 'Adresse', exact: true }));
  await page.keyboard.press('Enter');
  await expect(address).toBeFocused();
  await tabTo(page, address.getByLabel('Straße und Hausnummer'), 5);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Kirchengasse 1');
  await page.keyboard.press('Tab');
  await expect(address.getByLabel('Postleitzahl')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1070');
  await page.keyboard.press('Tab');
  await expect(address.getByLabel('Ort', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(countrySelect(address)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(address.getByLabel(/^Postfach/)).toBeFocused();
  await page.keyboard.type('PF 12');
  await page.keyboard.press('Enter');
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
  await expect(address.locator('dl')).toContainText('Kirchengasse 1');
  await expect(address.locator('dl')).toContainText('PF 12');
  const data = await restPersonalData(page);
  expect(data.VBVPK.adresse).toMatchObject({ strasse: 'Kirchengasse 1', plz: '1070', postfach: 'PF 12' });
});

test('the country select shows 5 rows of its list, scrolls, and is chosen by typing and arrow keys; axe is clean', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');
  const trigger = countrySelect(address);
  const stored = (await trigger.textContent()) ?? '';

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await trigger.scrollIntoViewIfNeeded();
    await trigger.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible();
    // Spec 000 section 9 "Dropdown size 5 rows": five options in view out of the whole country table; the rest scrolls.
    await expect.poll(async () => (await optionsInView(page)).length).toBe(5);
    expect(await list.getByRole('option').count()).toBeGreaterThan(40);
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    await expectNoSeriousA11yViolations(page, `settings country select open (${width} px)`);
    await page.screenshot({ path: test.info().outputPath(`country-select-open-${width}.png`) });
    // Typing jumps to the first country with those letters; the list scrolls it into view; Enter chooses it.
    await page.keyboard.type('Schw');
    await expect(list.getByRole('option', { name: 'Schweden', exact: true })).toBeFocused();
    expect(await optionsInView(page)).toContain('Schweden');
    await expect.poll(async () => (await optionsInView(page)).length).toBe(5);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveText('Schweden');
    await expect(trigger).toBeFocused();
    // Arrow keys: Down opens the list at the chosen country, Down moves on, Enter chooses.
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Schweden', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Schweiz', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveText('Schweiz');
    // Escape closes the list without changing the choice.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveText('Schweiz');
    await chooseCountry(page, address, stored);
  }
  // The postcode rule follows the chosen country: a German postcode is refused for Austria, accepted for Germany.
  await page.setViewportSize({ width: 1280, height: 800 });
  const postcode = address.getByLabel('Postleitzahl');
  await postcode.fill('10115');
  await chooseCountry(page, address, 'Österreich');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'settings address with a field error');
});

test('the change history keeps its header in view while it scrolls (10 px threshold), at 1280 and at 390 px', async ({ page }) => {
  const marker = '192.0.2.19';
  // Thirty delivery changes by the fund, so that clara's history is longer than the window.
  writeDb(
    `insert into profile_changes (person_id, actor, area, field, old_value, new_value, changed_at, ip_address)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < 30)
     select p.id, 'FUND', 'DELIVERY', 'benefitStatementDigital', case i % 2 when 0 then 'true' else 'false' end,
            case i % 2 when 0 then 'false' else 'true' end, printf('2020-%02d-%02dT08:00:00.000Z', 1 + i / 28, 1 + i % 28), ?
     from persons p, n where p.email = ?`,
    marker,
    personas.clara.email,
  );
  try {
    await logIn(page, personas.clara.email);
    await openSettings(page);
    const table = section(page, 'Änderungsverlauf').getByRole('table', { name: 'Ihre Änderungen' });
    await expect(table.getByRole('row').filter({ hasText: 'Leistungsnachweis elektronisch' })).toHaveCount(30);
    const header = table.getByRole('columnheader').first();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(table).not.toHaveAttribute('data-stuck');
      const tableTop = await table.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y), tableTop + 5);
      await expect(table, 'within the 10 px threshold').not.toHaveAttribute('data-stuck');
      await page.evaluate((y) => window.scrollTo(0, y), tableTop + 600);
      await expect(table).toHaveAttribute('data-stuck', 'true');
      await expect(header).toBeInViewport();
      await expect.poll(async () => (await header.boundingBox())!.y).toBeLessThan(12);
      expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      await expect(table.getByRole('columnheader')).toHaveText(['Datum', 'Bereich', 'Angabe', 'Änderung']);
      expect(await elementsWiderThan(page, width), `nothing wider than ${width} px`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`history-sticky-${width}.png`) });
      await expectNoSeriousA11yViolations(page, `settings history scrolled (${width} px)`);
    }
  } finally {
    writeDb('delete from profile_changes where ip_address = ?', marker);
  }
});

test('anna changes her e-mail by the mailed link, logs in with it, sees it in her history, and changes it back', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const email = section(page, 'E-Mail-Adresse');
  await expect(email.locator('dl')).toContainText(personas.anna.email);

  // The confirmation must match.
  await email.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(ANNA_NEW_EMAIL);
  await email.getByLabel('Neue E-Mail-Adresse wiederholen').fill('anna.muster.neo@example.at');
  await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  const confirmation = email.getByLabel('Neue E-Mail-Adresse wiederholen');
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(confirmation)).toContain('Die beiden E-Mail-Adressen stimmen nicht überein.');

  // An address another access uses is refused by the server, at the field.
  await email.getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(personas.bernd.email);
  await confirmation.fill(personas.bernd.email);
  // Step-up (issue 11): the login e-mail changes only with the current password in the same request.
  const stepUp = email.getByLabel('Aktuelles Passwort zur Bestätigung');
  await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect.poll(() => describedTexts(stepUp)).toContain('Bitte füllen Sie dieses Feld aus.');
  await stepUp.fill(DEMO_PASSWORD);
  await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  const newEmail = email.getByLabel('Neue E-Mail-Adresse', { exact: true });
  await expect(newEmail).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(newEmail)).toContain('Diese E-Mail-Adresse wird bereits für einen anderen Zugang verwendet.');

  const since = Date.now();
  await newEmail.fill(ANNA_NEW_EMAIL);
  await confirmation.fill(ANNA_NEW_EMAIL);
  await stepUp.fill(DEMO_PASSWORD);
  await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(email.getByRole('status')).toContainText(`Wir haben einen Bestätigungslink an ${ANNA_NEW_EMAIL} gesendet.`);
  await expect(email.locator('dl')).toContainText('Wartet auf Bestätigung');
  await expect(email.locator('dl')).toContainText(ANNA_NEW_EMAIL);

  const mail = await waitForMail({ to: ANNA_NEW_EMAIL, since });
  const link = linkFrom(mail, /#\/emailChange\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Neue E-Mail-Adresse bestätigen' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Ihre neue E-Mail-Adresse ist bestätigt. Bitte melden Sie sich ab jetzt mit dieser Adresse an.');
  await expectNoSeriousA11yViolations(page, 'e-mail change confirmed');

  // The same link a second time is used up.
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('Dieser Link wurde bereits verwendet oder durch eine neuere Änderung ersetzt.');

  // Log in with the new address; the history and REST show it.
  await page.context().clearCookies();
  await page.goto('/#/login');
  await submitLogin(page, ANNA_NEW_EMAIL, DEMO_PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard$/);
  await openSettings(page);
  await expect(section(page, 'E-Mail-Adresse').locator('dl')).toContainText(ANNA_NEW_EMAIL);
  const emailRow = section(page, 'Änderungsverlauf')
    .getByRole('row')
    .filter({ hasText: `von ${personas.anna.email} → auf ${ANNA_NEW_EMAIL}` });
  await expect(emailRow.first()).toBeVisible();
  expect((await restPersonalData(page)).VBVPK.email).toBe(ANNA_NEW_EMAIL);

  // Change it back, the same way.
  const back = Date.now();
  await section(page, 'E-Mail-Adresse').getByLabel('Neue E-Mail-Adresse', { exact: true }).fill(personas.anna.email);
  await section(page, 'E-Mail-Adresse').getByLabel('Neue E-Mail-Adresse wiederholen').fill(personas.anna.email);
  await section(page, 'E-Mail-Adresse').getByLabel('Aktuelles Passwort zur Bestätigung').fill(DEMO_PASSWORD);
  await section(page, 'E-Mail-Adresse').getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect(section(page, 'E-Mail-Adresse').getByRole('status')).toContainText('Wir haben einen Bestätigungslink');
  const backLink = linkFrom(await waitForMail({ to: personas.anna.email, since: back }), /#\/emailChange\?token=/);
  await page.goto(backLink);
  await expect(page.getByRole('status')).toContainText('Ihre neue E-Mail-Adresse ist bestätigt.');
  expect((await restPersonalData(page)).VBVPK.email).toBe(personas.anna.email);
});

test('a link that is not valid shows a clear message', async ({ page }) => {
  await page.goto('/#/emailChange?token=nicht-gueltig');
  await expect(page.getByRole('alert')).toHaveText('Der Link ist ungültig. Bitte prüfen Sie, ob Sie ihn vollständig geöffnet haben.');
  await expect(page.getByRole('link', { name: 'Zur Anmeldung' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'e-mail change invalid');
});

/**
 * A generated member (by position from the newest) that no other spec uses, without pending login-flow questions;
 * password-reset.spec.ts takes its members from the oldest end.
 */
function generatedMember(offset: number): string {
  const rows = readDb<{ email: string }>(
    `select p.email from persons p join credentials c on c.person_id = p.id
      where p.email like '%.%.%@example.at' and c.access_status = 'ACTIVE' and p.membership_status = 'ACTIVE'
        and p.terms_pending is null and p.email_update_pending is null and p.annual_statement_decision_pending = 0
        and p.login_data_sync_pending = 0 and p.registration_update_pending = 0
      order by p.id desc limit 1 offset ?`,
    offset,
  );
  expect(rows[0], 'a generated member').toBeDefined();
  return rows[0]!.email;
}

/** Logs in over REST with the page's cookie store (no login-time dialogs) and opens /einstellungen. */
async function openSettingsAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const login = await page.request.post('/rest/login', {
    headers: { 'X-Application-Version': 'Portal' },
    form: { user: email, password, entryViaQrCode: 'false' },
  });
  expect(login.status()).toBe(200);
  await page.goto('/#/einstellungen');
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
}

test('a member changes the password; a recent password is refused as already used; only the new one logs in', async ({ page }) => {
  const member = generatedMember(1);
  const newPassword = 'Sommer#Wiese2027';
  await openSettingsAs(page, member);
  const password = section(page, 'Passwort');
  await password.getByLabel('Aktuelles Passwort').fill(DEMO_PASSWORD);
  await password.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await password.getByLabel('Neues Passwort wiederholen').fill('Sommer#Wiese2028');
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  const repeat = password.getByLabel('Neues Passwort wiederholen');
  await expect.poll(() => describedTexts(repeat)).toContain('Die beiden Passwörter stimmen nicht überein.');
  await repeat.fill(newPassword);
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(password.getByRole('status')).toHaveText('Ihr Passwort wurde geändert.');
  await expect(password.getByLabel('Aktuelles Passwort')).toHaveValue('');
  await expect(section(page, 'Änderungsverlauf').getByRole('row').filter({ hasText: 'Passwort' }).first()).toBeVisible();

  // The password just set is one of the recent ones: refused at the field.
  await password.getByLabel('Aktuelles Passwort').fill(newPassword);
  await password.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
  await password.getByLabel('Neues Passwort wiederholen').fill(newPassword);
  await password.getByRole('button', { name: 'Passwort ändern' }).click();
  const fresh = password.getByLabel('Neues Passwort', { exact: true });
  await expect(fresh).toHaveAttribute('aria-invalid', 'true');
  await expect.poll(() => describedTexts(fresh)).toContain('Dieses Passwort haben Sie bereits verwendet.');

  await page.context().clearCookies();
  const oldLogin = await page.request.post('/rest/login', {
    headers: { 'X-Application-Version': 'Portal' },
    form: { user: member, password: DEMO_PASSWORD, entryViaQrCode: 'false' },
  });
  expect(((await oldLogin.json()) as { status: string }).status).toBe('ERROR_PWD_INVALID');
  await openSettingsAs(page, member, newPassword);
});

test('a password change ends the member’s other sessions; there the login says the settings changed', async ({ page, browser }) => {
  const member = generatedMember(2);
  const newPassword = 'Herbst#Laub2027';
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-AT', timezoneId: 'Europe/Vienna' });
  try {
    const otherPage = await other.newPage();
    await openSettingsAs(otherPage, member);
    await openSettingsAs(page, member);
    const password = section(page, 'Passwort');
    await password.getByLabel('Aktuelles Passwort').fill(DEMO_PASSWORD);
    await password.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
    await password.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await password.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(password.getByRole('status')).toHaveText('Ihr Passwort wurde geändert.');

    // The other browser's next request finds its session ended by the password change.
    await otherPage.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Übersicht' }).click();
    await expect(otherPage).toHaveURL(/#\/login$/);
    await expect(otherPage.getByText('Ihre Zugangsdaten wurden geändert, deshalb wurden Sie hier abgemeldet. Bitte melden Sie sich mit Ihrem neuen Passwort an.')).toBeVisible();
    await expectNoSeriousA11yViolations(otherPage, 'login with the settings-changed notice');
    if (SHOTS) {
      await otherPage.setViewportSize({ width: 1280, height: 900 });
      await otherPage.screenshot({ path: '/tmp/shots-h19/login-settings-changed-1280.png' });
      await otherPage.setViewportSize({ width: 390, height: 844 });
      await otherPage.screenshot({ path: '/tmp/shots-h19/login-settings-changed-390.png' });
    }
  } finally {
    await other.close();
  }
});

test('the delete-access dialog by keyboard: focus moves in, Tab cycles inside, Escape keeps it, focus returns to the opener', async ({ page }) => {
  await openSettingsAs(page, generatedMember(3));
  const open = section(page, 'Zugang löschen').getByRole('button', { name: 'Zugang löschen …' });
  await open.focus();
  await page.keyboard.press('Enter');

  const dialog = await expectModalDialog(page, 'Zugang wirklich löschen?');
  await expectNoSeriousA11yViolations(page, 'delete access dialog (keyboard)');
  await expectStaticModalKeyboard(page, dialog);

  // Closed with its own button, by keyboard: the dialog is gone, the app usable again, focus back on the opener.
  await dialog.getByRole('button', { name: 'Abbrechen' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  expect(await page.evaluate(() => document.getElementById('root')?.inert)).toBe(false);
});

test('deleting the access shows the retention facts first, asks in a dialog, then logs out with a notice', async ({ page }) => {
  const member = generatedMember(0);
  await openSettingsAs(page, member);

  const deletion = section(page, 'Zugang löschen');
  await expect(deletion.getByRole('heading', { name: 'Was mit Ihren Daten geschieht' })).toBeVisible();
  await expect(deletion.getByRole('listitem')).toHaveText([
    'Ihre Anmeldedaten bewahren wir nach der Löschung noch 10 Jahre auf.',
    'Protokolldaten speichern wir höchstens 180 Tage.',
    'Wegen gesetzlicher Aufbewahrungspflichten bewahren wir Daten höchstens 30 Jahre auf.',
    'Das Portal der Vorsorgekasse steht nach einer Auszahlung 10 Jahre zur Verfügung.',
  ]);

  // Cancel first: nothing happens and focus returns.
  const open = deletion.getByRole('button', { name: 'Zugang löschen …' });
  await open.click();
  let dialog = page.getByRole('dialog', { name: 'Zugang wirklich löschen?' });
  await expect(dialog).toBeVisible();
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots/settings-delete-dialog-390.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await expectNoSeriousA11yViolations(page, 'delete access dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();

  await open.click();
  dialog = page.getByRole('dialog', { name: 'Zugang wirklich löschen?' });
  await dialog.getByLabel('Ihr Passwort').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Zugang endgültig löschen' }).click();
  const confirm = dialog.getByLabel('Ich habe verstanden, dass ich mich danach nicht mehr anmelden kann.');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Ihr Passwort').fill('Falsch#Passwort99');
  await confirm.check();
  await dialog.getByRole('button', { name: 'Zugang endgültig löschen' }).click();
  await expect.poll(() => describedTexts(dialog.getByLabel('Ihr Passwort'))).toContain('Das Passwort ist nicht korrekt.');

  await dialog.getByLabel('Ihr Passwort').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Zugang endgültig löschen' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Zugang zum Mitgliederportal wurde gelöscht' })).toBeVisible();
  const gone = await page.request.post('/rest/getPersonalData', { headers: { 'X-Application-Version': 'Portal' } });
  expect(gone.status()).toBe(406);

  await submitLogin(page, member);
  await expect(page).toHaveURL(/#\/login$/);
});
