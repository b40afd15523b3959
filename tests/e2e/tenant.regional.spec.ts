import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas, waitForApp } from './helpers/login';

/**
 * The regional tenant (spec 000 sections 1 and 2), against the second test server (TENANT=regional, see
 * playwright.config.ts): its own layout with the contact box, its catalogue overrides, its route set without the
 * Pensionskasse, and the configured announcement, eID button, Matomo and chatbot. The external hosts are stubbed.
 */

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__matomoLoaded = true;' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.__chatbotLoaded = true;' }));
});

async function matomoCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (Array.isArray(window._paq) ? (window._paq as unknown[][]) : []));
}

test('the regional login has its own layout: contact box, privacy link, no registration box, sanitised announcement, eID button', async ({ page }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Niederösterreichische Vorsorgekasse');
  await expect(page.getByText('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort bei Ihrer Vorsorgekasse an.')).toBeVisible();

  const contact = page.getByRole('complementary', { name: 'Wir sind für Sie da' });
  await expect(contact.getByRole('link', { name: '+43 2742 90 500' })).toHaveAttribute('href', 'tel:+43274290500');
  await expect(contact.getByRole('link', { name: 'service@noevk.at' })).toHaveAttribute('href', 'mailto:service@noevk.at');
  await expect(contact).toContainText('Montag bis Donnerstag: 8:00 bis 16:00 Uhr');
  await expect(contact).toContainText('Freitag: 8:00 bis 13:00 Uhr');
  await expect(contact.getByRole('link', { name: 'Datenschutzinformation' })).toBeVisible();

  const links = page.getByRole('navigation', { name: 'Hilfe zur Anmeldung' });
  await expect(links.getByRole('link', { name: 'Datenschutz' })).toBeVisible();
  await expect(links.getByRole('link', { name: 'Hilfe' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Noch nicht registriert?' })).toHaveCount(0);
  // The main group's sites are not linked from the regional fund's pages (decisions 0021 and 0046).
  await expect(page.getByRole('navigation', { name: 'Die VBV-Gruppe im Internet' })).toHaveCount(0);

  const announcement = page.getByRole('region', { name: 'Mitteilung' });
  await expect(announcement).toContainText('Wartungsarbeiten: Am Samstag ist das Portal von 8 bis 10 Uhr nicht erreichbar.');
  await expect(announcement.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __announcementXss?: number }).__announcementXss)).toBeUndefined();

  await expect(page.getByRole('link', { name: 'Mit ID Austria anmelden' })).toHaveAttribute('href', '/webportal/eid/start');
  await expectNoSeriousA11yViolations(page, 'regional login');
});

test('anna logs in on the regional tenant and sees her Vorsorgekasse only; the Pensionskasse route is not found', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');
  await expect(page.getByRole('heading', { level: 2, name: 'Vorsorgekasse' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Pensionskasse' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Mein Konto' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pensionskasse' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Wir sind für Sie da' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'regional dashboard');

  await page.goto('/#/kontoinformation/pensionskasse');
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'regional not found');
});

test('Matomo loads only after the cookie consent and tracks page views and the login; the chatbot loads in German', async ({ page }) => {
  const trackerRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith('https://analytics.example.at/')) trackerRequests.push(request.url());
  });
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();

  const chatbot = page.locator('script#chatbot-widget');
  await expect(chatbot).toHaveAttribute('src', 'https://chat.example.at/widget.js');
  await expect(chatbot).toHaveAttribute('data-language', 'de');
  await expect.poll(() => page.evaluate(() => (window as unknown as { __chatbotLoaded?: boolean }).__chatbotLoaded)).toBe(true);

  expect(trackerRequests).toEqual([]);
  expect(await matomoCommands(page)).toEqual([]);

  await page.getByRole('button', { name: 'Alle Cookies akzeptieren' }).click();
  await expect(page.locator('script#matomo-tracker')).toHaveAttribute('src', 'https://analytics.example.at/matomo.js');
  await expect.poll(() => trackerRequests).toContain('https://analytics.example.at/matomo.js');
  const afterConsent = await matomoCommands(page);
  expect(afterConsent).toContainEqual(['setSiteId', '7']);
  expect(afterConsent).toContainEqual(['setDocumentTitle', 'Anmeldung – Mitgliederportal']);
  expect(afterConsent).toContainEqual(['trackPageView']);

  await waitForApp(page);

  await page.getByLabel('E-Mail-Adresse').fill(personas.bernd.email);
  await page.getByLabel('Passwort', { exact: true }).fill('Pensionskasse#2026');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect.poll(() => matomoCommands(page)).toContainEqual(['trackEvent', 'Login', 'success']);
  await expect.poll(() => matomoCommands(page)).toContainEqual(['setDocumentTitle', 'Übersicht – Mitgliederportal']);
});
