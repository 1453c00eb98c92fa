import { describe, expect, it } from 'vitest';
import { dayAndTime, dayHeading, groupSessionsByDay, timeOfDay } from './session-days.ts';

const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();

describe('groupSessionsByDay (spec doc 2 §2: sessions grouped by day)', () => {
  it('puts sessions under their local day, days and sessions in start order', () => {
    const days = groupSessionsByDay([
      { id: 'c', startTime: at(25, 8) },
      { id: 'b', startTime: at(24, 17, 30) },
      { id: 'a', startTime: at(24, 9) },
    ]);
    expect(days.map((day) => [day.day, day.sessions.map((session) => session.id)])).toEqual([
      ['2026-11-24', ['a', 'b']],
      ['2026-11-25', ['c']],
    ]);
  });

  it('gives no days for no sessions', () => {
    expect(groupSessionsByDay([])).toEqual([]);
  });
});

describe('day headings and times', () => {
  it('names the day in the active language', () => {
    expect(dayHeading('2026-11-24', 'en')).toBe('Tuesday, November 24');
  });

  it('shows times as h:mm with AM/PM (spec doc 2 §9)', () => {
    expect(timeOfDay(at(24, 17, 5), 'en')).toBe('5:05 PM');
    expect(timeOfDay(at(24, 9, 0), 'en')).toBe('9:00 AM');
  });

  it('gives the day with the time where no day heading is shown', () => {
    expect(dayAndTime(at(26, 13, 56), 'en')).toBe('Thursday, November 26 at 1:56 PM');
  });
});
