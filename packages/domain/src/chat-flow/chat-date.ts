/**
 * The chat's date format 'Do MMM (ddd), hh:mm A' (spec doc 1 §9, doc 2 §9), e.g.
 * '24th Nov (Tue), 04:51 PM', without a date library (packages/domain has none). It reads the local
 * date and time of the Date given, like ../shell/calendar.ts: in the browser, the patient's.
 */
import { DATE_FORMATS } from '../constants.ts';

/** The format, in the moment/dayjs tokens the spec writes. */
export const CHAT_DATE_FORMAT = DATE_FORMATS.chat;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * A day of the month with its English ordinal suffix, as the Do token: 1st, 2nd, 3rd, 4th, 11th,
 * 12th, 13th, 21st, 22nd, 23rd, 31st.
 * @param day - the day of the month, 1 to 31
 */
export function ordinalDay(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) {
    return `${day}th`;
  }
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * A date and time in the chat's format 'Do MMM (ddd), hh:mm A': '1st Jan (Mon), 12:05 AM'.
 * Null for an invalid date.
 * @param date - the date and time to show
 */
export function formatChatDate(date: Date): string | null {
  if (Number.isNaN(date.getTime())) {
    return null;
  }
  const hours = date.getHours();
  // hh: 12-hour clock, 12 for midnight and noon
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const meridiem = hours < 12 ? 'AM' : 'PM';
  return `${ordinalDay(date.getDate())} ${MONTHS[date.getMonth()]} (${WEEKDAYS[date.getDay()]}), ${twoDigits(hour12)}:${twoDigits(date.getMinutes())} ${meridiem}`;
}
