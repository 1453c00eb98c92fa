import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/**
 * graphql(): GraphQL documents typed from schema.graphql (issue 7 §5). Results and variables come from
 * the contract, never from hand-written types: `ResultOf<typeof doc>`, `VariablesOf<typeof doc>`.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: {
    /** ISO 8601 text on the wire. */
    DateTime: string;
    /** Any JSON value; the operation's caller narrows it. */
    JSON: unknown;
  };
}>();

export { readFragment, type FragmentOf, type ResultOf, type VariablesOf } from 'gql.tada';
