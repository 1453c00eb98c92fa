import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, DATE_PATTERNS, TIME_LOCALES, type DatePatternName } from './patterns.ts';
import { formatDay, formatInstant, localePattern, ordinalSuffix } from './format.ts';

describe('the spec date patterns (spec doc 1 §9, doc 2 §9, doc 3 §2)', () => {
  it.each([
    ['chat', 'Do MMM (ddd), hh:mm A'],
    ['appointmentTime', 'h:mm A'],
    ['payment', 'Do,(ddd) MMM YYYY hh:mm A'],
    ['dateOfBirth', 'YYYY-MM-DD'],
    ['sampleCollectionTime', 'hh:mm A'],
  ] as const)('%s is %s', (name, pattern) => {
    expect(DATE_FORMATS[name]).toBe(pattern);
  });

  it('are the English patterns of the screens that write them', () => {
    expect(localePattern('chat', 'en')).toEqual({ names: 'en-US', tokens: 'Do MMM (ddd), hh:mm A' });
    expect(localePattern('payment', 'en')).toEqual({ names: 'en-US', tokens: 'Do,(ddd) MMM YYYY hh:mm A' });
    expect(localePattern('sampleCollectionTime', 'en')).toEqual({ names: 'en-US', tokens: 'hh:mm A' });
    expect(localePattern('appointmentTime', 'en')).toEqual({ names: 'en-US', tokens: 'h:mm A' });
  });

  it('has every pattern in every language, English for a language the apps do not have', () => {
    for (const name of Object.keys(DATE_PATTERNS) as DatePatternName[]) {
      expect(Object.keys(DATE_PATTERNS[name]).sort()).toEqual([...TIME_LOCALES].sort());
      expect(localePattern(name, 'fr')).toBe(DATE_PATTERNS[name].en);
    }
  });
});

describe('formatInstant: the token patterns in en, si and ta', () => {
  // 03:44 AM on Wed 2 Dec 2026 in Colombo (the '2nd,(Wed) Dec 2026 03:44 AM'); 04:45 PM on
  // Tue 24 Nov (the spec's example day); midnight starting 1 Dec; noon on 31 Dec; London either
  // side of its spring-forward hour. Sinhala and Tamil have their own names and, for payments, their
  // own ordinal (moment's 'Do' in si and ta: '24 වැනි', '24வது'; issue 29 §1.4); the chat and the lab
  // report buttons write English in all three.
  it.each([
    ['chat', 'en', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2nd Dec (Wed), 03:44 AM'],
    ['chat', 'ta', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2nd Dec (Wed), 03:44 AM'],
    ['chat', 'en', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24th Nov (Tue), 04:45 PM'],
    ['chat', 'ta', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24th Nov (Tue), 04:45 PM'],
    ['chat', 'en', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1st Dec (Tue), 12:00 AM'],
    ['chat', 'ta', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1st Dec (Tue), 12:00 AM'],
    ['chat', 'en', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31st Dec (Thu), 12:00 PM'],
    ['chat', 'ta', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31st Dec (Thu), 12:00 PM'],
    ['chat', 'en', '2026-03-29T00:30:00Z', 'Europe/London', '29th Mar (Sun), 12:30 AM'],
    ['chat', 'ta', '2026-03-29T00:30:00Z', 'Europe/London', '29th Mar (Sun), 12:30 AM'],
    ['chat', 'en', '2026-03-29T01:30:00Z', 'Europe/London', '29th Mar (Sun), 02:30 AM'],
    ['chat', 'ta', '2026-03-29T01:30:00Z', 'Europe/London', '29th Mar (Sun), 02:30 AM'],
    ['payment', 'en', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2nd,(Wed) Dec 2026 03:44 AM'],
    ['payment', 'si', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2 වැනි,(බදාදා) උඳුවප් 2026 03:44 පෙ.ව.'],
    ['payment', 'ta', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2வது,(புத.) டிச. 2026 03:44 AM'],
    ['payment', 'en', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 04:45 PM'],
    ['payment', 'si', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24 වැනි,(අඟහ) ඉල් 2026 04:45 ප.ව.'],
    ['payment', 'ta', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24வது,(செவ்.) நவ. 2026 04:45 PM'],
    ['payment', 'en', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1st,(Tue) Dec 2026 12:00 AM'],
    ['payment', 'si', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1 වැනි,(අඟහ) උඳුවප් 2026 12:00 පෙ.ව.'],
    ['payment', 'ta', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1வது,(செவ்.) டிச. 2026 12:00 AM'],
    ['payment', 'en', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31st,(Thu) Dec 2026 12:00 PM'],
    ['payment', 'si', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31 වැනි,(බ්\u200dරහස්) උඳුවප් 2026 12:00 ප.ව.'],
    ['payment', 'ta', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31வது,(வியா.) டிச. 2026 12:00 PM'],
    ['payment', 'en', '2026-03-29T00:30:00Z', 'Europe/London', '29th,(Sun) Mar 2026 12:30 AM'],
    ['payment', 'si', '2026-03-29T00:30:00Z', 'Europe/London', '29 වැනි,(ඉරිදා) මැදින් 2026 12:30 පෙ.ව.'],
    ['payment', 'ta', '2026-03-29T00:30:00Z', 'Europe/London', '29வது,(ஞாயி.) மார். 2026 12:30 AM'],
    ['payment', 'en', '2026-03-29T01:30:00Z', 'Europe/London', '29th,(Sun) Mar 2026 02:30 AM'],
    ['payment', 'si', '2026-03-29T01:30:00Z', 'Europe/London', '29 වැනි,(ඉරිදා) මැදින් 2026 02:30 පෙ.ව.'],
    ['payment', 'ta', '2026-03-29T01:30:00Z', 'Europe/London', '29வது,(ஞாயி.) மார். 2026 02:30 AM'],
    ['sampleCollectionTime', 'en', '2026-12-01T22:14:00Z', 'Asia/Colombo', '03:44 AM'],
    ['sampleCollectionTime', 'si', '2026-12-01T22:14:00Z', 'Asia/Colombo', '03:44 පෙ.ව.'],
    ['sampleCollectionTime', 'ta', '2026-12-01T22:14:00Z', 'Asia/Colombo', '03:44 AM'],
    ['sampleCollectionTime', 'en', '2026-11-24T11:15:00Z', 'Asia/Colombo', '04:45 PM'],
    ['sampleCollectionTime', 'si', '2026-11-24T11:15:00Z', 'Asia/Colombo', '04:45 ප.ව.'],
    ['sampleCollectionTime', 'ta', '2026-11-24T11:15:00Z', 'Asia/Colombo', '04:45 PM'],
    ['sampleCollectionTime', 'en', '2026-11-30T18:30:00Z', 'Asia/Colombo', '12:00 AM'],
    ['sampleCollectionTime', 'si', '2026-11-30T18:30:00Z', 'Asia/Colombo', '12:00 පෙ.ව.'],
    ['sampleCollectionTime', 'ta', '2026-11-30T18:30:00Z', 'Asia/Colombo', '12:00 AM'],
    ['sampleCollectionTime', 'en', '2026-12-31T06:30:00Z', 'Asia/Colombo', '12:00 PM'],
    ['sampleCollectionTime', 'si', '2026-12-31T06:30:00Z', 'Asia/Colombo', '12:00 ප.ව.'],
    ['sampleCollectionTime', 'ta', '2026-12-31T06:30:00Z', 'Asia/Colombo', '12:00 PM'],
    ['sampleCollectionTime', 'en', '2026-03-29T00:30:00Z', 'Europe/London', '12:30 AM'],
    ['sampleCollectionTime', 'si', '2026-03-29T00:30:00Z', 'Europe/London', '12:30 පෙ.ව.'],
    ['sampleCollectionTime', 'ta', '2026-03-29T00:30:00Z', 'Europe/London', '12:30 AM'],
    ['sampleCollectionTime', 'en', '2026-03-29T01:30:00Z', 'Europe/London', '02:30 AM'],
    ['sampleCollectionTime', 'si', '2026-03-29T01:30:00Z', 'Europe/London', '02:30 පෙ.ව.'],
    ['sampleCollectionTime', 'ta', '2026-03-29T01:30:00Z', 'Europe/London', '02:30 AM'],
    ['appointmentTime', 'en', '2026-12-01T22:14:00Z', 'Asia/Colombo', '3:44 AM'],
    ['appointmentTime', 'ta', '2026-12-01T22:14:00Z', 'Asia/Colombo', '3:44 AM'],
    ['appointmentTime', 'en', '2026-11-24T11:15:00Z', 'Asia/Colombo', '4:45 PM'],
    ['appointmentTime', 'ta', '2026-11-24T11:15:00Z', 'Asia/Colombo', '4:45 PM'],
    ['appointmentTime', 'en', '2026-11-30T18:30:00Z', 'Asia/Colombo', '12:00 AM'],
    ['appointmentTime', 'ta', '2026-11-30T18:30:00Z', 'Asia/Colombo', '12:00 AM'],
    ['appointmentTime', 'en', '2026-12-31T06:30:00Z', 'Asia/Colombo', '12:00 PM'],
    ['appointmentTime', 'ta', '2026-12-31T06:30:00Z', 'Asia/Colombo', '12:00 PM'],
    ['appointmentTime', 'en', '2026-03-29T00:30:00Z', 'Europe/London', '12:30 AM'],
    ['appointmentTime', 'ta', '2026-03-29T00:30:00Z', 'Europe/London', '12:30 AM'],
    ['appointmentTime', 'en', '2026-03-29T01:30:00Z', 'Europe/London', '2:30 AM'],
    ['appointmentTime', 'ta', '2026-03-29T01:30:00Z', 'Europe/London', '2:30 AM'],
    ['labReportDownload', 'si', '2026-12-01T22:14:00Z', 'Asia/Colombo', '2nd,(Wed) Dec 2026 03:44 AM'],
    ['labReportDownload', 'si', '2026-11-24T11:15:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 04:45 PM'],
    ['labReportDownload', 'si', '2026-11-30T18:30:00Z', 'Asia/Colombo', '1st,(Tue) Dec 2026 12:00 AM'],
    ['labReportDownload', 'si', '2026-12-31T06:30:00Z', 'Asia/Colombo', '31st,(Thu) Dec 2026 12:00 PM'],
    ['labReportDownload', 'si', '2026-03-29T00:30:00Z', 'Europe/London', '29th,(Sun) Mar 2026 12:30 AM'],
    ['labReportDownload', 'si', '2026-03-29T01:30:00Z', 'Europe/London', '29th,(Sun) Mar 2026 02:30 AM'],
  ] as const)('%s in %s at %s in %s reads %s', (pattern, locale, iso, timeZone, text) => {
    expect(formatInstant(iso, pattern, { locale, timeZone })).toBe(text);
    expect(formatInstant(new Date(iso), pattern, { locale, timeZone })).toBe(text);
  });

  it('answers null for a missing or unreadable instant', () => {
    expect(formatInstant(null, 'payment')).toBeNull();
    expect(formatInstant(undefined, 'payment')).toBeNull();
    expect(formatInstant('', 'payment')).toBeNull();
    expect(formatInstant('not a date', 'payment')).toBeNull();
    expect(formatInstant(new Date(Number.NaN), 'chat')).toBeNull();
  });

  it('writes the numeric patterns with Latin digits whatever the language', () => {
    for (const locale of TIME_LOCALES) {
      expect(formatInstant('2026-12-31T18:29:59Z', 'isoDate', { locale, timeZone: 'Asia/Colombo' })).toBe('2026-12-31');
      expect(formatInstant('2026-12-31T18:30:00Z', 'isoDate', { locale, timeZone: 'Asia/Colombo' })).toBe('2027-01-01');
      expect(formatInstant('2026-12-31T18:30:00Z', 'clock24', { locale, timeZone: 'Asia/Colombo' })).toBe('00:00');
      expect(formatInstant('2026-11-24T10:35:00Z', 'clock24', { locale, timeZone: 'Asia/Colombo' })).toBe('16:05');
    }
  });

  it.each([
    [1, '1st'], [2, '2nd'], [3, '3rd'], [4, '4th'], [11, '11th'], [12, '12th'], [13, '13th'],
    [21, '21st'], [22, '22nd'], [23, '23rd'], [24, '24th'], [30, '30th'], [31, '31st'],
  ])('Do writes day %i as %s', (day, text) => {
    expect(`${day}${ordinalSuffix(day)}`).toBe(text);
  });
});

describe('formatInstant: the locale layouts kept as the screens wrote them', () => {
  const at = '2026-11-24T11:00:00Z'; // 4:30 PM on Tue 24 Nov 2026 in Colombo
  const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ');

  it.each([
    ['weekdayDate', 'Tue, 24 Nov 2026'],
    ['dateTime', '24 Nov 2026, 4:30 pm'],
    ['smsTime', 'Tue 24 Nov, 4:30 pm'],
    ['sessionDay', 'Tuesday, November 24'],
    ['sessionTime', '4:30 PM'],
    ['sessionDayAndTime', 'Tuesday, November 24 at 4:30 PM'],
    ['dateChoice', 'Tue, Nov 24'],
    ['shortDate', 'Nov 24, 2026'],
  ] as const)('%s in English reads %s', (pattern, text) => {
    expect(plain(formatInstant(at, pattern, { locale: 'en', timeZone: 'Asia/Colombo' }))).toBe(text);
  });

  it.each([
    ['weekdayDate', 'si-LK', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }],
    ['dateTime', 'ta-LK', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }],
    ['smsTime', 'si-LK', { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', hour12: true }],
    ['feedbackVisit', 'ta-LK', { dateStyle: 'medium', timeStyle: 'short' }],
    ['sessionDay', 'si', { weekday: 'long', day: 'numeric', month: 'long' }],
    ['callEvent', 'ta', { dateStyle: 'medium', timeStyle: 'medium' }],
  ] as const)('%s in %s is the locale’s own layout, as before', (pattern, intlLocale, options) => {
    const locale = intlLocale.slice(0, 2);
    expect(formatInstant(at, pattern, { locale, timeZone: 'Asia/Colombo' })).toBe(
      new Intl.DateTimeFormat(intlLocale, { ...options, timeZone: 'Asia/Colombo' }).format(new Date(at)),
    );
  });

  it.each([
    ['en', '24 Nov 2026, 16:30:00'],
    ['si', new Intl.DateTimeFormat('si-LK', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: 'Asia/Colombo' }).format(new Date(at))],
    ['ta', new Intl.DateTimeFormat('ta-LK', { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', timeZone: 'Asia/Colombo' }).format(new Date(at))],
  ])('writes the audit trail in %s as the language does, in the hospital’s zone, 24-hour: %s', (locale, text) => {
    expect(formatInstant(at, 'auditTime', { locale, timeZone: 'Asia/Colombo' })).toBe(text);
    expect(formatInstant(at, 'auditTime', { locale, timeZone: 'Asia/Colombo' })).not.toMatch(/\d+\/\d+\/\d{4}|AM|PM/);
  });
});

describe('formatDay: a calendar day, whatever the zone', () => {
  it.each([
    ['2026-11-24', 'dateChoice', 'en', 'Tue, Nov 24'],
    ['2026-02-28', 'dateChoice', 'en', 'Sat, Feb 28'],
    ['2028-02-29', 'shortDate', 'en', 'Feb 29, 2028'],
    ['1990-04-09', 'shortDate', 'en', 'Apr 9, 1990'],
    ['2026-11-24', 'sessionDay', 'en', 'Tuesday, November 24'],
  ] as const)('%s as %s in %s reads %s', (day, pattern, locale, text) => {
    expect(formatDay(day, pattern, locale)).toBe(text);
  });

  it('answers null for a text that is not YYYY-MM-DD', () => {
    expect(formatDay('24/11/2026', 'shortDate', 'en')).toBeNull();
    expect(formatDay('', 'shortDate', 'en')).toBeNull();
  });
});
