/**
 * The two tenants (spec 000 section 1 and 2). The route keys each tenant offers are listed in
 * web/src/config/paths.ts; the server refuses capabilities a tenant lacks (for example Pensionskasse data on the
 * regional tenant), and tests/unit/tenants.test.ts keeps both lists in agreement.
 */
export type TenantId = 'main' | 'regional';

export interface TenantDefinition {
  id: TenantId;
  /** Display name of the fund group, used in mails and letters. */
  name: string;
  /** Key under which severance-fund personal data is read and answered (spec 000 section 1). */
  severanceDataKey: 'VBVVK' | 'NOEVK';
  /** Whether this tenant offers Pensionskasse data and features. */
  pensionFund: boolean;
  /** Whether this tenant offers the documents archive and its PDF downloads (spec 001 section 1: not the regional brand). */
  documentsArchive: boolean;
  /** Whether this tenant offers the investment information of both funds (spec 001 section 1: not the regional brand). */
  investmentInformation: boolean;
  /**
   * Whether this tenant offers merging dormant Vorsorgekasse accounts (§ 17 (2a) BMSVG), logged in and without a login
   * (`/abfertigungsbeitraege-zusammenlegen[-upload]`, spec 000 section 2: not among the regional tenant's routes).
   * Without it `mergeEligibility` answers NOT_OFFERED, the merge requests ERROR_NOT_OFFERED, and the upload route
   * refuses the purpose `merge-document`.
   */
  severanceMerge: boolean;
  /**
   * Whether this tenant offers the public upload form `/upload-formular` (spec 000 section 2: "upload routes are
   * absent" for the regional tenant). Without it `submitUploadForm` answers NOT_OFFERED and, unless the public merge
   * is offered, the upload route refuses the purpose `upload-form`.
   */
  uploadForm: boolean;
  /** Product name of the `login{product}` REST method (spec 000 section 7). */
  loginProduct: string;
  /** Sender address of the portal's e-mails. */
  mailFrom: string;
  /** Sender display name of the portal's e-mails and the letterhead of postal letters. */
  mailSenderName: string;
  /** Return address printed above the address block of postal letters (DIN 5008 "Rücksendeangabe"). */
  letterReturnAddress: string;
}

export const TENANTS: Record<TenantId, TenantDefinition> = {
  main: {
    id: 'main',
    name: 'VBV-Gruppe',
    severanceDataKey: 'VBVVK',
    pensionFund: true,
    documentsArchive: true,
    investmentInformation: true,
    severanceMerge: true,
    uploadForm: true,
    loginProduct: 'Mvbv',
    mailFrom: 'portal@vbv.at',
    mailSenderName: 'VBV-Gruppe Mitgliederportal',
    letterReturnAddress: 'VBV-Gruppe, Obere Donaustraße 49-53, 1020 Wien',
  },
  regional: {
    id: 'regional',
    name: 'Niederösterreichische Vorsorgekasse',
    severanceDataKey: 'NOEVK',
    pensionFund: false,
    documentsArchive: false,
    investmentInformation: false,
    severanceMerge: false,
    uploadForm: false,
    loginProduct: 'Noevk',
    mailFrom: 'portal@noevk.at',
    mailSenderName: 'Niederösterreichische Vorsorgekasse Mitgliederportal',
    letterReturnAddress: 'Niederösterreichische Vorsorgekasse, Neue Herrengasse 10, 3100 St. Pölten',
  },
};

/**
 * Whether `tenant` takes uploads of `purpose` (@contract/uploads `UPLOAD_PURPOSES`) at `POST /webportal/upload`:
 * `merge-document` only with the merge, `upload-form` (the files of the public upload form and of the public merge)
 * only with one of the two; every other purpose belongs to a feature both tenants offer. The upload route answers
 * PURPOSE_INVALID otherwise (server/modules/uploads/uploads.route.ts).
 */
export function uploadPurposeOffered(tenant: TenantDefinition, purpose: string): boolean {
  if (purpose === 'merge-document') return tenant.severanceMerge;
  if (purpose === 'upload-form') return tenant.uploadForm || tenant.severanceMerge;
  return true;
}
