import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImportGraph } from '../../../build/import-graph.ts';

// Issue 9: pay now is lazy (app/routes.tsx), so neither the entry nor /login nor /chat-home reach the
// payments feature or the domain's payment rules; /login's first bundle stays as it was.
const webDir = path.resolve(import.meta.dirname, '../../..');
const rootDir = path.resolve(webDir, '../..');
const reached = (files: string[]) =>
  [...staticImportGraph(files.map((file) => path.join(webDir, file))).modules.keys()].map((file) =>
    path.relative(rootDir, file),
  );

describe('the payments feature stays off the first screen', () => {
  it('the entry, /login and /chat-home do not reach it', () => {
    const modules = reached([
      'src/main.tsx',
      'src/features/auth/components/login-screen.tsx',
      'src/features/chat/components/chat-home-screen.tsx',
    ]);
    expect(modules).toContain('apps/web/src/app/routes.tsx');
    expect(
      modules.filter(
        (file) => file.includes('features/payments/') || file.includes('domain/src/payments/'),
      ),
    ).toEqual([]);
  });

  it('would catch it: the pay-now component does reach them', () => {
    const modules = reached(['src/features/payments/components/appointment-payment.tsx']);
    expect(modules).toEqual(
      expect.arrayContaining([
        'apps/web/src/features/payments/utils/gateway-form.ts',
        'packages/domain/src/payments/card-rules.ts',
      ]),
    );
  });
});
