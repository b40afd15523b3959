import { describe, expect, it } from 'vitest';
import catalogue from '@contract/i18n/de/own-contributions.json';
import { isoDateVienna } from '@contract/dates';
import {
  PREMIUM_ELIGIBLE_GROSS_CENTS,
  PREMIUM_ELIGIBLE_MONTHLY_CENTS,
  PRE_NOTIFICATION_DAYS_DEFAULT,
  earliestDebitDate,
  exceedsEmployerContribution,
  isValidCreditorId,
  isValidMandateReference,
  isValidPhone,
  mandateInput,
  parseBirthDateDdmmyy,
  premiumApplicationInput,
  premiumGauge,
} from '@contract/own-contributions';

/**
 * The own-contribution rules of decision 0016 (spec 001 sections 5 and 9): every bad-input case of decision 0016 is refused
 * with its field code, and each code has a catalogue text (spec 001 section 8). Today is passed in, as the server's
 * clock gives it.
 */
const TODAY = '2026-11-22';
/** The day the mandate cases are checked on: 14 days of pre-notification before their dates (30.11. and 01.12.) fit. */
const MANDATE_TODAY = '2026-11-10';
const DAYS = PRE_NOTIFICATION_DAYS_DEFAULT;
const GOOD = {
  contractId: '1',
  type: 'MONTHLY' as const,
  amountCents: 5_000,
  iban: 'AT61 1904 3002 3457 3201',
  startDate: '2026-12-01',
  phone: '+43 1 234/567-8',
  accountOwner: 'Anna Muster',
  confirmed: true,
};
const codes = (input: unknown, today = MANDATE_TODAY, days = DAYS) => {
  const r = mandateInput(today, days).safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
};

describe('mandateInput (decision 0016, "Bad input")', () => {
  it('accepts a good monthly mandate and normalises the IBAN', () => {
    const r = mandateInput(MANDATE_TODAY, DAYS).parse(GOOD);
    expect(r.iban).toBe('AT611904300234573201');
    expect(r.phone).toBe('+43 1 234/567-8');
  });

  it('refuses 9.99 EUR and accepts 10.00 EUR for both types', () => {
    expect(codes({ ...GOOD, amountCents: 999 })).toEqual(['amountCents:AMOUNT_TOO_LOW']);
    expect(codes({ ...GOOD, amountCents: 1_000 })).toEqual([]);
    expect(codes({ ...GOOD, type: 'ONE_OFF', amountCents: 999, startDate: '2026-11-30' })).toEqual(['amountCents:AMOUNT_TOO_LOW']);
  });

  it('refuses 5,000.01 EUR monthly but accepts it one-off; refuses 20,000.01 EUR one-off', () => {
    expect(codes({ ...GOOD, amountCents: 500_000 })).toEqual([]);
    expect(codes({ ...GOOD, amountCents: 500_001 })).toEqual(['amountCents:AMOUNT_TOO_HIGH']);
    expect(codes({ ...GOOD, type: 'ONE_OFF', amountCents: 500_001, startDate: '2026-11-30' })).toEqual([]);
    expect(codes({ ...GOOD, type: 'ONE_OFF', amountCents: 2_000_000, startDate: '2026-11-30' })).toEqual([]);
    expect(codes({ ...GOOD, type: 'ONE_OFF', amountCents: 2_000_001, startDate: '2026-11-30' })).toEqual(['amountCents:AMOUNT_TOO_HIGH']);
  });

  it('refuses a one-off on 1 December of this year, accepts 30 November and next year', () => {
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-12-01' })).toEqual(['startDate:ONE_OFF_AFTER_DEADLINE']);
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-11-30' })).toEqual([]);
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2027-01-15' })).toEqual([]);
    // On 1 December itself nothing is left of this year: any later date of 2026 is after the deadline.
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-12-15' }, '2026-12-01')).toEqual(['startDate:ONE_OFF_AFTER_DEADLINE']);
  });

  it('refuses an invalid IBAN and the AT00 placeholder', () => {
    expect(codes({ ...GOOD, iban: 'AT61 1904 3002 3457 3202' })).toEqual(['iban:IBAN_INVALID']);
    expect(codes({ ...GOOD, iban: 'AT00 1904 3002 3457 3201' })).toEqual(['iban:IBAN_PLACEHOLDER']);
  });

  it('refuses a phone with letters or too short, accepts an empty one', () => {
    expect(codes({ ...GOOD, phone: '0664 12345 abc' })).toEqual(['phone:PHONE_INVALID']);
    expect(codes({ ...GOOD, phone: '12 34' })).toEqual(['phone:PHONE_INVALID']);
    expect(codes({ ...GOOD, phone: '' })).toEqual([]);
    expect(isValidPhone('+43 (0)664 123')).toBe(false);
    expect(isValidPhone('+43/664-1234567')).toBe(true);
  });

  it('needs a start date after the pre-notification period, a real date, an account owner and the checkbox', () => {
    expect(codes({ ...GOOD, startDate: MANDATE_TODAY })).toEqual(['startDate:START_TOO_EARLY']);
    expect(codes({ ...GOOD, startDate: '2026-02-30' })).toEqual(['startDate:DATE_INVALID']);
    expect(codes({ ...GOOD, accountOwner: '  ' })).toEqual(['accountOwner:REQUIRED']);
    expect(codes({ ...GOOD, confirmed: false })).toEqual(['confirmed:NOT_CONFIRMED']);
  });
});

describe('the earliest debit date: today plus the pre-notification period (SEPA Core Rulebook, decision 0044)', () => {
  it('is 14 calendar days after today by default, across month and year ends and February', () => {
    expect(DAYS).toBe(14);
    expect(earliestDebitDate('2026-11-28', DAYS)).toBe('2026-12-12');
    expect(earliestDebitDate('2026-11-16', DAYS)).toBe('2026-11-30');
    expect(earliestDebitDate('2026-01-31', DAYS)).toBe('2026-02-14');
    expect(earliestDebitDate('2026-12-18', DAYS)).toBe('2027-01-01');
    expect(earliestDebitDate('2027-02-15', DAYS)).toBe('2027-03-01');
    expect(earliestDebitDate('2028-02-15', DAYS)).toBe('2028-02-29');
    expect(earliestDebitDate('2026-10-31', 30)).toBe('2026-11-30');
  });

  it('counts from the day in Vienna the injected clock gives, not the UTC day', () => {
    // 30.11.2026 23:30 UTC is already 1 December in Vienna (UTC+1).
    const lateEvening = Date.parse('2026-11-30T23:30:00Z');
    expect(earliestDebitDate(isoDateVienna(lateEvening), DAYS)).toBe('2026-12-15');
    expect(earliestDebitDate(isoDateVienna(Date.parse('2026-11-30T22:59:00Z')), DAYS)).toBe('2026-12-14');
  });

  it('refuses a first debit two days ahead (a one-off on 30.11. asked on 28.11.) and accepts the earliest date', () => {
    // The case of the report: on 28.11. a one-off on 30.11. was accepted and announced two days ahead.
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-11-30' }, '2026-11-28')).toEqual(['startDate:START_TOO_EARLY']);
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2027-01-02' }, '2026-12-20')).toEqual(['startDate:START_TOO_EARLY']);
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2027-01-03' }, '2026-12-20')).toEqual([]);
    // The day before the earliest date is refused, the earliest date accepted (monthly: 28.11. → 12.12.).
    expect(codes({ ...GOOD, startDate: '2026-12-11' }, '2026-11-28')).toEqual(['startDate:START_TOO_EARLY']);
    expect(codes({ ...GOOD, startDate: '2026-12-12' }, '2026-11-28')).toEqual([]);
    // On 16.11. the 30.11. is still possible for a one-off of this year; on 17.11. no date of this year is left.
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-11-30' }, '2026-11-16')).toEqual([]);
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-11-30' }, '2026-11-17')).toEqual(['startDate:START_TOO_EARLY']);
    // An agreed shorter period (config SEPA_PRE_NOTIFICATION_DAYS) moves the earliest date.
    expect(codes({ ...GOOD, type: 'ONE_OFF', startDate: '2026-11-30' }, '2026-11-28', 2)).toEqual([]);
  });

  it('names the earliest date and the period in the catalogue text', () => {
    expect(catalogue.ownContributions.fieldErrors.START_TOO_EARLY).toContain('{{date}}');
    expect(catalogue.ownContributions.fieldErrors.START_TOO_EARLY).toContain('{{days}}');
  });
});

describe('premiumApplicationInput (§ 108a application, decision 0016)', () => {
  const SIG = { kind: 'TYPED' as const, name: 'Anna Muster' };
  const APP = { street: 'Praterstraße 21', postcode: '1020', city: 'Wien', country: 'AT', birthDate: '120987', confirmed: true, signature: SIG };
  const appCodes = (input: unknown) => {
    const r = premiumApplicationInput(TODAY).safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };

  it('accepts a good application and reads the birth date', () => {
    expect(premiumApplicationInput(TODAY).parse(APP).birthDate).toBe('1987-09-12');
  });

  it('refuses the birth date 310299 (no 31 February), letters and a future date', () => {
    expect(appCodes({ ...APP, birthDate: '310299' })).toEqual(['birthDate:BIRTH_DATE_INVALID']);
    expect(appCodes({ ...APP, birthDate: '12a987' })).toEqual(['birthDate:BIRTH_DATE_INVALID']);
    expect(parseBirthDateDdmmyy('290200', TODAY)).toBe('2000-02-29');
    expect(parseBirthDateDdmmyy('010130', TODAY)).toBe('1930-01-01');
  });

  it('refuses a postcode that does not fit the country, a long address, no checkbox, no signature', () => {
    expect(appCodes({ ...APP, postcode: '10115' })).toEqual(['postcode:POSTCODE_INVALID_FOR_COUNTRY']);
    expect(appCodes({ ...APP, country: 'DE', postcode: '10115' })).toEqual([]);
    expect(appCodes({ ...APP, street: 'x'.repeat(101) })).toEqual(['street:TOO_LONG']);
    expect(appCodes({ ...APP, confirmed: null })).toEqual(['confirmed:NOT_CONFIRMED']);
    expect(appCodes({ ...APP, signature: null })).toEqual(['signature:SIGNATURE_EMPTY']);
  });
});

describe('premium gauge and warnings (decision 0016)', () => {
  it('has the spec constants: 1,025 EUR a year, 85.42 EUR a month, at most 42.50 EUR at 4.25 %', () => {
    expect(PREMIUM_ELIGIBLE_GROSS_CENTS).toBe(102_500);
    expect(PREMIUM_ELIGIBLE_MONTHLY_CENTS).toBe(8_542);
    const g = premiumGauge({ today: TODAY, collectedCents: 0, scheduledCents: 0, rateBp: 425 });
    expect(g.maxPremiumCents).toBe(4_250);
    expect(g.leftCents).toBe(102_500);
    expect(g.daysToDeadline).toBe(8);
  });

  it('counts collected and scheduled debits and caps the premium at the eligible amount', () => {
    const g = premiumGauge({ today: TODAY, collectedCents: 51_250, scheduledCents: 10_000, rateBp: 425 });
    expect(g.usedCents).toBe(61_250);
    expect(g.leftCents).toBe(41_250);
    expect(g.expectedPremiumCents).toBe(2_540); // 61,250 / 1.025 = 59,756.10 × 4.25 % = 2,539.63
    const full = premiumGauge({ today: TODAY, collectedCents: 200_000, scheduledCents: 0, rateBp: 675 });
    expect(full.leftCents).toBe(0);
    expect(full.expectedPremiumCents).toBe(6_750);
  });

  it("warns when the year's own contributions exceed last year's employer contribution by more than 25 %", () => {
    expect(exceedsEmployerContribution('MONTHLY', 10_000, 96_000)).toBe(false); // 1,200 = 960 × 1.25: not over
    expect(exceedsEmployerContribution('MONTHLY', 10_000, 95_000)).toBe(true); // 1,200 > 1,187.50
    expect(exceedsEmployerContribution('MONTHLY', 10_000, 100_000)).toBe(false);
    expect(exceedsEmployerContribution('ONE_OFF', 125_001, 100_000)).toBe(true);
    expect(exceedsEmployerContribution('ONE_OFF', 125_000, 100_000)).toBe(false);
    expect(exceedsEmployerContribution('ONE_OFF', 500_000, null)).toBe(false);
  });

  it('checks mandate references and creditor identifiers', () => {
    expect(isValidMandateReference('EB-PK-000123-20261122-7QX')).toBe(true);
    expect(isValidMandateReference('x'.repeat(36))).toBe(false);
    expect(isValidMandateReference('EB_1')).toBe(false);
    expect(isValidCreditorId('AT67ZZZ00000045678')).toBe(true);
    expect(isValidCreditorId('AT68ZZZ00000045678')).toBe(false);
    expect(isValidCreditorId('DE98ZZZ09999999999')).toBe(true);
  });

  it('has a catalogue text for every field code and error', () => {
    const used = [
      'AMOUNT_TOO_LOW',
      'AMOUNT_TOO_HIGH',
      'IBAN_INVALID',
      'IBAN_PLACEHOLDER',
      'ONE_OFF_AFTER_DEADLINE',
      'PHONE_INVALID',
      'BIRTH_DATE_INVALID',
      'MONTHLY_EXISTS',
      'OVERLAP',
    ];
    for (const code of used) expect(catalogue.ownContributions.fieldErrors).toHaveProperty(code);
  });
});
