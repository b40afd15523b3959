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
    loginProduct: 'Noevk',
    mailFrom: 'portal@noevk.at',
    mailSenderName: 'Niederösterreichische Vorsorgekasse Mitgliederportal',
    letterReturnAddress: 'Niederösterreichische Vorsorgekasse, Neue Herrengasse 10, 3100 St. Pölten',
  },
};
