import { describe, expect, it } from 'vitest';
import { formatPersonName } from './person-name';

describe('formatPersonName', () => {
  it('puts the titles before the name in front', () => {
    expect(formatPersonName({ titlePrefix: 'Mag.a', firstName: 'Anna', lastName: 'Muster' })).toBe('Mag.a Anna Muster');
  });

  it('puts the titles after the name behind a comma', () => {
    expect(formatPersonName({ firstName: 'Bernd', lastName: 'Vorsorge', titleSuffix: 'MSc' })).toBe('Bernd Vorsorge, MSc');
    expect(formatPersonName({ titlePrefix: 'Dr.', firstName: 'Clara', lastName: 'Pension', titleSuffix: 'MBA' })).toBe('Dr. Clara Pension, MBA');
  });

  it('leaves out missing or blank titles', () => {
    expect(formatPersonName({ titlePrefix: null, firstName: 'Anna', lastName: 'Muster', titleSuffix: ' ' })).toBe('Anna Muster');
  });
});
