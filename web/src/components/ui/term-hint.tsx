import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './term-hint.css';

/**
 * A tooltip that explains a term (spec 000 section 2 "tooltips"), built as a toggletip so it works with keyboard,
 * touch and screen readers alike (WCAG 1.4.13, 2.1.1): a small "i" button named "Erklärung: <term>" beside the term;
 * Enter, Space or a click shows the explanation right below it (announced politely), Escape or another press hides
 * it. The explanation never appears on hover alone, so it cannot cover content unasked.
 */
export function TermHint({ term, text }: { term: string; text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <span className="term-hint">
      <button
        type="button"
        className="term-hint__button"
        aria-label={t('layout.termHint', { term })}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((current) => !current)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <rect x="7.25" y="7" width="1.5" height="5" fill="currentColor" />
          <rect x="7.25" y="4" width="1.5" height="1.5" fill="currentColor" />
        </svg>
      </button>
      <span id={id} role="status" className="term-hint__bubble">
        {open ? text : null}
      </span>
    </span>
  );
}
