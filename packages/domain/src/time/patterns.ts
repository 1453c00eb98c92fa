/**
 * The date patterns, as data: the spec's own (in the moment/dayjs tokens the spec writes) and every
 * pattern the apps, the PDFs and the SMS bodies write today, each per language (en, si, ta).
 *
 * A language's entry says which Intl locale gives the day and month names and the day period, and
 * either a token pattern or Intl options (the locale's own layout). Where a screen writes English
 * names in Sinhala and Tamil today, its si and ta entries say 'en-US': switching them is a change
 * of this table, not of code.
 */

/** The languages of the apps. */
export type TimeLocale = 'en' | 'si' | 'ta';

/** The languages, in the apps' order. */
export const TIME_LOCALES = ['en', 'si', 'ta'] as const satisfies readonly TimeLocale[];

/**
 * The date formats the spec writes (spec doc 1 §9, doc 2 §9, doc 3 §2), in moment/dayjs tokens:
 * Do 24th, D 24, DD 04, MMM Nov, MMMM November, MM 11, YYYY 2026, ddd Tue, dddd Tuesday,
 * hh 04 and h 4 (12-hour clock), HH 16 (24-hour clock), mm 05, ss 09, A PM; [text] is literal.
 */
export const DATE_FORMATS = {
  /** spec doc 1 §9, doc 2 §9: the chat's dates, '24th Nov (Tue), 04:51 PM'. */
  chat: 'Do MMM (ddd), hh:mm A',
  /** spec doc 1 §9, doc 2 §9: appointment times, '9:05 AM'. */
  appointmentTime: 'h:mm A',
  /** spec doc 2 §9, doc 3 §2 (Admission Payment History): payments, '24th,(Tue) Nov 2026 04:45 PM'. */
  payment: 'Do,(ddd) MMM YYYY hh:mm A',
  /** spec doc 1 §3, §5: a date of birth, '1990-04-09'. */
  dateOfBirth: 'YYYY-MM-DD',
  /** spec doc 3 §2: 'will meet you at home at' the time, '09:30 AM'. */
  sampleCollectionTime: 'hh:mm A',
} as const;

/** A language's way of writing a pattern: a token pattern, or Intl options in the locale's own layout. */
export type LocalePattern =
  | { names: string | undefined; tokens: string }
  | { names: string | undefined; intl: Intl.DateTimeFormatOptions };

/** A pattern in each language. */
export type DatePattern = Readonly<Record<TimeLocale, LocalePattern>>;

const everyLocale = (pattern: LocalePattern): DatePattern => ({ en: pattern, si: pattern, ta: pattern });

/** The apps' languages as Sri Lankan locales, English as in Britain. */
const LK_GB = { en: 'en-GB', si: 'si-LK', ta: 'ta-LK' } as const;
/** The apps' language codes as they are, with no region. */
const BARE = { en: 'en', si: 'si', ta: 'ta' } as const;

const inLocales = (locales: Record<TimeLocale, string>, intl: Intl.DateTimeFormatOptions): DatePattern => ({
  en: { names: locales.en, intl },
  si: { names: locales.si, intl },
  ta: { names: locales.ta, intl },
});

const SHORT_DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const WEEKDAY_DATE = { weekday: 'short', ...SHORT_DATE } as const;
const CLOCK_12 = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

/**
 * Every pattern in use, by name. A token pattern is written with the names of `names` (undefined:
 * the runtime's own locale); numbers are always Latin digits.
 */
export const DATE_PATTERNS = {
  /** The chat's dates (spec doc 1 §9): English names in every language today. */
  chat: everyLocale({ names: 'en-US', tokens: DATE_FORMATS.chat }),
  /** Appointment times and the lock notice's time (spec doc 1 §9, doc 2 §9): English 'AM'/'PM' today. */
  appointmentTime: everyLocale({ names: 'en-US', tokens: DATE_FORMATS.appointmentTime }),
  /** The lock notice's day, '24 Nov' (issue 6 §4.4): English today. */
  dayMonth: everyLocale({ names: 'en-US', tokens: 'D MMM' }),
  /**
   * Payment history, Invoice.pdf and the order view's payments (spec doc 2 §9, doc 3 §2): the
   * language's own names and ordinal in si and ta ('24 වැනි', '24வது'; issue 29 §1.4).
   */
  payment: {
    en: { names: 'en-US', tokens: DATE_FORMATS.payment },
    si: { names: 'si-LK', tokens: DATE_FORMATS.payment },
    ta: { names: 'ta-LK', tokens: DATE_FORMATS.payment },
  },
  /** A lab report's 'Download <date time>' button (spec doc 3 §2): English in every language today. */
  labReportDownload: everyLocale({ names: 'en-US', tokens: DATE_FORMATS.payment }),
  /** The order view's sample collection time (spec doc 3 §2): '09:30 AM'. */
  sampleCollectionTime: {
    en: { names: 'en-US', tokens: DATE_FORMATS.sampleCollectionTime },
    si: { names: 'si-LK', tokens: DATE_FORMATS.sampleCollectionTime },
    ta: { names: 'ta-LK', tokens: DATE_FORMATS.sampleCollectionTime },
  },
  /** A day and its weekday, 'Wed, 25 Nov 2026': an order's requested day, an appointment's day. */
  weekdayDate: inLocales(LK_GB, WEEKDAY_DATE),
  /** An order's requested time in the order list, '23 Nov 2026, 4:30 pm'. */
  dateTime: inLocales(LK_GB, { ...SHORT_DATE, ...CLOCK_12 }),
  /** The time in an SMS body, 'Tue 24 Nov, 3:30 pm'. */
  smsTime: inLocales(LK_GB, { weekday: 'short', day: 'numeric', month: 'short', ...CLOCK_12 }),
  /** The visit on the feedback-by-link page, '24 Nov 2026, 15:30'. */
  feedbackVisit: inLocales(LK_GB, { dateStyle: 'medium', timeStyle: 'short' }),
  /** The doctor's session list's day headings, 'Tuesday, November 24'. */
  sessionDay: inLocales(BARE, { weekday: 'long', day: 'numeric', month: 'long' }),
  /** A session's start and end, '5:05 PM', in the language's digits. */
  sessionTime: inLocales(BARE, CLOCK_12),
  /** When an invoice can be paid again (issue 29 §2, ARO-E5030), '5:05 PM' in the language's own words. */
  paymentWaitTime: inLocales(BARE, CLOCK_12),
  /** One appointment's day and time, 'Thursday, November 26 at 1:56 PM'. */
  sessionDayAndTime: inLocales(BARE, { weekday: 'long', day: 'numeric', month: 'long', ...CLOCK_12 }),
  /** A date choice on the creation screen and in the chat, 'Tue, Nov 24'. */
  dateChoice: inLocales(BARE, { weekday: 'short', day: 'numeric', month: 'short' }),
  /** Lab report columns and axis, and a birth date in the report header, '24 Nov 2026' ('Nov 24, 2026' in en). */
  shortDate: inLocales(BARE, SHORT_DATE),
  /** A video call's connect and disconnect events, 'Nov 24, 2026, 4:51:07 PM'. */
  callEvent: inLocales(BARE, { dateStyle: 'medium', timeStyle: 'medium' }),
  /**
   * The staff audit trail's times (issue 30 §2.6), in the language's own layout and a 24-hour clock
   * with seconds, '24 Nov 2026, 16:51:07', never the browser's US layout.
   */
  auditTime: inLocales(LK_GB, { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23' }),
  /** A day as YYYY-MM-DD (spec doc 1 §3 date of birth; the staff console's days). */
  isoDate: everyLocale({ names: 'en-US', tokens: DATE_FORMATS.dateOfBirth }),
  /** A 24-hour clock time, '16:05' (the staff console). */
  clock24: everyLocale({ names: 'en-US', tokens: 'HH:mm' }),
} as const satisfies Record<string, DatePattern>;

/** The name of a pattern in DATE_PATTERNS. */
export type DatePatternName = keyof typeof DATE_PATTERNS;
