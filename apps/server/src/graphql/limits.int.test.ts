import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnv } from '../../test/production-env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

type Body = { data: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };

async function post(
  t: TestApp,
  payload: unknown,
): Promise<{ status: number; body: Body; raw: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
  return { status: response.statusCode, body: response.json<Body>(), raw: response.body };
}

describe('GraphQL limits (development)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      GRAPHQL_MAX_DEPTH: '4',
      GRAPHQL_MAX_COST: '20',
      GRAPHQL_MAX_ALIASES: '50',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a query at GRAPHQL_MAX_DEPTH and refuses one level deeper', async () => {
    const atLimit = await post(t, { query: '{ __schema { queryType { fields { name } } } }' });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors).toBeUndefined();

    const tooDeep = await post(t, {
      query: '{ __schema { queryType { fields { type { name } } } } }',
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.data).toBeNull();
    expect(tooDeep.body.errors?.[0]?.message).toContain(
      'query depth (5) exceeds the query depth limit of 4',
    );
  });

  it('answers a query at GRAPHQL_MAX_COST fields and refuses one more', async () => {
    const fields = (n: number): string =>
      Array.from({ length: n }, (_, i) => `f${i}: tenantConfig`).join(' ');
    const atLimit = await post(t, { query: `{ ${fields(20)} }` });
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors).toBeUndefined();

    const tooCostly = await post(t, { query: `{ ${fields(21)} }` });
    expect(tooCostly.status).toBe(400);
    expect(tooCostly.body.errors?.[0]?.message).toBe(
      'ARO-E9000:The request is too complex (more than 20 fields)',
    );
  });

  it('refuses batched queries (several operations in one request)', async () => {
    const batch = await post(t, [{ query: '{ tenantConfig }' }, { query: '{ tenantConfig }' }]);
    expect(batch.status).toBe(400);
    expect(batch.body.data).toBeNull();
    expect(batch.raw).not.toContain('tenantId');
  });

  it.each([
    [
      'initiateAuthentication',
      'mutation { a: initiateAuthentication(username: "0771234567") { id } b: initiateAuthentication(username: "0771234568") { id } }',
    ],
    [
      'completeAuthentication',
      'mutation { a: completeAuthentication(id: "00000000-0000-4000-8000-000000000000", verificationCode: 1111) { outcome } b: completeAuthentication(id: "00000000-0000-4000-8000-000000000000", verificationCode: 2222) { outcome } }',
    ],
    [
      'initiateLinkAuthentication',
      'mutation { a: initiateLinkAuthentication(token: "x") { id } b: initiateLinkAuthentication(token: "y") { id } }',
    ],
  ])('refuses %s repeated under aliases, before anything runs', async (field, query) => {
    const result = await post(t, { query });
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      `ARO-E2002:The request is not valid (${field} more than once)`,
    ]);
  });

  it('refuses two different sign-in fields in one operation, sending nothing', async () => {
    const query =
      'mutation { initiateLinkAuthentication(token: "x") { id } initiateAuthentication(username: "0771239876") { id } }';
    const result = await post(t, { query });
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:The request is not valid (more than one sign-in field: initiateLinkAuthentication, initiateAuthentication)',
    ]);
  });

  it('keeps introspection and field suggestions outside production', async () => {
    const introspection = await post(t, { query: '{ __schema { queryType { name } } }' });
    expect(introspection.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const typo = await post(t, { query: '{ tenantConfi }' });
    expect(typo.body.errors?.[0]?.message).toContain('Did you mean');
  });
});

describe('GraphQL limits that keep anonymous requests from stalling the server (issue 6 §1)', () => {
  let t: TestApp;
  let baseUrl: string;
  let executions = 0;
  beforeAll(async () => {
    // The default limits (env.ts), as a real deployment runs them.
    t = await createTestApp();
    t.app.graphql.addHook('preExecution', async () => {
      executions += 1;
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
  });

  const timed = async (request: () => Promise<Response>): Promise<[Response, number]> => {
    const started = performance.now();
    const response = await request();
    await response.text();
    return [response, performance.now() - started];
  };
  const healthz = () => fetch(`${baseUrl}/healthz`);
  const graphql = (query: string) =>
    fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('refuses 40 doubling fragments without delaying a parallel /healthz', async () => {
    const fragments = ['fragment F0 on Query { tenantConfig }'];
    for (let i = 1; i <= 40; i++) {
      fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
    }
    const doubling = `query { ...F40 } ${fragments.join(' ')}`;

    // Baseline, measured here: the slowest of a few /healthz plus a small query, one after another.
    let baseline = 0;
    for (let i = 0; i < 5; i++) {
      const [, health] = await timed(healthz);
      const [, small] = await timed(() => graphql('{ tenantConfig }'));
      baseline = Math.max(baseline, health + small);
    }

    const attack = timed(() => graphql(doubling));
    const [health, healthTime] = await timed(healthz);
    const [refused] = await attack;

    expect(health.status).toBe(200);
    expect(refused.status).toBe(400);
    const body = (await graphql(doubling).then((r) => r.json())) as Body;
    expect(body.errors?.map((error) => error.message)).toContain(
      'ARO-E9000:The request is too complex (more than 500000 fields)',
    );
    // Before the fix the cost rule expanded 2^40 fields and /healthz waited behind it.
    expect(healthTime).toBeLessThan(baseline * 20);
  });

  it('refuses 800 aliases of querySession { id } before any resolver runs', async () => {
    executions = 0;
    const one = await post(t, { query: '{ querySession(limit: 1) { id } }' });
    expect(one.status).toBe(200);
    expect(executions).toBe(1);

    executions = 0;
    const aliases = Array.from({ length: 800 }, (_, i) => `s${i}: querySession { id }`).join(' ');
    const result = await post(t, { query: `{ ${aliases} }` });
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E9000:The request is too complex (more than 60000 rows)',
      'ARO-E9000:The request is too complex (querySession more than 20 times)',
    ]);
    expect(executions).toBe(0);
  });

  it('refuses aliases spread over fragments by the row budget', async () => {
    executions = 0;
    const fragments = Array.from(
      { length: 40 },
      (_, f) =>
        `fragment P${f} on Query { ${Array.from({ length: 20 }, (_, i) => `s${f}_${i}: querySession { id }`).join(' ')} }`,
    );
    const spreads = fragments.map((_, f) => `...P${f}`).join(' ');
    const result = await post(t, { query: `{ ${spreads} } ${fragments.join(' ')}` });
    expect(result.status).toBe(400);
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E9000:The request is too complex (more than 60000 rows)',
    ]);
    expect(executions).toBe(0);
  });
});

describe('GraphQL hygiene in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(productionEnv());
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['__schema', '{ __schema { types { name } } }'],
    ['__type', '{ __type(name: "Query") { name fields { name } } }'],
  ])('refuses introspection through %s', async (_name, query) => {
    const result = await post(t, { query });
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.raw).not.toContain('tenantConfig');
    for (const error of result.body.errors ?? []) {
      expect(error.message).toMatch(/introspection/i);
    }
  });

  it('does not suggest field, argument or type names', async () => {
    const cases = [
      '{ tenantConfi }',
      'mutation { initiateAuthentication(usernam: "0771234567") { id } }',
      'query ($x: Strin) { tenantConfig }',
    ];
    for (const query of cases) {
      const result = await post(t, { query });
      expect(result.status).toBe(400);
      expect(result.body.errors?.length).toBeGreaterThan(0);
      expect(result.raw).not.toMatch(/did you mean/i);
    }
    const typo = await post(t, { query: '{ tenantConfi }' });
    expect(typo.body.errors?.[0]?.message).toBe(
      'Cannot query field "tenantConfi" on type "Query".',
    );
  });

  it('still answers ordinary queries', async () => {
    const result = await post(t, { query: '{ tenantConfig }' });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ tenantConfig: { tenantId: 'careline-demo' } });
  });
});
