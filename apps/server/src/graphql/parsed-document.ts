import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';

// The copy of graphql Mercurius parses with (CommonJS; see subscription-limits.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQL;

/**
 * Whether a document came out of graphql's parser. Mercurius falls back to JSON.parse when a query
 * does not parse, and a websocket message may carry an object as its query: such hand-made "ASTs"
 * skip the parser's guarantees and crash validation, so they are refused (issue 6 §1). JSON cannot
 * make class instances, so the parser's Location on the document tells them apart.
 * @param document - the document Mercurius is about to validate or run
 */
export function isParsedDocument(document: unknown): boolean {
  return (document as { loc?: unknown } | null)?.loc instanceof graphql.Location;
}
