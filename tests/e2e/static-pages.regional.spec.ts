import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * Static pages of the regional tenant (spec 000 section 2): the terms of use without the left sidebar and with the
 * regional texts, the accessibility statement with the regional contact, no sitemap, and the skip links.
 */

test.beforeEach(async ({ page }) => {
  // The regional test server is configured with Matomo and a chatbot on stub hosts; keep them off the network.
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

function footer(page: Page) {
  return page.getByRole('navigation', { name: 'Rechtliches und Service' });
}

test('the regional terms of use open in a new tab and show no left sidebar', async ({ page }) => {
  await page.goto('/#/login');
  const link = footer(page).getByRole('link', { name: 'Nutzungsbedingungen (öffnet in einem neuen Tab)' });
  await expect(link).toHaveAttribute('rel', 'noopener');
  const [terms] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(terms).toHaveURL(/#\/nutzung$/);
  await expect(terms.getByRole('heading', { level: 1, name: 'Nutzungsbedingungen des Mitgliederportals' })).toBeVisible();
  await expect(terms.getByText('Mitgliederportals der Niederösterreichischen Vorsorgekasse')).toBeVisible();
  await expect(terms.getByRole('navigation', { name: 'Inhalt' })).toHaveCount(0);
  await expect(terms.getByRole('region', { name: /Speicherung Ihrer Daten/ })).toContainText('danach noch 10 Jahre');
  await expectNoSeriousA11yViolations(terms, 'regional terms of use');
  await terms.close();
});

test('the regional accessibility statement names the regional contact; the regional tenant has no sitemap', async ({ page }) => {
  await page.goto('/#/login');
  await footer(page).getByRole('link', { name: 'Erklärung zur Barrierefreiheit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'service@noevk.at' })).toHaveAttribute('href', 'mailto:service@noevk.at');
  await expect(main).not.toContainText('Dokumentenarchiv');
  // The regional tenant has no sitemap: the statement does not send anyone to one.
  await expect(main).not.toContainText('Sitemap');
  await expect(main.getByRole('heading', { level: 2, name: 'Durchsetzungsverfahren' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'regional accessibility statement');

  await logIn(page, personas.anna.email);
  await expect(footer(page).getByRole('link', { name: 'Sitemap' })).toHaveCount(0);
  await page.goto('/#/sitemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
  // A logged-in member keeps the member layout on the not-found page: navigation and logout.
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the regional skip links lead to menu, content and footer', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  for (const [name, target] of [
    ['Zum Menü springen', 'menu'],
    ['Zum Inhalt springen', 'content'],
    ['Zur Fußzeile springen', 'footer'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Sprunglinks' }).getByRole('link', { name }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator(`#${target}`)).toBeFocused();
  }
  await expectNoSeriousA11yViolations(page, 'regional dashboard after the skip links');
});
