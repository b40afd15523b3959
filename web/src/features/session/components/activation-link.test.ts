import { describe, expect, it } from 'vitest';
import { activationIdFrom, activationStatusOf } from './activation-link';

describe('activationIdFrom', () => {
  it('reads the id parameter of the hash route or of the page', () => {
    expect(activationIdFrom({ search: '', hash: '#/activation?id=AbC_12-x' })).toBe('AbC_12-x');
    expect(activationIdFrom({ search: '?id=AbC_12-x', hash: '#/activation' })).toBe('AbC_12-x');
  });

  it('takes the text after an equals sign in the hash', () => {
    expect(activationIdFrom({ search: '', hash: '#/activation=AbC_12-x' })).toBe('AbC_12-x');
    expect(activationIdFrom({ search: '', hash: '#/activation?=AbC_12-x' })).toBe('AbC_12-x');
  });

  it('gives null when the address holds no id', () => {
    expect(activationIdFrom({ search: '', hash: '#/activation' })).toBeNull();
    expect(activationIdFrom({ search: '', hash: '#/activation?id=' })).toBeNull();
    expect(activationIdFrom({ search: '', hash: '#/activation=%E0' })).toBeNull();
  });
});

describe('activationStatusOf', () => {
  it('reads the ok status, a known error code, and anything else as ERROR', () => {
    expect(activationStatusOf({ ok: { status: 'ALREADY_ACTIVATED' }, error: null })).toBe('ALREADY_ACTIVATED');
    expect(activationStatusOf({ ok: null, error: { code: 'ERROR_LINK_EXPIRED' } })).toBe('ERROR_LINK_EXPIRED');
    expect(activationStatusOf({ ok: null, error: { code: 'SOMETHING_NEW' } })).toBe('ERROR');
    expect(activationStatusOf(undefined)).toBe('ERROR');
  });
});
