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
    t = await createTestApp({ GRAPHQL_MAX_DEPTH: '4', GRAPHQL_MAX_COST: '20' });
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
      'ARO-E9000:The request is too complex (21 fields, at most 20)',
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
