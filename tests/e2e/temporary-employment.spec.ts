import { expect, test } from './helpers/portal-clock';
import { logIn, personas } from './helpers/login';
import { chooseOption } from './helpers/select-field';

/**
 * The temporary-employment rule (spec 001 section 9: "contribution-free continuation for at most 12 months; vesting
 * after 3 years") where it applies: the exit application once its reason is the end of a fixed-term employment, and
 * the vested-amount decision once the entitlement is kept contribution-free. Pension-fund forms: main tenant only (the
 * regional tenant has no Pensionskasse).
 */

const RULE = 'Bei einem befristeten Arbeitsverhältnis kann Ihr Anspruch höchstens 12 Monate beitragsfrei weitergeführt werden.';
const VESTING = 'Ihr Anspruch aus den Beiträgen Ihres Arbeitgebers wird nach 3 Jahren unverfallbar.';

test('the exit application states the temporary-employment rule only for a fixed-term employment', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare/austrittsantrag');
  await expect(page.getByRole('heading', { level: 2, name: 'Austrittsantrag' })).toBeVisible();
  await expect(page.getByText(RULE)).toHaveCount(0);
  await chooseOption(page, page, 'Wie endet das Arbeitsverhältnis?', 'Kündigung durch mich');
  await expect(page.getByText(RULE)).toHaveCount(0);
  await chooseOption(page, page, 'Wie endet das Arbeitsverhältnis?', 'Ende eines befristeten Arbeitsverhältnisses');
  await expect(page.getByText(RULE)).toBeVisible();
  await expect(page.getByText(VESTING)).toBeVisible();
});

test('the vested-amount decision states the rule when the entitlement is kept contribution-free', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await page.goto('/#/postfach/formulare/unverfallbarkeitsbetrag');
  await page.getByRole('group', { name: 'Ihre Entscheidung' }).getByLabel('In der Pensionskasse belassen').check();
  const keep = page.getByRole('group', { name: 'Wie soll der Anspruch weitergeführt werden?' });
  await keep.getByLabel('Mit eigenen Beiträgen fortsetzen').check();
  await expect(page.getByText(RULE)).toHaveCount(0);
  await keep.getByLabel('Beitragsfrei stellen').check();
  await expect(page.getByText(RULE)).toBeVisible();
  await page.getByRole('group', { name: 'Ihre Entscheidung' }).getByLabel('Übertragen').check();
  await expect(page.getByText(RULE)).toHaveCount(0);
});
