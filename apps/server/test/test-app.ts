import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app-deps.ts';
import { loadEnv, type Env } from '../src/config/env.ts';
import type { Database } from '../src/db/client.ts';
import { createTenantRegistry } from '../src/modules/tenants/tenants.registry.ts';
import type { SmsOutbox } from '../src/modules/sms/index.ts';
import type { JobQueue } from '../src/modules/jobs/index.ts';
import type { TenantRegistry } from '../src/modules/tenants/tenants.types.ts';
import { createProviders, type Providers } from '../src/providers/providers.ts';
import { createTestDatabase } from './test-db.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  env: Env;
  tenants: TenantRegistry;
  providers: Providers;
  /** The app's SMS outbox, for tests that call services directly. */
  smsOutbox: SmsOutbox;
  /** The app's job queue, likewise. */
  jobs: JobQueue;
  dataDir: string;
  /** POSTs a GraphQL operation; returns the parsed body. */
  gql: <T = Record<string, unknown>>(
    query: string,
    variables?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => Promise<{ data: T | null; errors?: { message: string; extensions?: { code?: string } }[] }>;
  close: () => Promise<void>;
};

/**
 * Builds the real app on a fresh test database and a temporary DATA_DIR.
 * @param envOverrides - extra environment variables (strings, as in process.env)
 * @param options - logStream: receives the app's log lines (set LOG_LEVEL too, tests default to silent);
 *   beforeReady: registers more on the app before it starts (e.g. a second web app mount);
 *   database: an opened database to start on (a restored one) instead of a fresh one
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    logStream?: DestinationStream;
    beforeReady?: (app: FastifyInstance, deps: AppDeps) => Promise<void>;
    /** Start on this database (closed with the app) instead of a fresh test database. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    STAFF_DIST_DIR: path.join(dataDir, 'no-staff'),
    ...envOverrides,
  });
  const database = options.database ?? (await createTestDatabase());
  const tenants = createTenantRegistry(env);
  const providers = await createProviders(env, database, tenants, pino({ level: 'silent' }));
  const deps: AppDeps = { env, database, tenants, providers, logStream: options.logStream };
  const app = await buildApp(deps);
  await options.beforeReady?.(app, deps);
  await app.ready();
  return {
    app,
    database,
    env,
    tenants,
    providers,
    smsOutbox: app.smsOutbox,
    jobs: app.jobs,
    dataDir,
    gql: async (query, variables = {}, headers = {}) => {
      const response = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { query, variables },
      });
      return response.json();
    },
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
