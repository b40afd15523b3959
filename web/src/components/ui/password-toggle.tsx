import { useState, type ComponentProps, type ReactNode } from 'react';

/**
 * The "show password" button beside a password input (spec 000 section 5 "Password"): a toggle (`aria-pressed`)
 * that controls the input (`aria-controls`), an eye icon crossed out while the password is hidden, and its visible
 * label (`children`, already translated). Styles `field__toggle` in forms.css.
 */
export function PasswordToggle({ shown, onToggle, controls, children }: { shown: boolean; onToggle: () => void; controls: string; children: ReactNode }) {
  return (
    <button type="button" className="field__toggle" aria-pressed={shown} aria-controls={controls} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 5c-5 0-9 4.5-10 7 1 2.5 5 7 10 7s9-4.5 10-7c-1-2.5-5-7-10-7zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
        />
        {shown ? null : <path stroke="currentColor" strokeWidth="2" d="M4 4l16 16" />}
      </svg>
      {/* On a phone the icon alone; the label stays for screen readers. */}
      <span className="field__toggle-label visually-hidden-narrow">{children}</span>
    </button>
  );
}

/**
 * A password input with its show/hide toggle on one line (`field__with-button`, spec 000 section 5 "Password"): the
 * input starts hidden, is never spell-checked, and the toggle controls it. `inputProps` go onto the input as they are
 * (react-hook-form's registration with its ref, key and blur handlers); `toggleLabel` is the toggle's translated label.
 */
export function PasswordInput({
  id,
  autoComplete,
  invalid,
  describedBy,
  toggleLabel,
  inputProps,
}: {
  id: string;
  autoComplete: 'new-password' | 'current-password' | 'off';
  invalid: boolean;
  describedBy: string | undefined;
  toggleLabel: ReactNode;
  inputProps: ComponentProps<'input'>;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field__with-button">
      <input
        id={id}
        type={shown ? 'text' : 'password'}
        className="field__input"
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...inputProps}
      />
      <PasswordToggle shown={shown} onToggle={() => setShown((value) => !value)} controls={id}>
        {toggleLabel}
      </PasswordToggle>
    </div>
  );
}
