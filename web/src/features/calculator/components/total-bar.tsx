import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@contract/format';

/**
 * The fixed total-pension bar at the bottom of the calculator (spec 000 section 2): the expected total per month,
 * the range, and a scroll-down link to the result block (a button, since the hash router owns the address's `#`).
 */
export function TotalBar({ monthly, low, high, onShowResult }: { monthly: number; low: number; high: number; onShowResult: () => void }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLElement>(null);
  // The page keeps the bar's height free at its end and when it scrolls a field or row into view, so the bar never
  // covers the result table's total row or the last field (--total-bar-height, calculator.css).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--total-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--total-bar-height');
    };
  }, []);
  return (
    <aside ref={bar} className="total-bar" aria-label={t('calculator.bar.label')}>
      <p className="total-bar__text">
        <span className="total-bar__label visually-hidden-narrow">{t('calculator.bar.label')}: </span>
        <strong className="total-bar__value">{t('calculator.bar.value', { amount: formatMoney(monthly) })}</strong>
        <span className="total-bar__range">{t('calculator.bar.range', { low: formatMoney(low), high: formatMoney(high) })}</span>
      </p>
      <button type="button" className="link-button total-bar__link" onClick={onShowResult}>
        {t('calculator.bar.toResult')} <span aria-hidden="true">↓</span>
      </button>
    </aside>
  );
}
