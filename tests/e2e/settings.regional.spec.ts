import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * Profile settings on the regional tenant (spec 000 section 2: /einstellungen is one of its routes; no Pensionskasse):
 * the screen works without the pension-fund parts, and a change reaches the legacy data under the regional key.
 */

test.beforeEach(async ({ page }) => {
  // The regional test server loads Matomo and a chatbot from stubbed hosts (see tenant.regional.spec.ts).
  await page.route('https://analytics.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  await page.route('https://chat.example.at/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
});

test('anna uses /einstellungen on the regional tenant: Vorsorgekasse choices only, changes reach the NOEVK data', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Einstellungen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();

  const consent = page.getByRole('region', { name: 'Newsletter und Zustellung' });
  await expect(consent.getByRole('checkbox')).toHaveCount(2);
  await expect(consent.getByLabel('Newsletter der Vorsorgekasse per\u00a0E\u2011Mail erhalten')).toBeVisible();
  await expect(consent.getByLabel('Kontoinformation der Vorsorgekasse per\u00a0E\u2011Mail')).toBeVisible();
  await expect(page.getByRole('main').getByText(/Pensionskasse|Leistungsnachweis/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'regional settings');

  const newsletter = consent.getByLabel('Newsletter der Vorsorgekasse per\u00a0E\u2011Mail erhalten');
  const wanted = !(await newsletter.isChecked());
  await newsletter.setChecked(wanted);
  await consent.getByRole('button', { name: 'Auswahl speichern' }).click();
  await expect(consent.getByRole('status')).toHaveText('Ihre Auswahl ist gespeichert.');

  const address = page.getByRole('region', { name: 'Adresse', exact: true });
  await address.getByLabel('Straße und Hausnummer').fill('Rennbahnstraße 29');
  await address.getByLabel('Postleitzahl').fill('3100');
  await address.getByLabel('Ort', { exact: true }).fill('St. Pölten');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');

  const history = page.getByRole('table', { name: 'Ihre Änderungen' });
  await expect(history.getByRole('row').filter({ hasText: 'Newsletter der Vorsorgekasse' }).first()).toContainText(`auf ${wanted ? 'ja' : 'nein'}`);
  await expect(history.getByRole('row').filter({ hasText: 'Ort' }).first()).toContainText('auf St. Pölten');

  const response = await page.request.post('/rest/getPersonalData', { headers: { 'X-Application-Version': 'Portal' } });
  expect(response.status()).toBe(200);
  const data = (await response.json()) as Record<string, any>;
  expect(data.VBVPK).toBeNull();
  expect(data.NOEVK.adresse).toMatchObject({ strasse: 'Rennbahnstraße 29', plz: '3100', ort: 'St. Pölten' });
});
