import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Services and repositories do not depend on the GraphQL layer (issue 7 point 8): what they share with
 * it (the viewer types, the staff policy decisions) lives in the modules, and the GraphQL layer imports
 * them, never the other way round.
 */

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function serviceFiles(): string[] {
  return fs
    .readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(modulesDir, dir.name))
        .filter((file) => /\.(service|repo)\.ts$/.test(file) || /^staff\.(?!schema).*(?<!\.test)\.ts$/.test(file))
        .map((file) => path.join(dir.name, file)),
    );
}

describe('layers', () => {
  it('no service or repository, and nothing of the staff module but its schema, imports from graphql/', () => {
    const files = serviceFiles();
    expect(files).toContain(path.join('staff', 'staff.service.ts'));
    expect(files).toContain(path.join('staff', 'staff.permissions.ts'));
    const offenders = files.filter((file) =>
      /from\s+['"][./]*\/graphql\//.test(fs.readFileSync(path.join(modulesDir, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
