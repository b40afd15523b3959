import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, submitLogin } from './helpers/login';
import { expectModalDialog, expectStaticModalKeyboard } from './helpers/modal';
import { describedTexts, generatedMember, openSettingsAs, section, SHOTS } from './helpers/settings';

/**
 * Profile settings on /einstellungen (spec 001 sections 2 "Profile", 5 and 8), main tenant: a member
 * changes the password (which ends the other sessions); deleting an access asks in a dialog and logs out. The members
 * are generated ones no other spec uses (helpers/settings.ts `generatedMember`).
 * The e2e database is shared by all specs of a run. The steps the settings specs share are in helpers/settings.ts.
 */

test.describe.configure({ mode: 'serial' });

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
