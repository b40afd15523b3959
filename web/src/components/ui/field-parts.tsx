import { useId } from 'react';

/**
 * The label and the error message of a native field of the field kit (text-field.tsx, grouped-input.tsx); the
 * react-aria fields have theirs in aria-field-parts.tsx. Classes in forms.css.
 */

interface FieldLabelProps {
  /** The id of the input the label names. */
  htmlFor: string;
  label: string;
  /** "(optional)" after the label. */
  optionalLabel?: string;
}

/** The field's label, with the optional marker after it. */
export function FieldLabel({ htmlFor, label, optionalLabel }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="field__label">
      {label}
      {optionalLabel ? <span className="field__optional"> {optionalLabel}</span> : null}
    </label>
  );
}

/** The message of a failed check under the input (already translated), with the id the input's `aria-describedby` names; nothing without one. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="field__error">
      {error}
    </p>
  ) : null;
}

/** The ids of a native field: the input's, its hint's and its error message's (the targets of `aria-describedby`). */
export function useFieldIds() {
  const id = useId();
  return { id, hintId: `${id}-hint`, errorId: `${id}-error` };
}
