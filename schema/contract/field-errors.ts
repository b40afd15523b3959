/**
 * The field errors of a zod result, written once for the web forms and the server's GraphQL and REST checks
 * (decision 0012, the contract module: one `{ field, code }` per refused field, in the order of the input's checks). The
 * contract's schemas put the error code (or a catalogue key) in an issue's `message` and the input field in its `path`.
 */

/** The part of a zod issue the mapping reads (`z.core.$ZodIssue` has both). */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** One refused field: the input field's name and the error code (or catalogue key) of its first issue. */
export interface IssueFieldError {
  field: string;
  code: string;
}

/** An error code as the contract's schemas word them: upper-case letters and underscores (`IBAN_INVALID`). */
export const ERROR_CODE_PATTERN = /^[A-Z_]+$/;

/** How `zodFieldErrors` reads the issues. */
export interface FieldErrorOptions {
  /**
   * The field names that count; an issue of any other field (or of the whole input, an empty path) is passed over.
   * Default: every field, an issue of the whole input under `input`.
   */
  fields?: readonly string[];
  /**
   * The code of an issue from its message and field. Default: the message where it is an error code
   * (`ERROR_CODE_PATTERN`), else `INVALID` (a zod default text such as "Invalid input" is no code).
   */
  codeOf?: (message: string, field: string) => string;
}

const defaultCode = (message: string): string => (ERROR_CODE_PATTERN.test(message) ? message : 'INVALID');

/**
 * The `{ field, code }` pairs of a failed zod parse (`result.error.issues`): the field is the first step of the
 * issue's path (a nested issue such as `signature.png` refuses `signature`), the first issue of a field wins, the
 * order is the issues' order. Pure; `[]` for no issues.
 */
export function zodFieldErrors(issues: readonly IssueLike[], options: FieldErrorOptions = {}): IssueFieldError[] {
  const codeOf = options.codeOf ?? defaultCode;
  const seen = new Set<string>();
  const out: IssueFieldError[] = [];
  for (const issue of issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : options.fields ? '' : 'input';
    if ((options.fields && !options.fields.includes(field)) || seen.has(field)) continue;
    seen.add(field);
    out.push({ field, code: codeOf(issue.message, field) });
  }
  return out;
}

/**
 * The refused places of a failed zod parse as dotted paths (`address.postcode`), each once, in the issues' order;
 * an issue of the whole input (empty path) names none. The REST layer's `fields` of a 400 answer (spec 000 section 8).
 */
export function zodIssuePaths(issues: readonly IssueLike[]): string[] {
  return [...new Set(issues.map((issue) => issue.path.map(String).join('.')).filter(Boolean))];
}
