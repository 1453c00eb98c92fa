import { describe, expect, it } from 'vitest';
import { rangeBounds, trendAxes, trendYAxis } from './trend-axes.ts';

const COLOMBO = 'Asia/Colombo';

describe('trendAxes: the x-axis (issue 30 §3.8)', () => {
  // The two reports: 1 Dec 22:19 and 2 Dec 10:19 in Colombo, days apart on its calendar.
  const twoReports = [
    { date: '2026-12-01T16:49:00Z', value: 30 },
    { date: '2026-12-02T04:49:00Z', value: 58 },
  ];

  it('ticks by day in the hospital zone, labelled as the table writes dates, in the language', () => {
    const axes = trendAxes(twoReports, { timeZone: COLOMBO, locale: 'en' });
    expect(axes?.x.unit).toBe('day');
    expect(axes?.x.ticks.map((tick) => tick.label)).toEqual(['Dec 1, 2026', 'Dec 2, 2026']);
    // From the start of 1 Dec to the end of 2 Dec in Colombo (UTC+05:30).
    expect(new Date(axes?.x.min ?? 0).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(new Date(axes?.x.max ?? 0).toISOString()).toBe('2026-12-02T18:30:00.000Z');
    // Ticks at the days' noon, inside the axis.
    expect(new Date(axes?.x.ticks[0]?.at ?? 0).toISOString()).toBe('2026-12-01T06:30:00.000Z');
    expect(trendAxes(twoReports, { timeZone: COLOMBO, locale: 'si' })?.x.ticks[0]?.label).not.toBe('Dec 1, 2026');
  });

  it('reads the days in the hospital zone, not UTC: 1 Dec 22:19 and 2 Dec 00:30 in Colombo are two days', () => {
    // Both on 1 Dec in UTC.
    const axes = trendAxes(
      [
        { date: '2026-12-01T16:49:00Z', value: 1 },
        { date: '2026-12-01T19:00:00Z', value: 2 },
      ],
      { timeZone: COLOMBO, locale: 'en' },
    );
    expect(axes?.x.unit).toBe('day');
    expect(axes?.x.ticks).toHaveLength(2);
  });

  it('shows at most maxTicks day labels over many days', () => {
    const points = [
      { date: '2026-11-01T04:00:00Z', value: 1 },
      { date: '2026-11-30T04:00:00Z', value: 2 },
    ];
    const ticks = trendAxes(points, { timeZone: COLOMBO, locale: 'en', maxTicks: 4 })?.x.ticks ?? [];
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(ticks[0]?.label).toBe('Nov 1, 2026');
  });

  it('ticks by hour for reports within one day, with room either side', () => {
    const axes = trendAxes(
      [
        { date: '2026-12-02T04:49:00Z', value: 1 },
        { date: '2026-12-02T06:49:00Z', value: 2 },
      ],
      { timeZone: COLOMBO, locale: 'en' },
    );
    expect(axes?.x.unit).toBe('hour');
    expect(axes?.x.min).toBeLessThan(Date.parse('2026-12-02T04:49:00Z'));
    expect(axes?.x.max).toBeGreaterThan(Date.parse('2026-12-02T06:49:00Z'));
    expect(axes?.x.ticks.length).toBeGreaterThan(0);
    expect(axes?.x.ticks.length).toBeLessThanOrEqual(4);
    // Whole hours of Colombo's clock: 10:00 is 04:30 UTC.
    for (const tick of axes?.x.ticks ?? []) {
      expect((tick.at - Date.parse('2026-12-02T04:30:00Z')) % 3_600_000).toBe(0);
    }
  });

  it('has no axes without points', () => {
    expect(trendAxes([], { timeZone: COLOMBO })).toBeNull();
  });
});

describe('trendYAxis: room above and below the data (issue 30 §3.8)', () => {
  it.each([
    ['two values: a tenth of the span each side', [30, 58], null, { min: 27.2, max: 60.8 }],
    ['the reference range is in view', [58, 62], { low: 0, high: 41 }, { min: 0, max: 68.2 }],
    ['a single value', [5], null, { min: 4.5, max: 5.5 }],
    ['a single zero', [0], null, { min: -1, max: 1 }],
    ['never below 0 for positive values', [1, 100], null, { min: 0, max: 109.9 }],
    ['negative values keep their room', [-5, 5], null, { min: -6, max: 6 }],
  ] as const)('%s', (_name, values, range, axis) => {
    const y = trendYAxis(values, range);
    expect(y.min).toBeCloseTo(axis.min, 6);
    expect(y.max).toBeCloseTo(axis.max, 6);
  });

  it('the highest and the lowest point are inside the axis, not on its edge', () => {
    const y = trendYAxis([30, 58]);
    expect(y.max).toBeGreaterThan(58);
    expect(y.min).toBeLessThan(30);
  });
});

describe('the reference range band', () => {
  it.each([
    [{ low: 0, high: 41 }, { low: 0, high: 41 }],
    [{ low: '11.5', high: '16.5' }, { low: 11.5, high: 16.5 }],
    [{ comparator: '<', value: 200 } as const, { low: Number.NEGATIVE_INFINITY, high: 200 }],
    [{ comparator: '>=', value: 40 } as const, { low: 40, high: Number.POSITIVE_INFINITY }],
    [{ text: 'Negative' }, null],
    [null, null],
  ])('%j reads %j', (range, bounds) => {
    expect(rangeBounds(range)).toEqual(bounds);
  });

  it('is cut to the axis', () => {
    const axes = trendAxes(
      [
        { date: '2026-12-01T04:49:00Z', value: 150 },
        { date: '2026-12-03T04:49:00Z', value: 250 },
      ],
      { timeZone: COLOMBO, range: { comparator: '<', value: 200 } },
    );
    expect(axes?.band).toEqual({ low: axes?.y.min, high: 200 });
  });
});
