import { type HTMLInputTypeAttribute, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, FieldLabel, useFieldIds } from './field-parts';

/** Space-separated ids, or undefined when there are none. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

interface TextFieldProps {
  label: string;
  /** The react-hook-form registration of the field. */
  registration: UseFormRegisterReturn;
  /** The message of a failed check (already translated); sets `aria-invalid` and is tied to the input. */
  error?: string;
  /** A hint under the label, read with the field. */
  hint?: string;
  /** "(optional)" after the label. */
  optionalLabel?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  /** Ids of further describing elements, for example a rules checklist. */
  extraDescribedBy?: string;
  /** Shown after the input, for example a rules checklist. */
  after?: ReactNode;
  maxLength?: number;
  placeholder?: string;
  /** Narrow input for short values such as a postcode. */
  narrow?: boolean;
  /** Shown on the input's line, right of it: for example a calendar button. */
  addon?: ReactNode;
}

/**
 * A labelled text input of a settings form: the error message sits under the input, tied with `aria-describedby`
 * and flagged with `aria-invalid` (WCAG 3.3.1).
 */
export function TextField({
  label,
  registration,
  error,
  hint,
  optionalLabel,
  type = 'text',
  autoComplete,
  inputMode,
  extraDescribedBy,
  after,
  maxLength,
  placeholder,
  narrow = false,
  addon,
}: TextFieldProps) {
  const { id, hintId, errorId } = useFieldIds();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <FieldLabel htmlFor={id} label={label} optionalLabel={optionalLabel} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <InputRow addon={addon}>
        <input
          id={id}
          type={type}
          className={narrow ? 'field__input field__input--narrow' : 'field__input'}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={false}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy(hint && hintId, extraDescribedBy, error && errorId)}
          {...registration}
        />
      </InputRow>
      <FieldError id={errorId} error={error} />
      {after}
    </div>
  );
}

/** The input alone, or the input with its addon on one line. */
function InputRow({ addon, children }: { addon: ReactNode; children: ReactNode }) {
  return addon ? (
    <div className="field__row">
      {children}
      {addon}
    </div>
  ) : (
    <>{children}</>
  );
}

/** The attributes a `TextField` of a fixed kind sets itself. */
type FixedKind = 'type' | 'inputMode' | 'autoComplete';

/**
 * A phone number field (spec 000 section 5, the phone rule): the phone keyboard on a phone and the browser's autofill
 * of the member's number.
 */
export function PhoneField(props: Omit<TextFieldProps, FixedKind>) {
  return <TextField {...props} type="tel" inputMode="tel" autoComplete="tel" />;
}

/**
 * The member's current password, asked again before a change (the step-up of decision 0011): hidden, and filled by
 * the browser's password manager as the login's password.
 */
export function CurrentPasswordField(props: Omit<TextFieldProps, FixedKind>) {
  return <TextField {...props} type="password" autoComplete="current-password" />;
}
