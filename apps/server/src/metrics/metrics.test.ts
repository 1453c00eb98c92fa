import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { talliedHistogram } from './metrics.ts';

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// On a bound, between bounds, 0, above the last bound (+Inf only), the same value twice.
const observations: Array<[Record<string, string>, number]> = [
  [{ route: '/graphql', method: 'POST' }, 0.005],
  [{ route: '/graphql', method: 'POST' }, 0.0061],
  [{ route: '/graphql', method: 'POST' }, 0],
  [{ route: '/graphql', method: 'POST' }, 12.5],
  [{ route: '/graphql', method: 'POST' }, 0.3],
  [{ route: '/graphql', method: 'POST' }, 0.3],
  [{ route: '/livez', method: 'GET' }, 0.0004],
  [{ route: 'unmatched', method: 'GET' }, 10],
];

describe('talliedHistogram: a histogram counted in plain numbers per series', () => {
  it("shows exactly what prom-client's own histogram shows for the same observations", async () => {
    const ownRegistry = new client.Registry();
    const own = new client.Histogram({
      name: 'probe_duration_seconds',
      help: 'probe',
      labelNames: ['route', 'method'],
      buckets,
      registers: [ownRegistry],
    });
    const talliedRegistry = new client.Registry();
    const tallied = talliedHistogram(
      { name: 'probe_duration_seconds', help: 'probe', labelNames: ['route', 'method'], buckets },
      [talliedRegistry],
    );
    const series = new Map<string, ReturnType<typeof tallied.series>>();
    for (const [labels, value] of observations) {
      own.observe(labels, value);
      const key = JSON.stringify(labels);
      const found = series.get(key) ?? tallied.series(labels);
      series.set(key, found);
      found.observe(value);
    }
    const expected = await ownRegistry.metrics();
    expect(expected).toContain('probe_duration_seconds_bucket{le="+Inf",route="/graphql",method="POST"} 6');
    expect(await talliedRegistry.metrics()).toBe(expected);

    // A later observation shows at the next scrape; a reset empties both.
    own.observe({ route: '/livez', method: 'GET' }, 0.2);
    series.get(JSON.stringify({ route: '/livez', method: 'GET' }))?.observe(0.2);
    expect(await talliedRegistry.metrics()).toBe(await ownRegistry.metrics());
    ownRegistry.resetMetrics();
    talliedRegistry.resetMetrics();
    const afterReset = await talliedRegistry.metrics();
    expect(afterReset).not.toMatch(/_count\{[^}]*\} [1-9]/);
  });
});
