/**
 * Confirmations of a member's requests as German letter text: the severance claim (spec 001 section 5) and the
 * merge of severance accounts (decision 0023), with the inbox messages that deliver them. Pure functions.
 */
import type { MergeRequestRow, SeveranceClaimRow, VkAccountRow } from '../../../../db/schema';
import { formatDate } from '@contract/format';
import catalogue from '@contract/i18n/de/pdf.json';
import claimCatalogue from '@contract/i18n/de/claim.json';
import { CASH_ORDER_EXTRA_WORKING_DAYS } from '@contract/claims';
import { fill } from '@contract/i18n/fill';
import type { LetterContent, LetterLine } from './letter';
import { money } from './templates';

const { pdf } = catalogue;

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

/** The member's decision as the confirmation names it; catalogue `pdf.claimConfirmation.options`. */
const CLAIM_OPTION_TEXT: Record<SeveranceClaimRow['option'], string> = pdf.claimConfirmation.options;

/** Names of the claim's document kinds; catalogue `pdf.claimConfirmation.files` (an unknown kind prints as it is). */
const CLAIM_FILE_TEXT: Record<string, string> = pdf.claimConfirmation.files;

/** Title of the claim confirmation (the document's title); catalogue `pdf.claimConfirmation.title`. */
export const CLAIM_CONFIRMATION_TITLE = pdf.claimConfirmation.title;

/**
 * The inbox message that delivers the claim confirmation (spec 001 section 5 "Inbox"): subject and text; catalogue
 * `pdf.claimConfirmation.message`.
 */
export const CLAIM_CONFIRMATION_MESSAGE: { readonly subject: string; readonly body: string } = pdf.claimConfirmation.message;

/**
 * Bestätigung eines Antrags (CLAIM_CONFIRMATION, decision 0015): what the member decided, the data given (IBAN,
 * address, institution), the amounts of a payout (entitlement, 6 % wage tax, cash-order cost; cents), the day of
 * receipt, the latest legal payout date (§ 16 BMSVG) and the documents sent. The IBAN is shown in full: the letter
 * goes to the member only (archive and own inbox). Texts: catalogue `pdf.claimConfirmation` and the shared
 * `pdf.label`.
 */
export function claimConfirmationLetter(d: ClaimConfirmationData): LetterContent {
  const c = d.claim;
  const T = pdf.claimConfirmation;
  const rows: LetterLine[] = [
    { label: pdf.label.account, value: d.account.accountNumber },
    { label: T.decision, value: CLAIM_OPTION_TEXT[c.option] },
  ];
  if (c.institutionName) rows.push({ label: T.institution, value: c.institutionName });
  if (c.policyNumber) rows.push({ label: T.policyNumber, value: c.policyNumber });
  if (c.payoutType) rows.push({ label: T.payoutType, value: c.payoutType === 'CASH_ORDER' ? T.payoutTypes.CASH_ORDER : T.payoutTypes.BANK_TRANSFER });
  if (c.iban) rows.push({ label: pdf.label.iban, value: c.iban.replace(/(.{4})/g, '$1 ').trim() });
  if (c.bic) rows.push({ label: T.bic, value: c.bic });
  if (c.street) rows.push({ label: T.address, value: `${c.street}, ${c.postcode ?? ''} ${c.city ?? ''}`.trim() });
  rows.push({ label: pdf.label.signature, value: c.signatureKind === 'TYPED' ? fill(T.signatureTyped, { name: c.signatureName ?? '' }) : T.signatureDrawn });
  const tables = [{ heading: T.dataHeading, rows }];
  if (c.option === 'PAYOUT' && c.entitlementCents !== null) {
    const tax = c.taxCents ?? 0;
    const cost = c.cashOrderCostCents ?? 0;
    const amounts: LetterLine[] = [
      { label: T.entitlement, value: money(c.entitlementCents) },
      { label: T.tax, value: money(-tax) },
    ];
    if (cost > 0) amounts.push({ label: T.cashOrderCost, value: money(-cost) });
    amounts.push({ label: T.expectedPayout, value: money(c.entitlementCents - tax - cost), strong: true });
    tables.push({ heading: T.payoutHeading, rows: amounts });
  }
  tables.push({
    heading: T.filesHeading,
    rows: d.files.length === 0 ? [{ label: pdf.label.documents, value: pdf.value.none }] : d.files.map((f) => ({ label: CLAIM_FILE_TEXT[f.kind] ?? f.kind, value: f.fileName })),
  });
  const paragraphs = [T.intro];
  if (c.option === 'KEEP') paragraphs.push(T.keep);
  else {
    const deadline = fill(T.deadline, { date: formatDate(d.dueDate) });
    // The same sentence as the confirmation screen after sending (catalogue `claim.success.cashOrderLonger`).
    const longer = fill(claimCatalogue.claim.success.cashOrderLonger, { days: String(CASH_ORDER_EXTRA_WORKING_DAYS) });
    paragraphs.push(c.payoutType === 'CASH_ORDER' ? `${deadline} ${longer}` : deadline);
  }
  return {
    fund: 'VK',
    title: CLAIM_CONFIRMATION_TITLE,
    documentDate: d.submittedOn,
    facts: [
      { label: pdf.label.account, value: d.account.accountNumber },
      { label: pdf.label.receivedOn, value: formatDate(d.submittedOn) },
    ],
    paragraphs,
    tables,
    notes: [T.note],
  };
}

/** Title of the merge confirmation (the document's title); catalogue `pdf.mergeConfirmation.title`. */
export const MERGE_CONFIRMATION_TITLE = pdf.mergeConfirmation.title;

/**
 * The inbox message that delivers the merge confirmation (decision 0023): subject and text; catalogue
 * `pdf.mergeConfirmation.message`.
 */
export const MERGE_CONFIRMATION_MESSAGE: { readonly subject: string; readonly body: string } = pdf.mergeConfirmation.message;

/** Names of the merge request's document kinds; catalogue `pdf.mergeConfirmation.files` (unknown kinds print as they are). */
const MERGE_FILE_TEXT: Record<string, string> = pdf.mergeConfirmation.files;

/** What a merge confirmation is made from: the stored request, the ISO date (Vienna) it was received and its files. */
export interface MergeConfirmationData {
  request: MergeRequestRow;
  submittedOn: string;
  files: readonly { kind: string; fileName: string }[];
}

/**
 * Bestätigung eines Antrags auf Zusammenlegung (category CLAIM_CONFIRMATION, source `merge_requests`; decision 0023,
 * § 17 (2a) BMSVG): the accounts merged and the one they go into, the data given, how it was signed, the files.
 * Texts: catalogue `pdf.mergeConfirmation` and the shared `pdf.label`.
 */
export function mergeConfirmationLetter(d: MergeConfirmationData): LetterContent {
  const r = d.request;
  const T = pdf.mergeConfirmation;
  const signature =
    r.signatureType === 'HANDWRITTEN' ? T.signatureHandwritten : r.signatureKind === 'TYPED' ? fill(T.signatureTyped, { name: r.signatureName ?? '' }) : T.signatureDrawn;
  const rows: LetterLine[] = [
    { label: T.dormantAccounts, value: r.accountNumbers },
    { label: T.targetAccount, value: r.targetAccountNumber },
    { label: T.firstName, value: r.firstName },
    { label: T.lastName, value: r.lastName },
    { label: T.svnr, value: `${r.svnr.slice(0, 4)} ${r.svnr.slice(4)}` },
    { label: T.email, value: r.email },
    { label: pdf.label.signature, value: signature },
  ];
  return {
    fund: 'VK',
    title: MERGE_CONFIRMATION_TITLE,
    documentDate: d.submittedOn,
    facts: [
      { label: T.targetAccount, value: r.targetAccountNumber },
      { label: pdf.label.receivedOn, value: formatDate(d.submittedOn) },
    ],
    paragraphs: [...T.paragraphs],
    tables: [
      { heading: T.dataHeading, rows },
      {
        heading: T.filesHeading,
        rows:
          d.files.length === 0 ? [{ label: pdf.label.documents, value: pdf.value.none }] : d.files.map((f) => ({ label: MERGE_FILE_TEXT[f.kind] ?? f.kind, value: f.fileName })),
      },
    ],
    notes: [T.note],
  };
}

/**
 * What the printable merge application is filled with: the member (names, SVNR, address, e-mail), the dormant
 * accounts that may be merged now (with the day each became contribution-free) and the target account. `null` prints
 * a blank application with lines to write on (the public merge, where nobody is identified).
 */
export interface MergeApplicationData {
  person: { firstName: string; lastName: string; svnr: string; address: string; email: string };
  /** The dormant accounts to merge: account number and the last day of contributions (ISO). */
  accounts: readonly { accountNumber: string; endDate: string }[];
  targetAccountNumber: string;
}

/** The printable application's file name without date and extension; catalogue `pdf.mergeApplication.fileName`. */
export const MERGE_APPLICATION_FILE_NAME = pdf.mergeApplication.fileName;

/**
 * Antrag auf Zusammenlegung zum Ausdrucken (§ 17 Abs. 2a BMSVG; spec 001 section 5 "signature type … signed form";
 * decision 0023): a form the member signs by hand and uploads as the signed form of a HANDWRITTEN request. Filled with
 * `data`, or blank when `data` is null. `today` (ISO) is the document's date. Texts: catalogue `pdf.mergeApplication`.
 */
export function mergeApplicationForm(data: MergeApplicationData | null, today: string): LetterContent {
  const T = pdf.mergeApplication;
  const blank = T.blank;
  const svnr = (v: string) => `${v.slice(0, 4)} ${v.slice(4)}`;
  const person: LetterLine[] = [
    { label: T.firstName, value: data?.person.firstName ?? blank },
    { label: T.lastName, value: data?.person.lastName ?? blank },
    { label: T.svnr, value: data ? svnr(data.person.svnr) : blank },
    { label: T.address, value: data?.person.address || blank },
    { label: T.email, value: data?.person.email || blank },
  ];
  const accounts: LetterLine[] = data
    ? [
        ...data.accounts.map((a) => ({ label: T.dormantAccount, value: `${a.accountNumber} (${fill(T.contributionsUntil, { date: formatDate(a.endDate) })})` })),
        { label: T.targetAccount, value: data.targetAccountNumber, strong: true },
      ]
    : [
        { label: T.dormantAccount, value: blank },
        { label: T.dormantAccount, value: blank },
        { label: T.targetAccount, value: blank, strong: true },
      ];
  return {
    fund: 'VK',
    title: T.title,
    documentDate: today,
    facts: data ? [{ label: T.targetAccount, value: data.targetAccountNumber }] : [],
    paragraphs: data ? [...T.paragraphs] : [...T.paragraphs, T.blankIntro],
    tables: [
      { heading: T.dataHeading, rows: person },
      { heading: T.accountsHeading, rows: accounts },
    ],
    notes: [...T.notes],
    form: { signatureLines: [...T.signatureLines] },
  };
}
