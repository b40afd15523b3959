import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../../../components/ui/password-toggle';

/** Space-separated ids for `aria-describedby`, or undefined when none is given. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list === '' ? undefined : list;
}

/** Ids of a field's parts, derived from the input id, so the error summary can link to the input. */
export function fieldIds(id: string) {
  return { input: id, hint: `${id}-hint`, error: `${id}-error` };
}

interface FieldFrameProps {
  id: string;
  label: string;
  /** A hint under the label, read with the field. */
  hint?: ReactNode;
  /** The translated error message; the field is invalid while one is set. */
  error?: string;
  children: ReactNode;
  /** Extra content after the input (the password checklist). */
  after?: ReactNode;
}

/** Label, hint, input and error message of one form field (the error is tied to the input by the caller). */
export function FieldFrame({ id, label, hint, error, children, after }: FieldFrameProps) {
  const ids = fieldIds(id);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={ids.input} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={ids.hint} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.error} className="field__error">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** The props of react-hook-form's `register(name)`. */
  field: UseFormRegisterReturn;
  type?: 'text' | 'email';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
  /** Ids of further describing elements (after hint and error). */
  extraDescribedBy?: string;
  maxLength?: number;
  /** Reformats what was typed (for example the SVNR grouping) before react-hook-form sees it. */
  format?: (value: string) => string;
}

/**
 * A labelled text input bound to react-hook-form: `aria-invalid` while an error shows, `aria-describedby` naming the
 * hint and the error message (WCAG 2.1 3.3.1 and 1.3.1).
 */
export function TextField({ id, label, hint, error, field, type = 'text', autoComplete, inputMode, extraDescribedBy, maxLength, format }: TextFieldProps) {
  const ids = fieldIds(id);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        id={ids.input}
        type={type}
        className="field__input"
        autoComplete={autoComplete}
        inputMode={inputMode}
        spellCheck={false}
        maxLength={maxLength}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy(hint ? ids.hint : null, error ? ids.error : null, extraDescribedBy)}
        {...field}
        onChange={(event) => {
          if (format) {
            const formatted = format(event.target.value);
            if (formatted !== event.target.value) event.target.value = formatted;
          }
          return field.onChange(event);
        }}
      />
    </FieldFrame>
  );
}

export interface PasswordFieldProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  field: UseFormRegisterReturn;
  autoComplete: 'new-password' | 'current-password' | 'off';
  extraDescribedBy?: string;
  after?: ReactNode;
}

/** A password input with a show/hide toggle (the login form's pattern), bound to react-hook-form. */
export function PasswordField({ id, label, hint, error, field, autoComplete, extraDescribedBy, after }: PasswordFieldProps) {
  const { t } = useTranslation();
  const ids = fieldIds(id);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} after={after}>
      <PasswordInput
        id={ids.input}
        autoComplete={autoComplete}
        invalid={Boolean(error)}
        describedBy={describedBy(hint ? ids.hint : null, error ? ids.error : null, extraDescribedBy)}
        toggleLabel={
          <>
            {t('registration.field.showPassword')}
            <span className="visually-hidden">: {label}</span>
          </>
        }
        inputProps={field}
      />
    </FieldFrame>
  );
}

export interface CheckboxFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  field: UseFormRegisterReturn;
}

/** A checkbox bound to react-hook-form, with hint and error message tied to it. */
export function CheckboxField({ id, label, hint, error, field }: CheckboxFieldProps) {
  const ids = fieldIds(id);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="checkbox">
        <input id={ids.input} type="checkbox" aria-invalid={Boolean(error)} aria-describedby={describedBy(hint ? ids.hint : null, error ? ids.error : null)} {...field} />
        <div>
          <label htmlFor={ids.input}>{label}</label>
          {hint ? (
            <p id={ids.hint} className="checkbox__hint">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={ids.error} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
