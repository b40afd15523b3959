import { useId } from 'react';
import { CodeFieldFrame, compactCode, GroupedInput } from './grouped-input';

/**
 * Most letters and digits of an IBAN as typed (spec 000 section 5 / section 9 "IBAN cap 24 (Austria) or 34"): an
 * Austrian IBAN has 20 characters, which with the grouping spaces are the spec's 24; any other IBAN is at most 34
 * characters long (ISO 13616), spaces not counted.
 */
export function ibanCharacterLimit(value: string): number {
  return compactCode(value).startsWith('AT') ? 20 : 34;
}

export interface IbanInputProps {
  label: string;
  /** Format hint under the label, for example an example IBAN; read with the field (`aria-describedby`). */
  hint: string;
  /** Message of a failed check, shown under the field and tied to it. */
  error?: string;
  name?: string;
  /** The IBAN as shown, grouped in fours. */
  value: string;
  onChange: (grouped: string) => void;
  onBlur?: () => void;
  /** Callback ref of the input (react-hook-form's `field.ref`, for focusing a field with an error). */
  inputRef?: (node: HTMLInputElement | null) => void;
}

/**
 * IBAN input (spec 000 section 5): upper-cased, grouped in fours while the member types, capped at 24 characters
 * (20 without spaces) for an Austrian IBAN and 34 characters (without spaces) for any other. The check itself
 * (checksum, the placeholder `AT00`) is the form's zod schema's; this widget only shapes the input.
 */
export function IbanInput({ label, hint, error, name, value, onChange, onBlur, inputRef }: IbanInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <CodeFieldFrame id={id} label={label} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <GroupedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        sizes={[4]}
        maxCharacters={ibanCharacterLimit(value)}
        invalid={Boolean(error)}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
      />
    </CodeFieldFrame>
  );
}
