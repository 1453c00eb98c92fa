import { describe, expect, it } from 'vitest';
import { createRequest, stringifyDocument } from '@urql/core';
import { graphql as parsedGraphql } from '@careline/contract/graphql';
import { graphql } from './lazy-graphql.ts';

const source = `
  query tenantConfig {
    tenantConfig
  }
`;

describe('graphql() parsed on first use', () => {
  it('does not parse a document when it is declared, only when it is read', () => {
    // A broken text would throw on parsing: declaring it must not.
    // (gql.tada types a text it cannot read as `never`: the test only needs the value.)
    const broken = graphql('query broken {' as string) as unknown as { definitions: unknown };
    expect(() => broken.definitions).toThrow();
  });

  it('gives urql the same request as the eagerly parsed document', () => {
    const lazy = createRequest(graphql(source), {});
    const eager = createRequest(parsedGraphql(source), {});
    expect(lazy.key).toBe(eager.key);
    expect(stringifyDocument(lazy.query)).toBe(stringifyDocument(eager.query));
    expect(lazy.query.loc?.source.body).toBe(eager.query.loc?.source.body);
  });

  it('carries the fragments it is given, themselves parsed on first use', () => {
    const fields = graphql(`
      fragment LatestChatFields on ChatCommunication @_unmask {
        id
        status
      }
    `);
    const query = graphql(
      `
        query latestChatWithFields {
          queryChat(limit: 1) {
            ...LatestChatFields
          }
        }
      `,
      [fields],
    );
    const names = query.definitions.map((definition) => definition.kind);
    expect(names).toEqual(['OperationDefinition', 'FragmentDefinition']);
    expect(stringifyDocument(query)).toContain('fragment LatestChatFields on ChatCommunication');
  });
});
