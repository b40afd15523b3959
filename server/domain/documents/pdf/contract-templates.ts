/**
 * Letters about a PK contract as German letter text: the tax-office confirmation of own contributions, the payment
 * statement, the pension model information and the own-contribution mandate (shared parts in ./templates.ts).
 * Amounts are integer cents, formatted `1.234,56 €`; pure functions of the stored rows.
 */
import type { MandateRow, PkContractRow, PkStatementRow } from '../../../../db/schema';
import { formatDate, formatPercentBp } from '@contract/format';
import type { LetterContent, LetterLine } from './letter';
import { money, PARTNER_RULE_TEXT, PK_STATEMENT_LABELS, year } from './templates';

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
