import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { dbQueryDuration, watchPool } from '../metrics/metrics.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** One database type for both drivers: services never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a service gets inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Answers when the database is reachable (for /healthz). */
  ping: () => Promise<void>;
  /**
   * Runs the start's schema work (the migrations, pg-boss's schema and queues) one instance at a
   * time: on PostgreSQL under the migrations' advisory lock, so any number of instances can start
   * at the same instant on an empty database (issue 31 §2.7). On PGlite one process owns the data
   * (db/data-dir-lock.ts) and it just runs.
   */
  withStartupLock: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * PGlite only: the data directory as a gzipped tar (PGlite's dumpDataDir), taken between
   * transactions after a checkpoint, so it opens as the database at that instant (issue 31 §4.13).
   */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

// A fixed key so that several instances starting at once migrate one at a time.
const MIGRATION_LOCK_KEY = 7_311_023;

/**
 * Runs work on a connection of its own that holds the startup advisory lock (session level: a
 * process that dies while holding it lets it go with its connection).
 * @param pool - the node-postgres pool
 * @param work - given the connection that holds the lock
 */
async function underAdvisoryLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  } catch (error) {
    lockClient.release(error instanceof Error ? error : true);
    throw error;
  }
  let unlockFailure: Error | undefined;
  try {
    return await work(lockClient);
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error: unknown) => {
      unlockFailure = error instanceof Error ? error : new Error(String(error));
    });
    // A connection that could not unlock is closed, not pooled: closing it frees the lock.
    lockClient.release(unlockFailure ?? false);
  }
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Told when a connection dies (failover, pg_terminate_backend, idle reaper); logged by main. */
      onConnectionError?: (error: Error) => void;
    }
  | {
      kind: 'pglite';
      dataDir: string | null;
      /**
       * In memory only (dataDir null): start from this dumped data directory (PGlite's dumpDataDir)
       * instead of running initdb. Tests use a migrated snapshot so each file skips initdb.
       */
      loadDataDir?: Blob;
    };

/**
 * Keeps a dropped PostgreSQL connection from crashing the process: node-postgres emits 'error' on
 * the pool for idle clients and on the client itself while it is checked out, and an 'error' event
 * nobody listens to is thrown (issue 6 §2). The query in flight still fails and its request answers
 * with the generic catalogue error; the pool drops the dead client and opens a new one.
 * @param pool - the node-postgres pool
 * @param onError - told about each dropped connection
 */
export function handleConnectionErrors(pool: pg.Pool, onError: (error: Error) => void): void {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
}

/** node-postgres's client, timing each query into careline_db_query_duration_seconds (metrics). */
class TimedClient extends pg.Client {
  override query(...args: unknown[]): never {
    const started = performance.now();
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise) {
      result.then(
        () => dbQueryDuration.observe({ outcome: 'ok' }, (performance.now() - started) / 1000),
        () => dbQueryDuration.observe({ outcome: 'error' }, (performance.now() - started) / 1000),
      );
    }
    return result as never;
  }
}

function logConnectionError(error: Error): void {
  console.error(`database connection lost: ${error.message}`);
}

/**
 * A consistent copy of a PGlite data directory while it is in use: a checkpoint writes the committed
 * pages out, then the copy is taken holding PGlite's transaction lock, so no transaction is half done
 * in it (PGlite runs one query at a time, so nothing writes while the files are read).
 * @param client - the open PGlite
 */
export async function dumpPgliteDataDir(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  // Not exec() inside: every query of PGlite's own takes this same lock, so it would wait forever.
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}

/**
 * Opens the database and applies pending migrations.
 * @param options - PostgreSQL by URL, or PGlite in a folder (null: in memory, for tests)
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({ connectionString: options.url, max, Client: TimedClient });
    handleConnectionErrors(pool, options.onConnectionError ?? logConnectionError);
    const unwatchPool = watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }));
    await underAdvisoryLock(pool, (lockClient) =>
      migratePg(drizzlePg({ client: lockClient, schema, casing: 'snake_case' }), { migrationsFolder }),
    );
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('SELECT 1');
      },
      withStartupLock: (work) => underAdvisoryLock(pool, () => work()),
      close: async () => {
        unwatchPool();
        await pool.end();
      },
    };
  }
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
  }
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : options.loadDataDir
      ? new PGlite({ loadDataDir: options.loadDataDir })
      : new PGlite();
  await client.waitReady;
  const pgliteDb = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(pgliteDb, { migrationsFolder });
  let closed = false;
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await client.query('SELECT 1');
    },
    withStartupLock: (work) => work(),
    dumpDataDir: () => dumpPgliteDataDir(client),
    close: async () => {
      if (!closed) {
        closed = true;
        await client.close();
      }
    },
  };
}
