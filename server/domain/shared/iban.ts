import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * IBAN rules of spec 000 section 5: upper-cased, spaces removed, a valid ISO 13616 checksum, and the placeholder
 * `AT00` refused. Validation is ibantools'.
 */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

export function isValidPortalIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (iban.startsWith('AT00')) return false;
  return isValidIBAN(iban);
}

/** BIC (ISO 9362), 8 or 11 characters. */
export function isValidPortalBic(value: string): boolean {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase());
}
