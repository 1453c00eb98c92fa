import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { operationLabel } from '../../metrics/metrics.ts';
import { createTenantRegistry } from './tenants.registry.ts';
import { demoTenants } from './tenants.demo.ts';

const TOKEN = 'metrics-token-for-the-config-answer-test';

/** The value of one series in Prometheus's text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && wanted.every((pair) => row.includes(pair)));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('{ tenantConfig } answered from the serialised config (issue 33 §5)', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...headers }, payload: payload as object });

  it('answers exactly what Mercurius answers, with the same headers', async () => {
    const fast = await post({ query: '{ tenantConfig }' });
    // A comment takes Mercurius's own way: parse, validate, execute, serialise.
    const full = await post({ query: '# the full way\n{ tenantConfig }' });
    expect(fast.statusCode).toBe(200);
    expect(full.statusCode).toBe(200);
    expect(fast.body).toBe(full.body);
    expect(fast.json()).toEqual({ data: { tenantConfig: t.tenants.resolve('localhost').publicConfig } });
    const named = (headers: Record<string, unknown>) => Object.keys(headers).sort();
    expect(named(fast.headers)).toEqual(named(full.headers));
    for (const name of ['content-type', 'content-length', 'content-security-policy', 'x-frame-options', 'referrer-policy', 'x-content-type-options']) {
      expect(fast.headers[name], name).toBe(full.headers[name]);
    }
    expect(fast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('echoes the correlation id, compresses, counts and logs the request as every other', async () => {
    const scrape = async (): Promise<string> =>
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const before = await scrape();
    lines.length = 0;
    const response = await post(
      { query: 'query tenantConfig { tenantConfig }', operationName: 'tenantConfig' },
      { 'x-correlation-id': 'config-answer-1', 'accept-encoding': 'br' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-correlation-id']).toBe('config-answer-1');
    expect(response.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(response.rawPayload).toString('utf8')) as unknown;
    expect(body).toEqual({ data: { tenantConfig: t.tenants.resolve('localhost').publicConfig } });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>): number => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('careline_http_requests_total', { route: '/graphql', method: 'POST', status: '200' })).toBe(1);
    // 'other' once the process has seen as many names as the label may hold (files share the process).
    const operation = operationLabel('tenantConfig');
    expect(delta('careline_graphql_operations_total', { operation, outcome: 'ok' })).toBe(1);
    expect(delta('careline_graphql_operation_duration_seconds_count', { operation })).toBe(1);
    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; correlationId?: string });
    expect(logged.filter((line) => line.correlationId === 'config-answer-1').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('never gives one tenant the answer of another', async () => {
    for (let round = 0; round < 3; round++) {
      for (const [host, tenantId] of [
        ['first.localhost:3000', 'first-tenant'],
        ['localhost', 'careline-demo'],
        ['unknown.example', 'careline-demo'],
      ] as const) {
        const response = await post({ query: '{ tenantConfig }' }, { host });
        expect(response.json<{ data: { tenantConfig: { tenantId: string } } }>().data.tenantConfig.tenantId).toBe(tenantId);
      }
    }
  });

  it('answers a changed config afresh once the registry is built again', async () => {
    const hospitalName = (response: { json: () => unknown }): string =>
      (response.json() as { data: { tenantConfig: { branding: { hospitalName: string } } } }).data.tenantConfig.branding.hospitalName;
    const before = hospitalName(await post({ query: '{ tenantConfig }' }));
    expect(before).not.toBe('Renamed General Hospital');
    // A registry built again from a changed file, which the app then resolves through.
    const changed = createTenantRegistry(
      t.env,
      demoTenants.map((tenant) =>
        tenant.id === 'careline-demo'
          ? { ...tenant, config: { ...tenant.config, branding: { ...tenant.config?.branding, hospitalName: 'Renamed General Hospital' } } }
          : tenant,
      ),
    );
    const resolve = t.tenants.resolve;
    t.tenants.resolve = changed.resolve;
    try {
      expect(hospitalName(await post({ query: '{ tenantConfig }' }))).toBe('Renamed General Hospital');
      expect(hospitalName(await post({ query: '# the full way\n{ tenantConfig }' }))).toBe('Renamed General Hospital');
    } finally {
      t.tenants.resolve = resolve;
    }
    expect(hospitalName(await post({ query: '{ tenantConfig }' }))).toBe(before);
  });

  it('still checks a token sent with it, and keeps the limits and refusals of any other query', async () => {
    const withToken = await post({ query: '{ tenantConfig }' }, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(withToken.json<{ data: { tenantConfig: { tenantId: string } } }>().data.tenantConfig.tenantId).toBe('careline-demo');
    const nul = await post({ query: '{ tenantConfig }', variables: { a: 'x\u0000' } });
    expect(nul.statusCode).toBe(400);
    const badQuery = await post({ query: { kind: 'Document', definitions: [] } });
    expect(badQuery.statusCode).toBe(400);
    const batch = await post([{ query: '{ tenantConfig }' }, { query: '{ tenantConfig }' }]);
    expect(batch.json<{ data?: unknown }>().data ?? null).toBeNull();
  });
});
