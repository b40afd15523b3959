import { z } from 'zod';
import { emailError, svnrError } from './registration';
import { normalizeEmail } from './email';
import { normalizeSvnr } from './svnr';
import { signatureInput } from './signature';
import { UPLOAD_ID_PATTERN } from './uploads';
import { CAPTCHA_FIELD_MAX } from './captcha';

/**
 * Merging dormant severance accounts (Zusammenlegung, § 17 (2a) BMSVG; spec 001 sections 2, 5 and 8; decision
 * 0023): the rules the logged-in form `/abfertigungsbeitraege-zusammenlegen` and the server share. Imports nothing
 * of web/, server/ or db/.
 */

/** Years an old account must have been contribution-free (beitragsfrei) before it may be merged (§ 17 (2a) BMSVG, DOMAIN.md). */
export const MERGE_DORMANT_YEARS = 3;

/** How the application is signed: DIGITAL in the portal (signature pad or typed name), HANDWRITTEN on the printed form, uploaded. */
export const MERGE_SIGNATURE_TYPES = ['DIGITAL', 'HANDWRITTEN'] as const;
export type MergeSignatureType = (typeof MERGE_SIGNATURE_TYPES)[number];

/**
 * The printable merge application (decision 0023 "Printable application"): `GET` answers a PDF filled with the
 * logged-in member's data and the accounts to merge; with `?blank=1` a blank one, without a login (the public merge).
 */
export const MERGE_APPLICATION_PATH = '/webportal/zusammenlegung-antrag';

/** Field limits, characters; files per document field. */
export const MERGE_LIMITS = { firstName: 60, lastName: 60, maxFiles: 5 } as const;

/** The document fields of the merge form: the ID copy (always) and the signed form (HANDWRITTEN only). */
export const MERGE_DOCUMENT_FIELDS = { idCopyIds: 'ID_COPY', signedFormIds: 'SIGNED_FORM' } as const;
export type MergeDocumentField = keyof typeof MERGE_DOCUMENT_FIELDS;

/**
 * The day from which an account whose last contribution month ended on `endDate` (ISO, the last day of that month)
 * has been contribution-free for MERGE_DORMANT_YEARS: contribution-free from the next day, plus 3 calendar years.
 * `2023-11-30` → `2026-12-01`; `2020-02-29` → `2023-03-01`.
 */
export function mergeEligibleFrom(endDate: string): string {
  const [y, m, d] = endDate.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const target = new Date(Date.UTC(next.getUTCFullYear() + MERGE_DORMANT_YEARS, next.getUTCMonth(), next.getUTCDate()));
  // 29 February plus 3 years is 1 March (Date.UTC rolls over), which is what "3 full years" means.
  return target.toISOString().slice(0, 10);
}

/** The documents a merge request needs: the ID copy always (DOMAIN.md "application plus a copy of an official photo ID"), the signed form unless signed digitally. */
export function requiredMergeDocuments(signatureType: MergeSignatureType | null | undefined): MergeDocumentField[] {
  return signatureType === 'HANDWRITTEN' ? ['idCopyIds', 'signedFormIds'] : ['idCopyIds'];
}

const uploadIds = z
  .array(z.string().regex(UPLOAD_ID_PATTERN, 'UPLOAD_NOT_FOUND'), { error: 'UPLOAD_NOT_FOUND' })
  .max(MERGE_LIMITS.maxFiles, 'TOO_MANY_FILES')
  .optional()
  .nullable();

const name = (max: number) => z.string({ error: 'REQUIRED' }).trim().min(1, 'REQUIRED').max(max, 'TOO_LONG');

const mergeFields = {
  firstName: name(MERGE_LIMITS.firstName),
  lastName: name(MERGE_LIMITS.lastName),
  svnr: z.string({ error: 'REQUIRED' }).max(40, 'TOO_LONG'),
  email: z.string({ error: 'REQUIRED' }).max(200, 'TOO_LONG'),
  consent: z.boolean().optional().nullable(),
  termsAccepted: z.boolean().optional().nullable(),
  // Optional here and REQUIRED below, so a missing choice does not hide the other fields' checks.
  signatureType: z.enum(MERGE_SIGNATURE_TYPES, { error: 'REQUIRED' }).optional().nullable(),
  signature: signatureInput.optional().nullable(),
  idCopyIds: uploadIds,
  signedFormIds: uploadIds,
};
type MergeFields = z.output<z.ZodObject<typeof mergeFields>>;

/** The checks every merge request passes, logged-in or public (field codes as issue messages). */
function refineMerge(v: MergeFields, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const svnr = svnrError(v.svnr);
  if (svnr) issue('svnr', svnr);
  const email = emailError(v.email);
  if (email) issue('email', email);
  if (v.consent !== true) issue('consent', 'CONSENT_REQUIRED');
  if (v.termsAccepted !== true) issue('termsAccepted', 'TERMS_REQUIRED');
  if (!v.signatureType) issue('signatureType', 'REQUIRED');
  if (v.signatureType === 'DIGITAL' && !v.signature) issue('signature', 'SIGNATURE_EMPTY');
  for (const field of requiredMergeDocuments(v.signatureType)) if (!v[field]?.length) issue(field, 'DOCUMENT_REQUIRED');
}

/** The normalised values of a checked merge request. */
function normalizeMerge(v: MergeFields) {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    svnr: normalizeSvnr(v.svnr),
    email: normalizeEmail(v.email),
    // Set: the refinement refused a missing one.
    signatureType: v.signatureType as MergeSignatureType,
    signature: v.signatureType === 'DIGITAL' ? (v.signature ?? null) : null,
    documents: requiredMergeDocuments(v.signatureType)
      .map((field) => ({ field, kind: MERGE_DOCUMENT_FIELDS[field], ids: [...new Set(v[field] ?? [])] }))
      .filter((d) => d.ids.length > 0),
  };
}

/**
 * The merge request as the form and GraphQL `RequestMergeInput` send it. Issues carry a field code as message
 * (`REQUIRED`, `TOO_LONG`, `SVNR_FORMAT`, `SVNR_CHECK_DIGIT`, `EMAIL_INVALID`, `CONSENT_REQUIRED`, `TERMS_REQUIRED`,
 * `SIGNATURE_EMPTY`, `SIGNATURE_INVALID`, `DOCUMENT_REQUIRED`, `UPLOAD_NOT_FOUND`, `TOO_MANY_FILES`) and the field as
 * path (spec 001 section 5 "Merge and upload"). The output is normalised: SVNR without spaces, e-mail lower-case,
 * the signature only for DIGITAL, the signed form only for HANDWRITTEN, duplicate upload ids removed.
 */
export const requestMergeInput = z.object(mergeFields).superRefine(refineMerge).transform(normalizeMerge);

/**
 * The public merge request `/abfertigungsbeitraege-zusammenlegen-upload` (spec 001 section 5 "merge with upload"; GraphQL
 * `RequestPublicMergeInput`): the fields and rules of `requestMergeInput` plus `emailConfirmation` (equal to `email`
 * after normalising, else `EMAIL_MISMATCH`) and the solved `captcha` (base64 ALTCHA payload, 1 to CAPTCHA_FIELD_MAX
 * characters, else `CAPTCHA_INVALID`; the server redeems it once). Upload ids come from `POST /webportal/upload?purpose=
 * upload-form` sent with the same captcha. The output adds `captcha`.
 */
export const requestPublicMergeInput = z
  .object({
    ...mergeFields,
    emailConfirmation: z.string({ error: 'REQUIRED' }).max(200, 'TOO_LONG'),
    captcha: z.string({ error: 'CAPTCHA_INVALID' }).min(1, 'CAPTCHA_INVALID').max(CAPTCHA_FIELD_MAX, 'CAPTCHA_INVALID'),
  })
  .superRefine((v, ctx) => {
    refineMerge(v, ctx);
    if (normalizeEmail(v.emailConfirmation) !== normalizeEmail(v.email)) ctx.addIssue({ code: 'custom', path: ['emailConfirmation'], message: 'EMAIL_MISMATCH' });
  })
  .transform((v) => ({ ...normalizeMerge(v), captcha: v.captcha }));

export type RequestPublicMergeValues = z.output<typeof requestPublicMergeInput>;

export type RequestMergeValues = z.output<typeof requestMergeInput>;
