import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// Projects: unit (no I/O), int (real database: PGlite, and PostgreSQL when DATABASE_URL is set),
// e2e and e2e-serial (real Chromium against the real built app and server).

/**
 * Browser journeys run alone: the video call's fake media, two browsers per call and frame polls keep
 * the CPU busy, so a second journey beside it would slow both into their timeouts; the nginx journey
 * starts two servers and a load balancer of its own beside the run's server.
 */
const e2eSerial = ['apps/web/e2e/video-call.e2e.ts', 'apps/web/e2e/nginx-failover.e2e.ts'];

// The catalogues' PO files, compiled on import as in the apps' builds (packages/i18n/lingui.config.ts).
const linguiConfig = fileURLToPath(new URL('./packages/i18n/lingui.config.ts', import.meta.url));

export default defineConfig({
  plugins: [lingui({ configPath: linguiConfig, failOnMissing: true, failOnCompileError: true })],
  test: {
    // Global teardown stops the browser tests' server gracefully; allow for a loaded 2-core machine.
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'bench/**/*.test.ts', 'apps/staff/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // jsdom's <dialog> lacks showModal(): the tests' stand-in (the apps use the browser's).
          setupFiles: ['packages/ui/src/testing/dialog-polyfill.ts'],
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
          // The browser journeys, two files at a time against the run's one server (each journey makes
          // its own patients, sessions and orders, so none sees another's). Timeouts allow for the
          // doubled load on a 2-core machine. The global setup starts the server once for both e2e
          // projects (see E2eRun in it).
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts', 'apps/staff/e2e/**/*.e2e.ts'],
          exclude: [...e2eSerial, '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Its own group: projects in one group share maxWorkers (unit is 0, int 1).
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          // The journeys that need the machine to themselves, one at a time after the others.
          name: 'e2e-serial',
          include: e2eSerial,
          environment: 'node',
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
