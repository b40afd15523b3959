import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logInThroughForm, personas, submitLogin } from './helpers/login';

/**
 * Details of the login screen on the main tenant (spec 000 section 2): links, title, embedded mode, caps-lock
 * warning, the /qr and /eid routes, the language parameter, and that no analytics loads without configuration.
 */

test('the main tenant login shows its links, the registration box and no eID button', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page).toHaveTitle('Anmeldung – Mitgliederportal');
  const links = page.getByRole('navigation', { name: 'Hilfe zur Anmeldung' });
  await expect(links.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '#/pwdLost');
  await expect(links.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '#/registration');
  await expect(links.getByRole('link', { name: /Nutzungsbedingungen/ })).toHaveAttribute('target', '_blank');
  await expect(links.getByRole('link', { name: 'Hilfe' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Datenschutz' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Noch nicht registriert?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mit ID Austria anmelden' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Mitteilung' })).toHaveCount(0);

  // The group's sites (spec 000 section 2): below the registration box's call to register, and in the footer.
  const sites = [
    ['VBV-Gruppe', 'https://www.vbv.at/'],
    ['VBV-Pensionskasse', 'https://www.vbv.at/pensionskasse'],
    ['VBV-Vorsorgekasse', 'https://www.vbv.at/vorsorgekasse'],
  ] as const;
  const box = page.getByRole('region', { name: 'Noch nicht registriert?' });
  const footerSites = page.getByRole('contentinfo').getByRole('navigation', { name: 'Die VBV-Gruppe im Internet' });
  for (const [name, href] of sites) {
    await expect(box.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(footerSites.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expectNoSeriousA11yViolations(page, 'main login with the group sites');
  if (process.env.SETTINGS_SHOTS === '1') {
    await page.screenshot({ path: '/tmp/shots-h19/login-group-sites-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/shots-h19/login-group-sites-390.png', fullPage: true });
  }
});

test('embedded=1 hides header and footer', async ({ page }) => {
  await page.goto('/#/login?embedded=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'embedded login');

  await page.goto('/#/login');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('contentinfo')).toHaveCount(1);
});

test('the caps-lock warning shows at the focused field on desktop and clears when the field is left', async ({ page }) => {
  await page.goto('/#/login');
  const email = page.getByLabel('E-Mail-Adresse');
  // The app has taken over from the prerendered screen (decision 0040) when the e-mail field has the focus.
  await expect(email).toBeFocused();
  await email.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
  await expect(page.getByText('Achtung: Die Feststelltaste ist aktiviert.')).toBeVisible();
  await expect(email).toHaveAccessibleDescription('Achtung: Die Feststelltaste ist aktiviert.');
  await expectNoSeriousA11yViolations(page, 'login with the caps-lock warning');

  await page.getByLabel('Passwort', { exact: true }).focus();
  await expect(page.getByText('Achtung: Die Feststelltaste ist aktiviert.')).toHaveCount(0);
  await email.focus();
  await email.dispatchEvent('keydown', { key: 'a', modifierCapsLock: false });
  await expect(page.getByText('Achtung: Die Feststelltaste ist aktiviert.')).toHaveCount(0);
});

test('no caps-lock warning on a touch device', async ({ browser }) => {
  const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/#/login');
  const email = page.getByLabel('E-Mail-Adresse');
  await email.focus();
  await email.dispatchEvent('keydown', { key: 'A', modifierCapsLock: true });
  await expect(email).toBeFocused();
  await expect(page.getByText('Achtung: Die Feststelltaste ist aktiviert.')).toHaveCount(0);
  await context.close();
});

test('/qr logs in with entryViaQrCode, the lng parameter sets Accept-Language, and no analytics loads', async ({ page }) => {
  const loginBodies: string[] = [];
  const languages = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql')) return;
    languages.add(request.headers()['accept-language'] ?? '');
    if ((request.postData() ?? '').includes('LoginForm_Login')) loginBodies.push(request.postData() ?? '');
  });
  await page.goto('/#/qr?lng=de');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await page.getByRole('button', { name: 'Alle Cookies akzeptieren' }).click();
  await submitLogin(page, personas.clara.email);
  await expect(page).toHaveURL(/#\/dashboard$/);
  expect(loginBodies.map((body) => JSON.parse(body).variables.input.entryViaQrCode)).toEqual([true]);
  expect([...languages]).toEqual(['de']);
  // The main test server has no Matomo configuration: nothing is loaded even with the consent.
  await expect(page.locator('script#matomo-tracker')).toHaveCount(0);
  expect(await page.evaluate(() => '_paq' in window)).toBe(false);
});

test('/eid explains missing eID data and an unlinked eID, and never sends itself to the login', async ({ page }) => {
  await page.goto('/#/eid?error=INCOMPLETE');
  await expect(page.getByRole('alert')).toHaveText('Von ID Austria wurden keine oder unvollständige Daten übermittelt. Bitte versuchen Sie es später noch einmal.');
  await expectNoSeriousA11yViolations(page, 'eID with incomplete data');

  await page.goto('/#/eid?error=NOT_LINKED');
  await expect(page.getByRole('alert')).toContainText('Bitte melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.');
  await expect(page).toHaveURL(/#\/eid\?error=NOT_LINKED$/);
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
});

test('/eid with a login status runs the login flow like a login answer', async ({ page }) => {
  // The eID callback sets the session cookie and redirects to /#/eid?status=…; a login stands in for it here.
  await logInThroughForm(page, personas.anna.email);
  await page.goto('/#/eid?status=SUCCESSFUL');
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');
});
