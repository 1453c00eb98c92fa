/**
 * Instants in an IANA time zone, through the runtime's Intl.DateTimeFormat (no date library: every
 * engine the apps run on carries the tz database, and the names of en, si and ta come from Intl too).
 * An instant is a Date (UTC); a day is 'YYYY-MM-DD'; a wall clock is a zone's date and time of day.
 * A time zone left out is the runtime's own: kept for the screens that show the device's time today.
 */

/**
 * The time zone hospital days are counted in. The tenant configuration has no time zone yet (the
 * server's hospitals.time.ts also counts Sri Lanka days, UTC+05:30); this becomes a tenant setting
 * when a tenant outside Sri Lanka arrives.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Colombo';

/** A date and time of day on a zone's clock; month 1 to 12, weekday 0 (Sunday) to 6. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

/** A wall clock with its day of the week. */
export type ZonedParts = WallClock & { weekday: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const numericFormats = new Map<string, Intl.DateTimeFormat>();

function numericFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  };
  // The runtime's own zone can change while a page stays open (a phone that travels): not cached.
  if (timeZone === undefined) {
    return new Intl.DateTimeFormat('en-US', options);
  }
  let format = numericFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    numericFormats.set(timeZone, format);
  }
  return format;
}

function intlParts(instant: Date, timeZone: string | undefined): ZonedParts {
  const parts = numericFormat(timeZone).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes): string => parts.find((part) => part.type === type)?.value ?? '0';
  return {
    year: Number(field('year')),
    month: Number(field('month')),
    day: Number(field('day')),
    // Some engines answer '24' for midnight even on the h23 cycle.
    hour: Number(field('hour')) % 24,
    minute: Number(field('minute')),
    second: Number(field('second')),
    weekday: WEEKDAYS.indexOf(field('weekday') as (typeof WEEKDAYS)[number]),
  };
}

/*
 * formatToParts costs some microseconds a call, and a search or a list reads several instants per
 * request. A zone's offset is the same over a whole quarter hour unless it changes inside it, so the
 * offset of each quarter hour is asked of Intl once (at its first and last second) and kept; a quarter
 * hour whose two ends differ (a change inside it) always asks Intl. Only named zones and the years
 * 1970 to 9999 take this path.
 */
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const FAST_UNTIL_MS = Date.UTC(10000, 0, 1);
const OFFSETS_KEPT = 4096;
const quarterHourOffsets = new Map<string, number>();

function intlOffsetMs(ms: number, timeZone: string): number {
  return wallClockAsUtc(intlParts(new Date(ms), timeZone)) - Math.floor(ms / 1000) * 1000;
}

function quarterHourOffset(ms: number, timeZone: string): number {
  const start = Math.floor(ms / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const key = `${timeZone} ${start}`;
  let offset = quarterHourOffsets.get(key);
  if (offset === undefined) {
    const first = intlOffsetMs(start, timeZone);
    offset = first === intlOffsetMs(start + QUARTER_HOUR_MS - 1000, timeZone) ? first : Number.NaN;
    if (quarterHourOffsets.size >= OFFSETS_KEPT) {
      quarterHourOffsets.clear();
    }
    quarterHourOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The date, time of day and weekday of an instant on a zone's clock.
 * @param instant - the instant
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function zonedParts(instant: Date, timeZone?: string): ZonedParts {
  const ms = instant.getTime();
  if (timeZone !== undefined && ms >= 0 && ms < FAST_UNTIL_MS) {
    const offset = quarterHourOffset(ms, timeZone);
    if (!Number.isNaN(offset)) {
      const clock = new Date(ms + offset);
      return {
        year: clock.getUTCFullYear(),
        month: clock.getUTCMonth() + 1,
        day: clock.getUTCDate(),
        hour: clock.getUTCHours(),
        minute: clock.getUTCMinutes(),
        second: clock.getUTCSeconds(),
        weekday: clock.getUTCDay(),
      };
    }
  }
  return intlParts(instant, timeZone);
}

function wallClockAsUtc(clock: WallClock): number {
  return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
}

/**
 * A zone's offset from UTC at an instant, in milliseconds (+05:30 is 19,800,000).
 * @param instant - the instant
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function zoneOffsetMs(instant: Date, timeZone?: string): number {
  return wallClockAsUtc(zonedParts(instant, timeZone)) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a zone's clock shows a wall clock. A time shown twice (clocks turned back) is its first
 * showing; a time skipped (clocks turned forward) reads on the offset from before the change, so
 * 01:30 on London's spring-forward day is 02:30 BST (Temporal's 'compatible' choice).
 * @param clock - the date and time of day on the zone's clock; hour, minute and second 0 when left out
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function instantOfWallClock(clock: Partial<WallClock> & Pick<WallClock, 'year' | 'month' | 'day'>, timeZone?: string): Date {
  const local = wallClockAsUtc({ hour: 0, minute: 0, second: 0, ...clock });
  // A zone's offset changes at most once in a day around the wall clock: try the offsets a day
  // before and a day after, earliest instant first.
  const before = zoneOffsetMs(new Date(local - DAY_MS), timeZone);
  const after = zoneOffsetMs(new Date(local + DAY_MS), timeZone);
  const candidates = [...new Set([local - before, local - after])].sort((a, b) => a - b);
  const shown = candidates.find((candidate) => wallClockAsUtc(zonedParts(new Date(candidate), timeZone)) === local);
  return new Date(shown ?? local - before);
}

/**
 * A zone's offset as ISO 8601 writes it: '+05:30', '-05:00', '+00:00'.
 * @param offsetMs - the offset in milliseconds
 */
export function isoOffset(offsetMs: number): string {
  const minutes = Math.round(offsetMs / MINUTE_MS);
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

function dayParts(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: date ?? 1 };
}

/**
 * A day and a time of day in a zone as ISO 8601 with the zone's offset then, e.g.
 * ('2026-11-25', '09:00', 'Asia/Colombo') gives '2026-11-25T09:00:00+05:30'.
 * @param day - YYYY-MM-DD
 * @param time - HH:MM
 * @param timeZone - an IANA time zone
 */
export function wallClockIso(day: string, time: string, timeZone: string): string {
  const [hour, minute] = time.split(':').map(Number);
  const clock = { ...dayParts(day), hour: hour ?? 0, minute: minute ?? 0, second: 0 };
  const instant = instantOfWallClock(clock, timeZone);
  return `${day}T${time}:00${isoOffset(wallClockAsUtc(clock) - instant.getTime())}`;
}

/**
 * The day ('YYYY-MM-DD') of an instant on a zone's clock.
 * @param instant - the instant
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function zonedDay(instant: Date, timeZone?: string): string {
  const { year, month, day } = zonedParts(instant, timeZone);
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/**
 * The day some days before or after a day, by the calendar: ('2026-02-28', 1) gives '2026-03-01'.
 * @param day - YYYY-MM-DD
 * @param days - how many days to move; negative moves back
 */
export function addDays(day: string, days: number): string {
  const parts = dayParts(day);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days)).toISOString().slice(0, 10);
}

/**
 * The instant a day starts (midnight, or the first time after it when a change skips midnight) in a zone.
 * @param day - YYYY-MM-DD
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function startOfDay(day: string, timeZone?: string): Date {
  return instantOfWallClock(dayParts(day), timeZone);
}

/*
 * A session search asks for the start of today on every request, and the way there (the day, the day
 * after, two offsets and the wall clock again) took 1.7% of its server CPU (bench:search, issue 28's
 * "no worse" profile) where the fixed +05:30 sum it replaced took nothing. The last day asked of
 * each named zone is kept with the instants it starts and ends, when one offset holds over all of it
 * (24 hours from midnight, the same offset at both ends: a zone changes at most once a day, as
 * instantOfWallClock counts too); every instant inside such a day reads as that day.
 */
type KeptDay = { day: string; from: number; to: number };
const ZONES_KEPT = 64;
const keptDays = new Map<string, KeptDay>();

function keepDay(day: string, from: Date, timeZone: string): KeptDay | undefined {
  const start = from.getTime();
  const end = startOfDay(addDays(day, 1), timeZone).getTime();
  if (end - start !== DAY_MS || start < 0 || end > FAST_UNTIL_MS) {
    return undefined;
  }
  const offset = quarterHourOffset(start, timeZone);
  if (Number.isNaN(offset) || offset !== quarterHourOffset(end - 1, timeZone) || start + offset !== Date.parse(day)) {
    return undefined;
  }
  if (keptDays.size >= ZONES_KEPT) {
    keptDays.clear();
  }
  const kept = { day, from: start, to: end };
  keptDays.set(timeZone, kept);
  return kept;
}

/**
 * The instant the zone's day of an instant starts, `days` days later: startOfZonedDay(now, tz, 1) is
 * the start of tomorrow.
 * @param instant - the instant
 * @param timeZone - an IANA time zone; the runtime's own when left out
 * @param days - days after the instant's day; 0 by default
 */
export function startOfZonedDay(instant: Date, timeZone?: string, days = 0): Date {
  if (timeZone === undefined) {
    return startOfDay(addDays(zonedDay(instant), days));
  }
  const ms = instant.getTime();
  let kept = keptDays.get(timeZone);
  if (!kept || !(ms >= kept.from && ms < kept.to)) {
    const day = zonedDay(instant, timeZone);
    kept = keepDay(day, startOfDay(day, timeZone), timeZone);
    if (!kept) {
      return startOfDay(addDays(day, days), timeZone);
    }
  }
  if (days === 0) {
    return new Date(kept.from);
  }
  return days === 1 ? new Date(kept.to) : startOfDay(addDays(kept.day, days), timeZone);
}

/**
 * The instants a zone's day starts and the next one starts (23 or 25 hours apart on a change day).
 * @param day - YYYY-MM-DD
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function dayRange(day: string, timeZone?: string): { from: Date; to: Date } {
  return { from: startOfDay(day, timeZone), to: startOfDay(addDays(day, 1), timeZone) };
}

/**
 * Whole calendar days from one instant's zone day to another's (0 the same day, 1 the next, -1 the
 * day before), however many hours lie between; NaN when either is not a readable instant.
 * @param from - the instant counted from
 * @param to - the instant counted to
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function calendarDaysBetween(from: Date, to: Date, timeZone?: string): number {
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) {
    return Number.NaN;
  }
  return Math.round((Date.parse(zonedDay(to, timeZone)) - Date.parse(zonedDay(from, timeZone))) / DAY_MS);
}

/**
 * Whether two instants fall on the same day of a zone's calendar.
 * @param a - one instant
 * @param b - the other
 * @param timeZone - an IANA time zone; the runtime's own when left out
 */
export function isSameZonedDay(a: Date, b: Date, timeZone?: string): boolean {
  return zonedDay(a, timeZone) === zonedDay(b, timeZone);
}
