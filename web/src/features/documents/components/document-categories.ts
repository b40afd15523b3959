import type { DocumentCategory } from '../../../gql/graphql';
import { withLng } from '../../../lib/url-params';

/**
 * The categories of the documents archive in the order of spec 001 section 2 "Documents" (tax-office confirmations,
 * performance statements, payroll accounts, payment statements, pension model information), with the Vorsorgekasse
 * account statements after the performance statements, and the confirmations of the member's claims last. `step` is the route segment of `/dokumente/{step}`.
 */
export const DOCUMENT_CATEGORIES: readonly { category: DocumentCategory; step: string }[] = [
  { category: 'TAX_CONFIRMATION', step: 'eigenbeitraege-finanzamt' },
  { category: 'PERFORMANCE_STATEMENT', step: 'leistungsnachweise' },
  { category: 'VK_ACCOUNT_STATEMENT', step: 'kontonachrichten' },
  { category: 'PAYROLL_ACCOUNT', step: 'lohnkonten' },
  { category: 'PAYMENT_STATEMENT', step: 'pensionsauszahlungen' },
  { category: 'PENSION_MODEL_INFO', step: 'pensionskassenmodell' },
  { category: 'CLAIM_CONFIRMATION', step: 'antragsbestaetigungen' },
];

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
