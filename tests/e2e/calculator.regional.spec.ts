import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { logIn, personas } from './helpers/login';

/**
 * The calculator on the regional tenant (Vorsorgekasse only, spec 000 section 2): /vorsorgerechner offers the
 * fictitious calculator (no Pensionskasse entitlement: return +2,00 % plus the cost bonus); the calculator-only mode
 * /rechner is a main-tenant route and shows the not-found page here.
 */
test('a Vorsorgekasse member gets the fictitious calculator; /rechner is not found', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/vorsorgerechner');
  await expect(page.getByRole('heading', { level: 1, name: 'Vorsorgerechner' })).toBeVisible();
  await expect(page.getByText(/fiktive betriebliche Zusatzpension ergäbe: Rendite 2,00\u00A0% zuzüglich Kostenbonus/)).toBeVisible();
  await expect(page.getByLabel('Erwartete Rendite (% pro Jahr)')).toHaveValue('2');
  await expect(page.getByLabel('Arbeitgeberbeitrag pro Jahr (€)')).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Gesamtpension' })).toContainText('pro Monat');
  await expectNoSeriousA11yViolations(page, 'regional /vorsorgerechner');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('calculator-regional-390.png'), fullPage: false });

  await page.goto('/#/rechner');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Seite gibt es nicht.');
});
