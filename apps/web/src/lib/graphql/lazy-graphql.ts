import { graphql as parsedGraphql } from '@careline/contract/graphql';

type Graphql = typeof parsedGraphql;
type Fragments = Parameters<Graphql>[1];
type ParsedDocument = { definitions: unknown; loc?: unknown };

/**
 * A document that is parsed the first time something reads it (urql, when the operation first runs),
 * not when its module loads. A screen's module declares every operation it may run; most of them do
 * not run on its first render, and parsing them all held up a slow phone's first screen.
 */
function lazyDocument(source: string, fragments: Fragments): ReturnType<Graphql> {
  let parsed: ParsedDocument | null = null;
  const document = (): ParsedDocument => {
    parsed ??= parsedGraphql(source, fragments) as unknown as ParsedDocument;
    return parsed;
  };
  // urql reads `definitions` and `loc` and writes `loc` and its own `__key` (a plain property here).
  const lazy = {
    kind: 'Document',
    get definitions() {
      return document().definitions;
    },
    get loc() {
      return document().loc;
    },
    set loc(value: unknown) {
      document().loc = value;
    },
  };
  return lazy as unknown as ReturnType<Graphql>;
}

/**
 * graphql() of @careline/contract (typed by gql.tada from schema.graphql), parsed on first use.
 * Write documents as before, `graphql(\`query …\`, [fragments])`, importing this one in place of the
 * contract's: the types are the same.
 */
export const graphql: Graphql = Object.assign(
  (source: string, fragments?: Fragments) => lazyDocument(source, fragments),
  {
    scalar: (...args: Parameters<Graphql['scalar']>) => parsedGraphql.scalar(...args),
    persisted: (...args: Parameters<Graphql['persisted']>) => parsedGraphql.persisted(...args),
  },
) as unknown as Graphql;

export {
  readFragment,
  type FragmentOf,
  type ResultOf,
  type VariablesOf,
} from '@careline/contract/graphql';
