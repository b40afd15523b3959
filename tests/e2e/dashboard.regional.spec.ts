import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { recordGraphqlRequests } from './helpers/graphql-requests';
import { logIn, personas } from './helpers/login';
import { routeAvailable, type RouteKey } from '../../web/src/config/paths';

/** The regional tenant's dashboard: only its routes among the quick links, its own external pages, no documents. */

test.beforeEach(async ({ page }) => {
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('anna on the regional tenant gets the Vorsorgekasse quick links only, and one GraphQL request per screen', async ({ page }) => {
  await logIn(page, personas.anna.email);
  const section = page.getByRole('region', { name: 'Schnellzugriff' });
  await expect(section).toBeVisible();
  const links = await section.getByRole('link').evaluateAll((all) => all.map((link) => [(link.textContent ?? '').replace(/\s+/g, ' ').trim(), link.getAttribute('href')]));
  // Route links only where their screen exists on the tenant (the route registry decides, not this test).
  const expected: Array<[RouteKey | null, [string, string]]> = [
    ['severanceAccount', ['Kontoinformation', '#/kontoinformation/vorsorgekasse']],
    ['inboxMessages', ['Postfach', '#/postfach/posteingang']],
    ['calculator', ['Vorsorgerechner', '#/vorsorgerechner']],
    [null, ['Häufige Fragen (FAQ) (externe Website)', 'https://www.noevk.at/faq']],
    [null, ['Abfertigungsrechner bei Kündigung (externe Website)', 'https://www.noevk.at/abfertigungsrechner']],
    [null, ['Warum wir? (externe Website)', 'https://www.noevk.at/warum-wir']],
    [null, ['Neuigkeiten (externe Website)', 'https://www.noevk.at/aktuelles']],
  ];
  expect(links).toEqual(expected.filter(([key]) => key === null || routeAvailable('regional', key)).map(([, link]) => link));
  await expect(page.getByRole('link', { name: /ungelesene Nachricht(en)? im Postfach/ })).toHaveCount(routeAvailable('regional', 'inboxMessages') ? 1 : 0);
  await expect(page.getByRole('link', { name: /Dokument/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'regional dashboard');

  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  let recording = recordGraphqlRequests(page);
  await nav.getByRole('link', { name: 'Mein Konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Vorsorgekasse' })).toBeVisible();
  await expect(page.getByRole('table', { name: /^Stand zum/ }).first()).toBeVisible();
  await page.waitForTimeout(750);
  expect(recording.stop()).toEqual(['SeveranceAccountPage_Query']);
  // No documents archive on the regional tenant: no annual-statement download.
  await expect(page.getByRole('link', { name: /herunterladen \(PDF\)/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'regional account information');

  recording = recordGraphqlRequests(page);
  await nav.getByRole('link', { name: 'Übersicht' }).click();
  await expect(page.getByRole('region', { name: 'Schnellzugriff' })).toBeVisible();
  await page.waitForTimeout(750);
  expect(recording.stop()).toEqual(['DashboardPage_Query']);
});
