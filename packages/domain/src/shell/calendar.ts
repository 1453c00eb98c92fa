/**
 * Relative-day labels, greeting and NPS labels (spec doc 1 §4 'Other state codes').
 * Calendar rules read the local date and time of the Date given: in the browser, the patient's.
 */
import { calendarDaysBetween, DEFAULT_TIME_ZONE, zonedParts } from '../time/index.ts';

/**
 * Whole calendar days from now's date to the date (0 today, 1 tomorrow, -1 yesterday).
 * @param date - the date to place
 * @param now - the current time
 */
export function calendarDaysFrom(date: Date, now: Date): number {
  return calendarDaysBetween(now, date);
}

/**
 * 'Today', 'Tomorrow' or 'Yesterday' for a date near now, else null (spec doc 1 §4).
 * @param date - the date to label
 * @param now - the current time
 */
export function relativeDayLabel(date: Date, now: Date): 'Today' | 'Tomorrow' | 'Yesterday' | null {
  switch (calendarDaysFrom(date, now)) {
    case 0:
      return 'Today';
    case 1:
      return 'Tomorrow';
    case -1:
      return 'Yesterday';
    default:
      return null;
  }
}

export type GreetingPart = 'morning' | 'afternoon' | 'evening';

/**
 * The part of the day for the greeting: before 12 morning, 12 to 16 afternoon, from 16 evening (spec doc 1 §4),
 * on the hospital's clock, not the device's (the server writes the same greeting, issue 33 §1).
 * @param date - the current time
 * @param timeZone - the hospital's zone
 */
export function greetingFor(date: Date, timeZone: string = DEFAULT_TIME_ZONE): GreetingPart {
  const { hour } = zonedParts(date, timeZone);
  if (hour < 12) {
    return 'morning';
  }
  return hour < 16 ? 'afternoon' : 'evening';
}

/**
 * The greeting text: 'Good morning', 'Good afternoon' or 'Good evening' (spec doc 1 §4), by the hospital's clock.
 * @param date - the current time
 * @param timeZone - the hospital's zone
 */
export function greetingText(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `Good ${greetingFor(date, timeZone)}`;
}

export type NpsLabel = { label: 'Not Good' | 'Satisfied' | 'Great'; colour: 'red' | 'orange' | 'green' };

/**
 * The NPS label: 1-6 Not Good (red), 7-8 Satisfied (orange), 9-10 Great (green) (spec doc 1 §4, §9);
 * null for anything not a whole number from 1 to 10.
 * @param score - the rating given
 */
export function npsLabel(score: number): NpsLabel | null {
  if (!Number.isInteger(score) || score < 1 || score > 10) {
    return null;
  }
  if (score <= 6) {
    return { label: 'Not Good', colour: 'red' };
  }
  return score <= 8 ? { label: 'Satisfied', colour: 'orange' } : { label: 'Great', colour: 'green' };
}
