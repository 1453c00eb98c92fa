import { defineConfig } from 'vitest/config';

// Three projects: unit (no I/O), int (real database: PGlite, and PostgreSQL when DATABASE_URL is set),
// e2e (real Chromium against the real built app and server).
export default defineConfig({
  test: {
    // Global teardown stops the browser tests' server gracefully; allow for a loaded 2-core machine.
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'apps/staff/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          environment: 'node',
          // Migrates once per run: a PGlite snapshot, or a PostgreSQL template database.
          globalSetup: ['apps/server/test/int-global-setup.ts'],
          // Each file still gets its own fresh database (test-db.ts); what files share is the worker's
          // loaded modules (Fastify, GraphQL, drizzle, PGlite), which otherwise cost seconds per file.
          isolate: false,
          // Vitest's default (cores - 1) is one worker on a 2-core machine, leaving a core idle: the
          // main process does little. Its own group, since projects in one group share maxWorkers.
          maxWorkers: '100%',
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts', 'apps/staff/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
