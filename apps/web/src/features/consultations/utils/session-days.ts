import { DEFAULT_TIME_ZONE, formatDay, formatInstant, zonedDay } from '@careline/domain/time';

/*
 * Days and times of the session lists, in the hospital's time zone (never the device's) and the
 * user's language, through the one time module. The tenant configuration has no time zone yet, so the
 * hospital's is the time module's default (Sri Lanka), as on the server (hospitals.time.ts).
 */

/** The hospitals' time zone. */
export const HOSPITAL_TIME_ZONE = DEFAULT_TIME_ZONE;

/** A day of the session list (spec doc 2 §2: the session list groups sessions by day). */
export type SessionDay<T> = { day: string; sessions: T[] };

/**
 * Groups sessions by their calendar day at the hospital, days and sessions in start order.
 * @param sessions - sessions with an ISO startTime
 * @param timeZone - the hospital's time zone
 */
export function groupSessionsByDay<T extends { startTime: string }>(
  sessions: readonly T[],
  timeZone: string = HOSPITAL_TIME_ZONE,
): SessionDay<T>[] {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const days: SessionDay<T>[] = [];
  for (const session of sorted) {
    const day = zonedDay(new Date(session.startTime), timeZone);
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
 * A day heading in the active language, e.g. 'Tuesday, November 24' (Sinhala and Tamil in their own
 * day and month names).
 * @param day - YYYY-MM-DD, a hospital day
 * @param locale - the active language
 */
export function dayHeading(day: string, locale: string): string {
  return formatDay(day, 'sessionDay', locale) ?? day;
}

/**
 * A time of day as 'h:mm A' (spec doc 2 §9: appointment times), in the active language, at the hospital.
 * @param iso - an ISO date-time
 * @param locale - the active language
 * @param timeZone - the hospital's time zone
 */
export function timeOfDay(iso: string, locale: string, timeZone: string = HOSPITAL_TIME_ZONE): string {
  return formatInstant(iso, 'sessionTime', { locale, timeZone }) ?? '';
}

/**
 * A date and time of day, e.g. 'Thursday, November 26 at 1:56 PM', in the active language, at the
 * hospital: where a screen shows one appointment, and no day heading says which day it is.
 * @param iso - an ISO date-time
 * @param locale - the active language
 * @param timeZone - the hospital's time zone
 */
export function dayAndTime(iso: string, locale: string, timeZone: string = HOSPITAL_TIME_ZONE): string {
  return formatInstant(iso, 'sessionDayAndTime', { locale, timeZone }) ?? '';
}
