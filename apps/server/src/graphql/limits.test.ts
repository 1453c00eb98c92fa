import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { costLimitRule, graphqlValidationRules, singleUseRootFieldRule } from './limits.ts';

const schema = buildSchema(`
  type Query { a: Int, b: B }
  type B { c: Int, d: B }
  type Mutation {
    initiateAuthentication(username: String!): Int
    completeAuthentication(id: ID!, verificationCode: Int!): Int
    initiateLinkAuthentication(token: String!): Int
    logout: Boolean
  }
`);

function errorsOf(
  query: string,
  rules = graphqlValidationRules({ production: false, maxCost: 10 }),
): string[] {
  return validate(schema, parse(query), [...specifiedRules, ...rules]).map(
    (error) => error.message,
  );
}

describe('costLimitRule', () => {
  it('counts every selected field, fragments expanded', () => {
    expect(validate(schema, parse('{ a b { c d { c } } }'), [costLimitRule(5)])).toEqual([]);
    expect(
      validate(schema, parse('{ a b { c d { c } } x: a }'), [costLimitRule(5)]).map(
        (e) => e.message,
      ),
    ).toEqual(['ARO-E9000:The request is too complex (6 fields, at most 5)']);
    const viaFragments = 'query { b { ...F } b2: b { ...F } } fragment F on B { c d { c } }';
    // b + (c, d, c) twice = 8
    expect(validate(schema, parse(viaFragments), [costLimitRule(8)])).toEqual([]);
    expect(validate(schema, parse(viaFragments), [costLimitRule(7)])).toHaveLength(1);
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
      errorsOf(introspection, graphqlValidationRules({ production: false, maxCost: 100 })),
    ).toEqual([]);
  });

  it('refuses introspection in production', () => {
    const messages = errorsOf(
      introspection,
      graphqlValidationRules({ production: true, maxCost: 100 }),
    );
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) {
      expect(message).toMatch(/introspection/i);
    }
  });
});
