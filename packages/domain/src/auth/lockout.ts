/**
 * What a user is told when a code is used up or a number is locked (issue 6 §4.4). The server's
 * ARO-E1103 text ends with the time the lock lifts, as an ISO 8601 time: the app shows it in the
 * user's own time zone and words ('4:05 PM today', '9:30 AM tomorrow', '9:30 AM on 24 Nov').
 */
import { calendarDaysBetween, formatInstant } from '../time/index.ts';

/** A code whose tries are used up (5 wrong codes): the user should ask for a new one. */
export const CODE_USED_UP_ERROR = 'ARO-E1102';
/** A number this client may not try any more today; the text says until when. */
export const NUMBER_LOCKED_ERROR = 'ARO-E1103';

const isoTime = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/;

/**
 * A moment as 'h:mm A' (spec doc 1 §9) and the day in words, in a zone's time.
 * @param when - the moment
 * @param now - the current time
 * @param timeZone - an IANA time zone; the runtime's own when left out (the app on the patient's phone)
 */
export function localTimeInWords(when: Date, now: Date, timeZone?: string): string {
  const zone = timeZone === undefined ? {} : { timeZone };
  const time = formatInstant(when, 'appointmentTime', zone) ?? '';
  // Days counted by local calendar dates, not by 24-hour steps (daylight saving changes included).
  const days = calendarDaysBetween(now, when, timeZone);
  if (days === 0) {
    return `${time} today`;
  }
  if (days === 1) {
    return `${time} tomorrow`;
  }
  return `${time} on ${formatInstant(when, 'dayMonth', zone) ?? ''}`;
}

/**
 * A server text with its ISO 8601 time (ARO-E1103) put in the user's own time; other texts as they are.
 * A lock that lifts within the minute is told as the next minute, never as a time already past.
 * @param text - the text after the colon of a 'CODE:message' error
 * @param now - the current time
 * @param timeZone - an IANA time zone (a page the server writes: the hospital's); the runtime's own when left out
 */
export function localiseSignInText(text: string, now: Date, timeZone?: string): string {
  return text.replace(isoTime, (iso) => {
    const when = new Date(iso);
    if (Number.isNaN(when.getTime())) {
      return iso;
    }
    const rounded = new Date(Math.ceil(when.getTime() / 60_000) * 60_000);
    return localTimeInWords(rounded, now, timeZone);
  });
}
