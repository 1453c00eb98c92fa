/** A day of the session list (spec doc 2 §2: the session list groups sessions by day). */
export type SessionDay<T> = { day: string; sessions: T[] };

function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
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
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(
    new Date(year, month - 1, date),
  );
}

/**
 * A time of day as 'h:mm A' (spec doc 2 §9: appointment times), in the active language's digits.
 * @param iso - an ISO date-time
 * @param locale - the active language
 */
export function timeOfDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso));
}

/**
 * A date and time of day, e.g. 'Thursday, November 26 at 1:56 PM', in the active language: where a
 * screen shows one appointment, and no day heading says which day it is.
 * @param iso - an ISO date-time
 * @param locale - the active language
 */
export function dayAndTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));
}
