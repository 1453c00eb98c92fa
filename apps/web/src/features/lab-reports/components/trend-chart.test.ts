import { describe, expect, it } from 'vitest';
import { chartRange, chartTimeRange } from './trend-chart.tsx';

describe('the trend chart ranges', () => {
  it('runs from the first to the last report date, and centres a single date in two days', () => {
    expect(chartTimeRange([3_000, 1_000, 5_000])).toEqual([1_000, 5_000]);
    expect(chartTimeRange([1_800_000_000])).toEqual([1_799_913_600, 1_800_086_400]);
  });

  it('draws the values from the minimum to the maximum, a single value with room around it', () => {
    expect(chartRange({ min: 11.5, max: 16.5 })).toEqual([11.5, 16.5]);
    expect(chartRange({ min: 10, max: 10 })).toEqual([9, 11]);
  });
});
