import type { CalculatorInput } from '@contract/calculator';
import { portalFetch } from '../../../lib/request';
import { withLng } from '../../../lib/url-params';

/** Path of the calculator's PDF on the server (server/modules/calculator/calculator.print-route.ts). */
export const CALCPRINT_URL = '/webportal/calcprint';

/**
 * Asks `webportal/calcprint` for the PDF of `input` and saves it through a temporary link (the answer of a POST
 * cannot be opened as a plain link), with the page's `lng` carried onto the URL (spec 000 section 1). Throws when the
 * server refuses.
 */
export async function printCalculation(input: CalculatorInput): Promise<void> {
  const response = await portalFetch(withLng(CALCPRINT_URL), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'Vorsorgerechner.pdf';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
