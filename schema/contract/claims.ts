import { z } from 'zod';
import { signatureInput } from './signature';
import { isPlaceholderIban, isValidPortalBic, isValidPortalIban, normalizeIban } from './iban';
import { UPLOAD_ID_PATTERN } from './uploads';

/**
 * The severance claim (Geltendmachung, `/gm`) rules that the web form and the server share: options, payout types,
 * the input check, the tax and the cash-order constants (spec 001 sections 3, 5 and 9; spec 000 section 5
 * "Withdrawal step"; § 17 BMSVG). Imports nothing of web/, server/ or db/.
 */

/** What the member decides (spec 001 section 3; DOMAIN.md "Options"). */
export const CLAIM_OPTIONS = ['KEEP', 'TRANSFER_PENSION_FUND', 'TRANSFER_SUPPLEMENTARY_INSURANCE', 'TRANSFER_VORSORGEKASSE', 'PAYOUT'] as const;
export type ClaimOption = (typeof CLAIM_OPTIONS)[number];

/** How a payout reaches the member: bank transfer, or cash order (Postanweisung, Austrian addresses only). */
export const PAYOUT_TYPES = ['BANK_TRANSFER', 'CASH_ORDER'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

/** Wage tax withheld on a payout, percent (spec 001 section 9; DOMAIN.md: 6 %). */
export const PAYOUT_TAX_PERCENT = 6;
/** A cash order may take up to this many working days longer (spec 001 section 9). */
export const CASH_ORDER_EXTRA_WORKING_DAYS = 10;

/** Field limits of the claim form, characters. */
export const CLAIM_LIMITS = { institutionName: 100, policyNumber: 30, street: 100, city: 60, password: 100 } as const;

/**
 * Wage tax on a payout of `entitlementCents` (integer cents): 6 %, rounded to the cent (half up). 0 for a
 * negative or zero entitlement.
 */
export function payoutTaxCents(entitlementCents: number): number {
  return entitlementCents <= 0 ? 0 : Math.round((entitlementCents * PAYOUT_TAX_PERCENT) / 100);
}

/** The options a claim may choose: a self-employed member has no pension fund or company collective insurance to transfer to (spec 001 section 6). */
export function allowedClaimOptions(selfEmployed: boolean): ClaimOption[] {
  return CLAIM_OPTIONS.filter((o) => !(selfEmployed && o === 'TRANSFER_PENSION_FUND'));
}

/**
 * The documents a claim carries (spec 001 section 3 "uploaded files"), each an input field of upload ids (purpose
 * `claim-document`, @contract/uploads) and the kind the file is stored as (`claim_files.kind`).
 */
export const CLAIM_DOCUMENT_FIELDS = {
  identityDocumentIds: 'IDENTITY_DOCUMENT',
  signatureSampleIds: 'SIGNATURE_SAMPLE',
  bankConfirmationIds: 'BANK_CONFIRMATION',
  institutionConfirmationIds: 'INSTITUTION_CONFIRMATION',
} as const;
export type ClaimDocumentField = keyof typeof CLAIM_DOCUMENT_FIELDS;
export const CLAIM_DOCUMENT_FIELD_NAMES = Object.keys(CLAIM_DOCUMENT_FIELDS) as ClaimDocumentField[];

/** Files one document field takes at most (e.g. the front and back of an identity card, and a few more pages). */
export const CLAIM_DOCUMENT_MAX_FILES = 5;

/**
 * The documents an option needs (the portal's reading of spec 001 sections 3 and 5 "ID upload needed", recorded in
 * decision 0015): an identity document whenever money leaves the Vorsorgekasse (every transfer and the payout), a
 * bank card copy or bank confirmation for a payout by bank transfer (the account is the member's own), and the
 * receiving institution's confirmation for a transfer to a pension fund or a supplementary pension insurance (it
 * accepts the amount, with the policy number). Keeping needs none; the signature sample is always optional (the
 * signature pad's drawing is the sample).
 */
export function requiredClaimDocuments(option: ClaimOption | null | undefined, payoutType?: PayoutType | null): ClaimDocumentField[] {
  if (!option || option === 'KEEP') return [];
  const needed: ClaimDocumentField[] = ['identityDocumentIds'];
  if (option === 'PAYOUT' && payoutType === 'BANK_TRANSFER') needed.push('bankConfirmationIds');
  if (option === 'TRANSFER_PENSION_FUND' || option === 'TRANSFER_SUPPLEMENTARY_INSURANCE') needed.push('institutionConfirmationIds');
  return needed;
}

/** The document fields the form offers for an option, required ones first: then the signature sample and, for a transfer to a Vorsorgekasse, the optional confirmation. */
export function offeredClaimDocuments(option: ClaimOption | null | undefined, payoutType?: PayoutType | null): ClaimDocumentField[] {
  const needed = requiredClaimDocuments(option, payoutType);
  const offered = new Set<ClaimDocumentField>(needed);
  if (option === 'TRANSFER_VORSORGEKASSE') offered.add('institutionConfirmationIds');
  offered.add('signatureSampleIds');
  // Required ones first, then the optional ones, each in the order of CLAIM_DOCUMENT_FIELDS.
  return [...needed, ...CLAIM_DOCUMENT_FIELD_NAMES.filter((f) => offered.has(f) && !needed.includes(f))];
}

const documentIds = z
  .array(z.string().regex(UPLOAD_ID_PATTERN, 'UPLOAD_NOT_FOUND'), { error: 'UPLOAD_NOT_FOUND' })
  .max(CLAIM_DOCUMENT_MAX_FILES, 'TOO_MANY_FILES')
  .optional()
  .nullable();

const trimmed = (max: number) => z.string().trim().max(max, 'TOO_LONG');
const optionalText = (max: number) => trimmed(max).optional().nullable();

/**
 * The claim input as the form and GraphQL `SubmitSeveranceClaimInput` send it. Issues carry a field code as the
 * message (`REQUIRED`, `TOO_LONG`, `IBAN_INVALID`, `IBAN_PLACEHOLDER`, `BIC_INVALID`, `POSTCODE_INVALID`,
 * `CASH_ORDER_ABROAD`, `POLICY_NUMBER_INVALID`, `NOT_CONFIRMED`, `SIGNATURE_EMPTY`, `SIGNATURE_INVALID`,
 * `DOCUMENT_REQUIRED`, `UPLOAD_NOT_FOUND`, `TOO_MANY_FILES`) and the field
 * as the path. Rules:
 * - transfers need the receiving institution; the supplementary pension insurance also its policy number;
 * - a payout needs its type; a bank transfer a valid IBAN (not the `AT00` placeholder, ISO 13616 checksum) and, when
 *   given, a valid BIC; a cash order a street, an Austrian postcode (1010–9992) and city, and country `AT`
 *   (spec 001 section 5 "Cash order only to Austrian addresses");
 * - `confirmed` must be true and a signature given (step 3, "confirm and send");
 * - the documents `requiredClaimDocuments` names for the option are given (at least one upload id each).
 * The output is normalised: IBAN and BIC upper-case without spaces, empty optional texts as null.
 */
export const submitSeveranceClaimInput = z
  .object({
    accountId: z.string().trim().min(1, 'REQUIRED').max(20, 'TOO_LONG'),
    option: z.enum(CLAIM_OPTIONS, { error: 'REQUIRED' }),
    institutionName: optionalText(CLAIM_LIMITS.institutionName),
    policyNumber: optionalText(CLAIM_LIMITS.policyNumber),
    payoutType: z.enum(PAYOUT_TYPES, { error: 'REQUIRED' }).optional().nullable(),
    iban: optionalText(40),
    bic: optionalText(20),
    street: optionalText(CLAIM_LIMITS.street),
    postcode: optionalText(10),
    city: optionalText(CLAIM_LIMITS.city),
    country: optionalText(2),
    confirmed: z.boolean().optional().nullable(),
    /** The member's signature: drawn (PNG) or the typed name (@contract/signature). Required. */
    signature: signatureInput.optional().nullable(),
    /** Step-up for a payout: the current password (or an eID login of the last 5 minutes). */
    currentPassword: z.string().max(CLAIM_LIMITS.password, 'TOO_LONG').optional().nullable(),
    /** Upload ids (purpose `claim-document`) per document; `requiredClaimDocuments` says which must not be empty. */
    identityDocumentIds: documentIds,
    signatureSampleIds: documentIds,
    bankConfirmationIds: documentIds,
    institutionConfirmationIds: documentIds,
  })
  .superRefine((v, ctx) => {
    const need = (field: string, value: string | null | undefined) => {
      if (!value) ctx.addIssue({ code: 'custom', path: [field], message: 'REQUIRED' });
    };
    if (v.option === 'TRANSFER_PENSION_FUND' || v.option === 'TRANSFER_SUPPLEMENTARY_INSURANCE' || v.option === 'TRANSFER_VORSORGEKASSE') {
      need('institutionName', v.institutionName);
    }
    if (v.option === 'TRANSFER_SUPPLEMENTARY_INSURANCE') {
      need('policyNumber', v.policyNumber);
      if (v.policyNumber && !/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v.policyNumber)) ctx.addIssue({ code: 'custom', path: ['policyNumber'], message: 'POLICY_NUMBER_INVALID' });
    }
    if (v.option === 'PAYOUT') {
      if (!v.payoutType) ctx.addIssue({ code: 'custom', path: ['payoutType'], message: 'REQUIRED' });
      if (v.payoutType === 'BANK_TRANSFER') {
        const iban = compactUpper(v.iban);
        if (!iban) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'REQUIRED' });
        else if (isPlaceholderIban(iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'IBAN_PLACEHOLDER' });
        else if (!isValidPortalIban(iban)) ctx.addIssue({ code: 'custom', path: ['iban'], message: 'IBAN_INVALID' });
        const bic = compactUpper(v.bic);
        if (bic && !isValidPortalBic(bic)) ctx.addIssue({ code: 'custom', path: ['bic'], message: 'BIC_INVALID' });
      }
      if (v.payoutType === 'CASH_ORDER') {
        need('street', v.street);
        need('city', v.city);
        if (!v.postcode) need('postcode', v.postcode);
        else if (!isAustrianPostcode(v.postcode)) ctx.addIssue({ code: 'custom', path: ['postcode'], message: 'POSTCODE_INVALID' });
        if ((v.country ?? 'AT').toUpperCase() !== 'AT') ctx.addIssue({ code: 'custom', path: ['country'], message: 'CASH_ORDER_ABROAD' });
      }
    }
    if (v.confirmed !== true) ctx.addIssue({ code: 'custom', path: ['confirmed'], message: 'NOT_CONFIRMED' });
    if (!v.signature) ctx.addIssue({ code: 'custom', path: ['signature'], message: 'SIGNATURE_EMPTY' });
    for (const field of requiredClaimDocuments(v.option, v.payoutType)) {
      if (!v[field]?.length) ctx.addIssue({ code: 'custom', path: [field], message: 'DOCUMENT_REQUIRED' });
    }
  })
  .transform((v) => {
    const payout = v.option === 'PAYOUT';
    const bank = payout && v.payoutType === 'BANK_TRANSFER';
    const cash = payout && v.payoutType === 'CASH_ORDER';
    const transfer = v.option !== 'KEEP' && !payout;
    return {
      accountId: v.accountId,
      option: v.option,
      institutionName: transfer ? v.institutionName || null : null,
      policyNumber: v.option === 'TRANSFER_SUPPLEMENTARY_INSURANCE' ? v.policyNumber || null : null,
      payoutType: payout ? (v.payoutType ?? null) : null,
      iban: bank ? compactUpper(v.iban) : null,
      bic: bank ? compactUpper(v.bic) || null : null,
      street: cash ? v.street || null : null,
      postcode: cash ? v.postcode || null : null,
      city: cash ? v.city || null : null,
      country: cash ? 'AT' : null,
      currentPassword: v.currentPassword || null,
      signature: v.signature ?? null,
      documents: documentsOf(v),
    };
  });

/** The offered document fields of `v` as `{ field, kind, ids }`, without duplicate ids; fields the option does not offer are left out. */
function documentsOf(v: { option: ClaimOption; payoutType?: PayoutType | null } & Partial<Record<ClaimDocumentField, string[] | null>>) {
  return offeredClaimDocuments(v.option, v.payoutType)
    .map((field) => ({ field, kind: CLAIM_DOCUMENT_FIELDS[field], ids: [...new Set(v[field] ?? [])] }))
    .filter((d) => d.ids.length > 0);
}

export type SubmitSeveranceClaimValues = z.output<typeof submitSeveranceClaimInput>;

function compactUpper(value: string | null | undefined): string {
  if (!value) return '';
  return normalizeIban(value);
}

/** An Austrian postcode: four digits from 1010 to 9992 (DOMAIN.md "Addresses"). */
export function isAustrianPostcode(value: string): boolean {
  if (!/^\d{4}$/.test(value)) return false;
  const n = Number(value);
  return n >= 1010 && n <= 9992;
}
