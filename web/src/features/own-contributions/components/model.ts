/** Shared shapes and helpers of the own-contributions screens (decision 0016): the answer types, the steps, the draft. */
import type { TFunction } from 'i18next';
import { paths } from '../../../config/paths';
import { amountIssue, isAmountIssue, parseAmount } from '@contract/amount';
import { addDays } from '@contract/dates';
import { formatDate } from '@contract/format';
import { type MandateType } from '@contract/own-contributions';
import ownContributionsCatalogue from '@contract/i18n/de/own-contributions.json';
import { requiredKey } from '../../../lib/forms/required-text';
import type { useOwnContributions } from '../api/own-contributions';

export type Data = NonNullable<NonNullable<ReturnType<typeof useOwnContributions>['data']>['me']>;
export type Overview = Data['ownContributions'];
export type Mandate = Overview['mandates'][number];

/** The five steps of `/eigenbeitraege` (spec 001 section 2) and the edit and cancel views. */
export const STEPS = ['vertrag', 'zahlungsart', 'daten', 'pruefen', 'antrag'] as const;
export type Step = (typeof STEPS)[number];
export const STEP_LABEL: Record<Step, 'contract' | 'type' | 'data' | 'check' | 'application'> = {
  vertrag: 'contract',
  zahlungsart: 'type',
  daten: 'data',
  pruefen: 'check',
  antrag: 'application',
};

export interface Draft {
  contractId: string;
  type: MandateType | null;
  amount: string;
  iban: string;
  accountOwner: string;
  startDate: string;
  phone: string;
  confirmed: boolean;
}

export const href = (step?: string, param?: string) => paths.ownContributions.getHref(step, param);

/** The catalogue text of an error code. */
export function errorText(t: TFunction, code: string): string {
  return t(`ownContributions.errors.${code}`, { defaultValue: t('ownContributions.errors.ERROR_INTERNAL') });
}

/**
 * The catalogue text of a field code (or of an amount's `amountInput.<code>` key, decision 0042); an empty `field` is
 * named (`ownContributions.required.<field>`, "Bitte geben Sie den Betrag ein."); `o` fills the placeholders of
 * `START_TOO_EARLY` (the earliest debit date as DD.MM.YYYY and the pre-notification period, decision 0044).
 */
export function fieldText(t: TFunction, code: string | undefined, field?: string, o?: Pick<Overview, 'earliestDebitDate' | 'preNotificationDays'>): string | undefined {
  if (isAmountIssue(code)) return t(code);
  const named = code === 'REQUIRED' && field ? requiredKey('ownContributions', ownContributionsCatalogue.ownContributions.required, field) : undefined;
  if (named) return t(named as 'ownContributions.fieldErrors.INVALID');
  const params = o ? { date: formatDate(o.earliestDebitDate), days: o.preNotificationDays } : {};
  return code ? t(`ownContributions.fieldErrors.${code}`, { ...params, defaultValue: t('ownContributions.fieldErrors.INVALID') }) : undefined;
}

/**
 * The day the overview was read on the server (Vienna): the earliest debit date less the period. The form checks
 * with it, so its check and the date it names agree with the server's clock, not the browser's.
 */
export function serverToday(o: Pick<Overview, 'earliestDebitDate' | 'preNotificationDays'>): string {
  return addDays(o.earliestDebitDate, -o.preNotificationDays);
}

export const FIELD_OF: Record<string, keyof Draft> = {
  amountCents: 'amount',
  amount: 'amount',
  iban: 'iban',
  accountOwner: 'accountOwner',
  startDate: 'startDate',
  phone: 'phone',
};

/**
 * The amount field's text as cents, or the field error to show (`REQUIRED`, or the key `amountInput.<code>` of
 * `parseAmount`, decision 0042): `1.200` → 120000, `1200.5` → ambiguous, refused.
 */
export function readAmountField(text: string): { cents: number; error: null } | { cents: null; error: string } {
  const reading = parseAmount(text);
  if (reading.ok) return { cents: reading.cents, error: null };
  return { cents: null, error: reading.code === 'EMPTY' ? 'REQUIRED' : amountIssue(reading.code) };
}
