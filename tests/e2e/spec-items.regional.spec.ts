import { expect, test } from './helpers/portal-clock';
import { failOperation } from './helpers/graphql-requests';
import { logIn, loginPersonas, personas, submitLogin } from './helpers/login';

/**
 * Spec items of both tenants, seen on the regional one (the main tenant's proofs: login-flow.spec.ts and
 * calculator.spec.ts): the "technical problems" login message (spec 001 section 8 "Session: login not possible due
 * to technical problems") on the regional login, and the 0,65 % cost example (spec 001 section 9) in the regional
 * calculator's assumptions, in the tenant's own words.
 */

test('regional: a login call that fails for a technical reason says so for the whole form', async ({ page }) => {
  await page.goto('/#/login');
  await failOperation(page, 'LoginForm_Login');
  await submitLogin(page, loginPersonas.ida);
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldung ist aufgrund technischer Probleme derzeit nicht möglich. Bitte versuchen Sie es später noch einmal.');
  await expect(page.getByLabel('E-Mail-Adresse')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/#\/login$/);
});

test('regional: the calculator states the 0,65 % asset-management cost example', async ({ page }) => {
  await logIn(page, personas.bernd.email);
  await page.goto('/#/vorsorgerechner');
  await expect(page.getByText(/Kostenbeispiel: .*Vermögensverwaltungskosten einer Zusatzpension von 0,65\u00A0% pro Jahr/)).toBeVisible();
});
