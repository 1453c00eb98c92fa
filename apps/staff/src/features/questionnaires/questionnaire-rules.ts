import { hospitalClock, hospitalDayOf } from '../../lib/hospital-time.ts';

/**
 * When a response was submitted, in hospital time through the time module: 'YYYY-MM-DD HH:MM' (the
 * console's dense form); the text as given when it is not an instant.
 * @param iso - the instant
 */
export function responseTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${hospitalDayOf(at)} ${hospitalClock(at)}`;
}
