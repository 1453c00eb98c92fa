/**
 * The server's Prometheus metrics (issue 31 §3.10), one registry per process: every app built in the
 * process (one in production, many in the tests) counts into it, and `/metrics` (metrics.routes.ts)
 * prints it. docs/operations.md lists each metric with the alert a hospital's team would set on it.
 *
 * Labels hold only bounded values: route patterns (never raw URLs), GraphQL operation names up to a
 * cap, catalogue error codes, queue names and provider names.
 */
import client from 'prom-client';

export const metricsRegistry = new client.Registry();
metricsRegistry.setDefaultLabels({ service: 'careline' });
// CPU, memory, event-loop lag, handles, GC: the runtime's own health.
client.collectDefaultMetrics({ register: metricsRegistry, prefix: 'careline_' });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/**
 * A series' increments since the last scrape, in a plain number: prom-client checks and hashes the
 * labels on every inc, a cost on every request (issue 33 §5, bench:graphql); the counter's collect()
 * hands the tallies over when scraped.
 */
type Tally = { labels: Record<string, string>; pending: number };

function flushTallies<K>(counter: { inc: (labels: Record<string, string>, value: number) => void }, tallies: Map<K, Tally>): void {
  for (const tally of tallies.values()) {
    if (tally.pending > 0) {
      counter.inc(tally.labels, tally.pending);
      tally.pending = 0;
    }
  }
}

/**
 * One series of a tallied histogram: counts per bucket (a value above the last bound is only in +Inf),
 * sum and count, as prom-client's observe keeps them.
 */
export class HistogramSeries {
  readonly labels: Record<string, string>;
  readonly #bounds: readonly number[];
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(labels: Record<string, string>, bounds: readonly number[]) {
    this.labels = labels;
    this.#bounds = bounds;
    this.counts = bounds.map(() => 0);
  }

  /** Counts one value in the first bucket whose bound it does not exceed. */
  observe(value: number): void {
    const bounds = this.#bounds;
    let bucket = 0;
    while (bucket < bounds.length && value > (bounds[bucket] as number)) {
      bucket += 1;
    }
    if (bucket < bounds.length) {
      this.counts[bucket] = (this.counts[bucket] as number) + 1;
    }
    this.sum += value;
    this.count += 1;
  }

  /** Back to no observations (the histogram's reset). */
  zero(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }
}

/**
 * A prom-client histogram observed through plain numbers per series (HistogramSeries): prom-client's
 * observe validates and hashes the labels and finds the bucket by its bound as a string on every call,
 * a cost on every request (issue 33 §5, bench:graphql). At each scrape the series are handed to the
 * histogram's own state, so the exposition is prom-client's.
 * @param config - name, help, label names and buckets, as for client.Histogram
 * @param registers - the registries it is shown in
 */
export function talliedHistogram(
  config: { name: string; help: string; labelNames: readonly string[]; buckets: readonly number[] },
  registers: client.Registry[],
): { series: (labels: Record<string, string>) => HistogramSeries; histogram: client.Histogram } {
  const all: HistogramSeries[] = [];
  const histogram = new client.Histogram({
    name: config.name,
    help: config.help,
    labelNames: [...config.labelNames],
    buckets: [...config.buckets],
    registers,
    collect() {
      // prom-client's own shape of a series (histogram.js createBaseValues), keyed by the series' order.
      const state: Record<string, { labels: Record<string, string>; bucketValues: Record<number, number>; sum: number; count: number }> = {};
      all.forEach((series, index) => {
        const bucketValues: Record<number, number> = {};
        config.buckets.forEach((bound, bucket) => {
          bucketValues[bound] = series.counts[bucket] as number;
        });
        state[`tally:${index}`] = { labels: series.labels, bucketValues, sum: series.sum, count: series.count };
      });
      (this as unknown as { hashMap: typeof state }).hashMap = state;
    },
  });
  const reset = histogram.reset.bind(histogram);
  histogram.reset = () => {
    for (const series of all) {
      series.zero();
    }
    reset();
  };
  return {
    series: (labels) => {
      const series = new HistogramSeries(labels, config.buckets);
      all.push(series);
      return series;
    },
    histogram,
  };
}

/** Values by two keys (a series' labels), each Map looked up with the request's own strings. */
function nestedGet<T>(map: Map<string, Map<string, T>>, first: string, second: string, make: () => T): T {
  let inner = map.get(first);
  if (inner === undefined) {
    inner = new Map();
    map.set(first, inner);
  }
  let value = inner.get(second);
  if (value === undefined) {
    value = make();
    inner.set(second, value);
  }
  return value;
}

// By route, then method: the duration series and the counter's tallies by status code.
type HttpSeries = { duration: HistogramSeries; byStatus: Map<number, Tally> };
const httpSeries = new Map<string, Map<string, HttpSeries>>();
// By operation, then outcome.
const graphqlOperationTallies = new Map<string, Map<string, Tally>>();
const graphqlDurationSeries = new Map<string, HistogramSeries>();

function flushNested<K>(counter: { inc: (labels: Record<string, string>, value: number) => void }, tallies: Iterable<Map<K, Tally>>): void {
  for (const inner of tallies) {
    flushTallies(counter, inner);
  }
}

export const httpRequests = new client.Counter({
  name: 'careline_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const byMethod of httpSeries.values()) {
      for (const series of byMethod.values()) {
        flushTallies(this, series.byStatus);
      }
    }
  },
});

const httpDuration = talliedHistogram(
  {
    name: 'careline_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
  },
  [metricsRegistry],
);

export const graphqlOperations = new client.Counter({
  name: 'careline_graphql_operations_total',
  help: 'GraphQL operations over HTTP, by operation name and outcome (ok, error: the answer carried errors).',
  labelNames: ['operation', 'outcome'] as const,
  registers: [metricsRegistry],
  collect() {
    flushNested(this, graphqlOperationTallies.values());
  },
});

const graphqlDuration = talliedHistogram(
  {
    name: 'careline_graphql_operation_duration_seconds',
    help: 'Time to answer a GraphQL operation over HTTP, by operation name.',
    labelNames: ['operation'],
    buckets: LATENCY_BUCKETS,
  },
  [metricsRegistry],
);

/**
 * Counts and times one answered HTTP request (careline_http_requests_total and its duration).
 * @param route - the route pattern, never the raw URL ('unmatched' when none)
 * @param method - the request's method
 * @param status - the response's status code
 * @param seconds - from request to response
 */
export function countHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const series = nestedGet(httpSeries, route, method, () => ({
    duration: httpDuration.series({ route, method }),
    byStatus: new Map<number, Tally>(),
  }));
  let tally = series.byStatus.get(status);
  if (tally === undefined) {
    tally = { labels: { route, method, status: String(status) }, pending: 0 };
    series.byStatus.set(status, tally);
  }
  tally.pending += 1;
  series.duration.observe(seconds);
}

/**
 * Counts and times one GraphQL operation over HTTP (careline_graphql_operations_total and its duration).
 * @param operation - the operation's label (operationLabel: bounded)
 * @param outcome - ok, or error when the answer carried errors
 * @param seconds - from request to response
 */
export function countGraphQLOperation(operation: string, outcome: 'ok' | 'error', seconds: number): void {
  const tally = nestedGet(graphqlOperationTallies, operation, outcome, () => ({ labels: { operation, outcome }, pending: 0 }));
  tally.pending += 1;
  let duration = graphqlDurationSeries.get(operation);
  if (duration === undefined) {
    duration = graphqlDuration.series({ operation });
    graphqlDurationSeries.set(operation, duration);
  }
  duration.observe(seconds);
}

export const graphqlErrors = new client.Counter({
  name: 'careline_graphql_errors_total',
  help: 'Errors in GraphQL answers, by catalogue code (ARO-E9999 is an unexpected server fault).',
  labelNames: ['code'] as const,
  registers: [metricsRegistry],
});

export const dbQueryDuration = new client.Histogram({
  name: 'careline_db_query_duration_seconds',
  help: 'Time of each PostgreSQL query, by outcome (ok, error).',
  labelNames: ['outcome'] as const,
  buckets: QUERY_BUCKETS,
  registers: [metricsRegistry],
});

/** What a database pool tells about itself (node-postgres's counters). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };
const pools = new Set<() => PoolStats>();

/**
 * Counts a PostgreSQL pool in the pool gauges until the returned function is called (at close).
 * @param stats - reads the pool's counters
 */
export function watchPool(stats: () => PoolStats): () => void {
  pools.add(stats);
  return () => {
    pools.delete(stats);
  };
}

const sumPools = (pick: (stats: PoolStats) => number): number => [...pools].reduce((sum, stats) => sum + pick(stats()), 0);

new client.Gauge({
  name: 'careline_db_pool_connections',
  help: 'Connections of the PostgreSQL pool, by state (idle, busy), and its size (max).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const total = sumPools((s) => s.total);
    const idle = sumPools((s) => s.idle);
    this.set({ state: 'idle' }, idle);
    this.set({ state: 'busy' }, total - idle);
    this.set({ state: 'max' }, sumPools((s) => s.max));
  },
});

new client.Gauge({
  name: 'careline_db_pool_waiting',
  help: 'Queries waiting for a free PostgreSQL connection (the pool is exhausted while this stays above 0).',
  registers: [metricsRegistry],
  collect() {
    this.set(sumPools((s) => s.waiting));
  },
});

/** Answers a gauge's value when scraped; several sources (apps in one process) add up. */
type GaugeSource = () => number | Promise<number>;

/**
 * A gauge whose value is read from its sources at each scrape.
 * @param name - the metric's name
 * @param help - what it measures
 */
export function sourcedGauge(name: string, help: string): { add: (source: GaugeSource) => () => void } {
  const sources = new Set<GaugeSource>();
  new client.Gauge({
    name,
    help,
    registers: [metricsRegistry],
    async collect() {
      const values = await Promise.all([...sources].map(async (source) => source()));
      this.set(values.reduce((sum, value) => sum + value, 0));
    },
  });
  return {
    add: (source) => {
      sources.add(source);
      return () => {
        sources.delete(source);
      };
    },
  };
}

export const smsDeliveries = new client.Counter({
  name: 'careline_sms_deliveries_total',
  help: 'SMS handed to the provider, by provider and outcome (sent, failed).',
  labelNames: ['provider', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const smsFallbacks = new client.Counter({
  name: 'careline_sms_fallbacks_total',
  help: 'Sign-in codes tried on the second provider (SMS_FALLBACK_PROVIDER) after the first refused them, by outcome (sent, failed).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const smsDeadLetters = new client.Counter({
  name: 'careline_sms_dead_letters_total',
  help: 'SMS of the outbox given up on after their last retry, by what caused them (session.cancelled, order.notice, labReport.issued, chat.staffReplied).',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

export const smsOutboxWaiting = sourcedGauge(
  'careline_sms_outbox_waiting',
  'SMS of the outbox not sent yet (waiting, between retries or being sent), read from the database at each scrape: every instance shows the same count.',
);

export const gatewayCalls = new client.Counter({
  name: 'careline_gateway_calls_total',
  help: 'Server-to-gateway HTTP calls (payment gateways and their sandbox), by gateway host and outcome (2xx, 4xx, 5xx, error: no answer).',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const liveUpdatesDropped = sourcedGauge(
  'careline_live_updates_dropped',
  'Live updates dropped since start because the live-update buffer was full while Redis was away (screens re-read when it returns).',
);
export const liveUpdatesBuffered = sourcedGauge(
  'careline_live_updates_buffered',
  'Live updates waiting in the buffer for Redis (above 0 only while Redis is away or slow).',
);

export const openSubscriptions = sourcedGauge('careline_subscriptions_open', 'GraphQL subscriptions open on this instance\'s websockets.');

export const jobFailures = new client.Counter({
  name: 'careline_job_failures_total',
  help: 'Job runs that failed (each is retried, or dead-lettered after its last try), by job name.',
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
});

/** Answers the jobs waiting per queue when scraped; several sources (apps in one process) add up. */
type QueueDepthSource = () => Promise<Record<string, number>>;
const queueDepthSources = new Set<QueueDepthSource>();

new client.Gauge({
  name: 'careline_job_queue_waiting',
  help: 'Jobs waiting to run (created or waiting for a retry), by queue (the same on every instance: use max).',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    const depths = await Promise.all([...queueDepthSources].map(async (source) => source().catch(() => ({}))));
    const sums = new Map<string, number>();
    for (const depth of depths) {
      for (const [queue, waiting] of Object.entries(depth)) {
        sums.set(queue, (sums.get(queue) ?? 0) + waiting);
      }
    }
    for (const [queue, waiting] of sums) {
      this.set({ queue }, waiting);
    }
  },
});

/**
 * Counts a job queue's waiting jobs in careline_job_queue_waiting until the returned function is called.
 * @param source - reads the waiting jobs per queue
 */
export function watchJobQueue(source: QueueDepthSource): () => void {
  queueDepthSources.add(source);
  return () => {
    queueDepthSources.delete(source);
  };
}

export const openWebsockets = sourcedGauge('careline_websockets_open', 'GraphQL websockets open on this instance.');

const OPERATION_NAMES_MAX = 300;
const operationNames = new Set<string>();
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;

/**
 * The operation label of a GraphQL request: its name when well formed and among the first
 * OPERATION_NAMES_MAX names seen ('other' after that, so a client inventing names cannot grow the
 * registry), 'anonymous' when it has none.
 * @param name - the request's operationName, or the name in its document
 */
export function operationLabel(name: string | null | undefined): string {
  if (!name) {
    return 'anonymous';
  }
  if (operationNames.has(name)) {
    return name;
  }
  if (!OPERATION_NAME.test(name) || operationNames.size >= OPERATION_NAMES_MAX) {
    return 'other';
  }
  operationNames.add(name);
  return name;
}

const NAMED_OPERATION = /^\s*(?:#[^\n]*\n\s*)*(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

/**
 * The operation name of a GraphQL HTTP request: `operationName` when sent, else the first operation's
 * name in the query text (urql sends both; curl often only the text).
 * @param body - the request body (POST) or query string (GET)
 */
export function requestOperationName(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) {
    return null;
  }
  const { operationName, query } = body as { operationName?: unknown; query?: unknown };
  if (typeof operationName === 'string' && operationName !== '') {
    return operationName;
  }
  return typeof query === 'string' ? (NAMED_OPERATION.exec(query)?.[1] ?? null) : null;
}

/** The registry's text, as Prometheus scrapes it. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
