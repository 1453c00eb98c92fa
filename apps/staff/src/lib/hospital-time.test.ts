import { describe, expect, it } from 'vitest';
import { hospitalClock, hospitalDayOf, hospitalDayRange, hospitalInstant, shiftDay } from './hospital-time.ts';

describe('hospital days and times (UTC+05:30)', () => {
  it('puts 20:00 UTC on the next Sri Lanka day', () => {
    expect(hospitalDayOf(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    expect(hospitalDayOf(new Date('2026-11-23T18:00:00Z'))).toBe('2026-11-23');
  });

  it('starts a day at local midnight', () => {
    expect(hospitalDayRange('2026-11-24')).toEqual({
      from: new Date('2026-11-23T18:30:00Z'),
      to: new Date('2026-11-24T18:30:00Z'),
    });
  });

  it('turns a local clock time into its instant and back', () => {
    const at = hospitalInstant('2026-11-24', '17:30');
    expect(at).toEqual(new Date('2026-11-24T12:00:00Z'));
    expect(hospitalClock(at ?? new Date(0))).toBe('17:30');
    expect(hospitalInstant('2026-11-24', '')).toBeNull();
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
  });
});
