import { CodeField, compactCode, type CodeInputProps } from './grouped-input';

/**
 * Most letters and digits of an IBAN as typed (spec 000 section 5 / section 9 "IBAN cap 24 (Austria) or 34"): an
 * Austrian IBAN has 20 characters, which with the grouping spaces are the spec's 24; any other IBAN is at most 34
 * characters long (ISO 13616), spaces not counted.
 */
export function ibanCharacterLimit(value: string): number {
  return compactCode(value).startsWith('AT') ? 20 : 34;
}

export type IbanInputProps = CodeInputProps;

/**
 * IBAN input (spec 000 section 5): upper-cased, grouped in fours while the member types, capped at 24 characters
 * (20 without spaces) for an Austrian IBAN and 34 characters (without spaces) for any other. The cap is the new
 * value's: a German IBAN pasted over an Austrian one keeps all its 22 characters (decision 0042). The check itself
 * (checksum, the placeholder `AT00`) is the form's zod schema's; this widget only shapes the input.
 */
export function IbanInput(props: IbanInputProps) {
  return <CodeField {...props} sizes={[4]} maxCharacters={ibanCharacterLimit} />;
}
