import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Elements that take focus with Tab. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** How many modal dialogs are open; the app behind them is inert while any is. */
let openDialogs = 0;

function setAppBlocked(blocked: boolean): void {
  const root = document.getElementById('root');
  if (root) root.inert = blocked;
  document.body.classList.toggle('has-modal', blocked);
}

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** `alertdialog` for an urgent message such as the inactivity warning. @default dialog */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element that describes the dialog (read with the title when it opens). */
  describedBy?: string;
  /** A call runs: a spinner covers the dialog. */
  busy?: boolean;
  /** Text of the spinner. */
  busyLabel?: string;
  /** `wide` for long texts such as the terms of use. @default normal */
  size?: 'normal' | 'wide';
}

/**
 * A static modal dialog (spec 000 section 2: "all are static and cannot be closed by keyboard"): neither Escape nor
 * a click outside closes it; it closes only when its owner stops rendering it, after the member submitted it.
 * - `role="dialog"` (or `alertdialog`), `aria-modal="true"`, labelled by its title;
 * - rendered into `document.body`, with the app behind it made `inert` and its scrolling locked;
 * - focus moves into the dialog when it opens, Tab and Shift+Tab cycle inside it, and focus returns to the element
 *   that had it once the last open dialog closes.
 */
export function ModalDialog({ title, children, role = 'dialog', describedBy, busy = false, busyLabel, size = 'normal' }: ModalDialogProps) {
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs += 1;
    setAppBlocked(true);
    boxRef.current?.focus();
    // Focus that leaves the dialog (for example from the browser's address bar) is brought back.
    const keepFocusInside = (event: FocusEvent) => {
      const box = boxRef.current;
      if (box && event.target instanceof Node && !box.contains(event.target)) box.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      openDialogs -= 1;
      if (openDialogs === 0) {
        setAppBlocked(false);
        if (previous?.isConnected) previous.focus({ preventScroll: true });
      }
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Static dialog: Escape does nothing (and reaches no handler behind the dialog).
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const items = [...boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null || element === document.activeElement);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === boxRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal">
      <div className="modal__backdrop" aria-hidden="true" />
      <div
        ref={boxRef}
        className={size === 'wide' ? 'modal__box modal__box--wide' : 'modal__box'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        aria-busy={busy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
        {busy ? (
          <div className="modal__busy" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{busyLabel}</span>
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
