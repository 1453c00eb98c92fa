/**
 * The chat's date format 'Do MMM (ddd), hh:mm A' (spec doc 1 §9, doc 2 §9), e.g.
 * '24th Nov (Tue), 04:51 PM', through the time module. It reads the local date and time of the Date
 * given, like ../shell/calendar.ts: in the browser, the patient's.
 */
import { DATE_FORMATS } from '../constants.ts';
import { formatInstant, ordinalSuffix } from '../time/index.ts';

/** The format, in the moment/dayjs tokens the spec writes. */
export const CHAT_DATE_FORMAT = DATE_FORMATS.chat;

/**
 * A day of the month with its English ordinal suffix, as the Do token: 1st, 2nd, 3rd, 4th, 11th,
 * 12th, 13th, 21st, 22nd, 23rd, 31st.
 * @param day - the day of the month, 1 to 31
 */
export function ordinalDay(day: number): string {
  return `${day}${ordinalSuffix(day)}`;
}

/**
 * A date and time in the chat's format 'Do MMM (ddd), hh:mm A': '1st Jan (Mon), 12:05 AM'.
 * Null for an invalid date.
 * @param date - the date and time to show
 */
export function formatChatDate(date: Date): string | null {
  return formatInstant(date, 'chat');
}
