/**
 * The lab results graph's axes (issue 30 §3.8): the x-axis in the hospital's time zone and the
 * user's language (the one time module), with one tick per day when the reports are days apart
 * and hour ticks within one day; the y-axis from the values' minimum to their maximum (spec doc 3
 * §2) with room above and below so no point sits on the chart's edge; the reference range as a
 * band.
 */
import {
  addDays,
  formatInstant,
  instantOfWallClock,
  startOfDay,
  zonedDay,
  zonedParts,
  type DatePatternName,
} from '../time/index.ts';
import type { ReferenceRange } from './types.ts';

/** The share of the values' span left free above the highest and below the lowest point. */
export const TREND_Y_PADDING = 0.1;

/** The most x-axis labels the chart shows (a 360 px phone fits four dates side by side). */
export const TREND_MAX_X_TICKS = 4;

const HOUR_MS = 60 * 60 * 1000;
/** Hour steps the x-axis may tick by within one day. */
const HOUR_STEPS = [1, 2, 3, 6, 12] as const;
/** The day ticks' and hour ticks' patterns: the table's date, and the clock. */
const DAY_TICK_PATTERN: DatePatternName = 'shortDate';
const HOUR_TICK_PATTERN: DatePatternName = 'sessionTime';

/** One x-axis tick: the instant (ms) and its label. */
export type TrendTick = { at: number; label: string };

/** The chart's axes and band; times in milliseconds. */
export type TrendAxes = {
  x: { min: number; max: number; unit: 'day' | 'hour'; ticks: TrendTick[] };
  y: { min: number; max: number };
  /** The reference range within the y-axis, or null when there is none to draw. */
  band: { low: number; high: number } | null;
};

function numberOf(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * The reference range as numbers: low and high, or the side a comparator leaves open (±Infinity);
 * null for a text range or none.
 * @param range - the sub-test's reference range
 */
export function rangeBounds(
  range: ReferenceRange | null | undefined,
): { low: number; high: number } | null {
  if (!range) {
    return null;
  }
  const low = numberOf(range.low);
  const high = numberOf(range.high);
  if (low !== null || high !== null) {
    return { low: low ?? Number.NEGATIVE_INFINITY, high: high ?? Number.POSITIVE_INFINITY };
  }
  const value = numberOf(range.value);
  if (value === null) {
    return null;
  }
  if (range.comparator === '<' || range.comparator === '<=') {
    return { low: Number.NEGATIVE_INFINITY, high: value };
  }
  if (range.comparator === '>' || range.comparator === '>=') {
    return { low: value, high: Number.POSITIVE_INFINITY };
  }
  return null;
}

/**
 * The y-axis: the values and the range's finite bounds, with TREND_Y_PADDING of their span free
 * above and below (a single value: a tenth of itself, or 1); never below 0 when every value is
 * above 0 (a count or a concentration does not go negative).
 * @param values - the charted values
 * @param range - the sub-test's reference range
 */
export function trendYAxis(
  values: readonly number[],
  range?: ReferenceRange | null,
): { min: number; max: number } {
  const bounds = rangeBounds(range);
  const extent = [...values, ...[bounds?.low, bounds?.high].filter(
    (bound): bound is number => bound !== undefined && Number.isFinite(bound),
  )];
  const min = Math.min(...extent);
  const max = Math.max(...extent);
  const pad = max > min ? (max - min) * TREND_Y_PADDING : Math.abs(min) * TREND_Y_PADDING || 1;
  const lower = min - pad;
  return { min: lower < 0 && values.every((value) => value > 0) ? 0 : lower, max: max + pad };
}

function dayTicks(
  first: string,
  last: string,
  timeZone: string,
  locale: string | undefined,
  maxTicks: number,
): TrendTick[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    days.push(day);
  }
  const step = Math.ceil(days.length / maxTicks);
  return days
    .filter((_day, index) => index % step === 0)
    .map((day) => {
      // At noon: the label stands under its day, the first one not cut by the chart's left edge.
      const [year, month, date] = day.split('-').map(Number) as [number, number, number];
      const at = instantOfWallClock({ year, month, day: date, hour: 12 }, timeZone).getTime();
      return { at, label: formatInstant(new Date(at), DAY_TICK_PATTERN, { locale, timeZone }) ?? day };
    });
}

function hourTicks(
  min: number,
  max: number,
  timeZone: string,
  locale: string | undefined,
  maxTicks: number,
): TrendTick[] {
  const hours = (max - min) / HOUR_MS;
  const step = HOUR_STEPS.find((candidate) => hours / candidate <= maxTicks) ?? 24;
  const start = zonedParts(new Date(min), timeZone);
  const ticks: TrendTick[] = [];
  for (let hour = 0; hour < 48; hour += 1) {
    if (hour % step !== 0) {
      continue;
    }
    const at = instantOfWallClock(
      { year: start.year, month: start.month, day: start.day, hour },
      timeZone,
    ).getTime();
    if (at >= min && at <= max) {
      ticks.push({ at, label: formatInstant(new Date(at), HOUR_TICK_PATTERN, { locale, timeZone }) ?? '' });
    }
  }
  return ticks;
}

/**
 * The chart's axes (issue 30 §3.8). Reports on different days of the hospital's calendar: the
 * x-axis runs from the start of the first day to the end of the last, a tick per day (every n-th
 * day so at most maxTicks show), labelled as the table writes dates. Reports within one day: an
 * hour either side (at least), ticks on whole hours. The y-axis and band as trendYAxis and
 * rangeBounds, the band cut to the axis. Null without points.
 * @param points - the chart's points (ISO dates and values)
 * @param options - the hospital's time zone, the user's language, the sub-test's reference range
 */
export function trendAxes(
  points: readonly { date: string; value: number }[],
  options: {
    timeZone: string;
    locale?: string;
    range?: ReferenceRange | null;
    maxTicks?: number;
  },
): TrendAxes | null {
  const times = points.map((point) => Date.parse(point.date)).filter((ms) => !Number.isNaN(ms));
  if (times.length === 0) {
    return null;
  }
  const { timeZone, locale } = options;
  const maxTicks = Math.max(1, options.maxTicks ?? TREND_MAX_X_TICKS);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const firstDay = zonedDay(new Date(first), timeZone);
  const lastDay = zonedDay(new Date(last), timeZone);
  let x: TrendAxes['x'];
  if (firstDay !== lastDay) {
    const min = startOfDay(firstDay, timeZone).getTime();
    const max = startOfDay(addDays(lastDay, 1), timeZone).getTime();
    x = { min, max, unit: 'day', ticks: dayTicks(firstDay, lastDay, timeZone, locale, maxTicks) };
  } else {
    const pad = Math.max((last - first) * TREND_Y_PADDING, HOUR_MS);
    const min = first - pad;
    const max = last + pad;
    x = { min, max, unit: 'hour', ticks: hourTicks(min, max, timeZone, locale, maxTicks) };
  }
  const y = trendYAxis(points.map((point) => point.value), options.range);
  const bounds = rangeBounds(options.range);
  const band =
    bounds && bounds.high >= y.min && bounds.low <= y.max
      ? { low: Math.max(bounds.low, y.min), high: Math.min(bounds.high, y.max) }
      : null;
  return { x, y, band };
}
