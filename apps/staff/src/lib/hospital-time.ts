/*
 * Hospital days and clock times, as the server keeps them (modules/hospitals/hospitals.time.ts): Sri
 * Lanka time, UTC+05:30, whatever the zone of the computer the console runs on.
 */

const OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The hospital day ('YYYY-MM-DD') of an instant.
 * @param instant - the instant
 */
export function hospitalDayOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instants a hospital day starts and ends.
 * @param day - 'YYYY-MM-DD'
 */
export function hospitalDayRange(day: string): { from: Date; to: Date } {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/**
 * The day before or after.
 * @param day - 'YYYY-MM-DD'
 * @param days - how many days to move
 */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The hospital clock time ('HH:MM', 24 h) of an instant.
 * @param instant - the instant, or its ISO text
 */
export function hospitalClock(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(11, 16);
}

/**
 * The instant of a clock time on a hospital day; null when either is not filled in.
 * @param day - 'YYYY-MM-DD'
 * @param clock - 'HH:MM'
 */
export function hospitalInstant(day: string, clock: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(clock)) {
    return null;
  }
  const at = Date.parse(`${day}T${clock}:00Z`);
  return Number.isNaN(at) ? null : new Date(at - OFFSET_MS);
}
