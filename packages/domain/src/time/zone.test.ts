import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDaysBetween,
  dayRange,
  instantOfWallClock,
  isSameZonedDay,
  isoOffset,
  startOfDay,
  startOfZonedDay,
  wallClockIso,
  zonedDay,
  zonedParts,
  zoneOffsetMs,
} from './zone.ts';

const HOUR_MS = 3_600_000;

describe('zonedParts and zoneOffsetMs', () => {
  it.each([
    ['2026-11-24T11:15:00Z', 'Asia/Colombo', { year: 2026, month: 11, day: 24, hour: 16, minute: 45, second: 0, weekday: 2 }],
    ['2026-11-30T18:30:00Z', 'Asia/Colombo', { year: 2026, month: 12, day: 1, hour: 0, minute: 0, second: 0, weekday: 2 }],
    ['2026-12-31T18:29:59Z', 'Asia/Colombo', { year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59, weekday: 4 }],
    ['2026-07-01T23:30:00Z', 'Europe/London', { year: 2026, month: 7, day: 2, hour: 0, minute: 30, second: 0, weekday: 4 }],
    ['2026-12-01T00:00:00Z', 'Europe/London', { year: 2026, month: 12, day: 1, hour: 0, minute: 0, second: 0, weekday: 2 }],
  ])('%s in %s', (iso, zone, parts) => {
    expect(zonedParts(new Date(iso), zone)).toEqual(parts);
  });

  it('is +05:30 in Colombo all year, and GMT or BST in London', () => {
    expect(isoOffset(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'Asia/Colombo'))).toBe('+05:30');
    expect(isoOffset(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Asia/Colombo'))).toBe('+05:30');
    expect(isoOffset(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'Europe/London'))).toBe('+00:00');
    expect(isoOffset(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Europe/London'))).toBe('+01:00');
    expect(isoOffset(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/New_York'))).toBe('-05:00');
  });

  // The kept quarter-hour offsets must read every instant as Intl itself does, around each kind of change.
  it.each([
    ['Europe/London', '2026-03-29T00:00:00Z'],
    ['Europe/London', '2026-10-25T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'],
    ['Asia/Kathmandu', '1985-12-31T17:30:00Z'],
    ['Asia/Colombo', '2006-04-14T17:30:00Z'],
    ['America/St_Johns', '2026-11-01T03:00:00Z'],
    // Monrovia moved from -00:44:30 to UTC at 00:44:30 UTC: a change inside a quarter hour.
    ['Africa/Monrovia', '1972-01-07T00:00:00Z'],
  ])('reads %s around %s second by second as Intl does', (zone, iso) => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const start = Date.parse(iso);
    for (let ms = start; ms < start + 2 * HOUR_MS; ms += 1_000) {
      const parts = zonedParts(new Date(ms), zone);
      const shown = `${String(parts.month).padStart(2, '0')}/${String(parts.day).padStart(2, '0')}/${parts.year}, ${String(parts.hour).padStart(2, '0')}:${String(parts.minute).padStart(2, '0')}:${String(parts.second).padStart(2, '0')}`;
      expect(shown, new Date(ms).toISOString()).toBe(intl.format(new Date(ms)));
    }
  });
});

describe('a wall clock in a zone to an instant, and back', () => {
  // Steps of 2 h 17 min land on every hour and most minutes of the year; the change days in 15 minutes.
  const instants = [
    ...Array.from({ length: 3837 }, (_, i) => Date.UTC(2026, 0, 1) + i * 137 * 60_000),
    ...Array.from({ length: 96 * 2 }, (_, i) => Date.UTC(2026, 2, 28, 12) + i * 15 * 60_000),
    ...Array.from({ length: 96 * 2 }, (_, i) => Date.UTC(2026, 9, 24, 12) + i * 15 * 60_000),
  ];
  it.each(['Asia/Colombo', 'Europe/London', 'America/New_York'])('round-trips instants all through 2026 in %s', (zone) => {
    for (const t of instants) {
      const instant = new Date(t);
      const { weekday: _weekday, ...clock } = zonedParts(instant, zone);
      // A time shown twice (London's autumn hour) reads as its first showing.
      const back = instantOfWallClock(clock, zone).getTime();
      expect(back === t || back === t - HOUR_MS).toBe(true);
      expect(zonedParts(new Date(back), zone)).toEqual(zonedParts(instant, zone));
    }
  });

  it.each([
    ['2026-11-25', '09:00', 'Asia/Colombo', '2026-11-25T09:00:00+05:30', '2026-11-25T03:30:00.000Z'],
    ['2026-12-31', '23:30', 'Asia/Colombo', '2026-12-31T23:30:00+05:30', '2026-12-31T18:00:00.000Z'],
    ['2027-01-01', '00:00', 'Asia/Colombo', '2027-01-01T00:00:00+05:30', '2026-12-31T18:30:00.000Z'],
    ['2030-07-01', '09:00', 'Europe/London', '2030-07-01T09:00:00+01:00', '2030-07-01T08:00:00.000Z'],
    ['2030-01-15', '16:00', 'America/New_York', '2030-01-15T16:00:00-05:00', '2030-01-15T21:00:00.000Z'],
    // London, 29 Mar 2026: 01:00 GMT becomes 02:00 BST; 25 Oct 2026: 02:00 BST becomes 01:00 GMT.
    ['2026-03-29', '00:30', 'Europe/London', '2026-03-29T00:30:00+00:00', '2026-03-29T00:30:00.000Z'],
    ['2026-03-29', '02:30', 'Europe/London', '2026-03-29T02:30:00+01:00', '2026-03-29T01:30:00.000Z'],
    ['2026-10-25', '01:30', 'Europe/London', '2026-10-25T01:30:00+01:00', '2026-10-25T00:30:00.000Z'],
    ['2026-10-25', '02:30', 'Europe/London', '2026-10-25T02:30:00+00:00', '2026-10-25T02:30:00.000Z'],
  ])('%s %s in %s is %s', (day, time, zone, iso, utc) => {
    expect(wallClockIso(day, time, zone)).toBe(iso);
    expect(new Date(Date.parse(iso)).toISOString()).toBe(utc);
    const [hour, minute] = time.split(':').map(Number);
    const [year, month, date] = day.split('-').map(Number);
    expect(instantOfWallClock({ year: year!, month: month!, day: date!, hour, minute }, zone).toISOString()).toBe(utc);
  });

  it('reads a time the clocks skip on the offset from before the change (01:30 on 29 Mar 2026 is 02:30 BST)', () => {
    expect(instantOfWallClock({ year: 2026, month: 3, day: 29, hour: 1, minute: 30 }, 'Europe/London').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });
});

describe('days in a zone', () => {
  it.each([
    ['2026-11-24T18:29:59Z', 'Asia/Colombo', '2026-11-24'],
    ['2026-11-24T18:30:00Z', 'Asia/Colombo', '2026-11-25'],
    ['2026-12-31T18:30:00Z', 'Asia/Colombo', '2027-01-01'],
    ['2026-07-01T23:30:00Z', 'Europe/London', '2026-07-02'],
    ['2026-12-01T23:30:00Z', 'Europe/London', '2026-12-01'],
  ])('%s is on %s’s day %s', (iso, zone, day) => {
    expect(zonedDay(new Date(iso), zone)).toBe(day);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-04-30', 1, '2026-05-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-11-24', 7, '2026-12-01'],
    ['2026-11-24', 0, '2026-11-24'],
  ])('%s plus %i days is %s', (day, days, next) => {
    expect(addDays(day, days)).toBe(next);
  });

  it.each([
    ['2026-11-24T12:00:00Z', 'Asia/Colombo', 0, '2026-11-23T18:30:00.000Z'],
    ['2026-11-24T20:00:00Z', 'Asia/Colombo', 0, '2026-11-24T18:30:00.000Z'],
    ['2026-11-30T12:00:00Z', 'Asia/Colombo', 1, '2026-11-30T18:30:00.000Z'],
    ['2026-12-31T12:00:00Z', 'Asia/Colombo', 1, '2026-12-31T18:30:00.000Z'],
    ['2026-07-01T12:00:00Z', 'Europe/London', 0, '2026-06-30T23:00:00.000Z'],
    ['2026-12-01T12:00:00Z', 'Europe/London', 0, '2026-12-01T00:00:00.000Z'],
    ['2026-03-28T12:00:00Z', 'Europe/London', 1, '2026-03-29T00:00:00.000Z'],
    ['2026-03-28T12:00:00Z', 'Europe/London', 2, '2026-03-29T23:00:00.000Z'],
  ])('the day of %s in %s, %i days on, starts at %s', (iso, zone, days, start) => {
    expect(startOfZonedDay(new Date(iso), zone, days).toISOString()).toBe(start);
  });

  // startOfZonedDay keeps the last day it read per zone: whatever was asked before, it must answer as
  // the day, the days on and startOfDay answer afresh, inside a kept day, at its two ends and around changes.
  it.each([
    ['Asia/Colombo', '2026-11-23T00:00:00Z'],
    ['Asia/Colombo', '2006-04-13T00:00:00Z'],
    ['Europe/London', '2026-03-27T00:00:00Z'],
    ['Europe/London', '2026-10-23T00:00:00Z'],
    ['America/New_York', '2026-10-30T00:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-02T00:00:00Z'],
    ['Asia/Kathmandu', '1985-12-29T00:00:00Z'],
    // Clocks turned forward at midnight (Sao Paulo 2018), a day left out (Apia 2011), a change inside a quarter hour.
    ['America/Sao_Paulo', '2018-11-02T00:00:00Z'],
    ['Pacific/Apia', '2011-12-27T00:00:00Z'],
    ['Africa/Monrovia', '1972-01-05T00:00:00Z'],
  ])('starts the days of %s around %s as the day itself does', (zone, iso) => {
    const afresh = (ms: number, days: number) => startOfDay(addDays(zonedDay(new Date(ms), zone), days), zone).getTime();
    const start = Date.parse(iso);
    // 29 min 13 s steps over five days, each followed by the ends of its day, then days away and back.
    for (let ms = start; ms < start + 5 * 24 * HOUR_MS; ms += 1_753_000) {
      const from = afresh(ms, 0);
      const to = afresh(ms, 1);
      for (const at of [ms, from - 1, from, to - 1, to, ms + 3 * 24 * HOUR_MS, ms]) {
        for (const days of [0, 1, 2, -1]) {
          expect(startOfZonedDay(new Date(at), zone, days).getTime(), `${new Date(at).toISOString()} ${days}`).toBe(afresh(at, days));
        }
      }
    }
  });

  it('reads the runtime’s own zone afresh, and an instant that is not one as zonedDay does', () => {
    const now = new Date();
    expect(startOfZonedDay(now).getTime()).toBe(startOfDay(zonedDay(now)).getTime());
    expect(() => startOfZonedDay(new Date('not a date'), 'Asia/Colombo')).toThrow(RangeError);
  });

  it('has 24 hours a day in Colombo, and 23 and 25 on London’s change days', () => {
    const hours = (day: string, zone: string) => {
      const { from, to } = dayRange(day, zone);
      return (to.getTime() - from.getTime()) / HOUR_MS;
    };
    expect(hours('2026-03-29', 'Asia/Colombo')).toBe(24);
    expect(hours('2026-03-29', 'Europe/London')).toBe(23);
    expect(hours('2026-10-25', 'Europe/London')).toBe(25);
    expect(hours('2026-11-24', 'Europe/London')).toBe(24);
    expect(startOfDay('2026-10-25', 'Europe/London').toISOString()).toBe('2026-10-24T23:00:00.000Z');
  });

  it('counts calendar days, not 24-hour steps', () => {
    const zone = 'Asia/Colombo';
    expect(calendarDaysBetween(new Date('2026-11-24T18:29:00Z'), new Date('2026-11-24T18:31:00Z'), zone)).toBe(1);
    expect(calendarDaysBetween(new Date('2026-11-24T18:31:00Z'), new Date('2026-11-25T18:29:00Z'), zone)).toBe(0);
    expect(calendarDaysBetween(new Date('2026-12-31T12:00:00Z'), new Date('2026-11-30T12:00:00Z'), zone)).toBe(-31);
    expect(calendarDaysBetween(new Date('2026-03-28T12:00:00Z'), new Date('2026-03-30T12:00:00Z'), 'Europe/London')).toBe(2);
    expect(calendarDaysBetween(new Date('not a date'), new Date('2026-03-30T12:00:00Z'), zone)).toBeNaN();
    expect(isSameZonedDay(new Date('2026-11-24T18:31:00Z'), new Date('2026-11-25T18:29:00Z'), zone)).toBe(true);
    expect(isSameZonedDay(new Date('2026-11-24T18:29:00Z'), new Date('2026-11-24T18:31:00Z'), zone)).toBe(false);
  });
});
