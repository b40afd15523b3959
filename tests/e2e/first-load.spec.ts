import { expect, test } from '@playwright/test';
import { measureRoutes } from '../../bench/bundle';

/**
 * Issue 18 item 2 against the build the browser tests run on (`npm run test:e2e` builds first): what a route loads
 * before it renders, measured as `npm run bench` measures it (bench/bundle.ts, gzip level 9).
 * - /dashboard stays within its budget of 200 KiB;
 * - /login's budget of 150 KiB is not met (docs/benchmarks.md, "Lean first load": react-dom, Apollo Client,
 *   i18next and react-router alone are about 150 KiB); the ceiling below is the level reached, so that nothing
 *   creeps back into the first load unnoticed. Lower it when /login gets leaner.
 */
const LOGIN_CEILING_KIB = 215;

test('the first-load JavaScript of /dashboard is within budget and /login does not grow', () => {
  const loads = new Map(measureRoutes().map((load) => [load.route, load]));
  const dashboard = loads.get('/dashboard')!;
  expect(dashboard.gzip / 1024, dashboard.chunks.map((c) => c.fileName).join(', ')).toBeLessThanOrEqual(dashboard.budgetKiB);
  const login = loads.get('/login')!;
  expect(login.gzip / 1024).toBeLessThanOrEqual(LOGIN_CEILING_KIB);
  // The login rules (zod), the member shell and the other areas' catalogue parts are not part of /login's first load.
  const loginModules = login.largest.map((m) => m.name);
  expect(loginModules).not.toContain('zod');
});

test('/login renders without the member shell, the dashboard or the registration texts', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByLabel('E-Mail-Adresse')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
  expect(scripts.filter((path) => /\/(member-layout|dashboard|registration|settings)-[\w-]+\.js$/.test(path))).toEqual([]);
});
