import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
const e2eSerial = [
  'apps/web/e2e/video-call.e2e.ts',
  'apps/web/e2e/nginx-failover.e2e.ts',
];

const root = dirname(fileURLToPath(import.meta.url));
const unitInclude = ['packages/*/src/**/*.test.{ts,tsx}', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts', 'bench/**/*.test.ts', 'apps/staff/src/**/*.test.{ts,tsx}'];
const unitExclude = ['**/*.int.test.ts', '**/node_modules/**'];

/**
 * The unit files that replace a module with vi.mock: with the unit project's shared module cache, a module
 * another file imported first would stay unmocked, so these run in a project that isolates each file.
 * Read from the files, so a new vi.mock needs no list kept by hand.
 */
function unitFilesWithModuleMocks(): string[] {
  const folders = [
    ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}/src`),
    'apps/server/src',
    'apps/web/src',
    'apps/web/build',
    'bench',
    'apps/staff/src',
  ];
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const file = `${folder}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') {
        walk(file);
      } else if (/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.int.test.ts')) {
        if (/\bvi\.mock\(/.test(readFileSync(join(root, file), 'utf8'))) {
          found.push(file);
        }
      }
    }
  };
  folders.filter((folder) => existsSync(join(root, folder))).forEach(walk);
  return found;
}
const mockingUnitFiles = unitFilesWithModuleMocks();

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
          include: unitInclude,
          exclude: [...unitExclude, ...mockingUnitFiles],
          environment: 'node',
          // jsdom's <dialog> lacks showModal(): the tests' stand-in (the apps use the browser's).
          setupFiles: ['packages/ui/src/testing/dialog-polyfill.ts'],
          // A worker keeps its loaded modules from file to file (React, Lingui, the catalogues, jsdom's
          // environment is still made per file): a third of the time of isolating every file. Tests
          // must leave shared modules as they found them (see core.ts: Lingui merges into what it got).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The files that mock a module (vi.mock), each in its own module cache.
          name: 'unit-mocking',
          include: mockingUnitFiles,
          environment: 'node',
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
