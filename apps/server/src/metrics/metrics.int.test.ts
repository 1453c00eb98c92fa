import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { operationLabel, requestOperationName } from './metrics.ts';
import { startMetricsServer } from './metrics.routes.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in Prometheus's text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && wanted.every((pair) => row.includes(pair)));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics (issue 31 §3.10)', () => {
  let t: TestApp;
  let open: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    open = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  const scrape = async (): Promise<string> => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('is never public: 401 without the token or with another, 404 JSON when no token is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('careline_');
    const unset = await open.app.inject({ method: 'GET', url: '/metrics' });
    expect(unset.statusCode).toBe(404);
    expect(unset.headers['content-type']).toContain('application/json');
  });

  it('counts requests by route pattern, GraphQL operations by name and outcome, and errors by code', async () => {
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/livez' });
    await t.gql('query MetricsProbe { __typename }');
    // Another account's appointment without signing in: a catalogue error in the answer.
    await t.gql('query MetricsRefused { queryAppointment(id: "00000000-0000-0000-0000-000000000000") { id } }');
    const after = await scrape();

    const delta = (name: string, labels: Record<string, string>): number => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('careline_http_requests_total', { route: '/livez', method: 'GET', status: '200' })).toBe(1);
    expect(delta('careline_http_request_duration_seconds_count', { route: '/livez', method: 'GET' })).toBe(1);
    expect(delta('careline_graphql_operations_total', { operation: 'MetricsProbe', outcome: 'ok' })).toBe(1);
    expect(delta('careline_graphql_operations_total', { operation: 'MetricsRefused', outcome: 'error' })).toBe(1);
    expect(delta('careline_graphql_operation_duration_seconds_count', { operation: 'MetricsProbe' })).toBe(1);
    const refusedCodes = after
      .split('\n')
      .filter((row) => row.startsWith('careline_graphql_errors_total{'))
      .map((row) => /code="([^"]+)"/.exec(row)?.[1]);
    expect(refusedCodes.some((code) => code?.startsWith('ARO-E') || code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
    // The runtime's own: event-loop lag and memory.
    expect(after).toContain('careline_nodejs_eventloop_lag_seconds');
    expect(after).toContain('careline_websockets_open');
    expect(after).toContain('careline_live_updates_dropped');
  });

  it('counts the open GraphQL websockets', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const open = async (): Promise<number> => sample(await scrape(), 'careline_websockets_open', {});
    const before = await open();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      expect((await open()) - before).toBe(1);
    } finally {
      socket.close();
    }
  });

  it('counts the open subscriptions, and forgets a closed socket\'s', async () => {
    if (!t.app.server.listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    const port = (t.app.server.address() as AddressInfo).port;
    const subscriptions = async (): Promise<number> => sample(await scrape(), 'careline_subscriptions_open', {});
    const before = await subscriptions();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws');
    const messages: { type: string }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as { type: string }));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'connection_ack')).toBe(true));
    socket.send(
      JSON.stringify({
        id: 'metrics-1',
        type: 'subscribe',
        payload: { query: 'subscription { subscribeSession(id: "00000000-0000-0000-0000-000000000000") }' },
      }),
    );
    await vi.waitFor(async () => expect((await subscriptions()) - before).toBe(1));
    socket.close();
    await vi.waitFor(async () => expect(await subscriptions()).toBe(before));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('times PostgreSQL queries and shows the pool', async () => {
    await t.gql('query MetricsDb { __typename }');
    const text = await scrape();
    expect(sample(text, 'careline_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    expect(sample(text, 'careline_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
  });

  it('counts SMS by provider and outcome, and gateway calls by gateway and status class', async () => {
    const before = await scrape();
    const tenantId = t.tenants.all()[0]?.id ?? '';
    await t.providers.sms.send({ tenantId, to: '+94771234567', body: 'metrics test' });
    await t.providers.gatewayHttp('/livez', { method: 'GET', headers: {} });
    await t.providers.gatewayHttp('/no-such-gateway-path', { method: 'GET', headers: {} });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>): number => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('careline_sms_deliveries_total', { provider: 'outbox', outcome: 'sent' })).toBe(1);
    expect(delta('careline_gateway_calls_total', { gateway: 'local', outcome: '2xx' })).toBe(1);
    expect(delta('careline_gateway_calls_total', { gateway: 'local', outcome: '4xx' })).toBe(1);
  });

  it('serves /metrics alone on its own port without a token', async () => {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('careline_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/graphql`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('keeps operation labels bounded: names from the request, malformed or excess ones as other', () => {
    expect(requestOperationName({ operationName: 'Sent', query: 'query Other { a }' })).toBe('Sent');
    expect(requestOperationName({ query: '# a comment\n  mutation Book($a: ID) { a }' })).toBe('Book');
    expect(requestOperationName({ query: '{ a }' })).toBeNull();
    expect(operationLabel(null)).toBe('anonymous');
    expect(operationLabel('bad name!')).toBe('other');
    for (let i = 0; i < 400; i++) {
      operationLabel(`Invented${i}`);
    }
    expect(operationLabel('InventedLater')).toBe('other');
    expect(operationLabel('Invented1')).toBe('Invented1');
  });
});
