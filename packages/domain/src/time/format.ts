/**
 * Writes instants and days by the named patterns of ./patterns.ts, in a language and a time zone.
 */
import { DATE_PATTERNS, TIME_LOCALES, type DatePatternName, type LocalePattern, type TimeLocale } from './patterns.ts';
import { zonedParts, type ZonedParts } from './zone.ts';

/** Where and in which language an instant is written. */
export type TimeFormatOptions = {
  /** The active language (en, si, ta); English for anything else. */
  locale?: string;
  /** An IANA time zone, the hospital's; the runtime's own when left out (screens that show the device's time today). */
  timeZone?: string;
};

const formats = new Map<string, Intl.DateTimeFormat>();

function intlFormat(names: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // The runtime's own locale and zone can change while a page stays open: those are not cached.
  if (names === undefined || options.timeZone === undefined) {
    return new Intl.DateTimeFormat(names, options);
  }
  const key = `${names}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(names, options);
    formats.set(key, format);
  }
  return format;
}

const TOKENS = /\[([^\]]*)]|YYYY|MMMM|MMM|MM|Do|DD|D|dddd|ddd|HH|hh|h|mm|ss|A/g;

/**
 * The English ordinal suffix of a day of the month, as the Do token writes it: 1st, 2nd, 3rd, 4th,
 * 11th, 12th, 13th, 21st, 22nd, 23rd, 31st.
 * @param day - the day of the month, 1 to 31
 */
export function ordinalSuffix(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) {
    return 'th';
  }
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/**
 * The day of the month as the Do token writes it in the language of a pattern's names: English
 * '24th', Sinhala '24 වැනි', Tamil '24வது' (moment's si and ta ordinals; issue 29 §1.4). A pattern
 * written with English names keeps the English ordinal.
 * @param day - the day of the month, 1 to 31
 * @param names - the pattern's Intl locale for names ('si-LK', 'en-US'…); undefined: English
 */
export function dayOrdinal(day: number, names: string | undefined): string {
  const language = names?.split('-')[0];
  if (language === 'si') {
    return `${String(day)} වැනි`;
  }
  if (language === 'ta') {
    return `${String(day)}வது`;
  }
  return `${String(day)}${ordinalSuffix(day)}`;
}

// The Intl fields a token pattern takes its names from; the same fields the code asked for before
// this module, so the names (which can differ with the fields asked together) stay the same.
function nameOptions(tokens: string): Intl.DateTimeFormatOptions | null {
  const has = (token: string) => tokens.match(TOKENS)?.includes(token) ?? false;
  const weekday = has('dddd') ? 'long' : has('ddd') ? 'short' : undefined;
  const month = has('MMMM') ? 'long' : has('MMM') ? 'short' : undefined;
  const period = has('A');
  if (!weekday && !month && !period) {
    return null;
  }
  const clock = period || has('hh') || has('h');
  return {
    ...(weekday && { weekday }),
    ...((has('D') || has('Do') || has('DD')) && { day: 'numeric' }),
    ...(month && { month }),
    ...(has('YYYY') && { year: 'numeric' }),
    ...(clock && { hour: has('hh') ? '2-digit' : 'numeric', minute: '2-digit', hour12: true }),
  };
}

const two = (n: number): string => String(n).padStart(2, '0');

function writeTokens(instant: Date, tokens: string, names: string | undefined, timeZone: string | undefined): string {
  const parts: ZonedParts = zonedParts(instant, timeZone);
  const options = nameOptions(tokens);
  const named = options ? intlFormat(names, { ...options, timeZone }).formatToParts(instant) : [];
  const name = (type: Intl.DateTimeFormatPartTypes): string => named.find((part) => part.type === type)?.value ?? '';
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return tokens.replace(TOKENS, (token: string, literal: string | undefined) => {
    if (literal !== undefined) {
      return literal;
    }
    switch (token) {
      case 'YYYY':
        return String(parts.year);
      case 'MMMM':
      case 'MMM':
        return name('month');
      case 'MM':
        return two(parts.month);
      case 'Do':
        return dayOrdinal(parts.day, names);
      case 'DD':
        return two(parts.day);
      case 'D':
        return String(parts.day);
      case 'dddd':
      case 'ddd':
        return name('weekday');
      case 'HH':
        return two(parts.hour);
      case 'hh':
        return two(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return two(parts.minute);
      case 'ss':
        return two(parts.second);
      default:
        // A: the day period, upper case where the script has case ('PM'; Sinhala 'ප.ව.' as it is).
        return name('dayPeriod').toUpperCase();
    }
  });
}

const isTimeLocale = (locale: string | undefined): locale is TimeLocale =>
  (TIME_LOCALES as readonly string[]).includes(locale ?? '');

/**
 * How a language writes a named pattern (English for a language the apps do not have).
 * @param pattern - the pattern's name in DATE_PATTERNS
 * @param locale - the active language
 */
export function localePattern(pattern: DatePatternName, locale?: string): LocalePattern {
  return DATE_PATTERNS[pattern][isTimeLocale(locale) ? locale : 'en'];
}

/**
 * An instant written by a named pattern, in a language and a zone: formatInstant(at, 'payment',
 * { locale: 'en', timeZone: 'Asia/Colombo' }) gives '24th,(Tue) Nov 2026 04:45 PM'. Null for a
 * missing or unreadable instant.
 * @param instant - a Date or an ISO 8601 text
 * @param pattern - the pattern's name in DATE_PATTERNS
 * @param options - the language and the zone
 */
export function formatInstant(
  instant: Date | string | null | undefined,
  pattern: DatePatternName,
  options: TimeFormatOptions = {},
): string | null {
  if (instant === null || instant === undefined || instant === '') {
    return null;
  }
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) {
    return null;
  }
  const how = localePattern(pattern, options.locale);
  return 'tokens' in how
    ? writeTokens(date, how.tokens, how.names, options.timeZone)
    : intlFormat(how.names, { ...how.intl, timeZone: options.timeZone }).format(date);
}

/**
 * A calendar day (YYYY-MM-DD, no time zone) written by a named pattern: formatDay('2026-11-24',
 * 'dateChoice', 'en') gives 'Tue, Nov 24'. Null for a text that is not such a day.
 * @param day - YYYY-MM-DD
 * @param pattern - the pattern's name in DATE_PATTERNS
 * @param locale - the active language
 */
export function formatDay(day: string, pattern: DatePatternName, locale?: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) {
    return null;
  }
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return formatInstant(date, pattern, { locale, timeZone: 'UTC' });
}
