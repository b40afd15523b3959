import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { elementsWiderThan } from './helpers/layout-checks';
import { logIn, personas } from './helpers/login';
import { openFiveRowSelect, optionsInView } from './helpers/select-field';
import { chooseCountry, countrySelect, isoToday, openSettings, restPersonalData, section, SHOTS, tabTo, typedToday, writeDb } from './helpers/settings';

/**
 * Profile settings on /einstellungen (spec 001 sections 2 "Profile", 5 and 8), main tenant: the address
 * form's valid-from date (typed or picked in the calendar), the form with the keyboard alone, the country select, and
 * the change history's sticky header.
 * The e2e database is shared by all specs of a run. The steps the settings specs share are in helpers/settings.ts.
 */

test.describe.configure({ mode: 'serial' });

test('the valid-from date is typed as TT.MM.JJJJ or picked in a German calendar (Jänner, weeks from Monday)', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');
  const field = address.getByLabel('Gültig ab', { exact: true });
  await expect(field).toHaveValue(typedToday());
  const open = address.getByRole('button', { name: 'Kalender öffnen: Gültig ab' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Gültig ab' });
  const year = isoToday().slice(0, 4);
  const month = Number(isoToday().slice(5, 7));
  for (let i = 1; i < month; i++) await dialog.getByRole('button', { name: 'Zurück' }).click();
  await expect(dialog.getByRole('heading', { name: `Jänner ${year}` })).toBeVisible();
  await expect(dialog.locator('thead th').first()).toHaveText(/^Mo/);
  await expectNoSeriousA11yViolations(page, 'settings calendar');
  if (SHOTS) {
    await page.screenshot({ path: '/tmp/shots-h19/settings-calendar-1280.png' });
  }
  await dialog.getByRole('button', { name: new RegExp(`(^|\\s)2\\. Jänner ${year}`) }).click();
  await expect(dialog).toBeHidden();
  await expect(field).toHaveValue(`02.01.${year}`);
  await expect(open).toBeFocused();
  // The keyboard opens it too; Escape closes it without a change.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Gültig ab' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Gültig ab' })).toBeHidden();
  await expect(field).toHaveValue(`02.01.${year}`);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await open.click();
    await page.screenshot({ path: '/tmp/shots-h19/settings-calendar-390.png' });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // The typed field still takes a typed date.
  await field.fill(typedToday());
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
});

test('the address form works with the keyboard alone', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');

  // From the table of contents into the section, then through the fields in order.
  await tabTo(page, page.getByRole('navigation', { name: 'Auf dieser Seite' }).getByRole('link', { name: 'Adresse', exact: true }));
  await page.keyboard.press('Enter');
  await expect(address).toBeFocused();
  await tabTo(page, address.getByLabel('Straße und Hausnummer'), 5);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Kirchengasse 1');
  await page.keyboard.press('Tab');
  await expect(address.getByLabel('Postleitzahl')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1070');
  await page.keyboard.press('Tab');
  await expect(address.getByLabel('Ort', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(countrySelect(address)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(address.getByLabel(/^Postfach/)).toBeFocused();
  await page.keyboard.type('PF 12');
  await page.keyboard.press('Enter');
  await expect(address.getByRole('status')).toHaveText('Ihre neue Adresse ist gespeichert.');
  await expect(address.locator('dl')).toContainText('Kirchengasse 1');
  await expect(address.locator('dl')).toContainText('PF 12');
  const data = await restPersonalData(page);
  expect(data.VBVPK.adresse).toMatchObject({ strasse: 'Kirchengasse 1', plz: '1070', postfach: 'PF 12' });
});

test('the country select shows 5 rows of its list, scrolls, and is chosen by typing and arrow keys; axe is clean', async ({ page }) => {
  await logIn(page, personas.anna.email);
  await openSettings(page);
  const address = section(page, 'Adresse');
  const trigger = countrySelect(address);
  const stored = (await trigger.textContent()) ?? '';

  for (const width of [1280, 390]) {
    // Spec 000 section 9 "Dropdown size 5 rows": five options in view out of the whole country table; the rest scrolls.
    const list = await openFiveRowSelect(page, trigger, width);
    expect(await list.getByRole('option').count()).toBeGreaterThan(40);
    await expectNoSeriousA11yViolations(page, `settings country select open (${width} px)`);
    await page.screenshot({ path: test.info().outputPath(`country-select-open-${width}.png`) });
    // Typing jumps to the first country with those letters; the list scrolls it into view; Enter chooses it.
    await page.keyboard.type('Schw');
    await expect(list.getByRole('option', { name: 'Schweden', exact: true })).toBeFocused();
    // The list scrolls the focused option into view (polled: the scroll follows the focus).
    await expect.poll(() => optionsInView(page)).toContain('Schweden');
    await expect.poll(async () => (await optionsInView(page)).length).toBe(5);
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveText('Schweden');
    await expect(trigger).toBeFocused();
    // Arrow keys: Down opens the list at the chosen country, Down moves on, Enter chooses.
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Schweden', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Schweiz', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveText('Schweiz');
    // The closed list hands the focus back to the trigger (as after the first choice) before the next key.
    await expect(trigger).toBeFocused();
    // Escape closes the list without changing the choice.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveText('Schweiz');
    await chooseCountry(page, address, stored);
  }
  // The postcode rule follows the chosen country: a German postcode is refused for Austria, accepted for Germany.
  await page.setViewportSize({ width: 1280, height: 800 });
  const postcode = address.getByLabel('Postleitzahl');
  await postcode.fill('10115');
  await chooseCountry(page, address, 'Österreich');
  await address.getByRole('button', { name: 'Adresse speichern' }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'settings address with a field error');
});

test('the change history keeps its header in view while it scrolls (10 px threshold), at 1280 and at 390 px', async ({ page }) => {
  const marker = '192.0.2.19';
  // Thirty delivery changes by the fund, so that clara's history is longer than the window.
  writeDb(
    `insert into profile_changes (person_id, actor, area, field, old_value, new_value, changed_at, ip_address)
     with recursive n(i) as (select 1 union all select i + 1 from n where i < 30)
     select p.id, 'FUND', 'DELIVERY', 'benefitStatementDigital', case i % 2 when 0 then 'true' else 'false' end,
            case i % 2 when 0 then 'false' else 'true' end, printf('2020-%02d-%02dT08:00:00.000Z', 1 + i / 28, 1 + i % 28), ?
     from persons p, n where p.email = ?`,
    marker,
    personas.clara.email,
  );
  try {
    await logIn(page, personas.clara.email);
    await openSettings(page);
    const table = section(page, 'Änderungsverlauf').getByRole('table', { name: 'Ihre Änderungen' });
    await expect(table.getByRole('row').filter({ hasText: 'Leistungsnachweis elektronisch' })).toHaveCount(30);
    const header = table.getByRole('columnheader').first();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 700 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(table).not.toHaveAttribute('data-stuck');
      const tableTop = await table.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y), tableTop + 5);
      await expect(table, 'within the 10 px threshold').not.toHaveAttribute('data-stuck');
      await page.evaluate((y) => window.scrollTo(0, y), tableTop + 600);
      await expect(table).toHaveAttribute('data-stuck', 'true');
      await expect(header).toBeInViewport();
      await expect.poll(async () => (await header.boundingBox())!.y).toBeLessThan(12);
      expect((await header.boundingBox())!.y).toBeGreaterThanOrEqual(0);
      await expect(table.getByRole('columnheader')).toHaveText(['Datum', 'Bereich', 'Angabe', 'Änderung']);
      expect(await elementsWiderThan(page, width), `nothing wider than ${width} px`).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`history-sticky-${width}.png`) });
      await expectNoSeriousA11yViolations(page, `settings history scrolled (${width} px)`);
    }
  } finally {
    writeDb('delete from profile_changes where ip_address = ?', marker);
  }
});
