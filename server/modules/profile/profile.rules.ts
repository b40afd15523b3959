import type { ChangeEntry } from './profile.store';
import { maskIban } from '@contract/profile';

/**
 * Data-retention facts of the terms of use (spec 000 section 9, spec 001 section 9), shown before the member deletes
 * the access. The terms give two readings for the login data: "until deactivation plus 10 years" and "3 years after
 * deactivation". The portal shows 10 years (README "Readings of the spec chosen"): the longer period never promises
 * an erasure earlier than the fund may actually perform it.
 */
export const RETENTION_FACTS = {
  loginDataYearsAfterDeactivation: 10,
  logFileDays: 180,
  maxRetentionYears: 30,
  accessYearsAfterPayout: 10,
} as const;

/** Validity of the e-mail change link: 24 hours, like the reset link (spec 001 section 4). */
export const EMAIL_CHANGE_LINK_MS = 24 * 3_600_000;

/** At most this many e-mail change requests per person within EMAIL_CHANGE_LINK_MS (each sends a mail). */
export const EMAIL_CHANGE_MAX_REQUESTS = 5;

/** Largest `first` of `changeHistory`. */
export const HISTORY_MAX = 200;

/** Clamps the requested number of change log entries to 0..HISTORY_MAX (50 when not given). */
export function historyLimit(first: number | null | undefined): number {
  if (first === null || first === undefined || !Number.isFinite(first)) return 50;
  return Math.max(0, Math.min(HISTORY_MAX, Math.trunc(first)));
}

/** Change log entries for the fields whose value differs (null and '' count as no value). */
export function diffEntries(area: ChangeEntry['area'], before: Record<string, string | null>, after: Record<string, string | null>): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  for (const field of Object.keys(after)) {
    const oldValue = before[field] || null;
    const newValue = after[field] || null;
    if (oldValue !== newValue) entries.push({ area, field, oldValue, newValue });
  }
  return entries;
}

/** Bank fields as they go into the change log: the IBAN masked (`AT61 **** **** **** 3201`), never in full. */
export function bankLogValues(a: { accountHolder: string; bankName: string; iban: string; bic: string | null; validFrom: string } | undefined) {
  return {
    accountHolder: a?.accountHolder ?? null,
    bankName: a?.bankName ?? null,
    iban: a ? maskIban(a.iban) : null,
    bic: a?.bic ?? null,
    validFrom: a?.validFrom ?? null,
  };
}

/** A boolean preference as it goes into the change log. */
export const boolText = (v: boolean | null | undefined): string | null => (v === null || v === undefined ? null : v ? 'true' : 'false');
