import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../test/production-env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const generic = 'ARO-E9999:Something went wrong. Contact Careline Hospitals for more assistance.';

// What must never reach a client: stack frames, SQL, driver or file details.
const leaks = [
  /\bat\s+\S+\s+\(/,
  /\.ts:\d+/,
  /node_modules/,
  /select\s/i,
  /Failed query/i,
  /PGlite/i,
  /access_sessions/,
  /stack/i,
];

function expectNoLeak(raw: string): void {
  for (const pattern of leaks) {
    expect(raw).not.toMatch(pattern);
  }
}

type ErrorBody = {
  data: unknown;
  errors: {
    message: string;
    path?: unknown;
    locations?: unknown;
    extensions: Record<string, unknown>;
  }[];
};

describe.each([['development'], ['production']])('unexpected errors (%s)', (nodeEnv) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(nodeEnv === 'production' ? productionEnv() : {});
    // Test-only fault: the database goes away under a running app. close() is made idempotent so
    // that t.close() afterwards (which closes it again) still cleans up on PostgreSQL too.
    const closeOnce = t.database.close;
    let closing: Promise<void> | null = null;
    t.database.close = () => (closing ??= closeOnce());
    await t.database.close();
  });
  afterAll(async () => {
    await t.close();
  });

  async function post(query: string, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'corr-123', ...headers },
      payload: { query },
    });
  }

  it('a resolver that hits the broken database answers only the generic text and a correlation id', async () => {
    const response = await post(
      'mutation { initiateAuthentication(username: "0771234567") { id } }',
    );
    const raw = response.body;
    expectNoLeak(raw);
    const body = response.json<ErrorBody>();
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]?.message).toBe(generic);
    expect(body.errors[0]?.extensions).toEqual({ code: 'ARO-E9999', correlationId: 'corr-123' });
    expect(Object.keys(body.errors[0] ?? {}).sort()).toEqual(['extensions', 'message', 'path']);
  });

  it('a token that cannot be checked (database down) answers the generic text, not "Please login" or SQL', async () => {
    const response = await post('{ tenantConfig }', { authorization: `Bearer ${'t'.repeat(43)}` });
    const raw = response.body;
    expectNoLeak(raw);
    const body = response.json<ErrorBody>();
    expect(body.data).toBeNull();
    expect(body.errors.map((error) => error.message)).toEqual([generic]);
    expect(body.errors[0]?.extensions).toEqual({ code: 'ARO-E9999', correlationId: 'corr-123' });
  });

  it('a body that is not JSON is refused as the client fault it is, without internals', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: '{"query": ',
    });
    expect(response.statusCode).toBe(400);
    expectNoLeak(response.body);
  });

  it('a blob request against the broken database answers the generic JSON error', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/blob/get/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${'t'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: generic });
    expectNoLeak(response.body);
  });

  it('another route against the broken database answers the generic JSON error, never its message', async () => {
    // /dev/* exists outside production only; in production the same request is a plain 404.
    const response = await t.app.inject({
      method: 'GET',
      url: '/dev/sms-outbox',
      headers: { 'x-correlation-id': 'corr-9' },
    });
    expectNoLeak(response.body);
    if (nodeEnv === 'development') {
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: generic });
      expect(response.headers['x-correlation-id']).toBe('corr-9');
    } else {
      expect(response.statusCode).toBe(404);
    }
  });

  it('/healthz reports the database as unavailable without details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(503);
    // A fixed reason for the load balancer, never the driver's error text.
    expect(response.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
  });
});
