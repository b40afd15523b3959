/**
 * Input grouping of the social insurance number (spec 000 section 5: "Input is grouped 4-6"): digits only, at most
 * ten, a space after the fourth (serial and check digit | birth date). `1237010180` → `1237 010180`.
 */
export function formatSvnrInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 10);
  return digits.length > 4 ? `${digits.slice(0, 4)} ${digits.slice(4)}` : digits;
}
