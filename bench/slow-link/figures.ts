// The arithmetic and the table of `npm run bench:slow-link` (scripts/bench-slow-link.mjs, issue 33 §4),
// apart from the browser so that a unit test can check it.

/** The emulated link: round trip, bandwidth down and up (kbit/s), CPU slowdown. */
export type Link = { rttMs: number; downKbps: number; upKbps: number; cpuSlowdown: number };

/** The slow phone network: 400 ms round trip, 400 kbit/s down and up, CPU 4× slower. */
export const slowLink: Link = { rttMs: 400, downKbps: 400, upKbps: 400, cpuSlowdown: 4 };

/** The goal of a route (issue 33 Goal): usable when cold within usableMs, CLS at most cls. */
export type Goal = { usableMs: number; cls: number };

export const clsGoal = 0.05;

/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The physical floor of a screen: its bytes at the link's bandwidth plus the round trips it cannot do
 * without (ms). Chromium's network emulation adds the latency once per request and models no
 * connection set-up, so one round trip (the document's) is the least any page pays.
 */
export function physicalFloorMs(bytes: number, link: Pick<Link, 'rttMs' | 'downKbps'>, roundTrips = 1): number {
  return roundTrips * link.rttMs + (bytes * 8) / link.downKbps;
}

/** A layout-shift entry as the page's PerformanceObserver saw it. */
export type LayoutShift = { value: number; startTime: number; hadRecentInput: boolean };

/**
 * Cumulative layout shift as the web-vitals define it: the largest session window (shifts less than
 * 1 s apart, a window at most 5 s long), shifts right after input left out.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.hadRecentInput) {
      continue;
    }
    if (shift.startTime - last >= 1000 || shift.startTime - windowStart >= 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    last = shift.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

/** One route's medians, real app and floor app. Times in ms, null when never usable. */
export type RouteResult = {
  route: string;
  coldMs: number;
  warmMs: number;
  cls: number;
  bytes: number;
  floorAppColdMs: number;
  floorAppWarmMs: number;
  physicalFloorMs: number;
  goal: Goal;
};

/** What a route misses of its goal, in words; empty when it meets it. */
export function missed(result: RouteResult): string[] {
  const misses: string[] = [];
  if (!(result.coldMs <= result.goal.usableMs)) {
    misses.push(`${result.route} usable after ${seconds(result.coldMs)} (goal ≤ ${seconds(result.goal.usableMs)})`);
  }
  if (!(result.cls <= result.goal.cls)) {
    misses.push(`${result.route} CLS ${result.cls.toFixed(3)} (goal ≤ ${result.goal.cls})`);
  }
  return misses;
}

export const seconds = (ms: number): string => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '—');
export const kilobytes = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '—');

/** The bench's table (one line a route) and its last line, the goals missed. */
export function formatTable(results: readonly RouteResult[]): string {
  const header = ['route', 'cold', 'warm', 'CLS', 'bytes', 'floor app cold/warm', 'physical floor', 'goal', ''];
  const rows = results.map((result) => [
    result.route,
    seconds(result.coldMs),
    seconds(result.warmMs),
    Number.isFinite(result.cls) ? result.cls.toFixed(3) : '—',
    kilobytes(result.bytes),
    `${seconds(result.floorAppColdMs)} / ${seconds(result.floorAppWarmMs)}`,
    seconds(result.physicalFloorMs),
    `≤ ${seconds(result.goal.usableMs)}, CLS ≤ ${result.goal.cls}`,
    missed(result).length === 0 ? 'MET' : 'MISSED',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 || column === cells.length - 1 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const misses = results.flatMap(missed);
  return [
    line(header),
    ...rows.map(line),
    '',
    misses.length === 0 ? 'every goal met' : `goals missed: ${misses.join('; ')}`,
  ].join('\n');
}
