import { describe, expect, it } from 'vitest';
import { hospitalTime, hospitalWeekday, startOfHospitalDay } from './hospitals.time.ts';

describe('hospital days (Sri Lanka, UTC+05:30)', () => {
  it('starts today at local midnight, also just before and after UTC midnight', () => {
    // 2030-01-15 20:00 UTC is already 2030-01-16 01:30 in Colombo
    expect(startOfHospitalDay(new Date('2030-01-15T20:00:00Z')).toISOString()).toBe(
      '2030-01-15T18:30:00.000Z',
    );
    // 2030-01-15 17:00 UTC is 22:30 on the 15th in Colombo
    expect(startOfHospitalDay(new Date('2030-01-15T17:00:00Z')).toISOString()).toBe(
      '2030-01-14T18:30:00.000Z',
    );
  });

  it('places local clock times on later days', () => {
    const now = new Date('2030-01-15T03:00:00Z');
    expect(hospitalTime(now, 1, 17, 30).toISOString()).toBe('2030-01-16T12:00:00.000Z');
    // 2030-01-15 is a Tuesday
    expect(hospitalWeekday(now, 0)).toBe(2);
    expect(hospitalWeekday(now, 5)).toBe(0);
  });
});
