import { describe, expect, it } from 'vitest';
import { ageLabel } from './age.ts';

// spec doc 1 §9: under 30 days as days, under a year as months and days, otherwise years.
describe('ageLabel', () => {
  // Local noon, so the calendar date is the same in every time zone's reading of `now`.
  const at = (y: number, m: number, d: number): Date => new Date(y, m - 1, d, 12, 0);

  it.each([
    ['2024-06-15', at(2024, 6, 15), '0 days'],
    ['2024-06-14', at(2024, 6, 15), '1 day'],
    ['2024-06-03', at(2024, 6, 15), '12 days'],
    // 29 and 30 days: the boundary
    ['2024-05-17', at(2024, 6, 15), '29 days'],
    ['2024-05-16', at(2024, 6, 15), '30 days'],
    ['2024-05-15', at(2024, 6, 15), '1 month'],
    ['2024-05-14', at(2024, 6, 15), '1 month 1 day'],
    // 30 days inside one calendar month stays days: no whole month has passed
    ['2024-01-01', at(2024, 1, 31), '30 days'],
    ['2024-01-01', at(2024, 2, 1), '1 month'],
    ['2024-03-11', at(2024, 6, 15), '3 months 4 days'],
    ['2024-04-15', at(2024, 6, 15), '2 months'],
    // 11 and 12 months: the year boundary
    ['2023-07-15', at(2024, 6, 15), '11 months'],
    ['2023-07-14', at(2024, 6, 15), '11 months 1 day'],
    ['2023-06-16', at(2024, 6, 15), '11 months 30 days'],
    ['2023-06-15', at(2024, 6, 15), '1 year'],
    ['2022-06-16', at(2024, 6, 15), '1 year'],
    ['2022-06-15', at(2024, 6, 15), '2 years'],
    ['1990-06-16', at(2024, 6, 15), '33 years'],
    ['1990-05-07', at(2024, 6, 15), '34 years'],
    // month ends: born on the 31st, a month old on the last day of a shorter month
    ['2023-01-31', at(2023, 2, 28), '28 days'],
    ['2024-01-31', at(2024, 2, 29), '29 days'],
    ['2024-01-31', at(2024, 3, 1), '1 month 1 day'],
    ['2024-02-29', at(2025, 2, 28), '1 year'],
    ['2024-02-29', at(2025, 2, 27), '11 months 29 days'],
  ])('born %s, at %s → %s', (birthDate, now, label) => {
    expect(ageLabel(birthDate, now)).toBe(label);
  });

  it.each([null, undefined, '', 'not a date', '1990-13-01', '1990-02-30', '2024-06-16'])('%j → empty', (birthDate) => {
    expect(ageLabel(birthDate, at(2024, 6, 15))).toBe('');
  });
});
