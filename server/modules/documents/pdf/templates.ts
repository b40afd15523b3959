/**
 * The content of each document category as German letter text (Austrian German, formal address), built from the
 * stored rows only (spec 001 section 3 "Account info, pension fund" / "Account info, severance fund"; section 2
 * "Documents"). Amounts are integer cents, formatted `1.234,56 €`; dates `31.12.2024`; rates from basis points.
 * Pure functions: the same rows always give the same letter. This module holds the statements (PK and VK) and the
 * shared parts; contract letters are in ./contract-templates.ts, request confirmations in ./request-templates.ts.
 */
import type { PersonRow, PkContractRow, PkStatementRow, VkAccountRow, VkStatementRow } from '../../../../db/schema';
import { type BalanceChange, balanceChangeRows, pkBalanceChange, vkBalanceChange } from '@contract/balance-steps';
import { formatDate, formatEuro, formatPercentBp } from '@contract/format';
import accountInfoCatalogue from '@contract/i18n/de/account-info.json';
import catalogue from '@contract/i18n/de/pdf.json';
import { fill } from '@contract/i18n/fill';
import type { LetterContent, LetterLine, LetterRecipient, LetterTable } from './letter';

const { pdf } = catalogue;

/**
 * Labels of every PK statement field (spec 001 section 3 "Account info, pension fund"), by row field; catalogue
 * `pdf.pkStatement.labels`.
 */
export const PK_STATEMENT_LABELS = pdf.pkStatement.labels satisfies Record<Exclude<keyof PkStatementRow, 'id' | 'contractId' | 'stichtag'>, string>;

/**
 * Labels of every VK statement field (spec 001 section 3 "Account info, severance fund"), by row field; catalogue
 * `pdf.vkStatement.labels`.
 */
export const VK_STATEMENT_LABELS = pdf.vkStatement.labels satisfies Record<Exclude<keyof VkStatementRow, 'id' | 'accountId' | 'stichtag'>, string>;

/** Who is entitled to the survivors' pension, by the contract's partner rule; catalogue `pdf.partnerRule`. */
export const PARTNER_RULE_TEXT: Record<PkContractRow['partnerRule'], string> = pdf.partnerRule;

/** The VK account's status as a fact of the Kontonachricht; catalogue `pdf.vkStatement.status`. */
const VK_STATUS_TEXT: Record<VkAccountRow['status'], string> = pdf.vkStatement.status;

/** Name with academic titles: "Mag.a Anna Muster", "Dipl.-Ing. Max Huber, MSc". */
export function fullName(p: Pick<PersonRow, 'titlePrefix' | 'firstName' | 'lastName' | 'titleSuffix'>): string {
  const name = [p.titlePrefix, p.firstName, p.lastName].filter(Boolean).join(' ');
  return p.titleSuffix ? `${name}, ${p.titleSuffix}` : name;
}

/**
 * Address block and formal salutation of a person: "Sehr geehrte Frau Mag.a Muster," / "Sehr geehrter Herr …,";
 * persons of gender DIVERSE get "Guten Tag Vorname Nachname,". The country line appears only outside Austria.
 * Texts: catalogue `pdf.recipient` (post box line, the three salutations).
 */
export function recipientOf(
  p: Pick<PersonRow, 'gender' | 'titlePrefix' | 'titleSuffix' | 'firstName' | 'lastName' | 'street' | 'postcode' | 'city' | 'country' | 'poBox'>,
): LetterRecipient {
  const lines = [fullName(p)];
  if (p.street) lines.push(p.street);
  if (p.poBox) lines.push(fill(pdf.recipient.poBox, { poBox: p.poBox }));
  const place = [p.postcode, p.city].filter(Boolean).join(' ');
  if (place) lines.push(place);
  if (p.country && p.country !== 'AT') lines.push(p.country);
  const surname = [p.titlePrefix, p.lastName].filter(Boolean).join(' ');
  const texts = pdf.recipient.salutation;
  const salutation =
    p.gender === 'FEMALE'
      ? fill(texts.female, { surname })
      : p.gender === 'MALE'
        ? fill(texts.male, { surname })
        : fill(texts.other, { firstName: p.firstName, lastName: p.lastName });
  return { addressLines: lines, salutation };
}

export const money = formatEuro;
/** An outflow shown as a deduction: a stored positive amount printed with a minus (zero stays `0,00 €`). */
const minus = (cents: number): string => formatEuro(cents === 0 ? 0 : -cents);
export const year = (iso: string): string => iso.slice(0, 4);

/**
 * The dates a statement letter prints: the year `y` (YYYY) of the Stichtag (ISO date), the Stichtag as `date`, and as
 * `previousDate` the opening date of the year's development (the previous statement's Stichtag, else 1 January).
 */
function statementDates(stichtag: string, previous: { stichtag: string } | null | undefined): { y: string; date: string; previousDate: string } {
  const y = year(stichtag);
  return { y, date: formatDate(stichtag), previousDate: formatDate(previous?.stichtag ?? `${y}-01-01`) };
}

/**
 * The rows of a statement's year movements: each of `inflows` as stored, then each of `outflows` as a deduction
 * (`minus`), every figure in integer cents of `s` under its label in `labels` (the catalogue's statement labels).
 */
function movementRows<K extends string>(s: Record<K, number>, labels: Record<K, string>, inflows: readonly K[], outflows: readonly K[]): LetterLine[] {
  return [...inflows.map((key) => ({ label: labels[key], value: money(s[key]) })), ...outflows.map((key) => ({ label: labels[key], value: minus(s[key]) }))];
}

/**
 * "Warum sich Ihr Guthaben verändert hat" (decision 0049): the same rows, labels and sentences as on the account
 * information page (`balanceChangeRows`, catalogue `accountInfo.balanceChange`), each sentence under its label.
 */
function balanceChangeTable(change: BalanceChange): LetterTable {
  return {
    heading: accountInfoCatalogue.accountInfo.balanceChange.title,
    rows: balanceChangeRows(change, ' ').map((row) => ({ label: `${row.label}\n${row.sentence}`, value: money(row.amountCents), strong: row.key === 'CLOSING' })),
  };
}

/** Data a PK statement letter is made of. `previous` is the statement of the year before (null for the first year). */
export interface PkStatementData {
  statement: PkStatementRow;
  previous: PkStatementRow | null;
  contract: PkContractRow;
  employerName: string;
  vrgName: string;
  /** The VRG's net return of the statement year in basis points, when known. */
  vrgReturnBp: number | null;
}

/**
 * Leistungsnachweis (PERFORMANCE_STATEMENT): every PK statement field, the year's development and, unless the
 * member is a beneficiary already drawing the pension, the projected yearly pension. Texts: catalogue
 * `pdf.pkStatement` and the shared `pdf.label`.
 */
export function pkStatementLetter(d: PkStatementData): LetterContent {
  const s = d.statement;
  const L = PK_STATEMENT_LABELS;
  const T = pdf.pkStatement;
  const { y, date, previousDate } = statementDates(s.stichtag, d.previous);
  const rate = fill(pdf.value.perAnnum, { rate: formatPercentBp(d.contract.calculationInterestRateBp) });
  const previousTotal = d.previous?.totalCapitalCents ?? 0;
  // A beneficiary already draws the pension: no projection of a pension to come (as on the screen).
  const drawingPension = d.contract.role === 'BENEFICIARY';
  return {
    fund: 'PK',
    title: fill(T.title, { date }),
    documentDate: s.stichtag,
    facts: [
      { label: pdf.label.stichtag, value: date },
      { label: pdf.label.contractNumber, value: d.contract.contractNumber },
      { label: pdf.label.vrg, value: d.vrgName },
      { label: pdf.label.employer, value: d.employerName },
      { label: pdf.label.interestRate, value: rate },
    ],
    paragraphs: [fill(drawingPension ? T.introDrawingPension : T.intro, { date, year: y })],
    tables: [
      {
        heading: fill(T.capitalHeading, { date }),
        rows: [
          { label: L.reserveCents, value: money(s.reserveCents) },
          { label: L.fluctuationReserveCents, value: money(s.fluctuationReserveCents) },
          { label: L.totalCapitalCents, value: money(s.totalCapitalCents), strong: true },
        ],
      },
      {
        heading: fill(T.developmentHeading, { year: y }),
        rows: [
          { label: fill(T.capitalOn, { date: previousDate }), value: money(previousTotal) },
          ...movementRows(
            s,
            L,
            ['employerContributionsCents', 'employeeContributionsCents', 'employerTransfersCents', 'employeeTransfersCents', 'premium108aCents', 'investmentResultCents'],
            ['costsCents', 'pensionPaymentsCents'],
          ),
          { label: fill(T.capitalOn, { date }), value: money(s.totalCapitalCents), strong: true },
        ],
      },
      balanceChangeTable(pkBalanceChange(s, d.previous)),
      {
        heading: T.moreHeading,
        rows: [
          { label: L.shortfallCents, value: money(s.shortfallCents) },
          ...(drawingPension ? [] : [{ label: L.projectedYearlyPensionCents, value: money(s.projectedYearlyPensionCents) }]),
          ...(d.vrgReturnBp === null ? [] : [{ label: fill(T.vrgReturn, { year: y }), value: formatPercentBp(d.vrgReturnBp) }]),
        ],
      },
    ],
    notes: [T.noteFluctuation, ...(drawingPension ? [] : [fill(T.noteProjection, { rate: formatPercentBp(d.contract.calculationInterestRateBp) })]), T.noteShortfall],
  };
}

/** Data a VK statement letter is made of. `previous` is the statement of the year before (null for the first year). */
export interface VkStatementData {
  statement: VkStatementRow;
  previous: VkStatementRow | null;
  account: VkAccountRow;
  employerName: string;
}

/**
 * Kontonachricht (VK_ACCOUNT_STATEMENT, § 25 BMSVG): every VK statement field and the year's development. Texts:
 * catalogue `pdf.vkStatement` and the shared `pdf.label`.
 */
export function vkStatementLetter(d: VkStatementData): LetterContent {
  const s = d.statement;
  const L = VK_STATEMENT_LABELS;
  const T = pdf.vkStatement;
  const { y, date, previousDate } = statementDates(s.stichtag, d.previous);
  const previousTotal = d.previous?.totalEntitlementCents ?? 0;
  const facts: LetterLine[] = [
    { label: pdf.label.stichtag, value: date },
    { label: pdf.label.accountNumber, value: d.account.accountNumber },
    { label: pdf.label.employer, value: d.employerName },
    { label: T.startOfContributions, value: formatDate(d.account.startDate) },
    { label: T.accountStatus, value: VK_STATUS_TEXT[d.account.status] },
  ];
  if (d.account.rightToDecideSince) facts.push({ label: T.rightToDecideSince, value: formatDate(d.account.rightToDecideSince) });
  return {
    fund: 'VK',
    title: fill(T.title, { date }),
    documentDate: s.stichtag,
    facts,
    paragraphs: [fill(T.intro, { date, year: y })],
    tables: [
      {
        heading: fill(T.entitlementHeading, { date }),
        rows: [
          { label: L.totalEntitlementCents, value: money(s.totalEntitlementCents), strong: true },
          { label: L.guaranteedCapitalCents, value: money(s.guaranteedCapitalCents) },
          { label: L.paidOutTotalCents, value: money(s.paidOutTotalCents) },
        ],
      },
      {
        heading: fill(T.bookingsHeading, { year: y }),
        rows: [
          { label: fill(T.entitlementOn, { date: previousDate }), value: money(previousTotal) },
          ...movementRows(
            s,
            L,
            ['contributionsCents', 'transfersInCents', 'investmentResultCents', 'loyaltyBonusCents', 'surplusShareCents'],
            ['administrationCostsCents', 'svCarrierCostsCents', 'payoutCents'],
          ),
          { label: fill(T.entitlementOn, { date }), value: money(s.totalEntitlementCents), strong: true },
        ],
      },
      balanceChangeTable(vkBalanceChange(s, d.previous)),
    ],
    notes: [T.noteGuarantee, T.noteSvCarrierCosts],
  };
}
