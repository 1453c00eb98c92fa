import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, formatTable, median, missed, physicalFloorMs, slowLink, type RouteResult } from './figures.ts';

describe('median', () => {
  it.each([
    { values: [3, 1, 2], expected: 2 },
    { values: [5], expected: 5 },
    { values: [4, 1, 3, 2], expected: 3 },
    { values: [2500, 900, 12_000], expected: 2500 },
  ])('of $values is $expected', ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });

  it('of nothing is NaN', () => {
    expect(median([])).toBeNaN();
  });
});

describe('physical floor', () => {
  it.each([
    // 50 KB/s: 150 KB takes 3 s, plus one 400 ms round trip
    { bytes: 150_000, roundTrips: 1, expected: 3400 },
    { bytes: 0, roundTrips: 1, expected: 400 },
    { bytes: 50_000, roundTrips: 3, expected: 2200 },
  ])('$bytes bytes in $roundTrips round trips take $expected ms', ({ bytes, roundTrips, expected }) => {
    expect(physicalFloorMs(bytes, slowLink, roundTrips)).toBeCloseTo(expected, 6);
  });
});

describe('cumulative layout shift', () => {
  it.each([
    { name: 'no shifts', shifts: [], expected: 0 },
    { name: 'one window', shifts: [{ value: 0.02, startTime: 100 }, { value: 0.03, startTime: 900 }], expected: 0.05 },
    { name: 'two windows, the larger', shifts: [{ value: 0.02, startTime: 100 }, { value: 0.04, startTime: 3000 }], expected: 0.04 },
    { name: 'a window ends after 5 s', shifts: [0, 900, 1800, 2700, 3600, 4500, 5400].map((startTime) => ({ value: 0.01, startTime })), expected: 0.06 },
    { name: 'after input left out', shifts: [{ value: 0.3, startTime: 100, hadRecentInput: true }, { value: 0.01, startTime: 200 }], expected: 0.01 },
  ])('$name: $expected', ({ shifts, expected }) => {
    const entries = shifts.map((shift) => ({ hadRecentInput: false, ...shift }));
    expect(cumulativeLayoutShift(entries)).toBeCloseTo(expected, 6);
  });
});

const result = (overrides: Partial<RouteResult> = {}): RouteResult => ({
  route: '/login',
  coldMs: 2100,
  warmMs: 450,
  cls: 0.01,
  bytes: 20 * 1024,
  floorAppColdMs: 4000,
  floorAppWarmMs: 900,
  physicalFloorMs: 810,
  goal: { usableMs: 2500, cls: 0.05 },
  ...overrides,
});

describe('goals', () => {
  it.each([
    { name: 'within both', overrides: {}, expected: [] },
    { name: 'too slow', overrides: { coldMs: 5100 }, expected: ['/login usable after 5.10 s (goal ≤ 2.50 s)'] },
    { name: 'shifts', overrides: { cls: 0.12 }, expected: ['/login CLS 0.120 (goal ≤ 0.05)'] },
    { name: 'never usable', overrides: { coldMs: Number.NaN }, expected: ['/login usable after — (goal ≤ 2.50 s)'] },
  ])('$name', ({ overrides, expected }) => {
    expect(missed(result(overrides))).toEqual(expected);
  });
});

describe('the table', () => {
  it('has a line a route, the verdict and the goals missed last', () => {
    const table = formatTable([result(), result({ route: '/chat-home', coldMs: 6200, goal: { usableMs: 3000, cls: 0.05 } })]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^route\s+cold\s+warm\s+CLS\s+bytes\s+floor app cold\/warm\s+physical floor\s+goal$/);
    expect(lines[1]).toMatch(/^\/login\s+2\.10 s\s+0\.45 s\s+0\.010\s+20\.0 KB\s+4\.00 s \/ 0\.90 s\s+0\.81 s\s+≤ 2\.50 s, CLS ≤ 0\.05\s+MET$/);
    expect(lines[2]).toMatch(/^\/chat-home\s+6\.20 s .* MISSED$/);
    expect(lines.at(-1)).toBe('goals missed: /chat-home usable after 6.20 s (goal ≤ 3.00 s)');
  });

  it('says so when every goal is met', () => {
    expect(formatTable([result()]).split('\n').at(-1)).toBe('every goal met');
  });
});
