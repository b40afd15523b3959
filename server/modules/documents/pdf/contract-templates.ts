/**
 * Letters about a PK contract as German letter text: the tax-office confirmation of own contributions, the payment
 * statement, the pension model information and the own-contribution mandate (shared parts in ./templates.ts).
 * Amounts are integer cents, formatted `1.234,56 €`; pure functions of the stored rows.
 */
import type { MandateRow, PkContractRow, PkStatementRow } from '../../../../db/schema';
import { formatDate, formatPercentBp } from '@contract/format';
import catalogue from '@contract/i18n/de/pdf.json';
import { fill } from '@contract/i18n/fill';
import type { LetterContent, LetterLine } from './letter';
import { money, PARTNER_RULE_TEXT, PK_STATEMENT_LABELS, year } from './templates';

const { pdf } = catalogue;

/**
 * A PK statement of a year and its contract: the data of a payment statement (the statement with the pension
 * payments), and of a tax-office confirmation (the statement with the own contributions) with the VRG's name.
 */
export interface StatementLetterData {
  statement: PkStatementRow;
  contract: PkContractRow;
}

/** Data of a tax-office confirmation: the statement of the year with the own contributions, its contract and VRG. */
export interface TaxConfirmationData extends StatementLetterData {
  vrgName: string;
}

/**
 * Bestätigung über Eigenbeiträge (TAX_CONFIRMATION): own contributions of the year and the § 108a EStG premium.
 * Texts: catalogue `pdf.taxConfirmation` and the shared `pdf.label`.
 */
export function taxConfirmationLetter(d: TaxConfirmationData): LetterContent {
  const s = d.statement;
  const y = year(s.stichtag);
  const T = pdf.taxConfirmation;
  return {
    fund: 'PK',
    title: fill(T.title, { year: y }),
    documentDate: s.stichtag,
    facts: [
      { label: pdf.label.calendarYear, value: y },
      { label: pdf.label.contractNumber, value: d.contract.contractNumber },
      { label: pdf.label.vrg, value: d.vrgName },
    ],
    paragraphs: [fill(T.intro, { contract: d.contract.contractNumber, year: y })],
    tables: [
      {
        heading: fill(T.heading, { year: y }),
        rows: [
          { label: PK_STATEMENT_LABELS.employeeContributionsCents, value: money(s.employeeContributionsCents), strong: true },
          { label: PK_STATEMENT_LABELS.premium108aCents, value: money(s.premium108aCents) },
        ],
      },
    ],
    notes: [T.note],
  };
}

/**
 * Pensionsauszahlungen (PAYMENT_STATEMENT): the gross pension paid in the year, the monthly pension, the start.
 * Texts: catalogue `pdf.paymentStatement` and the shared `pdf.label`.
 */
export function paymentStatementLetter(d: StatementLetterData): LetterContent {
  const s = d.statement;
  const y = year(s.stichtag);
  const T = pdf.paymentStatement;
  const rows: LetterLine[] = [{ label: fill(T.paymentsOfYear, { year: y }), value: money(s.pensionPaymentsCents), strong: true }];
  if (d.contract.monthlyPensionCents !== null) rows.push({ label: T.monthlyPension, value: money(d.contract.monthlyPensionCents) });
  const facts: LetterLine[] = [
    { label: pdf.label.calendarYear, value: y },
    { label: pdf.label.contractNumber, value: d.contract.contractNumber },
  ];
  if (d.contract.pensionStartDate) facts.push({ label: pdf.label.pensionStart, value: formatDate(d.contract.pensionStartDate) });
  return {
    fund: 'PK',
    title: fill(T.title, { year: y }),
    documentDate: s.stichtag,
    facts,
    paragraphs: [fill(T.intro, { year: y })],
    tables: [{ heading: fill(T.heading, { year: y }), rows }],
    notes: [T.note],
  };
}

/** Data of the pension model information of a contract. */
export interface PensionModelData {
  contract: PkContractRow;
  employerName: string;
  customerName: string;
  vrgName: string;
}

/**
 * Informationen zum Pensionskassenmodell (PENSION_MODEL_INFO): the contract's parameters and what they mean. Texts:
 * catalogue `pdf.pensionModel`, `pdf.partnerRule` and the shared `pdf.label`.
 */
export function pensionModelLetter(d: PensionModelData): LetterContent {
  const c = d.contract;
  const T = pdf.pensionModel;
  const rows: LetterLine[] = [
    { label: pdf.label.contractNumber, value: c.contractNumber },
    { label: pdf.label.vrg, value: d.vrgName },
    { label: pdf.label.employer, value: d.employerName },
    { label: T.customer, value: d.customerName },
    { label: pdf.label.interestRate, value: fill(pdf.value.perAnnum, { rate: formatPercentBp(c.calculationInterestRateBp) }) },
    { label: T.survivorsPension, value: c.widowTransitionPercent > 0 ? fill(T.survivorsPercent, { percent: c.widowTransitionPercent }) : pdf.value.none },
    { label: T.survivors, value: PARTNER_RULE_TEXT[c.partnerRule] },
    { label: T.contractStart, value: formatDate(c.startDate) },
    { label: T.status, value: c.role === 'BENEFICIARY' ? T.role.BENEFICIARY : T.role.MEMBER },
  ];
  if (c.pensionStartDate) rows.push({ label: pdf.label.pensionStart, value: formatDate(c.pensionStartDate) });
  return {
    fund: 'PK',
    title: T.title,
    documentDate: c.startDate,
    facts: [
      { label: pdf.label.contractNumber, value: c.contractNumber },
      { label: T.start, value: formatDate(c.startDate) },
    ],
    paragraphs: [...T.paragraphs],
    tables: [{ heading: T.heading, rows }],
    notes: [T.note],
  };
}

/** Data of a signed own-contribution mandate: the mandate and its contract. */
export interface MandateLetterData {
  mandate: MandateRow;
  contract: PkContractRow;
}

/**
 * SEPA-Lastschriftmandat (decision 0016; filed under TAX_CONFIRMATION, the own-contribution documents): creditor
 * identifier, mandate reference, debtor and account, amount and rhythm, the 8-week refund right and the
 * pre-notification, as the SEPA core rulebook asks of a mandate. Texts: catalogue `pdf.mandate` and the shared
 * `pdf.label`.
 */
export function mandateLetter(d: MandateLetterData): LetterContent {
  const m = d.mandate;
  const signedOn = m.signedOn ?? m.createdAt.slice(0, 10);
  const T = pdf.mandate;
  const monthly = m.type === 'MONTHLY';
  return {
    fund: 'PK',
    title: T.title,
    documentDate: signedOn,
    facts: [
      { label: T.creditorId, value: m.creditorId },
      { label: T.mandateReference, value: m.mandateReference },
      { label: pdf.label.contractNumber, value: d.contract.contractNumber },
    ],
    paragraphs: [...T.paragraphs],
    tables: [
      {
        heading: T.heading,
        rows: [
          { label: T.accountOwner, value: m.accountOwner },
          { label: pdf.label.iban, value: m.iban.replace(/(.{4})/g, '$1 ').trim() },
          { label: T.amount, value: fill(monthly ? T.amountValue.MONTHLY : T.amountValue.ONE_OFF, { amount: money(m.amountCents) }), strong: true },
          { label: monthly ? T.firstDebit : T.debitOn, value: formatDate(m.startDate) },
          { label: T.signedOn, value: formatDate(signedOn) },
        ],
      },
    ],
    notes: [T.note],
  };
}
