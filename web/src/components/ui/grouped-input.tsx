import './code-fields.css';
import { useLayoutEffect, useRef, type ChangeEvent, type ClipboardEvent } from 'react';
import { FieldError, FieldLabel, useFieldIds } from './field-parts';

/** Letters and digits of `value`, upper-cased: the "electronic" form of an IBAN or a BIC. */
export function compactCode(value: string): string {
  return value.replace(/[^0-9a-z]/gi, '').toUpperCase();
}

/**
 * Groups `compact` into blocks of the given sizes, separated by one space; the last size repeats for the rest
 * (`[4]` groups in fours, `[4, 4, 3]` gives `BKAU ATWW XXX`).
 */
export function groupCode(compact: string, sizes: readonly number[]): string {
  const groups: string[] = [];
  let rest = compact;
  for (let index = 0; rest.length > 0; index++) {
    const size = sizes[Math.min(index, sizes.length - 1)] ?? 4;
    groups.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  return groups.join(' ');
}

/** Position in `grouped` just after the `count`-th letter or digit (0 = start). */
function caretAfter(grouped: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < grouped.length; index++) {
    if (/[0-9A-Z]/.test(grouped[index] ?? '')) seen++;
    if (seen === count) return index + 1;
  }
  return grouped.length;
}

/** Most letters and digits a code may have: a number, or a function of the code's letters and digits. */
export type CharacterLimit = number | ((compact: string) => number);

/** The limit of `compact`: the new value's own (an IBAN's depends on its country, so never on the value it replaces). */
function limitOf(limit: CharacterLimit, compact: string): number {
  return typeof limit === 'number' ? limit : limit(compact);
}

/**
 * The field after `pasted` replaces the selection `start`–`end` of `value` (spec 000 section 5 "IBAN"): the whole
 * pasted value, with anything but letters and digits dropped and upper-cased, grouped again; `caret` sits just after
 * the pasted characters. The limit is the result's own, so a pasted German IBAN over an Austrian one is never cut.
 * @example pasteIntoCode('AT61 1904 3002 3457 3201', 0, 24, 'DE89370400440532013000', [4], ibanCharacterLimit)
 *   → { grouped: 'DE89 3704 0044 0532 0130 00', caret: 27 }
 */
export function pasteIntoCode(
  value: string,
  start: number,
  end: number,
  pasted: string,
  sizes: readonly number[],
  maxCharacters: CharacterLimit,
): { grouped: string; caret: number } {
  const before = compactCode(value.slice(0, start));
  const inserted = compactCode(pasted);
  const joined = before + inserted + compactCode(value.slice(end));
  const compact = joined.slice(0, limitOf(maxCharacters, joined));
  const grouped = groupCode(compact, sizes);
  return { grouped, caret: caretAfter(grouped, Math.min(before.length + inserted.length, compact.length)) };
}

export interface GroupedInputProps {
  /** Id of the input (the field's label points to it). */
  id: string;
  name?: string;
  /** The grouped text, as shown. */
  value: string;
  /** Called with the newly grouped text after each keystroke or paste. */
  onChange: (grouped: string) => void;
  onBlur?: () => void;
  /** Callback ref of the input (react-hook-form's `field.ref`, for focusing a field with an error). */
  inputRef?: (node: HTMLInputElement | null) => void;
  /** Block sizes; the last repeats. */
  sizes: readonly number[];
  /** Most letters and digits accepted (spaces not counted), or a function of the new value's; more are cut off. */
  maxCharacters: CharacterLimit;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  autoComplete?: string;
}

/**
 * A text input that upper-cases what is typed, drops everything but letters and digits, groups it into blocks while
 * the member types, and keeps the caret after the same character (so editing in the middle works). A paste replaces
 * the selection with the whole pasted value, shaped alike (`pasteIntoCode`), whatever the browser's own paste would
 * do. Screen readers hear the grouped text; `inputMode="text"` because both IBANs and BICs contain letters.
 */
export function GroupedInput({
  id,
  name,
  value,
  onChange,
  onBlur,
  inputRef,
  sizes,
  maxCharacters,
  invalid = false,
  describedBy,
  placeholder,
  autoComplete = 'off',
}: GroupedInputProps) {
  const element = useRef<HTMLInputElement | null>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = element.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    input.setSelectionRange(caret, caret);
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    const before = compactCode(raw.slice(0, caret)).length;
    const all = compactCode(raw);
    const compact = all.slice(0, limitOf(maxCharacters, all));
    const grouped = groupCode(compact, sizes);
    pendingCaret.current = caretAfter(grouped, Math.min(before, compact.length));
    onChange(grouped);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const { grouped, caret } = pasteIntoCode(input.value, start, end, event.clipboardData.getData('text'), sizes, maxCharacters);
    pendingCaret.current = caret;
    onChange(grouped);
  };

  const setRef = (node: HTMLInputElement | null) => {
    element.current = node;
    inputRef?.(node);
  };

  return (
    <input
      ref={setRef}
      id={id}
      name={name}
      type="text"
      inputMode="text"
      autoCapitalize="characters"
      autoCorrect="off"
      spellCheck={false}
      autoComplete={autoComplete}
      className="field__input field__input--code"
      value={value}
      placeholder={placeholder}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={handleChange}
      onPaste={handlePaste}
      onBlur={onBlur}
    />
  );
}

/** The props an IBAN or a BIC field takes (iban-input.tsx, bic-input.tsx). */
export interface CodeInputProps {
  label: string;
  /** Format hint under the label, for example an example code; read with the field (`aria-describedby`). */
  hint: string;
  /** Message of a failed check, shown under the field and tied to it. */
  error?: string;
  name?: string;
  /** The code as shown, grouped. */
  value: string;
  onChange: (grouped: string) => void;
  onBlur?: () => void;
  /** Callback ref of the input (react-hook-form's `field.ref`, for focusing a field with an error). */
  inputRef?: (node: HTMLInputElement | null) => void;
}

interface CodeFieldProps extends CodeInputProps {
  /** Shown after the label in normal weight, for example "(optional)". */
  optionalLabel?: string;
  /** Group sizes of the shown code (`GroupedInput`). */
  sizes: readonly number[];
  /** Most letters and digits, spaces not counted (`GroupedInput`). */
  maxCharacters: CharacterLimit;
}

/** Label, hint, the grouped input and the error message of an IBAN or BIC field. */
export function CodeField({ label, optionalLabel, hint, error, name, value, onChange, onBlur, inputRef, sizes, maxCharacters }: CodeFieldProps) {
  const { id, hintId, errorId } = useFieldIds();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <FieldLabel htmlFor={id} label={label} optionalLabel={optionalLabel} />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <GroupedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        sizes={sizes}
        maxCharacters={maxCharacters}
        invalid={Boolean(error)}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
