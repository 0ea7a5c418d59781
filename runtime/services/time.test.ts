import { describe, expect, it } from 'vitest';
import { localDate, zonedTimeToUtc } from './time.ts';

const at = (iso: string): number => Date.parse(iso);

describe('zonedTimeToUtc and localDate', () => {
  it('refuses a date or time that is not one rather than guessing', () => {
    expect(() => zonedTimeToUtc('2026-02-30', '10:00', 'America/New_York')).toThrow(RangeError);
    expect(() => zonedTimeToUtc('2026-02-28', '24:00', 'America/New_York')).toThrow(RangeError);
  });

  it('reads the local date just either side of midnight in the zone', () => {
    expect(localDate(at('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07');
    expect(localDate(at('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(localDate(at('2026-07-01T03:59:59Z'), 'America/New_York')).toBe('2026-06-30');
    expect(localDate(at('2026-07-01T04:00:00Z'), 'America/New_York')).toBe('2026-07-01');
  });
});
