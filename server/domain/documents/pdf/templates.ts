/**
 * The content of each document category as German letter text (Austrian German, formal address), built from the
 * stored rows only (spec 001 section 3 "Account info, pension fund" / "Account info, severance fund"; section 2
 * "Documents"). Amounts are integer cents, formatted `1.234,56 €`; dates `31.12.2024`; rates from basis points.
 * Pure functions: the same rows always give the same letter. This module holds the statements (PK and VK) and the
 * shared parts; contract letters are in ./contract-templates.ts, request confirmations in ./request-templates.ts.
 */
import type { PersonRow, PkContractRow, PkStatementRow, VkAccountRow, VkStatementRow } from '../../../../db/schema';
import { formatDate, formatEuro, formatPercentBp } from '@contract/format';
import type { LetterContent, LetterLine, LetterRecipient } from './letter';

/** Labels of every PK statement field (spec 001 section 3 "Account info, pension fund"), by row field. */
export const PK_STATEMENT_LABELS = {
  reserveCents: 'Deckungsrückstellung',
  fluctuationReserveCents: 'Schwankungsrückstellung',
  totalCapitalCents: 'Gesamtes Pensionskapital',
  employerContributionsCents: 'Arbeitgeberbeiträge',
  employeeContributionsCents: 'Arbeitnehmerbeiträge (Eigenbeiträge)',
  employerTransfersCents: 'Übertragungen durch den Arbeitgeber',
  employeeTransfersCents: 'Übertragungen durch die Arbeitnehmerin/den Arbeitnehmer',
  premium108aCents: 'Prämie gemäß § 108a EStG',
  investmentResultCents: 'Veranlagungsergebnis',
  costsCents: 'Verwaltungskosten',
  pensionPaymentsCents: 'Pensionsleistungen',
  shortfallCents: 'Fehlbetrag aus der Änderung der Rechnungsgrundlagen',
  projectedYearlyPensionCents: 'Voraussichtliche Jahrespension (brutto, 14 Auszahlungen)',
} as const satisfies Record<Exclude<keyof PkStatementRow, 'id' | 'contractId' | 'stichtag'>, string>;

/** Labels of every VK statement field (spec 001 section 3 "Account info, severance fund"), by row field. */
export const VK_STATEMENT_LABELS = {
  totalEntitlementCents: 'Gesamtanspruch (Abfertigungsanwartschaft)',
  guaranteedCapitalCents: 'Garantierte Kapitalsumme',
  paidOutTotalCents: 'Bisher ausbezahlt (gesamt)',
  contributionsCents: 'Beiträge im Kalenderjahr',
  transfersInCents: 'Beiträge aus anderen Vorsorgekassen',
  administrationCostsCents: 'Verwaltungskosten',
  svCarrierCostsCents: 'Kosten des Sozialversicherungsträgers',
  investmentResultCents: 'Zugewiesenes Veranlagungsergebnis',
  payoutCents: 'Auszahlung bzw. Übertragung im Jahr',
  loyaltyBonusCents: 'Treuebonus',
  surplusShareCents: 'Überschussbeteiligung',
} as const satisfies Record<Exclude<keyof VkStatementRow, 'id' | 'accountId' | 'stichtag'>, string>;

export const PARTNER_RULE_TEXT: Record<PkContractRow['partnerRule'], string> = {
  NONE: 'keine Hinterbliebenenversorgung',
  SPOUSE: 'Ehepartnerin/Ehepartner',
  SPOUSE_OR_REGISTERED_PARTNER: 'Ehepartnerin/Ehepartner oder eingetragene Partnerin/eingetragener Partner',
  SPOUSE_OR_COHABITANT: 'Ehepartnerin/Ehepartner oder Lebensgefährtin/Lebensgefährte',
};

const VK_STATUS_TEXT: Record<VkAccountRow['status'], string> = {
  ACTIVE: 'aktiv (Beiträge laufen)',
  DORMANT: 'beitragsfrei',
  CLOSED: 'geschlossen',
};

/** Name with academic titles: "Mag.a Anna Muster", "Dipl.-Ing. Max Huber, MSc". */
export function fullName(p: Pick<PersonRow, 'titlePrefix' | 'firstName' | 'lastName' | 'titleSuffix'>): string {
  const name = [p.titlePrefix, p.firstName, p.lastName].filter(Boolean).join(' ');
  return p.titleSuffix ? `${name}, ${p.titleSuffix}` : name;
}

/**
 * Address block and formal salutation of a person: "Sehr geehrte Frau Mag.a Muster," / "Sehr geehrter Herr …,";
 * persons of gender DIVERSE get "Guten Tag Vorname Nachname,". The country line appears only outside Austria.
 */
export function recipientOf(
  p: Pick<PersonRow, 'gender' | 'titlePrefix' | 'titleSuffix' | 'firstName' | 'lastName' | 'street' | 'postcode' | 'city' | 'country' | 'poBox'>,
): LetterRecipient {
  const lines = [fullName(p)];
  if (p.street) lines.push(p.street);
  if (p.poBox) lines.push(`Postfach ${p.poBox}`);
  const place = [p.postcode, p.city].filter(Boolean).join(' ');
  if (place) lines.push(place);
  if (p.country && p.country !== 'AT') lines.push(p.country);
  const surname = [p.titlePrefix, p.lastName].filter(Boolean).join(' ');
  const salutation = p.gender === 'FEMALE' ? `Sehr geehrte Frau ${surname},` : p.gender === 'MALE' ? `Sehr geehrter Herr ${surname},` : `Guten Tag ${p.firstName} ${p.lastName},`;
  return { addressLines: lines, salutation };
}

export const money = formatEuro;
/** An outflow shown as a deduction: a stored positive amount printed with a minus (zero stays `0,00 €`). */
const minus = (cents: number): string => formatEuro(cents === 0 ? 0 : -cents);
export const year = (iso: string): string => iso.slice(0, 4);

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
 * member is a beneficiary already drawing the pension, the projected yearly pension.
 */
export function pkStatementLetter(d: PkStatementData): LetterContent {
  const s = d.statement;
  const L = PK_STATEMENT_LABELS;
  const y = year(s.stichtag);
  const previousTotal = d.previous?.totalCapitalCents ?? 0;
  const previousDate = d.previous ? formatDate(d.previous.stichtag) : `01.01.${y}`;
  // A beneficiary already draws the pension: no projection of a pension to come (as on the screen).
  const drawingPension = d.contract.role === 'BENEFICIARY';
  return {
    fund: 'PK',
    title: `Leistungsnachweis zum ${formatDate(s.stichtag)}`,
    documentDate: s.stichtag,
    facts: [
      { label: 'Stichtag', value: formatDate(s.stichtag) },
      { label: 'Vertragsnummer', value: d.contract.contractNumber },
      { label: 'Veranlagungs- und Risikogemeinschaft', value: d.vrgName },
      { label: 'Arbeitgeber', value: d.employerName },
      { label: 'Rechnungszins', value: `${formatPercentBp(d.contract.calculationInterestRateBp)} p. a.` },
    ],
    paragraphs: [
      `wir übermitteln Ihnen den Leistungsnachweis Ihrer Pensionskassenanwartschaft zum Stichtag ${formatDate(s.stichtag)}. ` +
        (drawingPension
          ? `Er zeigt Ihr Pensionskapital und seine Entwicklung im Jahr ${y}.`
          : `Er zeigt Ihr Pensionskapital, seine Entwicklung im Jahr ${y} und die daraus voraussichtlich erreichbare Pension.`),
    ],
    tables: [
      {
        heading: `Ihr Pensionskapital zum ${formatDate(s.stichtag)}`,
        rows: [
          { label: L.reserveCents, value: money(s.reserveCents) },
          { label: L.fluctuationReserveCents, value: money(s.fluctuationReserveCents) },
          { label: L.totalCapitalCents, value: money(s.totalCapitalCents), strong: true },
        ],
      },
      {
        heading: `Entwicklung im Jahr ${y}`,
        rows: [
          { label: `Pensionskapital zum ${previousDate}`, value: money(previousTotal) },
          { label: L.employerContributionsCents, value: money(s.employerContributionsCents) },
          { label: L.employeeContributionsCents, value: money(s.employeeContributionsCents) },
          { label: L.employerTransfersCents, value: money(s.employerTransfersCents) },
          { label: L.employeeTransfersCents, value: money(s.employeeTransfersCents) },
          { label: L.premium108aCents, value: money(s.premium108aCents) },
          { label: L.investmentResultCents, value: money(s.investmentResultCents) },
          { label: L.costsCents, value: minus(s.costsCents) },
          { label: L.pensionPaymentsCents, value: minus(s.pensionPaymentsCents) },
          { label: `Pensionskapital zum ${formatDate(s.stichtag)}`, value: money(s.totalCapitalCents), strong: true },
        ],
      },
      {
        heading: 'Weitere Angaben',
        rows: [
          { label: L.shortfallCents, value: money(s.shortfallCents) },
          ...(drawingPension ? [] : [{ label: L.projectedYearlyPensionCents, value: money(s.projectedYearlyPensionCents) }]),
          ...(d.vrgReturnBp === null ? [] : [{ label: `Veranlagungsergebnis der VRG im Jahr ${y}`, value: formatPercentBp(d.vrgReturnBp) }]),
        ],
      },
    ],
    notes: [
      'Die Schwankungsrückstellung gleicht Schwankungen der Veranlagungsergebnisse aus; sie kann auch negativ sein.',
      ...(drawingPension
        ? []
        : [
            `Die voraussichtliche Jahrespension ist eine Hochrechnung mit dem Rechnungszins von ${formatPercentBp(d.contract.calculationInterestRateBp)} ` +
              'ohne künftige Veranlagungsüberschüsse und bei gleichbleibenden Beiträgen. Sie ist nicht garantiert. Die Pension wird 14-mal im Jahr ausbezahlt.',
          ]),
      'Ein Fehlbetrag aus der Änderung der Rechnungsgrundlagen wird innerhalb von höchstens zehn Jahren, jährlich mindestens zu einem Zehntel, ausgeglichen.',
    ],
  };
}

/** Data a VK statement letter is made of. `previous` is the statement of the year before (null for the first year). */
export interface VkStatementData {
  statement: VkStatementRow;
  previous: VkStatementRow | null;
  account: VkAccountRow;
  employerName: string;
}

/** Kontonachricht (VK_ACCOUNT_STATEMENT, § 25 BMSVG): every VK statement field and the year's development. */
export function vkStatementLetter(d: VkStatementData): LetterContent {
  const s = d.statement;
  const L = VK_STATEMENT_LABELS;
  const y = year(s.stichtag);
  const previousTotal = d.previous?.totalEntitlementCents ?? 0;
  const previousDate = d.previous ? formatDate(d.previous.stichtag) : `01.01.${y}`;
  const facts: LetterLine[] = [
    { label: 'Stichtag', value: formatDate(s.stichtag) },
    { label: 'Kontonummer', value: d.account.accountNumber },
    { label: 'Arbeitgeber', value: d.employerName },
    { label: 'Beginn der Beitragszahlung', value: formatDate(d.account.startDate) },
    { label: 'Kontostatus', value: VK_STATUS_TEXT[d.account.status] },
  ];
  if (d.account.rightToDecideSince) facts.push({ label: 'Verfügungsanspruch seit', value: formatDate(d.account.rightToDecideSince) });
  return {
    fund: 'VK',
    title: `Kontonachricht zum ${formatDate(s.stichtag)}`,
    documentDate: s.stichtag,
    facts,
    paragraphs: [
      `wir informieren Sie über den Stand Ihrer Abfertigungsanwartschaft zum Stichtag ${formatDate(s.stichtag)} ` + `und über alle Buchungen des Jahres ${y} auf Ihrem Konto.`,
    ],
    tables: [
      {
        heading: `Ihre Abfertigungsanwartschaft zum ${formatDate(s.stichtag)}`,
        rows: [
          { label: L.totalEntitlementCents, value: money(s.totalEntitlementCents), strong: true },
          { label: L.guaranteedCapitalCents, value: money(s.guaranteedCapitalCents) },
          { label: L.paidOutTotalCents, value: money(s.paidOutTotalCents) },
        ],
      },
      {
        heading: `Buchungen im Jahr ${y}`,
        rows: [
          { label: `Anwartschaft zum ${previousDate}`, value: money(previousTotal) },
          { label: L.contributionsCents, value: money(s.contributionsCents) },
          { label: L.transfersInCents, value: money(s.transfersInCents) },
          { label: L.investmentResultCents, value: money(s.investmentResultCents) },
          { label: L.loyaltyBonusCents, value: money(s.loyaltyBonusCents) },
          { label: L.surplusShareCents, value: money(s.surplusShareCents) },
          { label: L.administrationCostsCents, value: minus(s.administrationCostsCents) },
          { label: L.svCarrierCostsCents, value: minus(s.svCarrierCostsCents) },
          { label: L.payoutCents, value: minus(s.payoutCents) },
          { label: `Anwartschaft zum ${formatDate(s.stichtag)}`, value: money(s.totalEntitlementCents), strong: true },
        ],
      },
    ],
    notes: [
      'Die garantierte Kapitalsumme ist die Summe der für Sie eingezahlten Beiträge einschließlich der Übertragungen aus anderen ' +
        'Vorsorgekassen, abzüglich Auszahlungen (Kapitalgarantie nach § 24 BMSVG).',
      'Die Kosten des Sozialversicherungsträgers sind die Einhebungsvergütung für das Einheben der Beiträge.',
    ],
  };
}
