import { expect, test, type Page } from '@playwright/test';
import { logInThroughForm, personas } from './helpers/login';

/**
 * Idle logout with two tabs (spec 000 section 9): "Angemeldet bleiben" in one tab keeps both signed
 * in, and a key in either tab counts as activity for both. The browser clock is installed and moved by the test
 * (no waiting); the timings are shortened through the test override (web/src/lib/session-timings.ts): warning after
 * 10 s without activity, logout 5 s later.
 */

function warning(page: Page) {
  return page.getByRole('alertdialog', { name: 'Automatische Abmeldung' });
}

test('"Angemeldet bleiben" or a key in one tab keeps both tabs signed in', async ({ context }) => {
  await context.addInitScript(() => {
    sessionStorage.setItem('mvbv-test-timings', JSON.stringify({ idleWarningSeconds: 10, logoutAfterWarningSeconds: 5, keepAliveSeconds: 60 }));
  });
  await context.clock.install();
  const first = await context.newPage();
  const second = await context.newPage();
  await logInThroughForm(first, personas.bernd.email);
  await second.goto('/#/dashboard');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrter Herr Bernd Vorsorge');

  // Both tabs idle: both warn.
  await context.clock.fastForward('00:11');
  await expect(warning(first)).toBeVisible();
  await expect(warning(second)).toBeVisible();

  // "Angemeldet bleiben" in the first tab closes the warning in both.
  await warning(first).getByRole('button', { name: 'Angemeldet bleiben' }).click();
  await expect(warning(first)).toBeHidden();
  await expect(warning(second)).toBeHidden();

  // Beyond the moment the second tab's old warning would have logged out (5 s), and short of a new warning (10 s).
  await context.clock.fastForward('00:07');
  await expect(first).toHaveURL(/#\/dashboard$/);
  await expect(second).toHaveURL(/#\/dashboard$/);
  await expect(warning(second)).toBeHidden();

  // Idle again: both warn; a key in the second tab keeps both.
  await context.clock.fastForward('00:05');
  await expect(warning(first)).toBeVisible();
  await expect(warning(second)).toBeVisible();
  await second.keyboard.press('Shift');
  await expect(warning(second)).toBeHidden();
  await expect(warning(first)).toBeHidden();
  await context.clock.fastForward('00:07');
  await expect(first).toHaveURL(/#\/dashboard$/);
  await expect(second).toHaveURL(/#\/dashboard$/);

  // Nobody active: both end at the login with the time-out notice.
  await context.clock.fastForward('00:11');
  await expect(warning(first)).toBeVisible();
  await context.clock.fastForward('00:06');
  await expect(first).toHaveURL(/#\/login$/);
  await expect(second).toHaveURL(/#\/login$/);
});

test('a session lost while on a member screen sends the member to the login with the reason', async ({ page, context }) => {
  await logInThroughForm(page, personas.bernd.email);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgekasse', exact: true })).toBeVisible();
  // The session disappears (ended elsewhere, cookie gone): the next screen's request answers UNAUTHENTICATED.
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgekasse', exact: true }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText('Ihre Sitzung ist nicht mehr gültig. Bitte melden Sie sich erneut an.')).toBeVisible();

  // A first visit without a session is not told that a session was lost.
  const fresh = await context.browser()!.newPage();
  await fresh.goto(page.url().replace(/#.*$/, '#/dashboard'));
  await expect(fresh).toHaveURL(/#\/login$/);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(fresh.getByText('Ihre Sitzung ist nicht mehr gültig.')).toHaveCount(0);
  await fresh.close();
});
