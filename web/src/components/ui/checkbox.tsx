import { useId, type ReactNode } from 'react';

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** A hint under the label, linked with `aria-describedby`. */
  hint?: string;
}

/** A checkbox with its label (and an optional hint) side by side. */
export function Checkbox({ label, checked, onChange, disabled, hint }: CheckboxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={disabled ? 'checkbox checkbox--disabled' : 'checkbox'}>
      <input id={id} type="checkbox" checked={checked} disabled={disabled} aria-describedby={hint ? hintId : undefined} onChange={(event) => onChange(event.target.checked)} />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint ? (
          <p id={hintId} className="checkbox__hint">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
