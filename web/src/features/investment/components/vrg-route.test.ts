import { describe, expect, it } from 'vitest';
import { parseVrgSegment } from './vrg-route';

describe('parseVrgSegment', () => {
  it('reads vrg followed by a number from 1 to 9999', () => {
    expect(parseVrgSegment('vrg3')).toBe(3);
    expect(parseVrgSegment('vrg99')).toBe(99);
    expect(parseVrgSegment('vrg9999')).toBe(9999);
  });

  it('answers undefined without a segment and null for anything else', () => {
    expect(parseVrgSegment(undefined)).toBeUndefined();
    for (const bad of ['3', 'vrg', 'vrg0', 'vrg03', 'vrg10000', 'VRG3', 'vrg3a', 'vrg-1', 'vrg 3', 'vrg1e3']) {
      expect(parseVrgSegment(bad), bad).toBeNull();
    }
  });
});
