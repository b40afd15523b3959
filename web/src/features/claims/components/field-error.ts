import type { TFunction } from 'i18next';
import claimCatalogue from '@contract/i18n/de/claim.json';
import { requiredKey } from '../../../lib/forms/required-text';

/**
 * The catalogue text of a claim field code (`claim.field.*`), or undefined without an error; an empty `field` is named
 * (`claim.required.<field>`, "Bitte geben Sie Ihre IBAN ein.").
 */
export function claimFieldText(t: TFunction, code: string | undefined, field?: string): string | undefined {
  if (!code) return undefined;
  const named = code === 'REQUIRED' && field ? requiredKey('claim', claimCatalogue.claim.required, field) : undefined;
  return t((named ?? `claim.field.${code}`) as 'claim.field.INVALID', { defaultValue: t('claim.field.INVALID') });
}
