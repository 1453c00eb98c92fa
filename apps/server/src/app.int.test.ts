import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

describe('server platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz once the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok' });
  });

  it('echoes a well-formed correlation id and replaces a malformed one', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-correlation-id': 'abc-123' },
    });
    expect(ok.headers['x-correlation-id']).toBe('abc-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-correlation-id': 'bad id\nwith newline' },
    });
    expect(bad.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the tenant chosen by the host', async () => {
    const base = await t.gql<{ tenantConfig: { tenantId: string } }>('{ tenantConfig }');
    expect(base.data?.tenantConfig.tenantId).toBe('careline-demo');
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', host: 'first.localhost:3000' },
      payload: { query: '{ tenantConfig }' },
    });
    const first = response.json<{
      data: { tenantConfig: { tenantId: string; features: { channelling: { reserve: boolean } } } };
    }>();
    expect(first.data.tenantConfig.tenantId).toBe('first-tenant');
    expect(first.data.tenantConfig.features.channelling.reserve).toBe(true);
  });

  it('refuses an operation over the cost limit', async () => {
    const fields = Array.from({ length: 6000 }, (_, i) => `a${i}: tenantConfig`).join(' ');
    const result = await t.gql(`{ ${fields} }`);
    expect(result.errors?.[0]?.message).toMatch(/^ARO-E9000:/);
  });
});
