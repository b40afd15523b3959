import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { zodFieldErrors, type IssueLike } from '@contract/field-errors';

/** How `placeRuleErrors` puts the issues on the form. */
export interface RuleErrorOptions<T extends FieldValues> {
  /** The form field of an input field, or null to pass the issue over. Default: the field of the same name. */
  fieldOf?: (field: string) => Path<T> | null;
  /** Move the focus to the first placed field (default true: the member is taken to what to correct). */
  focusFirst?: boolean;
}

/**
 * Puts the issues of a failed check of the form's values by the shared contract rules (`schema.safeParse(values)`,
 * `@contract/*`) on the form's fields with `setError` (type `rule`; the message is the issue's message, the contract's
 * code or catalogue key, which the form's field kit words). One message per field, the first issue's, as the server's
 * field errors name them (`zodFieldErrors`, @contract/field-errors). Returns how many fields it placed (0: nothing to
 * correct on this form).
 */
export function placeRuleErrors<T extends FieldValues>(issues: readonly IssueLike[], setError: UseFormSetError<T>, options: RuleErrorOptions<T> = {}): number {
  const fieldOf = options.fieldOf ?? ((field: string) => field as Path<T>);
  let placed = 0;
  for (const error of zodFieldErrors(issues, { codeOf: (message) => message })) {
    const field = fieldOf(error.field);
    if (field === null) continue;
    setError(field, { type: 'rule', message: error.code }, { shouldFocus: options.focusFirst !== false && placed === 0 });
    placed += 1;
  }
  return placed;
}
