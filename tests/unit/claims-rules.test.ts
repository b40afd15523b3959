import { describe, expect, it } from 'vitest';
import { addWorkingDays, austrianPublicHolidays, isAustrianWorkingDay, isDueDateExceeded, payoutDueDate } from '../../server/modules/claims/claims.rules';
import { signatureCanvasSize } from '@contract/signature';
import claimTexts from '@contract/i18n/de/claim.json';
import dashboardTexts from '@contract/i18n/de/dashboard.json';
import pdfTexts from '@contract/i18n/de/pdf.json';
import { PAYOUT_WORKING_DAYS } from '../../server/modules/claims/claims.rules';
import { referenceHolidays, referencePayoutDate } from '../helpers/payout-date-reference';

/**
 * The payout-date rule (decision 0015; § 16 BMSVG, spec 001 section 9): end of the second calendar month after
 * receipt plus 5 working days (Monday to Friday, Austrian public holidays excluded). Every expected date below was
 * counted by hand on a calendar; the comment beside it shows the count.
 */
describe('payoutDueDate', () => {
  it('counts across Christmas and New Year: 1 and 6 January are skipped', () => {
    // Received 15.10.2026 → end of December: Thu 31.12.2026. Fri 1.1. holiday; Mon 4.1. (1), Tue 5.1. (2),
    // Wed 6.1. holiday, Thu 7.1. (3), Fri 8.1. (4), Mon 11.1. (5).
    expect(payoutDueDate('2026-10-15')).toBe('2027-01-11');
    // Received on the last day of October, same month: same date.
    expect(payoutDueDate('2026-10-31')).toBe('2027-01-11');
  });

  it('counts across Christmas when the second month is December of a year whose 31st falls on a Friday (2027)', () => {
    // Received 2.10.2027 → Fri 31.12.2027. Sat 1.1.2028 and Sun 2.1.; Mon 3.1. (1), Tue 4.1. (2), Wed 5.1. (3),
    // Thu 6.1. holiday, Fri 7.1. (4), Mon 10.1. (5).
    expect(payoutDueDate('2027-10-02')).toBe('2028-01-10');
  });

  it('counts across Easter Monday (2024: Easter Monday 1 April), Good Friday being a working day', () => {
    // Received 20.1.2024 → end of March: Sun 31.3.2024. Mon 1.4. Easter Monday; Tue 2.4. (1) … Fri 5.4. (4), Mon 8.4. (5).
    expect(payoutDueDate('2024-01-20')).toBe('2024-04-08');
    // Received 31.1.2026 → Tue 31.3.2026. Wed 1.4. (1), Thu 2.4. (2), Good Friday 3.4. (3), Easter Monday 6.4.
    // holiday, Tue 7.4. (4), Wed 8.4. (5).
    expect(payoutDueDate('2026-01-31')).toBe('2026-04-08');
  });

  it('skips 1 May and ends at the end of a leap February', () => {
    // Received 1.2.2026 → Thu 30.4.2026. Fri 1.5. holiday; Mon 4.5. (1) … Fri 8.5. (5).
    expect(payoutDueDate('2026-02-01')).toBe('2026-05-08');
    // Received 10.12.2027 → Tue 29.2.2028. Wed 1.3. (1), Thu 2.3. (2), Fri 3.3. (3), Mon 6.3. (4), Tue 7.3. (5).
    expect(payoutDueDate('2027-12-10')).toBe('2028-03-07');
  });

  it('refuses a string that is not an ISO date', () => {
    expect(() => payoutDueDate('15.10.2026')).toThrow(RangeError);
  });
});

describe('Austrian working days', () => {
  it('knows the 13 nationwide public holidays and nothing else (no Good Friday, no 24 or 31 December)', () => {
    expect([...austrianPublicHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-06',
      '2026-05-01',
      '2026-05-14',
      '2026-05-25',
      '2026-06-04',
      '2026-08-15',
      '2026-10-26',
      '2026-11-01',
      '2026-12-08',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(isAustrianWorkingDay('2026-04-03')).toBe(true);
    expect(isAustrianWorkingDay('2026-12-24')).toBe(true);
    expect(isAustrianWorkingDay('2026-12-25')).toBe(false);
    expect(isAustrianWorkingDay('2026-11-21')).toBe(false);
  });

  it('adds working days after a date, the date itself not counted', () => {
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-24');
    expect(addWorkingDays('2026-12-24', 1)).toBe('2026-12-28');
    expect(addWorkingDays('2026-12-24', 0)).toBe('2026-12-24');
  });

  it('treats the due date itself as not yet exceeded', () => {
    expect(isDueDateExceeded('2027-01-11', '2027-01-11')).toBe(false);
    expect(isDueDateExceeded('2027-01-11', '2027-01-12')).toBe(true);
  });
});

describe('payoutDueDate against an independent reference', () => {
  it('agrees with a hand-written holiday table for every day of receipt from 2024 to 2029', () => {
    const mismatches: string[] = [];
    for (let t = Date.UTC(2024, 0, 1); t <= Date.UTC(2029, 11, 31); t += 86_400_000) {
      const received = new Date(t).toISOString().slice(0, 10);
      const expected = referencePayoutDate(received);
      if (payoutDueDate(received) !== expected) mismatches.push(`${received}: ${payoutDueDate(received)} ≠ ${expected}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('matches the library holidays with the hand-written ones', () => {
    for (let year = 2024; year <= 2030; year++) expect([...austrianPublicHolidays(year)].sort()).toEqual([...referenceHolidays(year)].sort());
  });
});

describe('signatureCanvasSize', () => {
  it('follows the spec: 664 × 371 above 1023 px, 60 % from 768 to 1023, 80 % below 768', () => {
    expect(signatureCanvasSize(1280)).toEqual({ width: 664, height: 371 });
    expect(signatureCanvasSize(1024)).toEqual({ width: 664, height: 371 });
    expect(signatureCanvasSize(1023)).toEqual({ width: 398, height: 223 });
    expect(signatureCanvasSize(768)).toEqual({ width: 398, height: 223 });
    expect(signatureCanvasSize(767)).toEqual({ width: 531, height: 297 });
  });
});

describe('the claim texts say how the due date is computed (spec 001 section 4, § 16 BMSVG, DOMAIN.md)', () => {
  const teaser = dashboardTexts.dashboard;
  const texts = Object.entries({
    'claim.success.dueDate': claimTexts.claim.success.dueDate,
    'claim.success.dueDatePayout': claimTexts.claim.success.dueDatePayout,
    'pdf.claimConfirmation.deadline': pdfTexts.pdf.claimConfirmation.deadline,
    ...collectNew(teaser),
  });

  /** The NEW texts of payout and transfer in the dashboard's claim teaser (the state that names the legal deadline). */
  function collectNew(node: unknown, path = 'dashboard'): Record<string, string> {
    if (typeof node === 'string') return /\.(payout|transfer)\.NEW(_noDate)?$/.test(path) ? { [path]: node } : {};
    if (!node || typeof node !== 'object') return {};
    return Object.assign({}, ...Object.entries(node).map(([k, v]) => collectNew(v, `${path}.${k}`)));
  }

  it('finds the texts: both claim screens, the PDF and four teaser texts', () => {
    expect(texts.length).toBe(7);
  });

  it.each(texts)('%s names the end of the second month after receipt plus the working days payoutDueDate counts', (_key, text) => {
    expect(text).toContain(`Ende des zweiten auf den Eingang folgenden Kalendermonats plus ${PAYOUT_WORKING_DAYS} Werktage`);
    expect(text).toContain('Montag bis Freitag ohne Feiertage');
    expect(text).not.toMatch(/volle Kalendermonate|Arbeitstage/);
  });
});
