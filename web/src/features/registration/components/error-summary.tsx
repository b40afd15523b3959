import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SummaryItem {
  /** Id of the input the message belongs to; null for a message about the whole form. */
  fieldId: string | null;
  /** The translated message. */
  message: string;
}

/**
 * The list of problems after a submit (WCAG 2.1 3.3.1): a box with a heading, each message a link-like button that
 * moves focus to its field (hash links would change the hash route). The box takes the focus whenever `focusKey`
 * changes (each failed submit), so screen readers read it at once; `role="alert"` announces changes while shown.
 */
export function ErrorSummary({ items, focusKey }: { items: readonly SummaryItem[]; focusKey: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // The attempt whose summary took the focus: the messages of an attempt may arrive a render after it is counted.
  const focusedFor = useRef(0);
  useEffect(() => {
    if (focusKey > 0 && focusKey !== focusedFor.current && box.current) {
      focusedFor.current = focusKey;
      box.current.focus();
    }
  });
  if (items.length === 0) return null;
  return (
    <div ref={box} className="error-summary" tabIndex={-1} role="alert" aria-labelledby="error-summary-title">
      <h2 id="error-summary-title" className="error-summary__title">
        {t('registration.summary.title')}
      </h2>
      <ul className="error-summary__list">
        {items.map((item, index) =>
          item.fieldId ? (
            <li key={`${item.fieldId}-${index}`}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  const target = document.getElementById(item.fieldId ?? '');
                  target?.focus();
                  target?.scrollIntoView({ block: 'center' });
                }}
              >
                {item.message}
              </button>
            </li>
          ) : (
            <li key={`form-${index}`}>{item.message}</li>
          ),
        )}
      </ul>
    </div>
  );
}
