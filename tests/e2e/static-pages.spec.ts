import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';
import { routeAvailable, type RouteKey } from '../../web/src/config/paths';

/**
 * Static pages and the page frame of the main tenant: the sitemap (every page the tenant offers, grouped), the terms
 * of use (new tab, contents sidebar, retention facts), the skip links of both layouts, and the accessibility
 * statement linked from the footer.
 */

/**
 * The pages of the main tenant that the sitemap lists (spec 000 section 2, without id/token/redirect routes), with
 * their group heading: only those whose screen exists (`routeAvailable`), so no sitemap entry leads nowhere.
 */
const SITEMAP_PAGES: ReadonlyArray<readonly [RouteKey, string, string]> = [
  ['login', '#/login', 'Zugang zum Portal'],
  ['orderRegistrationCode', '#/orderRegistrationCode', 'Zugang zum Portal'],
  ['registration', '#/registration', 'Zugang zum Portal'],
  ['pwdLost', '#/pwdLost', 'Zugang zum Portal'],
  ['nutzung', '#/nutzung', 'Rechtliches'],
  ['dashboard', '#/dashboard', 'Übersicht'],
  ['settings', '#/einstellungen', 'Persönliche Einstellungen'],
  ['pensionAccount', '#/kontoinformation/pensionskasse', 'Konten, Dokumente und Veranlagung'],
  ['severanceAccount', '#/kontoinformation/vorsorgekasse', 'Konten, Dokumente und Veranlagung'],
  ['inboxMessages', '#/postfach/posteingang', 'Postfach'],
  ['severanceClaims', '#/gm', 'Rechner und Anträge'],
  ['ownContributions', '#/eigenbeitraege', 'Rechner und Anträge'],
  ['calculator', '#/vorsorgerechner', 'Rechner und Anträge'],
  ['documents', '#/dokumente', 'Konten, Dokumente und Veranlagung'],
  ['pensionInvestment', '#/veranlagung/pensionskasse', 'Konten, Dokumente und Veranlagung'],
  ['severanceInvestment', '#/veranlagung/vorsorgekasse', 'Konten, Dokumente und Veranlagung'],
  ['mergeSeverance', '#/abfertigungsbeitraege-zusammenlegen', 'Rechner und Anträge'],
  ['mergeSeveranceUpload', '#/abfertigungsbeitraege-zusammenlegen-upload', 'Rechner und Anträge'],
  ['uploadForm', '#/upload-formular', 'Rechner und Anträge'],
  ['accessibility', '#/barrierefreiheit', 'Rechtliches'],
];
const MAIN_SITEMAP = SITEMAP_PAGES.filter(([key]) => routeAvailable('main', key)).map(([, href]) => href);
const MAIN_SITEMAP_GROUPS = new Set(SITEMAP_PAGES.filter(([key]) => routeAvailable('main', key)).map(([, , group]) => group));

function footer(page: Page) {
  return page.getByRole('navigation', { name: 'Rechtliches und Service' });
}

async function expectSkipLinks(page: Page, screen: string): Promise<void> {
  // The first Tab from the top of the page reaches the first skip link, which becomes visible.
  // Start the keyboard at the top of the document (the login focuses its e-mail field on load).
  await page.locator('body').evaluate((body) => {
    body.tabIndex = -1;
    body.focus();
    window.scrollTo(0, 0);
  });
  await page.keyboard.press('Tab');
  await page.locator('body').evaluate((body) => body.removeAttribute('tabindex'));
  const first = page.getByRole('link', { name: 'Zum Menü springen' });
  await expect(first, screen).toBeFocused();
  await expect(first).toBeInViewport();
  for (const [name, target] of [
    ['Zum Menü springen', 'menu'],
    ['Zum Inhalt springen', 'content'],
    ['Zur Fußzeile springen', 'footer'],
  ] as const) {
    const link = page.getByRole('navigation', { name: 'Sprunglinks' }).getByRole('link', { name });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`#${target}`), `${screen}: ${name}`).toBeFocused();
  }
  // A route change by the hash would have left the screen: it stays.
  expect(page.url()).not.toMatch(/#(menu|content|footer)$/);
}

test('the sitemap lists every page the main tenant offers, grouped, and is linked from the footer', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await footer(page).getByRole('link', { name: 'Sitemap' }).click();
  await expect(page).toHaveURL(/#\/sitemap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sitemap' })).toBeVisible();

  const main = page.getByRole('main');
  const hrefs = await main.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect([...hrefs].sort()).toEqual([...MAIN_SITEMAP].sort());
  for (const group of new Set(SITEMAP_PAGES.map(([, , name]) => name))) {
    await expect(main.getByRole('heading', { level: 2, name: group }), group).toHaveCount(MAIN_SITEMAP_GROUPS.has(group) ? 1 : 0);
  }
  const terms = main.getByRole('link', { name: 'Nutzungsbedingungen (öffnet in einem neuen Tab)' });
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('rel', 'noopener');
  await expectNoSeriousA11yViolations(page, 'sitemap');

  await main.getByRole('link', { name: 'Kontoinformation Vorsorgekasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Vorsorgekasse' })).toBeVisible();
});

test('the terms of use open in a new tab from the login, with a contents sidebar and the retention facts', async ({ page }) => {
  await page.goto('/#/login');
  const link = footer(page).getByRole('link', { name: 'Nutzungsbedingungen (öffnet in einem neuen Tab)' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  const [terms] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(terms).toHaveURL(/#\/nutzung$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen des Mitgliederportals' })).toBeVisible();

  const retention = terms.getByRole('region', { name: /Speicherung Ihrer Daten/ });
  await expect(retention).toContainText('bis zur Deaktivierung Ihres Zugangs und danach noch 10 Jahre');
  await expect(retention).toContainText('höchstens 180 Tage');
  await expect(retention).toContainText('bis zu 30 Jahre');
  await expect(retention).toContainText('Auszahlung Ihrer Abfertigung steht Ihnen der Zugang zum Portal der Vorsorgekasse noch 10 Jahre zur Verfügung');

  const contents = terms.getByRole('navigation', { name: 'Inhalt' });
  await expect(contents).toBeVisible();
  await contents.getByRole('link', { name: 'Speicherung Ihrer Daten' }).click();
  await expect(terms.getByRole('heading', { level: 2, name: /Speicherung Ihrer Daten/ })).toBeFocused();
  await expect(terms).toHaveURL(/#\/nutzung$/);
  await expectNoSeriousA11yViolations(terms, 'terms of use');
  await terms.close();
});

test('the skip links lead to menu, content and footer on the public and the authenticated layout', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  // The app has taken over the prerendered login screen (decision 0040) once it has focused the e-mail field.
  await expect(page.getByLabel('E-Mail-Adresse')).toBeFocused();
  await expectSkipLinks(page, 'login');
  await expectNoSeriousA11yViolations(page, 'login with the skip links used');

  await logIn(page, personas.anna.email);
  await expectSkipLinks(page, 'dashboard');
  await expect(page.locator('#menu')).toHaveAccessibleName('Hauptnavigation');
});

test('the accessibility statement is linked from the footer, before and after login', async ({ page }) => {
  await page.goto('/#/login');
  await footer(page).getByRole('link', { name: 'Erklärung zur Barrierefreiheit' }).click();
  await expect(page).toHaveURL(/#\/barrierefreiheit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Web-Zugänglichkeits-Gesetz (WZG)');
  for (const heading of [
    'Stand der Vereinbarkeit mit den Anforderungen',
    'Nicht barrierefreie Inhalte',
    'Erstellung dieser Erklärung',
    'Feedback und Kontaktangaben',
    'Durchsetzungsverfahren',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(main).toContainText('teilweise mit der Konformitätsstufe AA der Web Content Accessibility Guidelines (WCAG) 2.1');
  // The statement PDFs are tagged now (tests/unit/pdf-tagged.test.ts): no longer listed as inaccessible.
  await expect(main).not.toContainText('nicht getaggt');
  await expect(main.getByRole('link', { name: 'barrierefreiheit@vbv.at' })).toHaveAttribute('href', 'mailto:barrierefreiheit@vbv.at');
  await expect(main.getByRole('link', { name: 'Beschwerdeformular der FFG-Beschwerdestelle' })).toHaveAttribute('href', /^https:\/\/www\.ffg\.at\//);
  await expect(main).toContainText('Österreichischen Forschungsförderungsgesellschaft mbH (FFG)');
  await expectNoSeriousA11yViolations(page, 'accessibility statement');

  await logIn(page, personas.bernd.email);
  await footer(page).getByRole('link', { name: 'Erklärung zur Barrierefreiheit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
});
