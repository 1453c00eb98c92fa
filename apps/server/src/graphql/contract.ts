import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import { buildSchema } from './schema.ts';

// The graphql package ships CommonJS (main) and ESM (module) builds with no exports map: Pothos and
// Mercurius, loaded by Node, get the CommonJS one, while a bundler-style resolver (vitest) would hand
// this file the ESM one, and graphql refuses types from "another realm". Asking Node for it, as they
// do, gives the same instance everywhere.
const { lexicographicSortSchema, printSchema } = createRequire(import.meta.url)(
  'graphql',
) as typeof GraphQL;

/** The committed API contract: schema.graphql at the repository root, printed from the Pothos schema. */
export const contractSchemaFile = 'schema.graphql';

/** The command that rewrites the committed contract files; staleness tests name it. */
export const contractPrintCommand = 'npm run schema:print';

/**
 * The schema as SDL, sorted so that the file only changes when the schema does (fields added by
 * several engineers at once land in the same place whatever the import order).
 */
export function printContractSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildSchema()))}\n`;
}
