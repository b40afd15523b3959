import { quickLinkTargets } from '../../../config/links';
import { BOARD_INBOX_STEP, paths, routeAvailable, type RouteKey, type TenantId } from '../../../config/paths';

/** What decides the quick links: the tenant and the member's funds. */
export interface QuickLinkFacts {
  tenant: TenantId;
  /** At least one Pensionskasse contract. */
  hasPension: boolean;
  /** At least one Pensionskasse contract as Anwartschaftsberechtigte/r (still paying in). */
  hasPensionMembership: boolean;
  /** At least one Vorsorgekasse account. */
  hasSeverance: boolean;
  /** A supervisory-board member without own contract or account: the inbox link leads to the board inbox. */
  boardOnly?: boolean;
  /** The server offers the member a pension calculator (`pensionCalculator.access` is not NONE, spec 001 section 6). */
  calculator: boolean;
}

/** The quick links of spec 001 section 2; each names its text `dashboard.quickLinks.<id>`. */
export type QuickLinkId =
  | 'pensionAccount'
  | 'severanceAccount'
  | 'inbox'
  | 'documents'
  | 'pensionInvestment'
  | 'severanceInvestment'
  | 'calculator'
  | 'ownContributions'
  | 'faq'
  | 'severanceCalculator'
  | 'whyUs'
  | 'news';

/** One quick link: a portal route (`to`) or an external page (`href`). */
export type QuickLinkSpec = { id: QuickLinkId; kind: 'route'; to: string } | { id: QuickLinkId; kind: 'external'; href: string };

/**
 * The dashboard's quick links in the order of spec 001 section 2 (account info, inbox, documents, investment,
 * calculator, own contributions, FAQs, dismissal/severance calculator, why us, news), each only where it applies:
 * - a portal route only when the tenant offers it (web/src/config/paths.ts), so the regional tenant never links to
 *   Pensionskasse, documents or investment screens;
 * - fund screens only for a member of that fund; own contributions only while paying in (not for a beneficiary
 *   already drawing the pension); the severance calculator only with a Vorsorgekasse account;
 * - the calculator when the server offers one (`calculator`; spec 001 section 6: the fictitious calculator for
 *   members without a Pensionskasse entitlement, none for a beneficiary drawing the pension or a person without
 *   contract);
 * - documents with either fund; inbox (the supervisory-board inbox for a board member without own contract), FAQs,
 *   why us and news for everyone.
 * A route link appears only when `available` says the route has a screen on the tenant (default `routeAvailable`,
 * the route registry), so a screen not built yet is never linked.
 */
export function quickLinksFor(facts: QuickLinkFacts, available: (tenant: TenantId, key: RouteKey) => boolean = routeAvailable): QuickLinkSpec[] {
  const { tenant, hasPension, hasPensionMembership, hasSeverance } = facts;
  const external = quickLinkTargets[tenant];
  const links: QuickLinkSpec[] = [];
  const route = (id: QuickLinkId, key: RouteKey, to: string, applies: boolean) => {
    if (applies && available(tenant, key)) links.push({ id, kind: 'route', to });
  };
  route('pensionAccount', 'pensionAccount', paths.pensionAccount.getHref(), hasPension);
  route('severanceAccount', 'severanceAccount', paths.severanceAccount.getHref(), hasSeverance);
  if (facts.boardOnly) route('inbox', 'inbox', paths.inbox.getHref(BOARD_INBOX_STEP), true);
  else route('inbox', 'inboxMessages', paths.inboxMessages.getHref(), true);
  route('documents', 'documents', paths.documents.getHref(), hasPension || hasSeverance);
  route('pensionInvestment', 'pensionInvestment', paths.pensionInvestment.getHref(), hasPension);
  route('severanceInvestment', 'severanceInvestment', paths.severanceInvestment.getHref(), hasSeverance);
  route('calculator', 'calculator', paths.calculator.getHref(), facts.calculator);
  route('ownContributions', 'ownContributions', paths.ownContributions.getHref(), hasPensionMembership);
  links.push({ id: 'faq', kind: 'external', href: external.faq });
  if (hasSeverance) links.push({ id: 'severanceCalculator', kind: 'external', href: external.severanceCalculator });
  links.push({ id: 'whyUs', kind: 'external', href: external.whyUs });
  links.push({ id: 'news', kind: 'external', href: external.news });
  return links;
}
