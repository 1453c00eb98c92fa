import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  NoUnusedFragmentsRule,
  buildSchema,
  parse,
  specifiedRules,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { contractFiles } from './introspection.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const schema = buildSchema(fs.readFileSync(path.join(rootDir, contractFiles.schema), 'utf8'));

/** Every source file of every app (apps/web, and apps/staff once it exists), tests excluded. */
function appSources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const app of fs.readdirSync(path.join(rootDir, 'apps'))) {
    const src = path.join(rootDir, 'apps', app, 'src');
    if (app !== 'server' && fs.existsSync(src)) {
      walk(src);
    }
  }
  return files;
}

/**
 * The documents written as graphql(`…`) in the apps, with the file each is in. A fragment's
 * `@_unmask` (gql.tada: no masking of its fields in the result's type) is dropped as gql.tada drops
 * it before a document is sent.
 */
function appOperations(): { file: string; document: DocumentNode }[] {
  return appSources().flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bgraphql\(\s*`([^`]*)`/g)].map((match) => ({
      file: path.relative(rootDir, file),
      document: withoutUnmask(parse(match[1] ?? '')),
    })),
  );
}

function withoutUnmask(document: DocumentNode): DocumentNode {
  return {
    ...document,
    definitions: document.definitions.map((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION
        ? { ...definition, directives: definition.directives?.filter((d) => d.name.value !== '_unmask') }
        : definition,
    ),
  };
}

/** The app a source file is in ('apps/web', 'apps/staff'): fragments are shared within an app only. */
function appOf(file: string): string {
  return file.split(path.sep).slice(0, 2).join('/');
}

/**
 * A document with the fragments it spreads (gql.tada's second argument), found by name among the
 * app's fragments, as gql.tada appends them before the document is sent.
 * @param document - the document as written
 * @param fragments - the app's fragments by name
 */
function withFragments(document: DocumentNode, fragments: Map<string, FragmentDefinitionNode>): DocumentNode {
  const own = new Set(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [d.name.value] : [])));
  const added: DefinitionNode[] = [];
  const pending: DefinitionNode[] = [...document.definitions];
  while (pending.length > 0) {
    visit(pending.pop() as DefinitionNode, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !own.has(fragment.name.value)) {
          own.add(fragment.name.value);
          added.push(fragment);
          pending.push(fragment);
        }
      },
    });
  }
  return { ...document, definitions: [...document.definitions, ...added] };
}

describe('the apps’ operations (issue 7 §5: typed from schema.graphql)', () => {
  const operations = appOperations();

  it('finds the web app’s operations', () => {
    const names = operations.flatMap(({ document }) =>
      document.definitions.flatMap((definition) =>
        definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [],
      ),
    );
    // The API contract's names (docs/api-contract.md), unchanged.
    expect(names).toEqual(
      expect.arrayContaining([
        'initiateAuthentication',
        'completeAuthentication',
        'initiateLinkAuthentication',
        'queryOneProfile',
        'logout',
        'createPatient',
        'patchPatient',
        'tenantConfig',
      ]),
    );
  });

  it('each one is valid against schema.graphql, with the fragments it spreads', () => {
    const fragments = new Map<string, Map<string, FragmentDefinitionNode>>();
    for (const { file, document } of operations) {
      const ofApp = fragments.get(appOf(file)) ?? new Map<string, FragmentDefinitionNode>();
      fragments.set(appOf(file), ofApp);
      for (const definition of document.definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          ofApp.set(definition.name.value, definition);
        }
      }
    }
    // A fragment alone is checked as written; whether it is used shows in the operations that spread it.
    const fragmentRules = specifiedRules.filter((rule) => rule !== NoUnusedFragmentsRule);
    const invalid = operations.flatMap(({ file, document }) => {
      const whole = withFragments(document, fragments.get(appOf(file)) ?? new Map<string, FragmentDefinitionNode>());
      const fragmentOnly = document.definitions.every((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      return validate(schema, whole, fragmentOnly ? fragmentRules : specifiedRules).map((error) => `${file}: ${error.message}`);
    });
    expect(invalid).toEqual([]);
  });

  it('a fragment name is written once per app (gql.tada sends fragments by name)', () => {
    const seen = new Map<string, string>();
    const twice = operations.flatMap(({ file, document }) =>
      document.definitions.flatMap((definition) => {
        if (definition.kind !== Kind.FRAGMENT_DEFINITION) {
          return [];
        }
        const key = `${appOf(file)} ${definition.name.value}`;
        const first = seen.get(key);
        seen.set(key, file);
        return first === undefined ? [] : [`${key}: ${first} and ${file}`];
      }),
    );
    expect(twice).toEqual([]);
  });

  it('no app writes an operation as a plain string (they would escape the types)', () => {
    const untyped = appSources().filter((file) =>
      /\/\*\s*GraphQL\s*\*\/\s*`|\bgql`/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(untyped.map((file) => path.relative(rootDir, file))).toEqual([]);
  });
});
