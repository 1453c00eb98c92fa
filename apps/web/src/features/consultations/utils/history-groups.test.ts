import { describe, expect, it } from 'vitest';
import {
  appointmentTimeText,
  FIRST_HISTORY_COUNT,
  groupHistory,
  historyGroupOf,
  historyPage,
  nextHistoryCount,
  orderHistory,
} from './history-groups.ts';

/** A wall-clock time on the hospital's clock (Asia/Colombo, UTC+5:30): history dates follow it, never the device's (issue 29 §1.3). */
function colombo(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) - 330 * 60_000);
}


// A fixed clock on the hospital's clock: 23 Nov 2026, 10:00.
const now = colombo(2026, 10, 23, 10, 0);
const at = (day: number, hour: number, minute = 0) => colombo(2026, 10, day, hour, minute).toISOString();

describe('historyGroupOf (spec doc 2 §2: Today, Upcoming, Past)', () => {
  it.each([
    [colombo(2026, 10, 23, 0, 0), 'today'],
    [colombo(2026, 10, 23, 8, 0), 'today'],
    [colombo(2026, 10, 23, 23, 59), 'today'],
    [colombo(2026, 10, 24, 0, 0), 'upcoming'],
    [colombo(2027, 0, 2, 9, 0), 'upcoming'],
    [colombo(2026, 10, 22, 23, 59), 'past'],
    [colombo(2025, 10, 23, 10, 0), 'past'],
  ] as const)('%s is %s', (start, group) => {
    expect(historyGroupOf(start, now)).toBe(group);
  });
});

describe('orderHistory and groupHistory', () => {
  const appointments = [
    { id: 'past-old', start: at(1, 9) },
    { id: 'today-late', start: at(23, 18) },
    { id: 'upcoming-far', start: at(30, 9) },
    { id: 'past-recent', start: at(22, 9) },
    { id: 'today-early', start: at(23, 7) },
    { id: 'upcoming-near', start: at(24, 9) },
  ];

  it('reads today and upcoming soonest first, then past latest first', () => {
    expect(orderHistory(appointments, now).map(({ id }) => id)).toEqual([
      'today-early',
      'today-late',
      'upcoming-near',
      'upcoming-far',
      'past-recent',
      'past-old',
    ]);
  });

  it('groups in the order Today, Upcoming, Past and leaves out empty groups', () => {
    const groups = groupHistory(orderHistory(appointments, now), now);
    expect(groups.map(({ key, appointments: items }) => [key, items.map(({ id }) => id)])).toEqual([
      ['today', ['today-early', 'today-late']],
      ['upcoming', ['upcoming-near', 'upcoming-far']],
      ['past', ['past-recent', 'past-old']],
    ]);
    expect(groupHistory(orderHistory([appointments[0]!], now), now).map(({ key }) => key)).toEqual(['past']);
  });
});

describe('historyPage (spec doc 2 §9: 8, then 8 more per load)', () => {
  const twenty = Array.from({ length: 20 }, (_, index) => ({ id: `a${index + 1}`, start: at(22, 0, index) }));

  it('shows 8 at first', () => {
    expect(FIRST_HISTORY_COUNT).toBe(8);
    const page = historyPage(twenty, now, FIRST_HISTORY_COUNT);
    expect(page.shown).toBe(8);
    expect(page.remaining).toBe(12);
    // Past, latest first: a20 … a13.
    expect(page.groups[0]?.appointments.map(({ id }) => id)).toEqual(['a20', 'a19', 'a18', 'a17', 'a16', 'a15', 'a14', 'a13']);
  });

  it('shows 8 more per load until none remain', () => {
    const second = historyPage(twenty, now, nextHistoryCount(FIRST_HISTORY_COUNT));
    expect([second.shown, second.remaining]).toEqual([16, 4]);
    const third = historyPage(twenty, now, nextHistoryCount(nextHistoryCount(FIRST_HISTORY_COUNT)));
    expect([third.shown, third.remaining]).toEqual([20, 0]);
  });

  it('is empty for no appointments', () => {
    expect(historyPage([], now, FIRST_HISTORY_COUNT)).toEqual({ groups: [], shown: 0, remaining: 0 });
  });
});

describe('appointmentTimeText (spec doc 2 §9: h:mm A)', () => {
  it.each([
    [colombo(2026, 10, 23, 0, 5), '12:05 AM'],
    [colombo(2026, 10, 23, 9, 5), '9:05 AM'],
    [colombo(2026, 10, 23, 12, 30), '12:30 PM'],
    [colombo(2026, 10, 23, 18, 0), '6:00 PM'],
  ])('%s reads %s', (date, text) => {
    expect(appointmentTimeText(date)).toBe(text);
  });
});
