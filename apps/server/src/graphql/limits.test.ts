import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  costLimitRule,
  graphqlValidationRules,
  listFieldRows,
  singleUseRootFieldRule,
} from './limits.ts';

const schema = buildSchema(`
  type Query { a: Int, b: B, querySession(limit: Int): [S!]! }
  type S { id: ID, tags: [String!]! }
  type B { c: Int, d: B }
  type Mutation {
    initiateAuthentication(username: String!): Int
    completeAuthentication(id: ID!, verificationCode: Int!): Int
    initiateLinkAuthentication(token: String!): Int
    logout: Boolean
  }
`);

const limits = (maxCost: number, maxRows = 1_000_000, maxAliases = 1000) => ({
  maxCost,
  maxRows,
  maxAliases,
});

function errorsOf(
  query: string,
  rules = graphqlValidationRules({ production: false, ...limits(10) }),
): string[] {
  return validate(schema, parse(query), [...specifiedRules, ...rules]).map(
    (error) => error.message,
  );
}

describe('costLimitRule', () => {
  it('counts every selected field, fragments expanded', () => {
    expect(validate(schema, parse('{ a b { c d { c } } }'), [costLimitRule(limits(5))])).toEqual(
      [],
    );
    expect(
      validate(schema, parse('{ a b { c d { c } } x: a }'), [costLimitRule(limits(5))]).map(
        (e) => e.message,
      ),
    ).toEqual(['ARO-E9000:The request is too complex (more than 5 fields)']);
    const viaFragments = 'query { b { ...F } b2: b { ...F } } fragment F on B { c d { c } }';
    // b + (c, d, c) twice = 8
    expect(validate(schema, parse(viaFragments), [costLimitRule(limits(8))])).toEqual([]);
    expect(validate(schema, parse(viaFragments), [costLimitRule(limits(7))])).toHaveLength(1);
  });

  it('weighs list fields by the rows they can return: a literal limit, else the declared maximum', () => {
    const rule = (maxCost: number, maxRows = 1_000_000) => [
      costLimitRule(limits(maxCost, maxRows)),
    ];
    const messages = (query: string, maxCost: number, maxRows?: number) =>
      validate(schema, parse(query), rule(maxCost, maxRows)).map((e) => e.message);
    // querySession + 3 rows × (id + tags of 100 rows (undeclared list)) = 1 + 3 × 101
    expect(messages('{ querySession(limit: 3) { id tags } }', 304)).toEqual([]);
    expect(messages('{ querySession(limit: 3) { id tags } }', 303)).toEqual([
      'ARO-E9000:The request is too complex (more than 303 fields)',
    ]);
    // Without a literal limit (missing, or a variable) it counts as the declared 5000 rows.
    const declared = listFieldRows['Query.querySession'] ?? 0;
    expect(declared).toBe(5000);
    expect(messages('{ querySession { id } }', 1 + declared)).toEqual([]);
    expect(messages('{ querySession { id } }', declared)).toHaveLength(1);
    expect(messages('query ($n: Int) { querySession(limit: $n) { id } }', declared)).toHaveLength(
      1,
    );
    // A limit above the declared maximum is capped to it.
    expect(messages('{ querySession(limit: 99999999) { id } }', 1 + declared)).toEqual([]);
    // Rows: the list's own rows plus nested lists' rows per row; 3 + 3 × 100
    expect(messages('{ querySession(limit: 3) { tags } }', 1e9, 303)).toEqual([]);
    expect(messages('{ querySession(limit: 3) { tags } }', 1e9, 302)).toEqual([
      'ARO-E9000:The request is too complex (more than 302 rows)',
    ]);
  });

  it('refuses more aliases of one field than allowed, counted in one selection set', () => {
    const aliased = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `s${i}: querySession(limit: 1) { id }`).join(' ')} }`;
    const rules = [costLimitRule(limits(1e9, 1e9, 20))];
    expect(validate(schema, parse(aliased(20)), rules)).toEqual([]);
    expect(validate(schema, parse(aliased(21)), rules).map((e) => e.message)).toEqual([
      'ARO-E9000:The request is too complex (querySession more than 20 times)',
    ]);
  });

  it('refuses 800 aliases of querySession by rows even when aliases are allowed', () => {
    const query = `{ ${Array.from({ length: 800 }, (_, i) => `s${i}: querySession { id }`).join(' ')} }`;
    const messages = validate(schema, parse(query), [
      costLimitRule({ maxCost: 1e12, maxRows: 60_000, maxAliases: 10_000 }),
    ]).map((e) => e.message);
    expect(messages).toEqual(['ARO-E9000:The request is too complex (more than 60000 rows)']);
  });

  it('measures doubling fragments in time linear in the document', () => {
    // F0 { a } and each Fn spreading F(n-1) twice: 2^n fields once expanded.
    const doubling = (n: number): string => {
      const fragments = ['fragment F0 on Query { a }'];
      for (let i = 1; i <= n; i++) {
        fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
      }
      return `query { ...F${n} } ${fragments.join(' ')}`;
    };
    // 2^10 = 1024 fields, exactly: memoised weights still count every expansion.
    expect(validate(schema, parse(doubling(10)), [costLimitRule(limits(1024))])).toEqual([]);
    expect(validate(schema, parse(doubling(10)), [costLimitRule(limits(1023))])).toHaveLength(1);
    // 2^1000 fields: refused, and the numbers stay finite (clamped just above the limit).
    const messages = validate(schema, parse(doubling(1000)), [costLimitRule(limits(5000))]).map(
      (e) => e.message,
    );
    expect(messages).toEqual(['ARO-E9000:The request is too complex (more than 5000 fields)']);
  });

  it('does not loop on a cyclic fragment (which graphql refuses on its own)', () => {
    const cyclic = 'query { b { ...F } } fragment F on B { d { ...F } }';
    const messages = errorsOf(cyclic);
    expect(
      messages.some((message) => message.includes('Cannot spread fragment "F" within itself')),
    ).toBe(true);
  });
});

describe('singleUseRootFieldRule', () => {
  it('allows one sign-in field per operation', () => {
    expect(errorsOf('mutation { initiateAuthentication(username: "0771234567") logout }')).toEqual(
      [],
    );
    expect(
      errorsOf('mutation { completeAuthentication(id: "1", verificationCode: 1234) }'),
    ).toEqual([]);
    expect(errorsOf('mutation { initiateLinkAuthentication(token: "t") }')).toEqual([]);
  });

  it.each([
    'mutation { initiateAuthentication(username: "0771234567") completeAuthentication(id: "1", verificationCode: 1234) }',
    'mutation { initiateLinkAuthentication(token: "t") initiateAuthentication(username: "0771234567") }',
    'mutation { initiateLinkAuthentication(token: "t") completeAuthentication(id: "1", verificationCode: 1234) }',
  ])('refuses a mix of sign-in fields: %s', (query) => {
    expect(errorsOf(query, [singleUseRootFieldRule])).toEqual([
      expect.stringMatching(/^ARO-E2002:The request is not valid \(more than one sign-in field: /),
    ]);
  });

  it.each([
    [
      'initiateAuthentication',
      'mutation { a: initiateAuthentication(username: "0771234567") b: initiateAuthentication(username: "0771234568") }',
    ],
    [
      'completeAuthentication',
      'mutation { a: completeAuthentication(id: "1", verificationCode: 1111) b: completeAuthentication(id: "1", verificationCode: 2222) }',
    ],
    [
      'initiateLinkAuthentication',
      'mutation { a: initiateLinkAuthentication(token: "t") b: initiateLinkAuthentication(token: "u") }',
    ],
  ])('refuses %s repeated under aliases', (field, query) => {
    expect(errorsOf(query, [singleUseRootFieldRule])).toEqual([
      `ARO-E2002:The request is not valid (${field} more than once)`,
    ]);
  });

  it('refuses fragments at the root of a mutation, which could hide repeats', () => {
    const query =
      'mutation { ...M ...M2 } fragment M on Mutation { initiateAuthentication(username: "1") } fragment M2 on Mutation { x: initiateAuthentication(username: "2") }';
    expect(errorsOf(query, [singleUseRootFieldRule])).toEqual([
      'ARO-E2002:The request is not valid',
    ]);
  });
});

describe('graphqlValidationRules', () => {
  const introspection = '{ __schema { queryType { name } } }';

  it('allows introspection outside production', () => {
    expect(
      errorsOf(introspection, graphqlValidationRules({ production: false, ...limits(100) })),
    ).toEqual([]);
  });

  it('refuses introspection in production', () => {
    const messages = errorsOf(
      introspection,
      graphqlValidationRules({ production: true, ...limits(100) }),
    );
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toMatch(/introspection/i);
    }
  });
});
