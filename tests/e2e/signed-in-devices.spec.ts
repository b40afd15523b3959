import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { generatedMember, openSettingsAs, section } from './helpers/settings';

/**
 * Signed-in devices in the settings (decision 0048), main tenant: a member signed in in two browsers sees both in
 * "Angemeldete Geräte", this one marked; "Abmelden" on the other ends it, and that browser's next navigation lands on
 * the login page with the session-failure notice (spec 000 section 9: an ended session answers as after a logout).
 * The member is a generated one no other spec uses (helpers/settings.ts `generatedMember`).
 */

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

test('two browsers of one member: the settings list both; "Abmelden" on the other logs that browser out at its next navigation', async ({ page, browser }) => {
  const member = generatedMember(4);
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'de-AT', timezoneId: 'Europe/Vienna', userAgent: FIREFOX_LINUX });
  try {
    const otherPage = await other.newPage();
    await openSettingsAs(otherPage, member);
    await openSettingsAs(page, member);

    const devices = section(page, 'Angemeldete Geräte');
    const list = devices.getByRole('list', { name: 'Ihre aktiven Anmeldungen' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const own = list.getByRole('listitem').filter({ hasText: 'Dieses Gerät' });
    await expect(own).toHaveCount(1);
    await expect(own.getByRole('heading', { level: 3 })).toContainText(/Chrome \d+ auf Windows 10/);
    await expect(own.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
    const firefox = list.getByRole('listitem').filter({ hasText: 'Firefox 128 auf Linux' });
    await expect(firefox).toContainText('IP-Adresse');
    await expect(firefox.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings with two signed-in devices');

    await firefox.getByRole('button', { name: 'Abmelden' }).click();
    await expect(devices.getByRole('status')).toHaveText('Das Gerät wurde abgemeldet.');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByText('Sie sind derzeit auf keinem anderen Gerät angemeldet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'settings after ending the other device');

    // The other browser's next request finds its session ended: the app shows the login.
    await otherPage.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Übersicht' }).click();
    await expect(otherPage).toHaveURL(/#\/login$/);
    await expect(otherPage.getByText('Ihre Sitzung ist nicht mehr gültig. Bitte melden Sie sich erneut an.')).toBeVisible();

    // This browser stays signed in.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Übersicht' }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
  } finally {
    await other.close();
  }
});
