import type { TFunction } from 'i18next';
import { formatPercent } from '@contract/format';

/**
 * The text alternative of a performance chart: the years covered, the best and the worst year, and where the table
 * with every value is. Empty for no years.
 */
export function performanceSummary(t: TFunction, years: readonly { year: number; value: number }[]): string {
  const first = years[0];
  const last = years.at(-1);
  if (!first || !last) return '';
  const best = years.reduce((a, b) => (b.value > a.value ? b : a));
  const worst = years.reduce((a, b) => (b.value < a.value ? b : a));
  return t('investment.chartSummary', {
    from: first.year,
    to: last.year,
    best: formatPercent(best.value),
    bestYear: best.year,
    worst: formatPercent(worst.value),
    worstYear: worst.year,
  });
}
