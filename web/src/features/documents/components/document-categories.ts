import type { DocumentCategory } from '../../../gql/graphql';
import { withLng } from '../../../lib/url-params';

/**
 * The categories of the documents archive in the order of spec 001 section 2 "Documents" (tax-office confirmations,
 * performance statements, payroll accounts, payment statements, pension model information), with the Vorsorgekasse
 * account statements after the performance statements, and the confirmations of the member's claims last. `step` is the route segment of `/dokumente/{step}`.
 */
export const DOCUMENT_CATEGORIES: readonly { category: DocumentCategory; step: string; onlyWhenPresent?: true }[] = [
  { category: 'TAX_CONFIRMATION', step: 'eigenbeitraege-finanzamt' },
  { category: 'PERFORMANCE_STATEMENT', step: 'leistungsnachweise' },
  { category: 'VK_ACCOUNT_STATEMENT', step: 'kontonachrichten' },
  // Payroll accounts (Lohnkonten) exist only for beneficiaries whose fund issues them; the portal produces none, so the
  // category appears only where such documents exist (spec 001 section 2 "Documents"; README "Readings of the spec").
  { category: 'PAYROLL_ACCOUNT', step: 'lohnkonten', onlyWhenPresent: true },
  { category: 'PAYMENT_STATEMENT', step: 'pensionsauszahlungen' },
  { category: 'PENSION_MODEL_INFO', step: 'pensionskassenmodell' },
  { category: 'CLAIM_CONFIRMATION', step: 'antragsbestaetigungen' },
];

/**
 * The categories the overview and the navigation show for a person with these document counts: every category, except
 * those shown only when present (payroll accounts) while the person has none of them.
 */
export function visibleCategories(counts: readonly { category: DocumentCategory; total: number }[]): DocumentCategory[] {
  const total = (category: DocumentCategory) => counts.find((count) => count.category === category)?.total ?? 0;
  return DOCUMENT_CATEGORIES.filter((entry) => !entry.onlyWhenPresent || total(entry.category) > 0).map((entry) => entry.category);
}

/** The category of a route step; undefined for an unknown step. */
export function categoryOfStep(step: string): DocumentCategory | undefined {
  return DOCUMENT_CATEGORIES.find((entry) => entry.step === step)?.category;
}

/** The route step of a category. */
export function stepOfCategory(category: DocumentCategory): string {
  const entry = DOCUMENT_CATEGORIES.find((item) => item.category === category);
  if (!entry) throw new RangeError(`unknown document category ${category}`);
  return entry.step;
}

/**
 * The URL the web app downloads a document from: the API's `downloadUrl` (`/webportal/download?id=…`) with the
 * page's `lng` carried onto it (spec 000 section 1; `withLng`: the language the page was opened with, resolved to a
 * supported one; none when the page had none).
 */
export function downloadHref(downloadUrl: string): string {
  return withLng(downloadUrl);
}
