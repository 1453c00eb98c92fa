import { describe, expect, it } from 'vitest';
import { hospitalClock, hospitalDateTime, hospitalDayOf, hospitalDayRange, hospitalInstant, shiftDay } from './hospital-time.ts';

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

describe('the audit trail’s times', () => {
  it('are the hospital’s, in the user’s language, 24-hour with seconds, never the US layout', () => {
    // 11:00 UTC is 16:30 in Colombo.
    expect(hospitalDateTime('2026-11-24T11:00:00Z', 'en')).toBe('24 Nov 2026, 16:30:00');
    expect(hospitalDateTime('2026-11-24T11:00:00Z', 'si')).toContain('16.30.00');
    expect(hospitalDateTime('2026-11-24T11:00:00Z', 'ta')).toContain('16:30:00');
    expect(hospitalDateTime('2026-11-24T20:00:00Z', 'en')).toBe('25 Nov 2026, 01:30:00');
    expect(hospitalDateTime('not a time', 'en')).toBe('');
  });
});
