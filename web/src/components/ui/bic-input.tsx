import { useId } from 'react';
import { CodeFieldFrame, GroupedInput } from './grouped-input';

/** A BIC (ISO 9362) has 8 or 11 letters and digits. */
export const BIC_MAX_CHARACTERS = 11;

export interface BicInputProps {
  label: string;
  /** Shown after the label in normal weight while the BIC is optional, for example "(optional)". */
  optionalLabel?: string;
  /** Format hint under the label (and whether the BIC is needed); read with the field (`aria-describedby`). */
  hint: string;
  /** Message of a failed check, shown under the field and tied to it. */
  error?: string;
  name?: string;
  /** The BIC as shown, grouped 4-4-3. */
  value: string;
  onChange: (grouped: string) => void;
  onBlur?: () => void;
  /** Callback ref of the input (react-hook-form's `field.ref`, for focusing a field with an error). */
  inputRef?: (node: HTMLInputElement | null) => void;
}

/**
 * BIC input (spec 000 section 5): upper-cased and grouped 4-4-3 while the member types (`BKAU ATWW XXX`), at most
 * 11 characters without spaces. Whether a BIC is required (the country table's intra-EU flag) and valid is the form's
 * zod schema's to decide.
 */
export function BicInput({ label, optionalLabel, hint, error, name, value, onChange, onBlur, inputRef }: BicInputProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <CodeFieldFrame id={id} label={label} optionalLabel={optionalLabel} hint={hint} hintId={hintId} error={error} errorId={errorId}>
      <GroupedInput
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        sizes={[4, 4, 3]}
        maxCharacters={BIC_MAX_CHARACTERS}
        invalid={Boolean(error)}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
      />
    </CodeFieldFrame>
  );
}
