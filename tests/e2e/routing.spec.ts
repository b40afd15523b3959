import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate } from './helpers/expected-format';
import { logIn, logInThroughForm, personas } from './helpers/login';
import { pensionContractsOf } from './helpers/member-db';
import { pensionStatementsOf } from './helpers/seed-db';
import { chooseOption, selectTrigger } from './helpers/select-field';

/**
 * The router (react-router's declarative router with lazy screens, decision 0034): what the data router gave before
 * and the app now does itself. A new screen starts at the top and back returns to where the member was (web/src/lib/
 * scroll-restoration.ts); a screen whose code cannot load shows the error state inside the member layout, and the
 * other screens stay reachable (web/src/app/routes/route-error.tsx).
 */
test('a new screen starts at the top; back returns to the position the member left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await logIn(page, personas.anna.email);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sehr geehrte Frau Mag.a Anna Muster');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(height, 'the dashboard is taller than the window').toBeGreaterThan(800);
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);

  await page.getByRole('link', { name: 'Kontoinformation Pensionskasse' }).first().click();
  await expect(page).toHaveURL(/#\/kontoinformation\/pensionskasse/);
  // The new screen's heading (the dashboard's would pass at once), then its scroll position once it is drawn.
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Pensionskasse' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/#\/dashboard$/);
  // Where the member left it; the browser's scroll anchoring may move it a few pixels while the content settles.
  await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - 600)).toBeLessThan(40);
});

test('another Stichtag keeps the scroll position and the focus on its select', async ({ page }) => {
  const [contract] = pensionContractsOf(personas.anna.email);
  const older = pensionStatementsOf(personas.anna.email)[3]!;
  await page.setViewportSize({ width: 1280, height: 400 });
  // Through the form: after the request login's fresh load of the dashboard the click on the option lands on its
  // neighbour at this window height (decision 0064, open point).
  await logInThroughForm(page, personas.anna.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const panel = page.getByRole('region', { name: `Vertrag ${contract!.contract_number}` });
  await selectTrigger(panel, 'Stichtag').scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before, 'the select is below the first screenful').toBeGreaterThan(0);

  await chooseOption(page, panel, 'Stichtag', expectedDate(older.stichtag));
  await expect(page).toHaveURL(new RegExp(`#/kontoinformation/pensionskasse/${older.stichtag}$`));
  await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(older.stichtag)}` })).toBeVisible();
  await expect(selectTrigger(panel, 'Stichtag')).toBeFocused();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(40);
});

test('a screen whose code cannot load shows the error state in the member layout; other screens still open', async ({ page }) => {
  await logIn(page, personas.anna.email);
  // The sitemap's own chunk (a screen chunk no other module imports).
  await page.route(/\/assets\/sitemap-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/#/sitemap');
  await expect(page.getByRole('heading', { level: 1, name: 'Die Seite konnte nicht geladen werden.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Seite neu laden' })).toBeVisible();
  // The member layout stays: navigation and logout.
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'route error');

  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Dokumente' }).click();
  await expect(page).toHaveURL(/#\/dokumente/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumente' })).toBeVisible();
});

test('a link of the prerendered frame followed while the app starts leads to its screen, not back to the login', async ({ page }) => {
  // The login screen's chunk is held until the link has been followed: the app has made its router by then (the hash
  // history marks the entry with its index when it is created) but has not yet shown a screen. (The router also takes
  // up a change made while its first render runs, between two time slices: web/src/app/hash-router.tsx. That window
  // is a few milliseconds and cannot be hit on purpose from here.)
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/login-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#/login');
  await page.waitForFunction(() => typeof (window.history.state as { idx?: unknown } | null)?.idx === 'number');
  await expect(page.locator('[data-prerender]')).toBeVisible();
  await page.locator('[data-prerender]').getByRole('link', { name: 'Erklärung zur Barrierefreiheit' }).click();
  await expect(page).toHaveURL(/#\/barrierefreiheit$/);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeVisible();
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
});
