import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * The regional tenant has no documents archive and no investment information (spec 001 section 1): the routes show
 * the not-found page, and the server offers no documents and no investment data either.
 */
test('the regional tenant has no /dokumente and no /veranlagung: every such address is not found', async ({ page }) => {
  await logIn(page, personas.anna.email);
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(nav.getByRole('link', { name: 'Dokumente' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Veranlagung' })).toHaveCount(0);
  for (const route of ['/dokumente', '/dokumente/kontonachrichten', '/veranlagung/pensionskasse', '/veranlagung/pensionskasse/vrg3', '/veranlagung/vorsorgekasse']) {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 }), route).toHaveText('Diese Seite gibt es nicht.');
    await expect(page.getByRole('table'), route).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page, 'regional not found (documents, investment)');

  const res = await page.request.post('/graphql', {
    headers: { 'X-Application-Version': 'Portal' },
    data: { query: '{ me { unreadDocumentCount documents { totalCount } } severanceFundInvestment { managementFeePercent } vrgInvestment(vrg: 3) { vrg } }' },
  });
  const body = (await res.json()) as { data: unknown };
  expect(body.data).toEqual({ me: { unreadDocumentCount: 0, documents: { totalCount: 0 } }, severanceFundInvestment: null, vrgInvestment: null });
});
