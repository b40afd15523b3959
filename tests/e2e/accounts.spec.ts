import type { Locator, Page } from '@playwright/test';
import { expect, test } from './helpers/portal-clock';
import { expectNoSeriousA11yViolations } from './helpers/axe';
import { expectedDate, expectedDeduction, expectedMoney } from './helpers/expected-format';
import { recordGraphqlRequests } from './helpers/graphql-requests';
import { logIn, personas } from './helpers/login';
import { fullSeveranceStatementsOf, pensionContractsOf, someonesPensionStatementAt } from './helpers/member-db';
import { PENSION_STATEMENT_ROWS, pensionStatementsOf } from './helpers/seed-db';
import { chooseOption, openFiveRowSelect, optionTexts, selectTrigger } from './helpers/select-field';

/**
 * Account information of both funds (spec 001 section 3): every field equals the stored value at two Stichtage,
 * the history chart's table equals the statements, and a tampered Stichtag shows a not-found message and no data.
 */

const SEVERANCE_ROWS: Array<[label: string, column: string]> = [
  ['Gesamtanspruch (Abfertigungsanwartschaft)', 'total_entitlement_cents'],
  ['Garantierte Kapitalsumme', 'guaranteed_capital_cents'],
  ['Bisher ausbezahlt oder übertragen (gesamt)', 'paid_out_total_cents'],
  ['Beiträge im Kalenderjahr', 'contributions_cents'],
  ['Übertragungen aus anderen Vorsorgekassen', 'transfers_in_cents'],
  ['Zugewiesenes Veranlagungsergebnis', 'investment_result_cents'],
  ['Treuebonus', 'loyalty_bonus_cents'],
  ['Überschussbeteiligung', 'surplus_share_cents'],
  ['Verwaltungskosten', 'administration_costs_cents'],
  ['Einhebungsvergütung des Sozialversicherungsträgers', 'sv_carrier_costs_cents'],
  ['Auszahlung oder Übertragung', 'payout_cents'],
];

/** Rows that show a stored positive outflow as a deduction (with a minus, as the PDF does). */
const DEDUCTIONS = new Set(['Verwaltungskosten', 'Pensionszahlungen', 'Einhebungsvergütung des Sozialversicherungsträgers', 'Auszahlung oder Übertragung']);
const shown = (label: string, cents: number) => (DEDUCTIONS.has(label) ? expectedDeduction(cents) : expectedMoney(cents));

function amountCell(panel: Locator, page: Page, label: string): Locator {
  return (
    panel
      .getByRole('table')
      .filter({ hasNot: page.getByRole('columnheader', { name: 'Stichtag' }) })
      // Not the "Warum sich Ihr Guthaben verändert hat" table (decision 0049): it repeats some labels with signed steps.
      .filter({ hasNot: page.getByRole('columnheader', { name: 'Erklärung' }) })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
      .getByRole('cell')
  );
}

/** The rows of the chart's table (opened), as [date, amount] texts. */
async function historyTable(panel: Locator): Promise<string[][]> {
  await panel.getByText('Werte als Tabelle anzeigen').click();
  const table = panel.getByRole('table', { name: /Werte zu allen Stichtagen/ });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));
}

test('the Pensionskasse account information shows every field as stored, at two Stichtage, with the history', async ({ page }) => {
  const statements = pensionStatementsOf(personas.anna.email);
  const [contract] = pensionContractsOf(personas.anna.email);
  expect(contract, 'anna has a Pensionskasse contract').toBeDefined();
  if (!contract) return;
  const latest = statements[0]!;
  const older = statements[3]!;
  expect(older.stichtag).not.toBe(latest.stichtag);

  await logIn(page, personas.anna.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const panel = page.getByRole('region', { name: `Vertrag ${contract.contract_number}` });

  const details: Array<[string, string]> = [
    ['Vertragsnummer', contract.contract_number],
    ['Veranlagungs- und Risikogemeinschaft (VRG)', contract.vrg_name],
    ['Arbeitgeber', contract.employer],
    ['Kunde', contract.customer],
    ['Rechnungszins', `${(contract.calculation_interest_rate_bp / 100).toFixed(2).replace('.', ',')}\u00A0% p. a.`],
    ['Witwen-/Witwerübergang', contract.widow_transition_percent > 0 ? `${contract.widow_transition_percent}\u00A0% der Pension` : 'kein Übergang'],
  ];
  for (const [term, value] of details) {
    await expect(
      panel
        .locator('.description-list__row')
        .filter({ has: page.getByText(term, { exact: true }) })
        .locator('dd'),
      term,
    ).toHaveText(value);
  }
  await expect(panel.locator('.description-list__row').filter({ hasText: 'Partnerregelung' }).locator('dd')).not.toBeEmpty();

  // Terms are explained by a keyboard-operable tooltip (toggletip) beside them.
  const hint = panel.getByRole('button', { name: 'Erklärung: Deckungsrückstellung' });
  await expect(hint).toHaveAttribute('aria-expanded', 'false');
  await hint.focus();
  await page.keyboard.press('Enter');
  await expect(hint).toHaveAttribute('aria-expanded', 'true');
  const explanation = panel.locator(`[id="${await hint.getAttribute('aria-controls')}"]`);
  await expect(explanation).toHaveText(/Das Kapital, das die Pensionskasse für Ihre Pension bereithält/);
  await expect(explanation).toHaveAttribute('role', 'status');
  await expectNoSeriousA11yViolations(page, 'Pensionskasse account information with a term explained');
  await page.keyboard.press('Escape');
  await expect(hint).toHaveAttribute('aria-expanded', 'false');
  await expect(explanation).toBeEmpty();
  await expect(panel.getByRole('button', { name: 'Erklärung: Schwankungsrückstellung' })).toBeVisible();

  // The Stichtag select offers every statement.
  expect(await optionTexts(page, panel, 'Stichtag')).toEqual(statements.map((s) => expectedDate(s.stichtag)));

  for (const statement of [latest, older]) {
    if (statement !== latest) {
      const recording = recordGraphqlRequests(page);
      await chooseOption(page, panel, 'Stichtag', expectedDate(statement.stichtag));
      await expect(page).toHaveURL(new RegExp(`#/kontoinformation/pensionskasse/${statement.stichtag}$`));
      await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(statement.stichtag)}` })).toBeVisible();
      expect(recording.stop()).toEqual(['PensionAccountPage_Query']);
    }
    await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(statement.stichtag)}` })).toBeVisible();
    for (const [label, column] of PENSION_STATEMENT_ROWS) {
      await expect(amountCell(panel, page, label), `${label} at ${statement.stichtag}`).toHaveText(shown(label, statement[column] as number));
    }
    const download = panel.getByRole('link', { name: `Leistungsnachweis zum ${expectedDate(statement.stichtag)} herunterladen (PDF)` });
    // Opened without `lng`, the link carries none (documents.spec.ts proves it is carried when the page has one).
    await expect(download).toHaveAttribute('href', /^\/webportal\/download\?id=[^&]+$/);
  }

  // The chart: an image named by its heading and summary, and the same figures as a table.
  const chart = panel.getByRole('img', { name: /Entwicklung Ihres Pensionskapitals/ });
  await expect(chart).toBeVisible();
  const oldest = statements.at(-1)!;
  await expect(chart).toHaveAccessibleName(new RegExp(`${oldest.stichtag.slice(0, 4)}.*${latest.stichtag.slice(0, 4)}`));
  expect(await historyTable(panel)).toEqual(statements.map((s) => [expectedDate(s.stichtag), expectedMoney(s.total_capital_cents)]));
  await expectNoSeriousA11yViolations(page, 'Pensionskasse account information with the history table');
});

test('the Vorsorgekasse account information shows all eleven statement fields as stored, at two Stichtage', async ({ page }) => {
  const statements = fullSeveranceStatementsOf(personas.anna.email);
  const accountNumber = String(statements[0]!.account_number);
  const own = statements.filter((s) => s.account_number === accountNumber);
  const [latest, older] = [own[0]!, own[5]!];

  await logIn(page, personas.anna.email);
  for (const statement of [latest, older]) {
    await page.goto(statement === latest ? '/#/kontoinformation/vorsorgekasse' : `/#/kontoinformation/vorsorgekasse/${String(statement.stichtag)}`);
    const panel = page.getByRole('region', { name: `Konto ${accountNumber}` });
    await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(String(statement.stichtag))}` })).toBeVisible();
    await expect(selectTrigger(panel, 'Stichtag')).toHaveText(expectedDate(String(statement.stichtag)));
    for (const [label, column] of SEVERANCE_ROWS) {
      await expect(amountCell(panel, page, label), `${label} at ${String(statement.stichtag)}`).toHaveText(shown(label, Number(statement[column])));
    }
    await expect(panel.getByRole('link', { name: /^Kontonachricht zum .* herunterladen \(PDF\)$/ })).toHaveAttribute('href', /^\/webportal\/download\?id=[^&]+$/);
  }
  const panel = page.getByRole('region', { name: `Konto ${accountNumber}` });
  expect(await optionTexts(page, panel, 'Stichtag')).toHaveLength(own.length);
  expect(await historyTable(panel)).toEqual(own.map((s) => [expectedDate(String(s.stichtag)), expectedMoney(Number(s.total_entitlement_cents))]));
  await expect(panel.getByRole('img', { name: /Entwicklung Ihres Gesamtanspruchs/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Vorsorgekasse account information at an older Stichtag');
});

test('a tampered Stichtag shows "not found" and none of the data, never another member\'s', async ({ page }) => {
  const own = new Set(pensionStatementsOf(personas.anna.email).map((s) => s.stichtag));
  const foreign = '2010-12-31';
  expect(own.has(foreign), 'anna has no statement at the foreign date').toBe(false);
  expect(someonesPensionStatementAt(foreign, personas.anna.email), 'another member has one at that date').toBe(true);

  await logIn(page, personas.anna.email);
  await page.goto(`/#/kontoinformation/pensionskasse/${foreign}`);
  await expect(page.getByText(`Zum Stichtag ${expectedDate(foreign)} wurde keine Kontoinformation gefunden.`)).toBeVisible();
  await expect(page.getByRole('table', { name: /^Stand zum/ })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /^Bewegungen/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'account information at a foreign Stichtag');
  await page.getByRole('link', { name: 'Zur aktuellen Kontoinformation' }).first().click();
  await expect(page).toHaveURL(/#\/kontoinformation\/pensionskasse$/);
  await expect(page.getByRole('table', { name: /^Stand zum/ })).toBeVisible();

  for (const tampered of ['abc', '2024-02-30', "2024-12-31' OR 1=1", '..%2F..%2Fetc']) {
    await page.goto(`/#/kontoinformation/vorsorgekasse/${encodeURIComponent(tampered)}`);
    await expect(page.getByText('Diese Kontoinformation wurde nicht gefunden: Die Adresse enthält keinen gültigen Stichtag.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Kontoinformation Vorsorgekasse' })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'account information with an invalid Stichtag');
});

test('the Stichtag select shows at most 5 rows of its list, scrolls, and is chosen by keyboard; axe is clean', async ({ page }) => {
  const statements = pensionStatementsOf(personas.anna.email);
  const [contract] = pensionContractsOf(personas.anna.email);
  expect(statements.length, 'anna has more Pensionskasse statements than rows in view').toBeGreaterThan(5);
  await logIn(page, personas.anna.email);
  await page.goto('/#/kontoinformation/pensionskasse');
  const panel = page.getByRole('region', { name: `Vertrag ${contract!.contract_number}` });
  const trigger = selectTrigger(panel, 'Stichtag');
  await expect(trigger).toHaveText(expectedDate(statements[0]!.stichtag));

  for (const width of [1280, 390]) {
    // Spec 000 section 9 "Dropdown size 5 rows": 5 of anna's Stichtage in view, the rest scrolls.
    const list = await openFiveRowSelect(page, trigger, width);
    expect(await list.getByRole('option').count()).toBe(statements.length);
    await expectNoSeriousA11yViolations(page, `account information Stichtag select open (${width} px)`);
    if (process.env.H19_SHOTS === '1') await page.screenshot({ path: `/tmp/shots-h19/stichtag-select-open-${width}.png` });
    // The list opens at the chosen Stichtag; the down arrow moves to the next older one, Enter chooses it.
    await expect(list.getByRole('option', { name: expectedDate(statements[0]!.stichtag), exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(list.getByRole('option', { name: expectedDate(statements[2]!.stichtag), exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`#/kontoinformation/pensionskasse/${statements[2]!.stichtag}$`));
    await expect(panel.getByRole('table', { name: `Stand zum ${expectedDate(statements[2]!.stichtag)}` })).toBeVisible();
    await expect(trigger).toHaveText(expectedDate(statements[2]!.stichtag));
    // Escape closes the list without a change; the newest Stichtag again for the next width.
    await trigger.focus();
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(trigger).toHaveText(expectedDate(statements[2]!.stichtag));
    await chooseOption(page, panel, 'Stichtag', expectedDate(statements[0]!.stichtag));
  }
  await expectNoSeriousA11yViolations(page, 'account information after choosing a Stichtag');
});
