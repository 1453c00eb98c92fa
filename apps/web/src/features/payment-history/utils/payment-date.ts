import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { formatInstant } from '@careline/domain/time';

/** English ordinal suffix of a day of the month ('Do'): 1st, 2nd, 3rd, 4th, 11th, 21st (the time module's). */
export { ordinalSuffix } from '@careline/domain/time';

/**
 * A payment's date as the spec writes it, 'Do,(ddd) MMM YYYY hh:mm A' (spec doc 2 §9,
 * DATE_FORMATS.payment in @careline/domain/constants): '24th,(Tue) Nov 2026 10:15 AM'. In Sinhala and Tamil the day and
 * month names and the ordinal are the language's own ('24 වැනි', '24வது'). null for a missing or
 * unreadable date (the screen shows 'Not Available').
 * @param iso - the date-time as the server sends it
 * @param locale - the active language ('en', 'si', 'ta')
 * @param timeZone - the zone to show it in; the hospital's by default, never the device's
 */
export function formatPaymentDate(
  iso: string | null | undefined,
  locale = 'en',
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  return formatInstant(iso, 'payment', { locale, timeZone });
}
