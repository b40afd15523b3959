import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { DEMO_PASSWORD, expectDashboard, logIn, personas, submitLogin } from './helpers/login';
import { linkFrom, waitForMail } from './helpers/mailbox';
import { ANNA_NEW_EMAIL, describedTexts, openSettings, restPersonalData, section, writeDb } from './helpers/settings';

/**
 * Profile settings on /einstellungen (spec 001 sections 2 "Profile", 5 and 8), main tenant: anna changes
 * her e-mail by the mailed link and changes it back at the end (restored in the database should the test fail
 * half-way); a link that is not valid.
 * The e2e database is shared by all specs of a run. The steps the settings specs share are in helpers/settings.ts.
 */

test.describe.configure({ mode: 'serial' });

test.afterAll(() => {
  // Safety net only: should the e-mail test fail between the two changes, anna keeps her login for the other specs.
  writeDb('update persons set email = ? where email = ?', personas.anna.email, ANNA_NEW_EMAIL);
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
  // Step-up (decision 0011): the login e-mail changes only with the current password in the same request.
  const stepUp = email.getByLabel('Aktuelles Passwort zur Bestätigung');
  await email.getByRole('button', { name: 'Bestätigungslink senden' }).click();
  await expect.poll(() => describedTexts(stepUp)).toContain('Bitte geben Sie Ihr aktuelles Passwort ein.');
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
  await expectDashboard(page);
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
