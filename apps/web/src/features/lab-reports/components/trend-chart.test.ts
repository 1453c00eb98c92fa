import { describe, expect, it } from 'vitest';
import { chartWidth } from './trend-chart.tsx';

describe('the trend chart width (issue 30 §3.8)', () => {
  it("is its holder's, with no minimum that would push a small phone's page sideways", () => {
    expect(chartWidth({ clientWidth: 296 })).toBe(296);
    expect(chartWidth({ clientWidth: 250 })).toBe(250);
    expect(chartWidth({ clientWidth: 0 })).toBe(0);
  });
});
