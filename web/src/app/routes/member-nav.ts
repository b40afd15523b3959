import { BOARD_INBOX_STEP, paths, routeAvailable, type RouteKey, type TenantId } from '../../config/paths';

/** What decides the main navigation beside the tenant: the member's funds (null while unknown). */
export interface MemberFunds {
  hasPension: boolean;
  hasSeverance: boolean;
  /** A supervisory-board member without own contract or account: the inbox entry leads to the board inbox. */
  boardOnly?: boolean;
  /**
   * Whether the server offers the member a pension calculator (`pensionCalculator.access` is not NONE, spec 001
   * section 6): not for a beneficiary drawing the pension, nor for a board member or contact person without contract.
   */
  calculator?: boolean;
}

/** One entry of the main navigation: its route and the catalogue key of its label. */
export interface MemberNavEntry {
  key: RouteKey;
  href: string;
  label:
    | 'layout.nav.dashboard'
    | 'layout.nav.pensionAccount'
    | 'layout.nav.severanceAccount'
    | 'layout.nav.inbox'
    | 'layout.nav.documents'
    | 'layout.nav.investment'
    | 'layout.nav.calculator'
    | 'settings.nav';
}

/**
 * The main navigation of the member layout (spec 001 section 2): the overview; each fund's account
 * information only for a member of that fund; the inbox for everyone (the supervisory-board inbox for a board member
 * without own contract or account, as the dashboard's quick link); documents with either fund; investment for the
 * member's fund (the Pensionskasse's when the member has both); the pension calculator when the server offers the
 * member one (`calculator`; spec 001 section 6: the fictitious calculation for members without a Pensionskasse
 * entitlement, none for a beneficiary drawing the pension or a person without contract); the settings. Every entry
 * only where `available` (default `routeAvailable`) says its screen exists on the tenant. While the funds are unknown
 * (`null`), only the entries that do not depend on them (no calculator: it would vanish again for those refused).
 */
export function memberNavEntries(tenant: TenantId, funds: MemberFunds | null, available: (tenant: TenantId, key: RouteKey) => boolean = routeAvailable): MemberNavEntry[] {
  const hasPension = funds?.hasPension ?? false;
  const hasSeverance = funds?.hasSeverance ?? false;
  const candidates: Array<[boolean, MemberNavEntry]> = [
    [true, { key: 'dashboard', href: paths.dashboard.getHref(), label: 'layout.nav.dashboard' }],
    [hasPension, { key: 'pensionAccount', href: paths.pensionAccount.getHref(), label: 'layout.nav.pensionAccount' }],
    [hasSeverance, { key: 'severanceAccount', href: paths.severanceAccount.getHref(), label: 'layout.nav.severanceAccount' }],
    funds?.boardOnly
      ? [true, { key: 'inbox', href: paths.inbox.getHref(BOARD_INBOX_STEP), label: 'layout.nav.inbox' }]
      : [true, { key: 'inboxMessages', href: paths.inboxMessages.getHref(), label: 'layout.nav.inbox' }],
    [hasPension || hasSeverance, { key: 'documents', href: paths.documents.getHref(), label: 'layout.nav.documents' }],
    [hasPension, { key: 'pensionInvestment', href: paths.pensionInvestment.getHref(), label: 'layout.nav.investment' }],
    [
      hasSeverance && !(hasPension && available(tenant, 'pensionInvestment')),
      { key: 'severanceInvestment', href: paths.severanceInvestment.getHref(), label: 'layout.nav.investment' },
    ],
    [funds?.calculator ?? false, { key: 'calculator', href: paths.calculator.getHref(), label: 'layout.nav.calculator' }],
    [true, { key: 'settings', href: paths.settings.getHref(), label: 'settings.nav' }],
  ];
  return candidates.filter(([applies, entry]) => applies && available(tenant, entry.key)).map(([, entry]) => entry);
}
