import { formatDay, formatInstant, zonedDay } from '@careline/domain/time';

/** A day of the session list (spec doc 2 §2: the session list groups sessions by day). */
export type SessionDay<T> = { day: string; sessions: T[] };

function localDay(date: Date): string {
  return zonedDay(date);
}

/**
 * Groups sessions by their local calendar day, days and sessions in start order.
 * @param sessions - sessions with an ISO startTime
 */
export function groupSessionsByDay<T extends { startTime: string }>(sessions: readonly T[]): SessionDay<T>[] {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const days: SessionDay<T>[] = [];
  for (const session of sorted) {
    const day = localDay(new Date(session.startTime));
    const last = days[days.length - 1];
    if (last && last.day === day) {
      last.sessions.push(session);
    } else {
      days.push({ day, sessions: [session] });
    }
  }
  return days;
}

/**
 * A day heading in the active language, e.g. 'Tuesday, 24 November'.
 * @param day - YYYY-MM-DD
 * @param locale - the active language
 */
export function dayHeading(day: string, locale: string): string {
  return formatDay(day, 'sessionDay', locale) ?? day;
}

/**
 * A time of day as 'h:mm A' (spec doc 2 §9: appointment times), in the active language's digits.
 * @param iso - an ISO date-time
 * @param locale - the active language
 */
export function timeOfDay(iso: string, locale: string): string {
  return formatInstant(iso, 'sessionTime', { locale }) ?? '';
}

/**
 * A date and time of day, e.g. 'Thursday, November 26 at 1:56 PM', in the active language: where a
 * screen shows one appointment, and no day heading says which day it is.
 * @param iso - an ISO date-time
 * @param locale - the active language
 */
export function dayAndTime(iso: string, locale: string): string {
  return formatInstant(iso, 'sessionDayAndTime', { locale }) ?? '';
}
