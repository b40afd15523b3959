import { useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SummaryItem } from './error-summary';
import { applyServerFieldErrors, messageKeyOf, type FieldMessageKey, type ServerFieldError } from './form-errors';

/**
 * The error summary of a form page: after a failed attempt (`showSummary`) it lists the current field errors (in
 * form order, linked to their inputs by id) and the form-level problem; `attempt` counts the failed attempts, and
 * the summary box takes the focus at each (`<ErrorSummary focusKey={attempt}>`), so the member hears what to fix.
 * Field messages are also shown at the fields.
 */
export function useFormSummary<T extends FieldValues>(options: {
  errors: FieldErrors<T>;
  /** The form's fields in screen order, each with the id of its input. */
  fields: ReadonlyArray<{ name: Path<T>; id: string }>;
  /** A translated message about the whole form (a status of the server), or null. */
  formProblem: string | null;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);

  /** The message of a field (translated), or undefined. */
  const fieldError = (name: Path<T>): string | undefined => {
    const error = (options.errors as Record<string, { message?: string } | undefined>)[name];
    const key = messageKeyOf(name, error?.message);
    return key ? t(key) : undefined;
  };

  const items: SummaryItem[] =
    attempt === 0
      ? []
      : [
          ...(options.formProblem ? [{ fieldId: null, message: options.formProblem }] : []),
          ...options.fields.flatMap(({ name, id }) => {
            const message = fieldError(name);
            return message ? [{ fieldId: id, message }] : [];
          }),
        ];

  const failed = () => setAttempt((value) => value + 1);
  return {
    attempt,
    items,
    fieldError,
    /** Call after a failed submit or step: shows the summary and focuses it. */
    failed,
    /**
     * One submit to the server: `send` answers true when the form is done (the page moves on) and false when the
     * server refused it (the summary shows and takes the focus); when it throws (no connection, no answer)
     * `onThrow` sets the page's message, then the summary shows.
     */
    send: async (send: () => Promise<boolean>, onThrow: () => void) => {
      try {
        if (await send()) return;
      } catch {
        onThrow();
      }
      failed();
    },
    /** Hides the summary (a new page state). */
    reset: () => setAttempt(0),
  };
}

/**
 * A form page of the registration area (spec 001 sections 2 and 8): react-hook-form with the contract's zod rules
 * (`resolver`), checked on submit without react-hook-form's own focus (the error summary takes it), and its
 * `useFormSummary`. `fields` are the form's fields in screen order, `ids` their inputs' ids; `refusedFields`
 * puts the server's refusals of single fields on those fields.
 */
export function useRegistrationForm<T extends FieldValues, F extends Path<T>>(
  resolver: Resolver<T>,
  defaultValues: DefaultValues<T>,
  fields: readonly F[],
  ids: Readonly<Record<F, string>>,
  /** A translated message about the whole form (a status of the server), or null. */
  formProblem: string | null,
) {
  const form = useForm<T>({ resolver, defaultValues, shouldFocusError: false });
  const summary = useFormSummary<T>({ errors: form.formState.errors, fields: fields.map((name) => ({ name, id: ids[name] })), formProblem });
  const refusedFields = (
    error: { code: string; fieldErrors?: readonly ServerFieldError[] | null } | null | undefined,
    atField: Readonly<Record<string, readonly [field: F, messageKey: FieldMessageKey | `registration.${string}`]>> = {},
  ): boolean => {
    if (!error) return false;
    if (error.code === 'INVALID_INPUT') {
      applyServerFieldErrors(error.fieldErrors ?? [], fields, form.setError);
      return true;
    }
    const refusal = atField[error.code];
    if (!refusal) return false;
    form.setError(refusal[0], { type: 'server', message: refusal[1] });
    return true;
  };
  return { form, summary, refusedFields };
}
