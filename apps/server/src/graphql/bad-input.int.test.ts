import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../modules/auth/auth.testing.ts';

type Body = { data: unknown; errors?: { message: string; extensions?: { code?: string } }[] };

const DATE_TIME_ERROR =
  'ARO-E2002:DateTime must be an ISO 8601 date and time, such as 2026-01-31T09:30:00+05:30';

const CREATE = `mutation ($name: HumanNameInput!) {
  createPatient(name: $name, birthDate: "1985-04-09", gender: "male") { id name { given family } }
}`;

describe('bad scalar input gets a clear validation error, never ARO-E9999 (issue 6 §1)', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line: string) => void logLines.push(line) } },
    );
    auth = { authorization: `Bearer ${await signIn(t, '0770000031')}` };
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    logLines.length = 0;
  });

  /** Log lines at error level or above (pino: error 50, fatal 60). */
  const errorLines = (): string[] =>
    logLines.filter((line) => ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50);

  const post = async (
    payload: string,
    contentType = 'application/json',
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Body }> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': contentType, ...headers },
      payload,
    });
    return { status: response.statusCode, body: response.json<Body>() };
  };
  const json = (query: string, variables: Record<string, unknown> = {}): string =>
    JSON.stringify({ query, variables });

  it.each([
    ['a string that is not a date', '{ querySession(startTime: "garbage") { id } }'],
    ['a number', '{ querySession(startTime: 5) { id } }'],
    ['a date-like number string', '{ querySession(startTime: "1") { id } }'],
  ])('refuses a DateTime literal that is %s', async (_label, query) => {
    const result = await post(json(query));
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([DATE_TIME_ERROR]);
    expect(errorLines()).toEqual([]);
  });

  it('refuses a bad DateTime variable the same way', async () => {
    const result = await post(
      json('query ($s: DateTime) { querySession(startTime: $s) { id } }', { s: 'garbage' }),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors?.map((error) => error.message)).toEqual([DATE_TIME_ERROR]);
    expect(errorLines()).toEqual([]);
  });

  it('still accepts ISO 8601 dates and times', async () => {
    for (const startTime of [
      '2026-01-31T09:30:00+05:30',
      '2026-01-31T04:00:00.000Z',
      '2026-01-31',
    ]) {
      const result = await post(
        json('query ($s: DateTime) { querySession(startTime: $s, limit: 1) { id } }', {
          s: startTime,
        }),
      );
      expect(result.status).toBe(200);
      expect(result.body.errors).toBeUndefined();
    }
  });

  it.each([
    [
      'NUL in a given name',
      { prefix: 'Mr', given: ['Ni\u0000mal'], family: 'Perera' },
      // Caught before the resolver, as NUL in any variable is.
      'ARO-E2002:Text must not contain NUL characters',
    ],
    [
      'an escape character in a given name',
      { prefix: 'Mr', given: ['Ni\u001bmal'], family: 'Perera' },
      'name.given',
    ],
    [
      'a bell in a family name',
      { prefix: 'Mr', given: ['Nimal'], family: 'Per\u0007era' },
      'name.family',
    ],
    [
      'a line break in a prefix',
      { prefix: 'M\nr', given: ['Nimal'], family: 'Perera' },
      'name.prefix',
    ],
    [
      'DEL in a given name',
      { prefix: 'Mr', given: ['Nimal\u007f'], family: 'Perera' },
      'name.given',
    ],
  ])('refuses %s, storing nothing', async (_label, name, field) => {
    const result = await post(json(CREATE, { name }), 'application/json', auth);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      field.startsWith('ARO-') ? field : `ARO-E2002:${field} must not contain control characters`,
    ]);
    expect(errorLines()).toEqual([]);
    const profile = await post(
      json('{ queryOneProfile { patients { id } } }'),
      'application/json',
      auth,
    );
    expect(profile.body.data).toEqual({ queryOneProfile: { patients: [] } });
  });

  it('refuses control characters in a name patch too', async () => {
    const created = await post(
      json(CREATE, { name: { prefix: 'Mr', given: ['Nimal'], family: 'Perera' } }),
      'application/json',
      auth,
    );
    const id = (created.body.data as { createPatient: { id: string } }).createPatient.id;
    const patched = await post(
      json(
        'mutation ($id: ID!, $patches: [PatientPatchInput!]!) { patchPatient(patientId: $id, patches: $patches) { id } }',
        {
          id,
          patches: [
            {
              op: 'replace',
              path: 'name',
              value: { prefix: 'Mr', given: ['A\u0009'], family: 'B' },
            },
          ],
        },
      ),
      'application/json',
      auth,
    );
    expect(patched.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:name.given must not contain control characters',
    ]);
    expect(errorLines()).toEqual([]);
  });

  it('refuses NUL in any text argument, written in the query or sent as a variable', async () => {
    const literal = await post(json('{ querySession(status: ["a\\u0000b"]) { id } }'));
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:Text must not contain NUL characters',
    ]);
    const variable = await post(
      json('query ($s: [String!]) { querySession(status: $s) { id } }', { s: ['a\u0000b'] }),
    );
    expect(variable.status).toBe(400);
    expect(variable.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:Text must not contain NUL characters',
    ]);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent('query ($s: [String!]) { querySession(status: $s) { id } }')}&variables=${encodeURIComponent(JSON.stringify({ s: ['a\u0000b'] }))}`,
    });
    expect(viaGet.statusCode).toBe(400);
    expect(viaGet.json<Body>().errors?.[0]?.message).toBe(
      'ARO-E2002:Text must not contain NUL characters',
    );
    expect(errorLines()).toEqual([]);
  });

  it.each([
    ['JSON', '{"query":"{ tenantConfig }"}'],
    ['a JSON "AST"', '{"kind":"Document","definitions":[{"kind":"Nonsense"}]}'],
  ])('refuses an application/graphql body that is %s, not a query', async (_label, payload) => {
    const result = await post(payload, 'application/graphql');
    expect(result.status).toBe(400);
    expect(result.body.data).toBeNull();
    expect(result.body.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:The request is not valid (the query is not a GraphQL document)',
    ]);
    expect(errorLines()).toEqual([]);
  });

  it('answers an application/graphql body that is not GraphQL with its syntax error', async () => {
    const result = await post('garbage', 'application/graphql');
    expect(result.status).toBe(400);
    expect(result.body.errors?.[0]?.message).toBe('Syntax Error: Unexpected Name "garbage".');
    expect(errorLines()).toEqual([]);
  });

  it('still answers an application/graphql body that is a query', async () => {
    const result = await post('{ tenantConfig }', 'application/graphql');
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({ tenantConfig: { tenantId: 'careline-demo' } });
  });
});
