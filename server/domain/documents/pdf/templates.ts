/**
 * The content of each document category as German letter text (Austrian German, formal address), built from the
 * stored rows only (spec 001 section 3 "Account info, pension fund" / "Account info, severance fund"; section 2
 * "Documents"). Amounts are integer cents, formatted `1.234,56 €`; dates `31.12.2024`; rates from basis points.
 * Pure functions: the same rows always give the same letter.
 */
import type { MandateRow, MergeRequestRow, PersonRow, PkContractRow, PkStatementRow, SeveranceClaimRow, VkAccountRow, VkStatementRow } from '../../../../db/schema';
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

const PARTNER_RULE_TEXT: Record<PkContractRow['partnerRule'], string> = {
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

const money = formatEuro;
/** An outflow shown as a deduction: a stored positive amount printed with a minus (zero stays `0,00 €`). */
const minus = (cents: number): string => formatEuro(cents === 0 ? 0 : -cents);
const year = (iso: string): string => iso.slice(0, 4);

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

/** Data of a tax-office confirmation: the statement of the year with the own contributions, and its contract. */
export interface TaxConfirmationData {
  statement: PkStatementRow;
  contract: PkContractRow;
  vrgName: string;
}

/** Bestätigung über Eigenbeiträge (TAX_CONFIRMATION): own contributions of the year and the § 108a EStG premium. */
export function taxConfirmationLetter(d: TaxConfirmationData): LetterContent {
  const s = d.statement;
  const y = year(s.stichtag);
  return {
    fund: 'PK',
    title: `Bestätigung über Eigenbeiträge ${y} für das Finanzamt`,
    documentDate: s.stichtag,
    facts: [
      { label: 'Kalenderjahr', value: y },
      { label: 'Vertragsnummer', value: d.contract.contractNumber },
      { label: 'Veranlagungs- und Risikogemeinschaft', value: d.vrgName },
    ],
    paragraphs: [
      `wir bestätigen, dass für Ihren Pensionskassenvertrag ${d.contract.contractNumber} im Kalenderjahr ${y} die folgenden ` +
        'Arbeitnehmerbeiträge (Eigenbeiträge) eingegangen sind und die Prämie nach § 108a EStG gutgeschrieben wurde.',
    ],
    tables: [
      {
        heading: `Eigenbeiträge im Kalenderjahr ${y}`,
        rows: [
          { label: PK_STATEMENT_LABELS.employeeContributionsCents, value: money(s.employeeContributionsCents), strong: true },
          { label: PK_STATEMENT_LABELS.premium108aCents, value: money(s.premium108aCents) },
        ],
      },
    ],
    notes: ['Bitte bewahren Sie diese Bestätigung für Ihre Unterlagen auf und legen Sie sie dem Finanzamt auf Verlangen vor.'],
  };
}

/** Data of a payment statement: the statement of the year with the pension payments, and its contract. */
export interface PaymentStatementData {
  statement: PkStatementRow;
  contract: PkContractRow;
}

/** Pensionsauszahlungen (PAYMENT_STATEMENT): the gross pension paid in the year, the monthly pension, the start. */
export function paymentStatementLetter(d: PaymentStatementData): LetterContent {
  const s = d.statement;
  const y = year(s.stichtag);
  const rows: LetterLine[] = [{ label: `Pensionsleistungen im Jahr ${y} (brutto)`, value: money(s.pensionPaymentsCents), strong: true }];
  if (d.contract.monthlyPensionCents !== null) rows.push({ label: 'Monatliche Pension (brutto, 14-mal jährlich)', value: money(d.contract.monthlyPensionCents) });
  const facts: LetterLine[] = [
    { label: 'Kalenderjahr', value: y },
    { label: 'Vertragsnummer', value: d.contract.contractNumber },
  ];
  if (d.contract.pensionStartDate) facts.push({ label: 'Pensionsbeginn', value: formatDate(d.contract.pensionStartDate) });
  return {
    fund: 'PK',
    title: `Pensionsauszahlungen ${y}`,
    documentDate: s.stichtag,
    facts,
    paragraphs: [`wir übermitteln Ihnen die Übersicht der Pensionsleistungen, die wir Ihnen im Kalenderjahr ${y} ausbezahlt haben.`],
    tables: [{ heading: `Auszahlungen im Jahr ${y}`, rows }],
    notes: [
      'Alle Beträge sind Bruttobeträge vor Abzug von Lohnsteuer und Krankenversicherungsbeitrag. ' +
        'Die Pension wird 14-mal im Jahr ausbezahlt; die Sonderzahlungen sind in den Jahresbeträgen enthalten.',
    ],
  };
}

/** Data of the pension model information of a contract. */
export interface PensionModelData {
  contract: PkContractRow;
  employerName: string;
  customerName: string;
  vrgName: string;
}

/** Informationen zum Pensionskassenmodell (PENSION_MODEL_INFO): the contract's parameters and what they mean. */
export function pensionModelLetter(d: PensionModelData): LetterContent {
  const c = d.contract;
  const rows: LetterLine[] = [
    { label: 'Vertragsnummer', value: c.contractNumber },
    { label: 'Veranlagungs- und Risikogemeinschaft', value: d.vrgName },
    { label: 'Arbeitgeber', value: d.employerName },
    { label: 'Kunde (Vertragspartner der Pensionskasse)', value: d.customerName },
    { label: 'Rechnungszins', value: `${formatPercentBp(c.calculationInterestRateBp)} p. a.` },
    { label: 'Hinterbliebenenversorgung', value: c.widowTransitionPercent > 0 ? `${c.widowTransitionPercent} % der Pension` : 'keine' },
    { label: 'Anspruchsberechtigte Hinterbliebene', value: PARTNER_RULE_TEXT[c.partnerRule] },
    { label: 'Beginn des Vertrags', value: formatDate(c.startDate) },
    { label: 'Status', value: c.role === 'BENEFICIARY' ? 'Leistungsberechtigte/r (Pensionsbezug)' : 'Anwartschaftsberechtigte/r' },
  ];
  if (c.pensionStartDate) rows.push({ label: 'Pensionsbeginn', value: formatDate(c.pensionStartDate) });
  return {
    fund: 'PK',
    title: 'Informationen zum Pensionskassenmodell',
    documentDate: c.startDate,
    facts: [
      { label: 'Vertragsnummer', value: c.contractNumber },
      { label: 'Beginn', value: formatDate(c.startDate) },
    ],
    paragraphs: [
      'Ihr Arbeitgeber hat für Sie eine Pensionskassenzusage abgeschlossen. Die Beiträge werden in Ihrer Veranlagungs- und ' +
        'Risikogemeinschaft (VRG) veranlagt; das Veranlagungsergebnis wird Ihrem Pensionskapital jährlich zugewiesen.',
      'Aus dem Pensionskapital wird bei Pensionsantritt eine lebenslange Pension berechnet, die 14-mal im Jahr ausbezahlt wird. ' +
        'Grundlage der Berechnung sind der Rechnungszins und die Rechnungsgrundlagen Ihres Vertrags.',
      'Mit Eigenbeiträgen können Sie Ihre Pension erhöhen; dafür erhalten Sie eine staatliche Prämie nach § 108a EStG.',
    ],
    tables: [{ heading: 'Ihr Vertrag', rows }],
    notes: ['Den jährlichen Stand Ihres Pensionskapitals finden Sie im Leistungsnachweis zum 31.12. jedes Jahres.'],
  };
}

/** Data of a signed own-contribution mandate: the mandate and its contract. */
export interface MandateLetterData {
  mandate: MandateRow;
  contract: PkContractRow;
}

/**
 * SEPA-Lastschriftmandat (issue 16 item 3; filed under TAX_CONFIRMATION, the own-contribution documents): creditor
 * identifier, mandate reference, debtor and account, amount and rhythm, the 8-week refund right and the
 * pre-notification, as the SEPA core rulebook asks of a mandate.
 */
export function mandateLetter(d: MandateLetterData): LetterContent {
  const m = d.mandate;
  const signedOn = m.signedOn ?? m.createdAt.slice(0, 10);
  const rhythm = m.type === 'MONTHLY' ? 'monatlich' : 'einmalig';
  return {
    fund: 'PK',
    title: 'SEPA-Lastschriftmandat für Eigenbeiträge',
    documentDate: signedOn,
    facts: [
      { label: 'Gläubiger-ID', value: m.creditorId },
      { label: 'Mandatsreferenz', value: m.mandateReference },
      { label: 'Vertragsnummer', value: d.contract.contractNumber },
    ],
    paragraphs: [
      'Sie haben die Pensionskasse ermächtigt, Zahlungen von Ihrem Konto mittels SEPA-Lastschrift einzuziehen. Zugleich haben Sie Ihr ' +
        'Kreditinstitut angewiesen, die von der Pensionskasse auf Ihr Konto gezogenen Lastschriften einzulösen.',
      'Sie können innerhalb von 8 Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrags verlangen. Es gelten ' +
        'dabei die mit Ihrem Kreditinstitut vereinbarten Bedingungen.',
      'Vor jeder Abbuchung erhalten Sie eine Vorabinformation in Ihr Postfach. Das Mandat erlischt, wenn 36 Monate lang keine Lastschrift eingezogen wurde.',
    ],
    tables: [
      {
        heading: 'Ihr Auftrag',
        rows: [
          { label: 'Kontoinhaber/in', value: m.accountOwner },
          { label: 'IBAN', value: m.iban.replace(/(.{4})/g, '$1 ').trim() },
          { label: 'Betrag', value: `${money(m.amountCents)} ${rhythm}`, strong: true },
          { label: m.type === 'MONTHLY' ? 'Erste Abbuchung' : 'Abbuchung am', value: formatDate(m.startDate) },
          { label: 'Elektronisch erteilt am', value: formatDate(signedOn) },
        ],
      },
    ],
    notes: ['Eigenbeiträge bis 1.000 € im Jahr sind nach § 108a EStG prämienbegünstigt (zuzüglich 2,5 % Versicherungssteuer).'],
  };
}

/** What the claim confirmation shows: the stored claim, its account, the payout date of the rule and the files sent. */
export interface ClaimConfirmationData {
  claim: SeveranceClaimRow;
  account: Pick<VkAccountRow, 'accountNumber'>;
  /** ISO date (Vienna) the claim was received. */
  submittedOn: string;
  /** Latest legal payout or transfer date (ISO), `payoutDueDate(submittedOn)`. */
  dueDate: string;
  /** The documents sent with the claim (kind and file name), in the order stored. */
  files: readonly { kind: string; fileName: string }[];
}

const CLAIM_OPTION_TEXT: Record<SeveranceClaimRow['option'], string> = {
  KEEP: 'In der Vorsorgekasse weiter veranlagen',
  TRANSFER_PENSION_FUND: 'Übertragung an eine Pensionskasse oder betriebliche Kollektivversicherung',
  TRANSFER_SUPPLEMENTARY_INSURANCE: 'Übertragung an eine Pensionszusatzversicherung',
  TRANSFER_VORSORGEKASSE: 'Übertragung an die aktuelle Vorsorgekasse',
  PAYOUT: 'Auszahlung',
};

const CLAIM_FILE_TEXT: Record<string, string> = {
  IDENTITY_DOCUMENT: 'Amtlicher Lichtbildausweis',
  SIGNATURE_SAMPLE: 'Unterschriftsprobe',
  BANK_CONFIRMATION: 'Bankkarte oder Bankbestätigung',
  INSTITUTION_CONFIRMATION: 'Bestätigung der übernehmenden Einrichtung',
};

/** Title of the claim confirmation (the document's title and the inbox message's subject). */
export const CLAIM_CONFIRMATION_TITLE = 'Bestätigung Ihres Antrags auf Verfügung über die Abfertigung';

/** The inbox message that delivers the claim confirmation (spec 001 section 5 "Inbox"): subject and text. */
export const CLAIM_CONFIRMATION_MESSAGE = {
  subject: 'Ihr Antrag auf Verfügung über die Abfertigung ist eingelangt',
  body: 'Wir haben Ihren Antrag erhalten. Die Bestätigung mit allen Angaben finden Sie im Anhang und unter Dokumente. ' + 'Den Stand der Bearbeitung sehen Sie auf der Startseite.',
} as const;

/**
 * Bestätigung eines Antrags (CLAIM_CONFIRMATION, issue 15 item 7): what the member decided, the data given (IBAN,
 * address, institution), the amounts of a payout (entitlement, 6 % wage tax, cash-order cost; cents), the day of
 * receipt, the latest legal payout date (§ 16 BMSVG) and the documents sent. The IBAN is shown in full: the letter
 * goes to the member only (archive and own inbox).
 */
export function claimConfirmationLetter(d: ClaimConfirmationData): LetterContent {
  const c = d.claim;
  const rows: LetterLine[] = [
    { label: 'Konto', value: d.account.accountNumber },
    { label: 'Entscheidung', value: CLAIM_OPTION_TEXT[c.option] },
  ];
  if (c.institutionName) rows.push({ label: 'Übernehmende Einrichtung', value: c.institutionName });
  if (c.policyNumber) rows.push({ label: 'Polizzennummer', value: c.policyNumber });
  if (c.payoutType) rows.push({ label: 'Auszahlungsart', value: c.payoutType === 'CASH_ORDER' ? 'Postanweisung' : 'Überweisung' });
  if (c.iban) rows.push({ label: 'IBAN', value: c.iban.replace(/(.{4})/g, '$1 ').trim() });
  if (c.bic) rows.push({ label: 'BIC', value: c.bic });
  if (c.street) rows.push({ label: 'Adresse', value: `${c.street}, ${c.postcode ?? ''} ${c.city ?? ''}`.trim() });
  rows.push({ label: 'Unterschrift', value: c.signatureKind === 'TYPED' ? `eingetippt: ${c.signatureName ?? ''}` : 'gezeichnet' });
  const tables = [{ heading: 'Ihre Angaben', rows }];
  if (c.option === 'PAYOUT' && c.entitlementCents !== null) {
    const tax = c.taxCents ?? 0;
    const cost = c.cashOrderCostCents ?? 0;
    const amounts: LetterLine[] = [
      { label: 'Guthaben laut Kontonachricht', value: money(c.entitlementCents) },
      { label: 'Davon 6 % Lohnsteuer', value: money(-tax) },
    ];
    if (cost > 0) amounts.push({ label: 'Kosten der Postanweisung', value: money(-cost) });
    amounts.push({ label: 'Voraussichtlich ausbezahlt', value: money(c.entitlementCents - tax - cost), strong: true });
    tables.push({ heading: 'Ihre Auszahlung', rows: amounts });
  }
  tables.push({
    heading: 'Mitgesendete Dokumente',
    rows: d.files.length === 0 ? [{ label: 'Dokumente', value: 'keine' }] : d.files.map((f) => ({ label: CLAIM_FILE_TEXT[f.kind] ?? f.kind, value: f.fileName })),
  });
  const paragraphs = ['wir bestätigen den Eingang Ihres Antrags auf Verfügung über Ihre Abfertigung aus der Vorsorgekasse.'];
  if (c.option === 'KEEP') paragraphs.push('Ihre Abfertigung bleibt in der Vorsorgekasse veranlagt.');
  else
    paragraphs.push(
      `Die gesetzliche Frist (2 volle Kalendermonate plus 5 Arbeitstage, § 16 BMSVG) endet am ${formatDate(d.dueDate)}. ` +
        (c.payoutType === 'CASH_ORDER' ? 'Eine Postanweisung kann bis zu 10 Arbeitstage länger dauern.' : ''),
    );
  return {
    fund: 'VK',
    title: CLAIM_CONFIRMATION_TITLE,
    documentDate: d.submittedOn,
    facts: [
      { label: 'Konto', value: d.account.accountNumber },
      { label: 'Eingelangt am', value: formatDate(d.submittedOn) },
    ],
    paragraphs: paragraphs.map((p) => p.trim()),
    tables,
    notes: ['Ausbezahlt oder übertragen wird das Guthaben am Auszahlungstag; es kann vom Stand der Kontonachricht abweichen.'],
  };
}

/** Title of the merge confirmation (the document's title and the inbox message's subject). */
export const MERGE_CONFIRMATION_TITLE = 'Bestätigung Ihres Antrags auf Zusammenlegung Ihrer Abfertigungskonten';

/** The inbox message that delivers the merge confirmation (issue 15 item 5): subject and text. */
export const MERGE_CONFIRMATION_MESSAGE = {
  subject: 'Ihr Antrag auf Zusammenlegung Ihrer Abfertigungskonten ist eingelangt',
  body:
    'Wir haben Ihren Antrag auf Zusammenlegung erhalten. Die Bestätigung mit allen Angaben finden Sie im Anhang und unter Dokumente. ' +
    'Wir informieren Sie, sobald die Konten zusammengelegt sind.',
} as const;

const MERGE_FILE_TEXT: Record<string, string> = {
  ID_COPY: 'Kopie eines amtlichen Lichtbildausweises',
  SIGNED_FORM: 'Unterschriebenes Antragsformular',
  SIGNATURE: 'Unterschrift (im Portal gezeichnet)',
};

/** What a merge confirmation is made from: the stored request, the ISO date (Vienna) it was received and its files. */
export interface MergeConfirmationData {
  request: MergeRequestRow;
  submittedOn: string;
  files: readonly { kind: string; fileName: string }[];
}

/**
 * Bestätigung eines Antrags auf Zusammenlegung (category CLAIM_CONFIRMATION, source `merge_requests`; issue 15 item
 * 5, § 17 (2a) BMSVG): the accounts merged and the one they go into, the data given, how it was signed, the files.
 */
export function mergeConfirmationLetter(d: MergeConfirmationData): LetterContent {
  const r = d.request;
  const signature =
    r.signatureType === 'HANDWRITTEN'
      ? 'handschriftlich (Formular hochgeladen)'
      : r.signatureKind === 'TYPED'
        ? `im Portal, eingetippt: ${r.signatureName ?? ''}`
        : 'im Portal gezeichnet';
  const rows: LetterLine[] = [
    { label: 'Beitragsfreie Konten', value: r.accountNumbers },
    { label: 'Zusammenlegen in Konto', value: r.targetAccountNumber },
    { label: 'Vorname', value: r.firstName },
    { label: 'Nachname', value: r.lastName },
    { label: 'Sozialversicherungsnummer', value: `${r.svnr.slice(0, 4)} ${r.svnr.slice(4)}` },
    { label: 'E-Mail', value: r.email },
    { label: 'Unterschrift', value: signature },
  ];
  return {
    fund: 'VK',
    title: MERGE_CONFIRMATION_TITLE,
    documentDate: d.submittedOn,
    facts: [
      { label: 'Zusammenlegen in Konto', value: r.targetAccountNumber },
      { label: 'Eingelangt am', value: formatDate(d.submittedOn) },
    ],
    paragraphs: [
      'wir bestätigen den Eingang Ihres Antrags, die Abfertigungsanwartschaften Ihrer beitragsfreien Konten in Ihr aktuelles Konto zu übertragen (§ 17 Abs. 2a BMSVG).',
      'Nach der Prüfung legen wir die Konten zusammen; das Guthaben wird ohne Kosten und ohne Steuerabzug übertragen.',
    ],
    tables: [
      { heading: 'Ihre Angaben', rows },
      {
        heading: 'Mitgesendete Dokumente',
        rows: d.files.length === 0 ? [{ label: 'Dokumente', value: 'keine' }] : d.files.map((f) => ({ label: MERGE_FILE_TEXT[f.kind] ?? f.kind, value: f.fileName })),
      },
    ],
    notes: ['Übertragen wird das Guthaben am Tag der Zusammenlegung; es kann vom Stand der Kontonachricht abweichen.'],
  };
}
