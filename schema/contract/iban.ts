import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * IBAN rules of spec 000 section 5: upper-cased, spaces removed, a valid ISO 13616 checksum, and the placeholder
 * `AT00` refused. Validation is ibantools'.
 */
/** Upper-cased, spaces removed (ibantools' electronic format). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

/** The placeholder `AT00…` (a check-digit pair no real IBAN has) that forms print as an example; always refused. */
export function isPlaceholderIban(normalizedIban: string): boolean {
  return normalizedIban.startsWith('AT00');
}

/** True for an IBAN (spaces allowed, any case) with a valid ISO 13616 checksum that is not the `AT00` placeholder. */
export function isValidPortalIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (isPlaceholderIban(iban)) return false;
  return isValidIBAN(iban);
}

/** BIC (ISO 9362), 8 or 11 characters. */
export function isValidPortalBic(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase());
}
