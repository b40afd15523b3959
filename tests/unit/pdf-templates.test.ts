import { describe, expect, it } from 'vitest';
import { balanceChangeRows, pkBalanceChange } from '@contract/balance-steps';
import { PK_STATEMENT_LABELS, pkStatementLetter, recipientOf, VK_STATEMENT_LABELS, vkStatementLetter } from '../../server/modules/documents/pdf/templates';
import { letterText } from '../helpers/pdf';
import { PK_CONTRACT as contract, PK_STATEMENT as pk, VK_ACCOUNT, VK_STATEMENT } from '../helpers/pdf-rows';

describe('letter templates', () => {
  it('puts every PK statement field into the Leistungsnachweis with its amount', () => {
    const content = pkStatementLetter({
      statement: pk,
      previous: { ...pk, id: 1, stichtag: '2023-12-31', totalCapitalCents: 2_035_010 },
      contract,
      employerName: 'Muster GmbH',
      vrgName: 'VRG 3 – Ausgewogen',
      vrgReturnBp: 597,
    });
    const rows = new Map(content.tables.flatMap((t) => t.rows).map((r) => [r.label, r.value]));
    for (const label of Object.values(PK_STATEMENT_LABELS)) expect(rows.has(label), label).toBe(true);
    expect(rows.get(PK_STATEMENT_LABELS.totalCapitalCents)).toBe('24.271,18 €');
    expect(rows.get(PK_STATEMENT_LABELS.costsCents)).toBe('-76,05 €');
    expect(rows.get('Pensionskapital zum 31.12.2023')).toBe('20.350,10 €');
    expect(content.title).toBe('Leistungsnachweis zum 31.12.2024');
    expect(letterText(content)).toContain('5,97 %');
    expect(content.documentDate).toBe('2024-12-31');
  });

  it('explains the change of the capital with the same steps and sentences as the account page (decision 0049)', () => {
    const previous = { ...pk, id: 1, stichtag: '2023-12-31', totalCapitalCents: 2_035_010 };
    const content = pkStatementLetter({ statement: pk, previous, contract, employerName: 'Muster GmbH', vrgName: 'VRG 3', vrgReturnBp: null });
    const table = content.tables.find((t) => t.heading === 'Warum sich Ihr Guthaben verändert hat');
    expect(table).toBeDefined();
    const rows = balanceChangeRows(pkBalanceChange(pk, previous), ' ');
    expect(table!.rows.map((r) => r.label)).toEqual(rows.map((r) => `${r.label}\n${r.sentence}`));
    expect(table!.rows[0]).toEqual({
      label: 'Anfangsstand am 31.12.2023\nSo hoch war Ihr Guthaben am 31.12.2023, dem Stichtag der vorigen Kontoinformation.',
      value: '20.350,10 €',
      strong: false,
    });
    expect(table!.rows.at(-1)).toMatchObject({ value: '24.271,18 €', strong: true });
    expect(table!.rows.find((r) => r.label.startsWith('Verwaltungskosten'))).toEqual({
      label: 'Verwaltungskosten\nFür die Verwaltung Ihres Vertrags wurden 76,05 € abgezogen.',
      value: '-76,05 €',
      strong: false,
    });
    // The fixture's movements add up to the cent: no remainder step.
    expect(215_673 + 60_000 + 1 + 2 + 2_550 + 121_490 - 7_605 - 3).toBe(2_427_118 - 2_035_010);
    expect(table!.rows.some((r) => r.label.startsWith('Nicht einzeln'))).toBe(false);
  });

  it('gives a beneficiary drawing the pension no projected yearly pension', () => {
    const content = pkStatementLetter({
      statement: pk,
      previous: null,
      contract: { ...contract, role: 'BENEFICIARY', pensionStartDate: '2022-01-01' },
      employerName: 'Muster GmbH',
      vrgName: 'VRG 3',
      vrgReturnBp: null,
    });
    expect(letterText(content)).not.toMatch(/voraussichtlich/i);
    expect(letterText(content)).toContain('-76,05 €');
  });

  it('puts every VK statement field into the Kontonachricht', () => {
    const content = vkStatementLetter({ statement: VK_STATEMENT, previous: null, account: VK_ACCOUNT, employerName: 'Muster GmbH' });
    const labels = new Set(content.tables.flatMap((t) => t.rows).map((r) => r.label));
    for (const label of Object.values(VK_STATEMENT_LABELS)) expect(labels.has(label), label).toBe(true);
    expect(letterText(content)).toContain('12.345,67 €');
    expect(letterText(content)).toContain('-45,67 €');
    expect(letterText(content)).toContain('VK-12345678');
  });

  it('addresses members formally with their academic titles', () => {
    const base = { titleSuffix: null, street: 'Lindengasse 12/4', postcode: '1070', city: 'Wien', country: 'AT', poBox: null, firstName: 'Anna', lastName: 'Muster' };
    expect(recipientOf({ ...base, gender: 'FEMALE', titlePrefix: 'Mag.a' })).toEqual({
      addressLines: ['Mag.a Anna Muster', 'Lindengasse 12/4', '1070 Wien'],
      salutation: 'Sehr geehrte Frau Mag.a Muster,',
    });
    expect(recipientOf({ ...base, gender: 'MALE', titlePrefix: null, titleSuffix: 'MSc', country: 'DE' })).toEqual({
      addressLines: ['Anna Muster, MSc', 'Lindengasse 12/4', '1070 Wien', 'DE'],
      salutation: 'Sehr geehrter Herr Muster,',
    });
    expect(recipientOf({ ...base, gender: 'DIVERSE', titlePrefix: null }).salutation).toBe('Guten Tag Anna Muster,');
  });
});
