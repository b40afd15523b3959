/**
 * Confirmations of a member's requests as German letter text: the severance claim (spec 001 section 5) and the
 * merge of severance accounts (issue 15 item 5), with the inbox messages that deliver them. Pure functions.
 */
import type { MergeRequestRow, SeveranceClaimRow, VkAccountRow } from '../../../../db/schema';
import { formatDate } from '@contract/format';
import type { LetterContent, LetterLine } from './letter';
import { money } from './templates';

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
