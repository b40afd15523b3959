import { describe, expect, it } from 'vitest';
import { checkForm, FORM_KINDS, FORM_SECTIONS } from '../../schema/contract/forms';

/** The contract's form rules (decision 0025) for the exit application and the declarations. */
const TODAY = '2026-11-25';
const common = { idempotencyKey: 'form-0123456789abcdef', contactEmail: 'anna.muster@example.at', termsAccepted: true };
const child = (i: number) => ({ firstName: `Kind${i}`, birthDate: '2010-03-0' + ((i % 9) + 1), gender: 'FEMALE' });

function check(kind: string, section: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return checkForm({ ...common, kind, [FORM_SECTIONS[kind as keyof typeof FORM_SECTIONS]]: section, ...extra }, TODAY);
}

describe('form rules: exit application', () => {
  const ok = { employerName: 'Muster GmbH', employmentEndDate: '2026-12-31', reason: 'MUTUAL_AGREEMENT', request: 'STATEMENT_ONLY' };
  it('accepts a complete application and trims the employer', () => {
    const r = check('EXIT_APPLICATION', { ...ok, employerName: '  Muster GmbH ' });
    expect(r).toMatchObject({ ok: true, value: { kind: 'EXIT_APPLICATION', exitApplication: { ...ok } } });
  });
  it('is INCOMPLETE without a reason and INVALID_DATA with an end date more than a year ahead', () => {
    expect(check('EXIT_APPLICATION', { ...ok, reason: '' })).toMatchObject({ ok: false, code: 'INCOMPLETE', fieldErrors: [{ field: 'exitApplication.reason', code: 'REQUIRED' }] });
    expect(check('EXIT_APPLICATION', { ...ok, employmentEndDate: '2027-11-26' })).toMatchObject({
      ok: false,
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'exitApplication.employmentEndDate', code: 'EXIT_DATE_OUT_OF_RANGE' }],
    });
    expect(check('EXIT_APPLICATION', { ...ok, employmentEndDate: '2027-11-25' }).ok).toBe(true);
  });
});

describe('form rules: declarations', () => {
  it('employment: a choice is needed; employer and since only when employed', () => {
    expect(check('EMPLOYMENT_DECLARATION', {})).toMatchObject({ code: 'INCOMPLETE', fieldErrors: [{ field: 'employmentDeclaration.status', code: 'REQUIRED' }] });
    expect(check('EMPLOYMENT_DECLARATION', { status: 'NOT_EMPLOYED' })).toMatchObject({ ok: true, value: { employmentDeclaration: { employerName: null, since: null } } });
    expect(check('EMPLOYMENT_DECLARATION', { status: 'NOT_EMPLOYED', employerName: 'X' })).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'employmentDeclaration.employerName', code: 'OPTION_CONFLICT' }],
    });
    expect(check('EMPLOYMENT_DECLARATION', { status: 'SELF_EMPLOYED' })).toMatchObject({ code: 'INCOMPLETE' });
    expect(check('EMPLOYMENT_DECLARATION', { status: 'EMPLOYED', employerName: 'Muster AG', since: '2020-02-01' }).ok).toBe(true);
  });

  it('function: a known function, the employer and a since date not in the future', () => {
    expect(check('FUNCTION_DECLARATION', { function: 'MANAGING_DIRECTOR', employerName: 'Muster AG', since: '2024-01-01' }).ok).toBe(true);
    expect(check('FUNCTION_DECLARATION', { function: 'KING', employerName: 'Muster AG', since: '2026-11-26' })).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [
        { field: 'functionDeclaration.function', code: 'INVALID' },
        { field: 'functionDeclaration.since', code: 'DATE_INVALID' },
      ],
    });
  });

  it('family: a partner for married, registered and cohabiting, none for the others; at most 5 children with gender', () => {
    const partner = { firstName: 'Max', lastName: 'Muster', birthDate: '1980-05-05' };
    const five = [1, 2, 3, 4, 5].map(child);
    const married = check('FAMILY_DECLARATION', { maritalStatus: 'MARRIED', since: '2015-06-20', partner, children: five });
    expect(married).toMatchObject({ ok: true, value: { familyDeclaration: { partner, children: five } } });
    expect(check('FAMILY_DECLARATION', { maritalStatus: 'COHABITING', since: '2015-06-20' })).toMatchObject({
      code: 'INCOMPLETE',
      fieldErrors: expect.arrayContaining([{ field: 'familyDeclaration.partner.firstName', code: 'REQUIRED' }]),
    });
    expect(check('FAMILY_DECLARATION', { maritalStatus: 'DIVORCED', since: '2015-06-20', partner })).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'familyDeclaration.partner', code: 'OPTION_CONFLICT' }],
    });
    expect(check('FAMILY_DECLARATION', { maritalStatus: 'SINGLE', children: [...five, child(6)] })).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'familyDeclaration.children.5', code: 'TOO_MANY_CHILDREN' }],
    });
    expect(check('FAMILY_DECLARATION', { maritalStatus: 'SINGLE', children: [{ firstName: 'Lena', birthDate: '2012-01-01' }] })).toMatchObject({
      code: 'INCOMPLETE',
      fieldErrors: [{ field: 'familyDeclaration.children.0.gender', code: 'REQUIRED' }],
    });
    expect(check('FAMILY_DECLARATION', { maritalStatus: 'WIDOWED' })).toMatchObject({ code: 'INCOMPLETE', fieldErrors: [{ field: 'familyDeclaration.since', code: 'REQUIRED' }] });
  });

  it('objection: the letter within the last 90 days; the reason optional, at most 500 characters', () => {
    expect(check('MODEL_OBJECTION', { letterDate: '2026-08-27' })).toMatchObject({ ok: true, value: { modelObjection: { letterDate: '2026-08-27', reason: null } } });
    expect(check('MODEL_OBJECTION', { letterDate: '2026-08-26' })).toMatchObject({
      code: 'INVALID_DATA',
      fieldErrors: [{ field: 'modelObjection.letterDate', code: 'OBJECTION_PERIOD_OVER' }],
    });
    expect(check('MODEL_OBJECTION', { letterDate: '2026-11-20', reason: 'x'.repeat(501) })).toMatchObject({
      fieldErrors: [{ field: 'modelObjection.reason', code: 'TOO_LONG' }],
    });
  });

  it('switch: a target and a first of a month from next month', () => {
    expect(check('MODEL_SWITCH', { target: 'SECURITY_VRG', switchDate: '2026-12-01' }).ok).toBe(true);
    expect(check('MODEL_SWITCH', { target: 'SECURITY_VRG', switchDate: '2026-11-01' })).toMatchObject({
      fieldErrors: [{ field: 'modelSwitch.switchDate', code: 'SWITCH_DATE_OUT_OF_RANGE' }],
    });
    expect(check('MODEL_SWITCH', { target: 'COLLECTIVE_INSURANCE', switchDate: '2027-01-15' })).toMatchObject({
      fieldErrors: [{ field: 'modelSwitch.switchDate', code: 'SWITCH_DATE_NOT_FIRST' }],
    });
  });
});

describe('form rules: common', () => {
  it('every kind has a section, and another kind’s section is refused (exactly one section)', () => {
    expect(Object.keys(FORM_SECTIONS).sort()).toEqual([...FORM_KINDS].sort());
    const r = check('MODEL_SWITCH', { target: 'SECURITY_VRG', switchDate: '2026-12-01' }, { familyDeclaration: { maritalStatus: 'SINGLE' } });
    expect(r).toMatchObject({ ok: false, code: 'INVALID_DATA', fieldErrors: [{ field: 'familyDeclaration', code: 'OPTION_CONFLICT' }] });
  });
  it('terms not accepted make a declaration INCOMPLETE; a wrong e-mail alone is INVALID_EMAIL', () => {
    expect(check('MODEL_OBJECTION', { letterDate: '2026-11-20' }, { termsAccepted: false })).toMatchObject({
      code: 'INCOMPLETE',
      fieldErrors: [{ field: 'termsAccepted', code: 'TERMS_NOT_ACCEPTED' }],
    });
    expect(check('MODEL_OBJECTION', { letterDate: '2026-11-20' }, { contactEmail: 'anna@' })).toMatchObject({ code: 'INVALID_EMAIL' });
  });
});
