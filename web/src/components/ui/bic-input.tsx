import { CodeField, type CodeInputProps } from './grouped-input';

/** A BIC (ISO 9362) has 8 or 11 letters and digits. */
export const BIC_MAX_CHARACTERS = 11;

export interface BicInputProps extends CodeInputProps {
  /** Shown after the label in normal weight while the BIC is optional, for example "(optional)". */
  optionalLabel?: string;
}

/**
 * BIC input (spec 000 section 5): upper-cased and grouped 4-4-3 while the member types (`BKAU ATWW XXX`), at most
 * 11 characters without spaces. Whether a BIC is required (the country table's intra-EU flag) and valid is the form's
 * zod schema's to decide.
 */
export function BicInput(props: BicInputProps) {
  return <CodeField {...props} sizes={[4, 4, 3]} maxCharacters={BIC_MAX_CHARACTERS} />;
}
