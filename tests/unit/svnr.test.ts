import { describe, expect, it } from 'vitest';
import {
  formatInsuranceNumber,
  formatInsuranceNumberInput,
  insuranceNumberKind,
  isValidInsuranceNumber,
  isValidSvnr,
  makeSvnr,
  normalizeSvnr,
  svnrCheckDigit,
} from '@contract/svnr';

describe('Austrian social insurance number (SVNR)', () => {
  it('accepts the documented valid example 1237 010180', () => {
    expect(isValidSvnr('1237 010180')).toBe(true);
    expect(isValidSvnr('1237010180')).toBe(true);
  });

  it('refuses a number whose check digit does not match', () => {
    expect(isValidSvnr('2237010180')).toBe(false);
    expect(isValidSvnr('1238010180')).toBe(false);
  });

  it('refuses numbers starting with 0, of the wrong length or with letters', () => {
    expect(isValidSvnr('0237010180')).toBe(false);
    expect(isValidSvnr('123701018')).toBe(false);
    expect(isValidSvnr('12370101800')).toBe(false);
    expect(isValidSvnr('1237O10180')).toBe(false);
  });

  it('treats a weighted sum with remainder 10 as never issued', () => {
    // Find a serial whose checksum is 10 for this birth date and make sure no check digit makes it valid.
    const serial = [...Array(900).keys()].map((i) => i + 100).find((s) => svnrCheckDigit(`${s}0010180`) === null)!;
    expect(makeSvnr(serial, '1980-01-01')).toBeNull();
    for (let d = 0; d <= 9; d++) expect(isValidSvnr(`${serial}${d}010180`)).toBe(false);
  });

  it('builds valid numbers from a serial and a birth date', () => {
    const svnr = makeSvnr(123, '1980-01-01');
    expect(svnr).toBe('1237010180');
    expect(normalizeSvnr('1237-01.01 80')).toBe('1237010180');
  });

  it('does not validate the birth-date part as a calendar date', () => {
    // Day 01, month 39: not a calendar date, as issued for people with unknown birth dates.
    const serial = [...Array(900).keys()].map((i) => i + 100).find((s) => svnrCheckDigit(`${s}0013999`) !== null)!;
    const check = svnrCheckDigit(`${serial}0013999`)!;
    expect(isValidSvnr(`${serial}${check}013999`)).toBe(true);
  });
});

describe('insurance number forms (spec 000 section 5 "Insurance number")', () => {
  it('tells the SVNR from the fund’s internal R and A numbers and refuses everything else', () => {
    expect(insuranceNumberKind('1237 010180')).toBe('SVNR');
    expect(insuranceNumberKind('r123456789')).toBe('INTERNAL_R');
    expect(insuranceNumberKind('A1234567890')).toBe('INTERNAL_A');
    expect(insuranceNumberKind('a 1234 5678901')).toBe('INTERNAL_A');
    for (const bad of ['1238010180', 'R12345678', 'R1234567890', 'A123456789', 'A1234567890123', 'B123456789', 'RR23456789', 'R12345678X']) {
      expect(insuranceNumberKind(bad), bad).toBeNull();
      expect(isValidInsuranceNumber(bad), bad).toBe(false);
    }
  });

  it('shows a 10-digit number grouped 4-2-2-rest and internal numbers as stored', () => {
    expect(formatInsuranceNumber('1237010180')).toBe('1237 01 01 80');
    expect(formatInsuranceNumber('1237 010180')).toBe('1237 01 01 80');
    expect(formatInsuranceNumber('R123456789')).toBe('R123456789');
    expect(formatInsuranceNumber('A12345678901')).toBe('A12345678901');
  });

  it('groups typed digits 4-6 and keeps the letter of an internal number, capped at its longest form', () => {
    expect(formatInsuranceNumberInput('1237010180')).toBe('1237 010180');
    expect(formatInsuranceNumberInput('r123 456 789 0')).toBe('R123456789');
    expect(formatInsuranceNumberInput('a1234-5678-9012-3')).toBe('A12345678901');
    expect(formatInsuranceNumberInput('x1237010180')).toBe('1237 010180');
  });
});
