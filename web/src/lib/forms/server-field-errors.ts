import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { MutationErrorFragment } from '../../gql/graphql';

/** One refused field as the server reports it: `field`, `code` (and `message`) of the `MutationError` fragment. */
export type ServerFieldError = Pick<MutationErrorFragment['fieldErrors'][number], 'field' | 'code'>;

/** How the field errors are placed on the form. */
export interface PlaceOptions {
  /**
   * The message stored on the form field (react-hook-form's `error.message`), which the form's field kit turns into
   * text. Default: the error's `code` (the settings forms look the code up in their field-error texts).
   */
  messageOf?: (error: ServerFieldError) => string;
  /** Move the focus to the first placed field (default false: the form's error summary takes it). */
  focusFirst?: boolean;
}

/**
 * Puts the server's field errors (the `fieldErrors` of a mutation's `error { ...MutationError }`, decision 0012) on the
 * form's fields with `setError` (type `server`). Errors of fields the form does not have are returned, in their order,
 * so the page can show them in its summary or as a general failure; an empty answer means every error was placed.
 */
export function applyServerFieldErrors<T extends FieldValues, E extends ServerFieldError = ServerFieldError>(
  fieldErrors: readonly E[],
  formFields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  options: PlaceOptions = {},
): E[] {
  const messageOf = options.messageOf ?? ((error: ServerFieldError) => error.code);
  const unplaced: E[] = [];
  let placed = 0;
  for (const error of fieldErrors) {
    const field = formFields.find((name) => name === error.field);
    if (!field) {
      unplaced.push(error);
      continue;
    }
    setError(field, { type: 'server', message: messageOf(error) }, { shouldFocus: options.focusFirst === true && placed === 0 });
    placed += 1;
  }
  return unplaced;
}
