import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import { buildSchema, introspectionFromSchema } from 'graphql';

/** The committed contract, relative to the repository root: the server prints the first, this package the second. */
export const contractFiles = {
  schema: 'schema.graphql',
  introspection: 'packages/contract/src/graphql-env.d.ts',
} as const;

/** The command that rewrites both files; staleness tests name it. */
export const contractPrintCommand = 'npm run schema:print';

// The generated file is listed in eslint's and prettier's ignores, so it needs no disable comments.
const preamble = `/* Generated from schema.graphql by \`${contractPrintCommand}\`: do not edit. */\n\n`;

/**
 * The gql.tada introspection type file for a schema, as `gql.tada generate output` writes it (minified,
 * preprocessed), named so that it declares no global `gql.tada` schema: each app's graphql() is set up
 * with it explicitly (src/graphql.ts).
 * @param sdl - the text of schema.graphql
 */
export function introspectionFileFor(sdl: string): string {
  const introspection = minifyIntrospection({
    ...introspectionFromSchema(buildSchema(sdl), { descriptions: false }),
    name: 'careline',
  });
  return outputIntrospectionFile(introspection, {
    fileType: '.d.ts',
    shouldPreprocess: true,
    preamble,
  });
}
