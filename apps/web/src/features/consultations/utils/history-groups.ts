/** Appointment history: the Today, Upcoming and Past groups and their paging (spec doc 2 §2, §9). */
import { HISTORY_PAGE_SIZE } from '@careline/domain/consultations';
import { DEFAULT_TIME_ZONE, formatInstant, zonedDay } from '@careline/domain/time';

export type HistoryGroupKey = 'today' | 'upcoming' | 'past';

/** The groups in the order the screen shows them (spec doc 2 §2 Appointment history). */
export const historyGroupKeys: readonly HistoryGroupKey[] = ['today', 'upcoming', 'past'];

export type HistoryGroup<T> = { key: HistoryGroupKey; appointments: T[] };

type Dated = { start: string };

/**
 * The group of an appointment by its start's calendar day on the hospital's clock (issue 29 §1.4:
 * history dates in the hospital's time zone, never the device's).
 * @param start - when the appointment (its session) starts
 * @param now - the current time
 * @param timeZone - the hospital's IANA time zone
 */
export function historyGroupOf(start: Date, now: Date, timeZone: string = DEFAULT_TIME_ZONE): HistoryGroupKey {
  const day = zonedDay(start, timeZone);
  const today = zonedDay(now, timeZone);
  if (day === today) {
    return 'today';
  }
  return day > today ? 'upcoming' : 'past';
}

function startMs(appointment: Dated): number {
  const time = new Date(appointment.start).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/**
 * Every appointment in the screen's reading order: today's and upcoming ones soonest first, then
 * past ones latest first, so that the first page holds what matters next.
 * @param appointments - the appointments, in any order
 * @param now - the current time
 */
export function orderHistory<T extends Dated>(appointments: readonly T[], now: Date): T[] {
  const rank = (appointment: T) => historyGroupKeys.indexOf(historyGroupOf(new Date(startMs(appointment)), now));
  return [...appointments].sort((a, b) => {
    const byGroup = rank(a) - rank(b);
    if (byGroup !== 0) {
      return byGroup;
    }
    return rank(a) === 2 ? startMs(b) - startMs(a) : startMs(a) - startMs(b);
  });
}

/**
 * Splits an ordered list into its groups, leaving out empty ones.
 * @param ordered - from orderHistory
 * @param now - the current time
 */
export function groupHistory<T extends Dated>(ordered: readonly T[], now: Date): HistoryGroup<T>[] {
  return historyGroupKeys
    .map((key) => ({ key, appointments: ordered.filter((item) => historyGroupOf(new Date(startMs(item)), now) === key) }))
    .filter((group) => group.appointments.length > 0);
}

export type HistoryPage<T> = {
  groups: HistoryGroup<T>[];
  /** How many are shown. */
  shown: number;
  /** How many more there are after these. */
  remaining: number;
};

/**
 * The first `shown` appointments in reading order, grouped (spec doc 2 §9: 8, then 8 more per load).
 * @param appointments - every appointment to list
 * @param now - the current time
 * @param shown - how many to show (HISTORY_PAGE_SIZE times the loads so far)
 */
export function historyPage<T extends Dated>(appointments: readonly T[], now: Date, shown: number): HistoryPage<T> {
  const ordered = orderHistory(appointments, now);
  const visible = ordered.slice(0, Math.max(0, shown));
  return { groups: groupHistory(visible, now), shown: visible.length, remaining: ordered.length - visible.length };
}

/**
 * How many to show after one more load (spec doc 2 §9: 8 more per load).
 * @param shown - how many show now
 */
export function nextHistoryCount(shown: number): number {
  return shown + HISTORY_PAGE_SIZE;
}

/** How many show at first (spec doc 2 §9). */
export const FIRST_HISTORY_COUNT = HISTORY_PAGE_SIZE;

/**
 * The time of an appointment on the hospital's clock, 'h:mm A' in English (spec doc 2 §9: '9:05 AM',
 * '12:30 PM'), in the language's own words in Sinhala and Tamil (the session cards' pattern).
 * @param date - the time to show
 * @param language - the active language (en, si or ta)
 * @param timeZone - the hospital's IANA time zone
 */
export function appointmentTimeText(date: Date, language = 'en', timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatInstant(date, language === 'en' ? 'appointmentTime' : 'sessionTime', { locale: language, timeZone }) ?? '';
}

/**
 * The day of an appointment on the hospital's clock, with the language's day and month names:
 * 'Mon, 23 Nov 2026'.
 * @param date - the day to show
 * @param language - the active language (en, si or ta)
 * @param timeZone - the hospital's IANA time zone
 */
export function appointmentDateText(date: Date, language: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return formatInstant(date, 'weekdayDate', { locale: language, timeZone }) ?? '';
}
