/**
 * Hospital days are Sri Lanka days (UTC+05:30, no daylight saving). The tenant configuration has no
 * time zone yet; when a tenant outside Sri Lanka arrives this becomes a tenant setting.
 */
import { DEFAULT_TIME_ZONE, startOfZonedDay, zonedParts } from '@careline/domain/time';

const MINUTE_MS = 60_000;

/**
 * The instant a hospital day starts (local midnight), `dayOffset` days after the day of `now`.
 * @param now - the current instant
 * @param dayOffset - 0 for today, 1 for tomorrow, -1 for yesterday
 */
export function startOfHospitalDay(now: Date, dayOffset = 0): Date {
  return startOfZonedDay(now, DEFAULT_TIME_ZONE, dayOffset);
}

/**
 * A local clock time on a hospital day, e.g. 17:30 tomorrow.
 * @param now - the current instant
 * @param dayOffset - days after today
 * @param hours - local hour (0–23)
 * @param minutes - local minutes
 */
export function hospitalTime(now: Date, dayOffset: number, hours: number, minutes = 0): Date {
  return new Date(
    startOfHospitalDay(now, dayOffset).getTime() + (hours * 60 + minutes) * MINUTE_MS,
  );
}

/**
 * Day of the week (0 Sunday … 6 Saturday) of a hospital day.
 * @param now - the current instant
 * @param dayOffset - days after today
 */
export function hospitalWeekday(now: Date, dayOffset: number): number {
  return zonedParts(startOfHospitalDay(now, dayOffset), DEFAULT_TIME_ZONE).weekday;
}
