import { describe, expect, it } from 'vitest';
import { dayAndTime, dayHeading, groupSessionsByDay, timeOfDay } from './session-days.ts';

describe('groupSessionsByDay (spec doc 2 §2: sessions grouped by day)', () => {
  it('puts sessions under their day at the hospital, days and sessions in start order', () => {
    const days = groupSessionsByDay([
      { id: 'c', startTime: '2026-11-25T02:30:00Z' },
      { id: 'b', startTime: '2026-11-24T12:00:00Z' },
      { id: 'a', startTime: '2026-11-24T03:30:00Z' },
    ]);
    expect(days.map((day) => [day.day, day.sessions.map((session) => session.id)])).toEqual([
      ['2026-11-24', ['a', 'b']],
      ['2026-11-25', ['c']],
    ]);
  });

  it("uses the hospital's time zone, not the device's (issue 29 §1.4): 01:30 in Colombo is the next day there", () => {
    // 2026-11-24T20:00Z is 24 November on a phone set to UTC, 25 November 01:30 at the hospital.
    const days = groupSessionsByDay([{ id: 'late', startTime: '2026-11-24T20:00:00Z' }]);
    expect(days.map((day) => day.day)).toEqual(['2026-11-25']);
    expect(timeOfDay('2026-11-24T20:00:00Z', 'en')).toBe('1:30 AM');
  });

  it('gives no days for no sessions', () => {
    expect(groupSessionsByDay([])).toEqual([]);
  });
});

describe('day headings and times (issue 29 §1.4: in the user language)', () => {
  it.each([
    ['en', 'Wednesday, November 25'],
    ['si', 'ඉල් 25 බදාදා'],
    ['ta', 'நவம்பர் 25, புதன்'],
  ])('names the day in %s', (locale, heading) => {
    expect(dayHeading('2026-11-25', locale)).toBe(heading);
  });

  it('shows times as h:mm with AM/PM at the hospital (spec doc 2 §9)', () => {
    expect(timeOfDay('2026-11-24T11:35:00Z', 'en')).toBe('5:05 PM');
    expect(timeOfDay('2026-11-24T03:30:00Z', 'en')).toBe('9:00 AM');
  });

  it('gives the day with the time where no day heading is shown', () => {
    expect(dayAndTime('2026-11-26T08:26:00Z', 'en')).toBe('Thursday, November 26 at 1:56 PM');
  });
});
