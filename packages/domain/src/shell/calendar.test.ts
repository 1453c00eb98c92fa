import { describe, expect, it } from 'vitest';
import { greetingFor, greetingText, npsLabel, relativeDayLabel } from './calendar.ts';

const at = (y: number, m: number, d: number, h = 12, min = 0): Date => new Date(y, m - 1, d, h, min);

// spec doc 1 §4: relative-day labels Today, Tomorrow, Yesterday.
describe('relativeDayLabel', () => {
  const now = at(2024, 3, 1, 10);
  it.each([
    [at(2024, 3, 1, 0, 0), 'Today'],
    [at(2024, 3, 1, 23, 59), 'Today'],
    [at(2024, 3, 2, 0, 0), 'Tomorrow'],
    [at(2024, 2, 29, 23, 59), 'Yesterday'],
    [at(2024, 3, 3), null],
    [at(2024, 2, 28), null],
    [at(2025, 3, 1), null],
  ])('%s → %s', (date, label) => {
    expect(relativeDayLabel(date, now)).toBe(label);
  });

  it('crosses a year end', () => {
    expect(relativeDayLabel(at(2025, 1, 1), at(2024, 12, 31, 23, 30))).toBe('Tomorrow');
    expect(relativeDayLabel(at(2024, 12, 31), at(2025, 1, 1, 0, 10))).toBe('Yesterday');
  });
});

// spec doc 1 §4: before 12 morning, 12 to 16 afternoon, from 16 evening, on the hospital's clock
// (Asia/Colombo, +05:30), whatever the device's (issue 33 §1: the server writes the greeting too).
describe('greeting', () => {
  it.each([
    ['2024-02-29T18:30:00Z', 'morning', 'Good morning'],
    ['2024-03-01T06:29:00Z', 'morning', 'Good morning'],
    ['2024-03-01T06:30:00Z', 'afternoon', 'Good afternoon'],
    ['2024-03-01T10:29:00Z', 'afternoon', 'Good afternoon'],
    ['2024-03-01T10:30:00Z', 'evening', 'Good evening'],
    ['2024-03-01T18:29:00Z', 'evening', 'Good evening'],
  ])('%s → %s', (instant, part, text) => {
    const date = new Date(instant);
    expect(greetingFor(date)).toBe(part);
    expect(greetingText(date)).toBe(text);
  });

  it("reads another hospital's zone when given", () => {
    expect(greetingText(new Date('2024-03-01T06:30:00Z'), 'UTC')).toBe('Good morning');
  });
});

// spec doc 1 §4: NPS labels 1-6 Not Good (red), 7-8 Satisfied (orange), 9-10 Great (green).
describe('npsLabel', () => {
  it.each([
    [1, { label: 'Not Good', colour: 'red' }],
    [6, { label: 'Not Good', colour: 'red' }],
    [7, { label: 'Satisfied', colour: 'orange' }],
    [8, { label: 'Satisfied', colour: 'orange' }],
    [9, { label: 'Great', colour: 'green' }],
    [10, { label: 'Great', colour: 'green' }],
    [0, null],
    [11, null],
    [-1, null],
    [6.5, null],
    [Number.NaN, null],
  ])('%d → %o', (score, label) => {
    expect(npsLabel(score)).toEqual(label);
  });
});
