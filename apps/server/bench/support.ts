/**
 * What the consultation benchmarks share: a throwaway database (PostgreSQL when BENCH_DATABASE_URL,
 * DATABASE_URL or the local server answers, else PGlite), the full Careline server on it listening on
 * 127.0.0.1, and bulk-made rows (hospital, doctor, signed-in patients). Nothing here is timed.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { accessSessions, accounts, patients } from '../src/db/schema/index.ts';
import { hashToken } from '../src/modules/auth/auth.access-sessions.ts';
import { createTenantRegistry } from '../src/modules/tenants/tenants.registry.ts';
import { createProviders } from '../src/providers/providers.ts';

export const BENCH_TENANT = 'careline-demo';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A database made for one benchmark run, dropped by close(). */
export type BenchDatabase = {
  database: Database;
  /** 'postgres' or 'pglite', for the report. */
  kind: 'postgres' | 'pglite';
  /** The throwaway database's URL (PostgreSQL only), for a bare driver pool beside the server. */
  url: string | null;
  close: () => Promise<void>;
};

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh, migrated database: a new database on the PostgreSQL server of BENCH_DATABASE_URL,
 * DATABASE_URL or 127.0.0.1:5432 when one answers, else in-memory PGlite (said in the report).
 * @param poolSize - the server's connection pool
 */
export async function openBenchDatabase(poolSize = 10): Promise<BenchDatabase> {
  const candidates = [process.env.BENCH_DATABASE_URL, process.env.DATABASE_URL, LOCAL_POSTGRES].filter(
    (url): url is string => typeof url === 'string' && url.length > 0,
  );
  for (const adminUrl of candidates) {
    if (!(await answers(adminUrl))) {
      continue;
    }
    const name = `careline_bench_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
    return {
      database,
      kind: 'postgres',
      url: url.toString(),
      close: async () => {
        await database.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  return { database, kind: 'pglite', url: null, close: () => database.close() };
}

/**
 * The full Careline server (buildApp, real plugins, logger at warn) on a bench database, listening on
 * 127.0.0.1 with the per-address caps raised: every benchmark client comes from one address.
 * @param bench - the database
 * @param envOverrides - more environment variables
 */
export async function startBenchServer(
  bench: BenchDatabase,
  envOverrides: Record<string, string> = {},
): Promise<{ app: FastifyInstance; origin: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-bench-'));
  const env = loadEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    STAFF_DIST_DIR: path.join(dataDir, 'no-staff'),
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    HTTP_MAX_REQUESTS_PER_SOCKET: '1000000000',
    GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS: '100000',
    ...envOverrides,
  });
  const tenants = createTenantRegistry(env);
  const providers = await createProviders(env, bench.database, tenants, pino({ level: 'warn' }));
  const app = await buildApp({ env, database: bench.database, tenants, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signed-in patient accounts with one profile each, inserted in bulk.
 * @param database - the bench database
 * @param count - how many
 */
export async function makeSignedInPatients(
  database: Database,
  count: number,
): Promise<{ token: string; patientId: string }[]> {
  const made: { token: string; patientId: string }[] = [];
  const start = Math.floor(Math.random() * 5_000_000);
  const now = new Date();
  for (let offset = 0; offset < count; offset += 500) {
    const size = Math.min(500, count - offset);
    const mobiles = Array.from({ length: size }, (_, i) => `9476${String((start + offset + i) % 10_000_000).padStart(7, '0')}`);
    const accountRows = await database.db
      .insert(accounts)
      .values(mobiles.map((mobileNo) => ({ tenantId: BENCH_TENANT, mobileNo })))
      .returning({ id: accounts.id, mobileNo: accounts.mobileNo });
    const patientRows = await database.db
      .insert(patients)
      .values(
        accountRows.map((account, i) => ({
          tenantId: BENCH_TENANT,
          accountId: account.id,
          prefix: 'Mr.',
          givenName: `Bench${offset + i}`,
          familyName: 'Silva',
          gender: 'male',
          birthDate: '1980-01-01',
          relationship: 'Me',
          mobileNo: account.mobileNo,
        })),
      )
      .returning({ id: patients.id, accountId: patients.accountId });
    const tokens = accountRows.map(() => randomBytes(32).toString('base64url'));
    await database.db.insert(accessSessions).values(
      accountRows.map((account, i) => ({
        tenantId: BENCH_TENANT,
        accountId: account.id,
        tokenHash: hashToken(tokens[i] ?? ''),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      })),
    );
    const patientByAccount = new Map(patientRows.map((row) => [row.accountId, row.id]));
    accountRows.forEach((account, i) => {
      made.push({ token: tokens[i] ?? '', patientId: patientByAccount.get(account.id) ?? '' });
    });
  }
  return made;
}

/**
 * The p-th percentile of a list of numbers (nearest rank).
 * @param values - samples
 * @param p - 0..100
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}
