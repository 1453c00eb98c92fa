import { DATE_FORMATS } from '@careline/domain/constants';
import { describe, expect, it } from 'vitest';
import { formatPaymentDate, ordinalSuffix } from './payment-date.ts';

describe('formatPaymentDate (spec doc 2 §9 payments: Do,(ddd) MMM YYYY hh:mm A)', () => {
  it('is the spec’s format', () => {
    expect(DATE_FORMATS.payment).toBe('Do,(ddd) MMM YYYY hh:mm A');
  });

  it.each([
    ['2026-11-24T04:45:00Z', 'UTC', '24th,(Tue) Nov 2026 04:45 AM'],
    ['2026-11-24T04:45:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 10:15 AM'],
    ['2026-03-01T13:05:00Z', 'UTC', '1st,(Sun) Mar 2026 01:05 PM'],
    ['2026-03-02T00:07:00Z', 'UTC', '2nd,(Mon) Mar 2026 12:07 AM'],
    ['2026-03-03T12:00:00Z', 'UTC', '3rd,(Tue) Mar 2026 12:00 PM'],
    ['2026-03-11T09:30:00Z', 'UTC', '11th,(Wed) Mar 2026 09:30 AM'],
    ['2026-03-22T23:59:00Z', 'UTC', '22nd,(Sun) Mar 2026 11:59 PM'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatPaymentDate(iso, 'en', zone)).toBe(text);
  });

  it('a missing or unreadable date is null (the screen shows Not Available)', () => {
    expect(formatPaymentDate(null)).toBeNull();
    expect(formatPaymentDate('')).toBeNull();
    expect(formatPaymentDate('not a date')).toBeNull();
  });

  it('Sinhala and Tamil keep the layout with their own names and their own ordinal (issue 29 §1.4)', () => {
    expect(formatPaymentDate('2026-11-24T04:45:00Z', 'si', 'UTC')).toBe('24 වැනි,(අඟහ) ඉල් 2026 04:45 පෙ.ව.');
    expect(formatPaymentDate('2026-11-24T04:45:00Z', 'ta', 'UTC')).toBe('24வது,(செவ்.) நவ. 2026 04:45 AM');
  });

  it('is in the hospital’s zone unless told otherwise', () => {
    expect(formatPaymentDate('2026-11-24T04:45:00Z', 'en')).toBe('24th,(Tue) Nov 2026 10:15 AM');
  });

  it('ordinal suffixes', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map((day) => `${day}${ordinalSuffix(day)}`)).toEqual([
      '1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '31st',
    ]);
  });
});
