import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan, smallestChartText } from './helpers/layout-checks';
import { loginPersonas, logIn, personas } from './helpers/login';

/**
 * Phones and the member's funds (spec 001 section 2): the main navigation shows only the member's funds and
 * collapses into a menu button on a 390 px screen; nothing is wider than the screen; chart labels are at least
 * 12 px; on a desktop the account charts use the card's width. `PHONE_SHOTS=1` saves screenshots in /tmp/shots.
 */

const SHOTS = process.env.PHONE_SHOTS === '1';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

async function navLinks(page: Page): Promise<string[]> {
  return nav(page).getByRole('link').allTextContents();
}

test("the main navigation shows only the member's funds", async ({ page }) => {
  await logIn(page, personas.anna.email);
  await expect(nav(page).getByRole('link', { name: 'Pensionskasse', exact: true })).toBeVisible();
  expect(await navLinks(page)).toEqual(['Übersicht', 'Pensionskasse', 'Vorsorgekasse', 'Postfach', 'Dokumente', 'Veranlagung', 'Vorsorgerechner', 'Einstellungen']);
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();

  await logIn(page, personas.bernd.email);
  await expect(nav(page).getByRole('link', { name: 'Vorsorgekasse', exact: true })).toBeVisible();
  expect(await navLinks(page)).toEqual(['Übersicht', 'Vorsorgekasse', 'Postfach', 'Dokumente', 'Veranlagung', 'Vorsorgerechner', 'Einstellungen']);
  await nav(page).getByRole('link', { name: 'Veranlagung' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Veranlagung Vorsorgekasse' })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();

  await logIn(page, personas.clara.email);
  await expect(nav(page).getByRole('link', { name: 'Pensionskasse', exact: true })).toBeVisible();
  // No calculator for a beneficiary drawing the pension (the server refuses it, spec 001 section 6).
  expect(await navLinks(page)).toEqual(['Übersicht', 'Pensionskasse', 'Postfach', 'Dokumente', 'Veranlagung', 'Einstellungen']);
  await page.getByRole('button', { name: 'Abmelden', exact: true }).click();

  // A contact person without own contract: nothing of a fund and no calculator (no contract data to calculate with); the inbox.
  await logIn(page, loginPersonas.otto);
  await expect(nav(page).getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  expect(await navLinks(page)).toEqual(['Übersicht', 'Postfach', 'Einstellungen']);
  await nav(page).getByRole('link', { name: 'Postfach' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Postfach' })).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Postfach' })).toHaveAttribute('aria-current', 'page');
});

test('on a 390 px phone nothing is wider than the screen, the menu collapses and chart labels stay legible', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, personas.anna.email);
  const menu = nav(page).getByRole('button', { name: 'Menü' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page).getByRole('link', { name: 'Einstellungen' })).toBeHidden();
  if (SHOTS) await page.screenshot({ path: '/tmp/shots/nav-390-closed.png' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav(page).getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'open phone menu');
  if (SHOTS) await page.screenshot({ path: '/tmp/shots/nav-390-open.png' });
  await nav(page).getByRole('link', { name: 'Vorsorgekasse' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Vorsorgekasse' })).toBeVisible();
  await expect(menu, 'choosing an entry closes the menu').toHaveAttribute('aria-expanded', 'false');

  for (const [who, email] of [
    ['anna', personas.anna.email],
    ['bernd', personas.bernd.email],
    ['clara', personas.clara.email],
  ] as const) {
    if (who !== 'anna') {
      await page.goto('/#/dashboard');
      await page.getByRole('button', { name: 'Abmelden', exact: true }).click();
      await logIn(page, email);
    }
    for (const route of [
      '/dashboard',
      '/kontoinformation/pensionskasse',
      '/kontoinformation/vorsorgekasse',
      '/dokumente',
      '/veranlagung/pensionskasse',
      '/veranlagung/vorsorgekasse',
      '/einstellungen',
      '/sitemap',
    ]) {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('main .state--loading')).toHaveCount(0);
      // A member without that fund sees "not found" or an empty state; the layout still must fit.
      expect(await elementsWiderThan(page, PHONE.width), `${who} ${route} at 390 px`).toEqual([]);
      // Charts size themselves to their card once it is laid out (ResizeObserver); the labels are read once settled.
      await expect.poll(async () => (await smallestChartText(page)) ?? 12, { message: `${who} ${route}: chart labels` }).toBeGreaterThanOrEqual(12);
      if (SHOTS) await page.screenshot({ path: `/tmp/shots/${who}${route.replaceAll('/', '-')}-390.png`, fullPage: true });
    }
  }
});

test("on a desktop the account charts use the card's width, with 12 px labels", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await logIn(page, personas.anna.email);
  for (const route of ['/kontoinformation/pensionskasse', '/kontoinformation/vorsorgekasse']) {
    await page.goto(`/#${route}`);
    const chart = page.locator('.history-chart').first();
    await expect(chart.locator('svg')).toBeVisible();
    const [section, svg] = await Promise.all([chart.boundingBox(), chart.locator('svg').boundingBox()]);
    expect(svg!.width, route).toBeGreaterThan(section!.width * 0.95);
    expect(svg!.width, route).toBeGreaterThan(600);
    const smallest = await smallestChartText(page);
    expect(smallest, route).toBeGreaterThanOrEqual(11.5);
    expect(smallest, route).toBeLessThanOrEqual(13);
    if (SHOTS) await page.screenshot({ path: `/tmp/shots/anna${route.replaceAll('/', '-')}-1280.png`, fullPage: true });
  }
});
