/** English ordinal suffix of a day of the month ('Do'): 1st, 2nd, 3rd, 4th, 11th, 21st. */
export function ordinalSuffix(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) {
    return 'th';
  }
  switch (day % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

const intlLocale = (locale: string): string => (locale === 'en' ? 'en-GB' : `${locale}-LK`);

/**
 * A payment's date as the spec writes it, 'Do,(ddd) MMM YYYY hh:mm A' (spec doc 2 §9,
 * DATE_FORMATS.payment in @careline/domain/constants): '24th,(Tue) Nov 2026 04:45 AM'. In Sinhala and Tamil the day and
 * month names are the language's own and the day has no English ordinal. null for a missing or
 * unreadable date (the screen shows 'Not Available').
 * @param iso - the date-time as the server sends it
 * @param locale - the active language ('en', 'si', 'ta')
 * @param timeZone - the zone to show it in; the browser's by default
 */
export function formatPaymentDate(iso: string | null | undefined, locale = 'en', timeZone?: string): string | null {
  if (!iso) {
    return null;
  }
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return null;
  }
  const parts = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : intlLocale(locale), {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  const day = Number(part('day'));
  const dayText = locale === 'en' ? `${day}${ordinalSuffix(day)}` : String(day);
  // 'hh': two-digit hours, 12-hour clock; some engines answer '12' for midnight, others '00'.
  const hour = part('hour').padStart(2, '0').replace(/^00$/, '12');
  const dayPeriod = locale === 'en' ? part('dayPeriod').toUpperCase() : part('dayPeriod');
  return `${dayText},(${part('weekday')}) ${part('month')} ${part('year')} ${hour}:${part('minute')} ${dayPeriod}`;
}
