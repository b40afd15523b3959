import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import catalogue from '@contract/i18n/de/pdf.json';
import type { MandateRow, MergeRequestRow, PkContractRow, SeveranceClaimRow, VkAccountRow } from '../../db/schema';
import { mandateLetter, paymentStatementLetter, pensionModelLetter, taxConfirmationLetter } from '../../server/modules/documents/pdf/contract-templates';
import { type LetterContent, renderLetter } from '../../server/modules/documents/pdf/letter';
import { claimConfirmationLetter, mergeApplicationForm, mergeConfirmationLetter } from '../../server/modules/documents/pdf/request-templates';
import { pkStatementLetter, recipientOf, vkStatementLetter } from '../../server/modules/documents/pdf/templates';
import { pdfText } from '../helpers/pdf';
import { letterText } from '../helpers/pdf';
import { PK_CONTRACT as member, PK_STATEMENT as pk, VK_ACCOUNT, VK_STATEMENT as vk } from '../helpers/pdf-rows';

/**
 * The letter texts come from the catalogue schema/contract/i18n/de/pdf.json (decision 0012): every key the PDF
 * templates name exists, every text of the catalogue is used, and no letter goes out with a `{{placeholder}}` left.
 */

const PDF_DIR = join(__dirname, '../../server/modules/documents/pdf');

/**
 * The catalogue paths a template file names: `pdf.a.b` directly, or `T.b` after `const T = pdf.a;` (a local alias,
 * taken in source order as each function sets its own). A constant table (`const CLAIM_FILE_TEXT = pdf.a.files;`,
 * UPPER_CASE, read by index) names its whole part; a local alias names only the members read through it.
 */
function usedPaths(source: string): string[] {
  const found: string[] = [];
  const aliases = new Map<string, string>();
  const re = /const\s+(\w+)(?:\s*:[^=;]+)?\s*=\s*pdf((?:\.\w+)+)\s*;|(?<![\w/-])(?<!(?:^|[^.])\.)(\w+)((?:\.\w+)+)/g;
  for (const m of source.matchAll(re)) {
    if (m[1]) {
      aliases.set(m[1], `pdf${m[2]}`);
      if (/^[A-Z]+(_[A-Z0-9]+)+$/.test(m[1])) found.push(`pdf${m[2]}`);
    } else if (m[3] === 'pdf') found.push(`pdf${m[4]}`);
    else if (aliases.has(m[3]!)) found.push(`${aliases.get(m[3]!)}${m[4]}`);
  }
  return found;
}

function lookup(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), catalogue);
}

function leaves(node: unknown, prefix: string): string[] {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return [prefix];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, `${prefix}.${key}`));
}

const pensioner = { ...member, role: 'BENEFICIARY', pensionStartDate: '2022-01-01', monthlyPensionCents: 123_456 } satisfies PkContractRow;
/** A dormant account whose owner may decide since 1 May 2024. */
const account = { ...VK_ACCOUNT, status: 'DORMANT', rightToDecideSince: '2024-05-01' } satisfies VkAccountRow;
const mandate = {
  ...{ id: 1, personId: 1, contractId: 1, type: 'MONTHLY', amountCents: 5_000, iban: 'AT611904300234573201', bic: null, accountOwner: 'Anna Muster', startDate: '2026-02-01' },
  ...{ endDate: null, phone: null, mandateReference: 'M-1', creditorId: 'AT12ZZZ00000000001', status: 'ACTIVE', createdAt: '2026-01-10T10:00:00Z', signedOn: null },
  ...{ signatureKind: 'TYPED', documentId: null },
} satisfies MandateRow;
const claim = {
  ...{ id: 1, personId: 1, accountId: 1, option: 'PAYOUT', institutionName: null, policyNumber: null, iban: 'AT611904300234573201', bic: 'BKAUATWW', payoutType: 'CASH_ORDER' },
  ...{
    street: 'Lindengasse 12/4',
    postcode: '1070',
    city: 'Wien',
    country: 'AT',
    status: 'NEW',
    submittedAt: '2026-01-10T10:00:00Z',
    definiteDate: null,
    statusChangedAt: null,
    checkedBy: null,
  },
  ...{ entitlementCents: 1_234_567, taxCents: 74_074, cashOrderCostCents: 350, signatureKind: 'TYPED', signatureName: 'Anna Muster' },
} satisfies SeveranceClaimRow;
const merge = {
  ...{ id: 1, personId: 1, status: 'PENDING', firstName: 'Anna', lastName: 'Muster', svnr: '1234010180', email: 'anna@example.at', signatureType: 'DIGITAL' },
  ...{
    signatureKind: 'TYPED',
    signatureName: 'Anna Muster',
    accountNumbers: 'VK-1, VK-2',
    targetAccountNumber: 'VK-3',
    submittedAt: '2026-01-10T10:00:00Z',
    resolvedAt: null,
    resolutionNote: null,
  },
} satisfies MergeRequestRow;

/** One letter of every template, taking the branches with placeholders (typed signatures, cash order, pension). */
function everyLetter(): LetterContent[] {
  const files = [{ kind: 'IDENTITY_DOCUMENT', fileName: 'ausweis.pdf' }];
  return [
    pkStatementLetter({ statement: pk, previous: null, contract: member, employerName: 'Muster GmbH', vrgName: 'VRG 3', vrgReturnBp: 597 }),
    pkStatementLetter({ statement: pk, previous: null, contract: pensioner, employerName: 'Muster GmbH', vrgName: 'VRG 3', vrgReturnBp: null }),
    vkStatementLetter({ statement: vk, previous: null, account, employerName: 'Muster GmbH' }),
    taxConfirmationLetter({ statement: pk, contract: member, vrgName: 'VRG 3' }),
    paymentStatementLetter({ statement: pk, contract: pensioner }),
    pensionModelLetter({ contract: pensioner, employerName: 'Muster GmbH', customerName: 'Muster Holding', vrgName: 'VRG 3' }),
    mandateLetter({ mandate, contract: member }),
    claimConfirmationLetter({ claim, account, submittedOn: '2026-01-10', dueDate: '2026-03-09', files }),
    mergeConfirmationLetter({ request: merge, submittedOn: '2026-01-10', files: [] }),
    mergeApplicationForm(
      {
        person: { firstName: 'Bernd', lastName: 'Vorsorge', svnr: '1237010180', address: 'Hauptstraße 1, 1010 Wien', email: 'b@example.at' },
        accounts: [{ accountNumber: 'VK-1', endDate: '2021-06-30' }],
        targetAccountNumber: 'VK-2',
      },
      '2026-01-10',
    ),
    mergeApplicationForm(null, '2026-01-10'),
  ];
}

describe('PDF texts from the catalogue (pdf.json)', () => {
  const sources = readdirSync(PDF_DIR).filter((f) => f.endsWith('.ts'));
  const read = (f: string) => readFileSync(join(PDF_DIR, f), 'utf8');
  // Docstrings name catalogue keys too: they must exist, but only code counts as using a text.
  const used = sources.flatMap((f) => usedPaths(read(f)).map((path) => ({ file: f, path })));
  const usedInCode = sources.flatMap((f) => usedPaths(read(f).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')));

  it('has every catalogue key the templates name', () => {
    expect(new Set(used.map((u) => u.file))).toEqual(new Set(sources));
    expect(used.length).toBeGreaterThan(100);
    for (const { file, path } of used) expect(lookup(path), `${file}: ${path}`).toBeDefined();
  });

  it('uses every text of the catalogue in a template', () => {
    for (const leaf of leaves(catalogue.pdf, 'pdf')) {
      expect(
        usedInCode.some((p) => leaf === p || leaf.startsWith(`${p}.`)),
        leaf,
      ).toBe(true);
    }
  });

  it('fills every placeholder of every letter', () => {
    for (const content of everyLetter()) expect(letterText(content), content.title).not.toMatch(/\{\{|\}\}/);
  });

  it('renders a statement PDF without a placeholder left, with the closing and the page footer', async () => {
    const recipient = recipientOf({
      ...member,
      gender: 'FEMALE',
      titlePrefix: 'Mag.a',
      titleSuffix: null,
      firstName: 'Anna',
      lastName: 'Muster',
      street: 'Lindengasse 12/4',
      postcode: '1070',
      city: 'Wien',
      country: 'AT',
      poBox: '12',
    });
    const text = await pdfText(await renderLetter(everyLetter()[0]!, recipient, 'Muster Pensionskasse'));
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text).toContain('Postfach 12');
    expect(text).toContain(catalogue.pdf.letter.closing);
    expect(text).toContain('Ihre Pensionskasse');
    expect(text).toContain('Leistungsnachweis zum 31.12.2024 · Seite 1 von');
  });
});
