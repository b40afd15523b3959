import type { Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logInThroughForm, personas, submitLogin } from './helpers/login';
import { expectModalDialog } from './helpers/modal';
import { expireSessionsOf } from './helpers/seed-db';

/**
 * Session end and the cookie notice (spec 000 sections 2, 4 and 9): the time-out and session-failure notices, the
 * signals between tabs under mvbv-auth, the inactivity warning with shortened timings, and the acceptCookies cookie.
 */

const TIMEOUT_NOTICE = 'Sie wurden aus Sicherheitsgründen automatisch abgemeldet';

async function authMessage(page: Page): Promise<unknown> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('mvbv-auth') ?? 'null') as unknown);
}

test('the cookie notice stays until cookies are accepted; the consent cookie lasts 31 days, SameSite=Strict', async ({ page, context }) => {
  await page.goto('/#/login');
  const notice = page.getByRole('region', { name: 'Hinweis zu Cookies' });
  await expect(notice).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login with the cookie notice');

  await notice.getByRole('button', { name: 'Alle Cookies akzeptieren' }).click();
  await expect(notice).toBeHidden();
  const cookie = (await context.cookies()).find((c) => c.name === 'acceptCookies');
  expect(cookie).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(30.9);
  expect(days).toBeLessThanOrEqual(31);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('"necessary cookies only" hides the notice for the session without setting the consent cookie', async ({ page, context }) => {
  await page.goto('/#/login');
  await page.getByRole('button', { name: 'Nur notwendige Cookies' }).click();
  await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toHaveCount(0);
  expect((await context.cookies()).some((c) => c.name === 'acceptCookies')).toBe(false);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toHaveCount(0);
});

test('a session that timed out on the server sends the member to the login with the time-out notice', async ({ page }) => {
  await logInThroughForm(page, personas.bernd.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrter Herr Bernd Vorsorge');
  expect(expireSessionsOf(personas.bernd.email)).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgekasse' }).click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByRole('status').filter({ hasText: TIMEOUT_NOTICE })).toBeVisible();
  expect(await authMessage(page)).toMatchObject({ type: 'timeout' });
  await expectNoSeriousA11yViolations(page, 'login with the time-out notice');

  // The notice belongs to that visit of the login: it does not come back with the back button.
  // /registration is a lazily loaded screen: until it has rendered, the login (and its notice) is still on screen.
  await page.goto('/#/registration');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrierung für das Mitgliederportal' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByText(TIMEOUT_NOTICE)).toHaveCount(0);
});

/** Ends the page's session on the server, behind the app's back. */
async function endSessionOnServer(page: Page): Promise<void> {
  await page.evaluate(() =>
    fetch('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Application-Version': 'Portal' },
      body: JSON.stringify({ query: 'mutation { logout { ok { loggedOut } } }' }),
    }),
  );
}

test('HTTP 423 shows the time-out notice and HTTP 406 the session-failure notice', async ({ page }) => {
  const severanceLink = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Vorsorgekasse' });

  await logInThroughForm(page, personas.bernd.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrter Herr Bernd Vorsorge');
  await endSessionOnServer(page);
  await page.route('**/graphql', (route) => route.fulfill({ status: 423, body: '' }), { times: 1 });
  await severanceLink.click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText(TIMEOUT_NOTICE)).toBeVisible();

  await submitLogin(page, personas.bernd.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrter Herr Bernd Vorsorge');
  await endSessionOnServer(page);
  await page.route('**/graphql', (route) => route.fulfill({ status: 406, body: '' }), { times: 1 });
  await severanceLink.click();
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByText('Ihre Sitzung ist nicht mehr gültig. Bitte melden Sie sich erneut an.')).toBeVisible();
  expect(await authMessage(page)).toMatchObject({ type: 'timeout' });
  await expectNoSeriousA11yViolations(page, 'login with the session-failure notice');
});

test('logging out in one tab sends the other tab to the login; a login in one tab sends a login tab to the dashboard', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await logInThroughForm(first, personas.anna.email);
  await second.goto('/#/dashboard');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');

  await first.getByRole('button', { name: 'Abmelden', exact: true }).click();
  await expect(first).toHaveURL(/#\/login$/);
  await expect(second).toHaveURL(/#\/login$/);
  await expect(second.getByText('Sie wurden abgemeldet, weil Ihre Sitzung in einem anderen Fenster beendet wurde.')).toBeVisible();
  await expectNoSeriousA11yViolations(second, 'login after a logout in another tab');

  // A tab in the electronic-ID flow stays where it is.
  const eid = await context.newPage();
  await eid.goto('/#/eid?error=NOT_LINKED');
  await expect(eid.getByText(/noch mit keinem Zugang zum Mitgliederportal verknüpft/)).toBeVisible();

  await submitLogin(first, personas.anna.email);
  await expect(first).toHaveURL(/#\/dashboard$/);
  await expect(second).toHaveURL(/#\/dashboard$/);
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');
  await expect(eid).toHaveURL(/#\/eid\?error=NOT_LINKED$/);
});

test('after the idle time a warning counts down; a key press keeps the session, otherwise the member is logged out', async ({ page }) => {
  // Shortened timings (web/src/lib/session-timings.ts): warning after 2 s, logout 4 s later, keep-alive every 1 s.
  await page.addInitScript(() => {
    sessionStorage.setItem('mvbv-test-timings', JSON.stringify({ idleWarningSeconds: 2, logoutAfterWarningSeconds: 4, keepAliveSeconds: 1 }));
  });
  const keepAlives: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && (request.postData() ?? '').includes('SessionWatch_KeepAlive')) keepAlives.push(request.url());
  });
  await logInThroughForm(page, personas.bernd.email);

  const warning = page.getByRole('alertdialog', { name: 'Automatische Abmeldung' });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  await expectModalDialog(page, 'Automatische Abmeldung', 'alertdialog');
  await expect(warning.getByRole('timer')).toHaveText(/Abmeldung in \d Sekunden?/);
  await expect(warning.locator('[aria-live="assertive"]')).toHaveText(/Abmeldung in \d Sekunden?/);
  await expectNoSeriousA11yViolations(page, 'inactivity warning');

  await page.keyboard.press('Shift');
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect.poll(() => keepAlives.length, { message: 'the key press keeps the session alive on the server' }).toBeGreaterThan(0);

  await expect(warning).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/#\/login$/, { timeout: 10_000 });
  await expect(page.getByText(TIMEOUT_NOTICE)).toBeVisible();
  expect(await authMessage(page)).toMatchObject({ type: 'timeout' });

  // The session is gone on the server too.
  await page.goto('/#/dashboard');
  await expect(page).toHaveURL(/#\/login$/);
});
