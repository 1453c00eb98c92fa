/*
 * Hospital days and clock times, as the server keeps them (modules/hospitals/hospitals.time.ts): Sri
 * Lanka time, UTC+05:30, whatever the zone of the computer the console runs on; the time module's
 * arithmetic in the hospital's zone.
 */
import { addDays, dayRange, DEFAULT_TIME_ZONE, formatInstant, instantOfWallClock, zonedDay } from '@careline/domain/time';

/**
 * The hospital day ('YYYY-MM-DD') of an instant.
 * @param instant - the instant
 */
export function hospitalDayOf(instant: Date): string {
  return zonedDay(instant, DEFAULT_TIME_ZONE);
}

/**
 * The instants a hospital day starts and ends.
 * @param day - 'YYYY-MM-DD'
 */
export function hospitalDayRange(day: string): { from: Date; to: Date } {
  return dayRange(day, DEFAULT_TIME_ZONE);
}

/**
 * The day before or after.
 * @param day - 'YYYY-MM-DD'
 * @param days - how many days to move
 */
export function shiftDay(day: string, days: number): string {
  return addDays(day, days);
}

/**
 * The hospital clock time ('HH:MM', 24 h) of an instant.
 * @param instant - the instant, or its ISO text
 */
export function hospitalClock(instant: Date | string): string {
  return formatInstant(instant, 'clock24', { timeZone: DEFAULT_TIME_ZONE }) ?? '';
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
  if (Number.isNaN(Date.parse(`${day}T${clock}:00Z`))) {
    return null;
  }
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = clock.split(':').map(Number);
  return instantOfWallClock({ year: year ?? 0, month: month ?? 1, day: date ?? 1, hour, minute }, DEFAULT_TIME_ZONE);
}

/**
 * The hospital date and time of an instant in the user's language, with seconds, as the audit trail
 * shows it: '24 Nov 2026, 16:30:00' in English.
 * @param instant - the instant, or its ISO text
 * @param locale - the active language (en, si, ta)
 */
export function hospitalDateTime(instant: Date | string, locale: string): string {
  return formatInstant(instant, 'auditTime', { locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';
}
