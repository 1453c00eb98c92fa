import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportGraph, type ImportGraph } from './import-graph.ts';

// Issue 7: the patient app's first screen must not grow by a byte, while the input rules are zod
// schemas in packages/domain. zod (~24 KB gzip) stays off the first screen: the entry and the screens a
// signed-out visitor lands on (vite.config.ts routePreloads) call the plain rules of
// '@careline/domain/auth' and never reach '@careline/domain/auth/schemas' or another module importing
// zod. A module reached by the first screen goes whole into its chunks, so one zod schema beside a
// helper the entry uses is enough to put all of zod there (how commit 94ab348 grew /login from 123 KB
// to 152 KB gzip). `npm run bench:bundle` measures the bytes; this test keeps the cause out cheaply.
const webDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(webDir, '../..');
// /chat-home's route module is app/chat-composition.tsx (app/routes.tsx): the chat home with what app/
// composes into it, all in the route's chunk; walking the chat home screen alone missed that part.
const firstScreen = [
  'src/main.tsx',
  'src/features/auth/components/login-screen.tsx',
  'src/features/chat/components/chat-home-screen.tsx',
  'src/app/chat-composition.tsx',
].map((file) => path.join(webDir, file));

const isZod = (specifier: string) => specifier === 'zod' || specifier.startsWith('zod/');

/** The chains (start module → … → the importer) through which zod is reachable, relative to the repo. */
function zodChains(graph: ImportGraph): string[] {
  return [...graph.packages]
    .filter(([specifier]) => isZod(specifier))
    .map(([specifier, chain]) => [...chain.map((file) => path.relative(rootDir, file)), specifier].join(' → '));
}

describe('first-screen imports', () => {
  const graph = staticImportGraph(firstScreen);

  it('never reach zod from the entry, /login or /chat-home', () => {
    expect(zodChains(graph)).toEqual([]);
  });

  it('walk the real graph: the login screen reaches the sign-in rules through @careline/domain/auth', () => {
    const reached = [...graph.modules.keys()].map((file) => path.relative(rootDir, file));
    expect(reached).toEqual(
      expect.arrayContaining([
        'apps/web/src/app/app.tsx',
        'packages/domain/src/auth/index.ts',
        'packages/domain/src/auth/mobile-number.ts',
        'packages/domain/src/auth/verification-code.ts',
        'packages/domain/src/profiles/patient-form.ts',
      ]),
    );
    expect(reached).not.toContain('packages/domain/src/auth/schemas.ts');
    expect(graph.packages.has('react')).toBe(true);
  });

  it('would catch zod: the schemas module and the profile form (a lazy screen) do reach it', () => {
    const schemas = staticImportGraph([path.join(rootDir, 'packages/domain/src/auth/schemas.ts')]);
    expect(zodChains(schemas)).toEqual(['packages/domain/src/auth/schemas.ts → zod']);
    const profileForm = staticImportGraph([
      path.join(webDir, 'src/features/profiles/components/profile-form-screen.tsx'),
    ]);
    expect(zodChains(profileForm).join('\n')).toMatch(/patient-form-schema\.ts → zod$/);
  });
});
