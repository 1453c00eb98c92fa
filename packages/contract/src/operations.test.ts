import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, buildSchema, parse, validate, type DocumentNode } from 'graphql';
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

/** The documents written as graphql(`…`) in the apps, with the file each is in. */
function appOperations(): { file: string; document: DocumentNode }[] {
  return appSources().flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\bgraphql\(\s*`([^`]*)`/g)].map((match) => ({
      file: path.relative(rootDir, file),
      document: parse(match[1] ?? ''),
    })),
  );
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

  it('each one is valid against schema.graphql', () => {
    const invalid = operations.flatMap(({ file, document }) =>
      validate(schema, document).map((error) => `${file}: ${error.message}`),
    );
    expect(invalid).toEqual([]);
  });

  it('no app writes an operation as a plain string (they would escape the types)', () => {
    const untyped = appSources().filter((file) =>
      /\/\*\s*GraphQL\s*\*\/\s*`|\bgql`/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(untyped.map((file) => path.relative(rootDir, file))).toEqual([]);
  });
});
