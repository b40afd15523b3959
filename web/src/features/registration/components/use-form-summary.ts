import { useState } from 'react';
import type { FieldErrors, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SummaryItem } from './error-summary';
import { messageKeyOf } from './form-errors';

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

  return {
    attempt,
    items,
    fieldError,
    /** Call after a failed submit or step: shows the summary and focuses it. */
    failed: () => setAttempt((value) => value + 1),
    /** Hides the summary (a new page state). */
    reset: () => setAttempt(0),
  };
}
