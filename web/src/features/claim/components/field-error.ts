import type { TFunction } from 'i18next';

/** The catalogue text of a claim field code (`claim.field.*`), or undefined without an error. */
export function claimFieldText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return t(`claim.field.${code}`, { defaultValue: t('claim.field.INVALID') });
}
