import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  isUpcomingEvent,
  startOfLocalDay,
  visitPoints,
} from './loyalty-rules.ts';

describe('visitPoints (issue 8 §11: floor of amount × pointsPer100 / 100)', () => {
  const on = (pointsPer100: number) => ({ enabled: true, pointsPer100 });
  it.each([
    [3000, 10, 300],
    [2500.5, 10, 250],
    [99.99, 1, 0],
    [100, 1, 1],
    [199.99, 1, 1],
    [0.29, 10_000, 29],
    [1234.56, 3, 37],
    [0, 10, 0],
    [-100, 10, 0],
    [Number.NaN, 10, 0],
    [1000, 0, 0],
  ])('%s charged at %s per 100 earns %s', (amount, per100, points) => {
    expect(visitPoints(amount, on(per100))).toBe(points);
  });

  it('earns nothing when the tenant has loyalty off', () => {
    expect(visitPoints(3000, { enabled: false, pointsPer100: 10 })).toBe(0);
  });
});

describe('upcoming events (spec doc 2 §4, issue 8 §10)', () => {
  // 10:00 in Colombo (UTC+05:30) on 23 November; the day started at 2026-11-22T18:30Z.
  const now = new Date('2026-11-23T04:30:00Z');

  it('counts days in Asia/Colombo by default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Colombo');
    expect(startOfLocalDay(now).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    // 23:59 UTC on the 22nd is already 05:29 on the 23rd in Colombo.
    expect(startOfLocalDay(new Date('2026-11-22T23:59:00Z')).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(startOfLocalDay(new Date('2026-11-22T18:29:59Z')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });

  it('follows daylight saving in other zones', () => {
    expect(startOfLocalDay(new Date('2026-07-01T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-12-01T12:00:00Z'), 'Europe/London').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfLocalDay(new Date('2026-11-23T04:30:00Z'), 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it.each([
    ['booked', '2026-11-22T18:30:00Z', true], // today's first instant
    ['booked', '2026-11-23T01:00:00Z', true], // earlier hour today
    ['arrived', '2026-11-23T03:00:00Z', true],
    ['noshow', '2026-11-24T03:00:00Z', true],
    ['booked', '2026-12-30T03:00:00Z', true],
    ['booked', '2026-11-22T18:29:59Z', false], // yesterday
    ['cancelled', '2026-11-24T03:00:00Z', false],
    ['fulfilled', '2026-11-24T03:00:00Z', false],
    ['entered_in_error', '2026-11-24T03:00:00Z', false],
  ])('%s at %s is upcoming: %s', (status, start, upcoming) => {
    expect(isUpcomingEvent(status, new Date(start), now)).toBe(upcoming);
  });
});
