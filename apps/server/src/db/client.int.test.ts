import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn(
    '[client.int.test] DATABASE_URL is not set: skipping the dropped-connection test (PostgreSQL only).',
  );
}

/** Terminates every backend of the app's database except the caller's own; returns how many. */
async function terminateBackends(url: string, databaseName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const result = await admin.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
        WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [databaseName],
    );
    return result.rows.filter((row) => row.killed).length;
  } finally {
    await admin.end();
  }
}

describe('PostgreSQL drops connections (issue 6 §2)', () => {
  let t: TestApp | undefined;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown): void => {
    uncaught.push(error);
  };

  beforeAll(async () => {
    if (!databaseUrl) {
      return;
    }
    process.on('uncaughtException', onUncaught);
    t = await createTestApp();
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await t?.close();
  });

  it.runIf(Boolean(databaseUrl))(
    'pg_terminate_backend during traffic: requests in flight fail cleanly, the process stays up, later requests succeed',
    async () => {
      if (!t || !databaseUrl) {
        throw new Error('app not built');
      }
      const app = t;
      const nameResult: unknown = await app.database.db.execute(sql`SELECT current_database() AS name`);
      const databaseName = (nameResult as { rows: { name: string }[] }).rows[0]?.name ?? '';
      const query = '{ queryOrganization { id } }';
      expect((await app.gql(query)).errors).toBeUndefined();

      // Warm the pool so that some connections sit idle (node-postgres emits 'error' on the pool).
      await Promise.all(Array.from({ length: 5 }, () => app.database.db.execute(sql`SELECT 1`)));
      // A transaction holds its connection, idle between statements, while the backends die (the
      // case where node-postgres emits 'error' on a checked-out client).
      let transactionStarted: () => void = () => {};
      const started = new Promise<void>((resolve) => {
        transactionStarted = resolve;
      });
      const heldTransaction = app.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          transactionStarted();
          await new Promise((resolve) => setTimeout(resolve, 600));
          await tx.execute(sql`SELECT 1`);
        })
        .catch((e: unknown) => e);
      await started;
      // Traffic: requests through the app, and a slow query in flight.
      const inFlight: Promise<unknown>[] = [
        app.database.db.execute(sql`SELECT pg_sleep(0.5)`).catch((e: unknown) => e),
      ];
      for (let i = 0; i < 5; i++) {
        inFlight.push(app.gql(query));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await terminateBackends(databaseUrl, databaseName)).toBeGreaterThan(0);
      const results = await Promise.all([...inFlight, heldTransaction]);
      await new Promise((resolve) => setTimeout(resolve, 100));

      // Requests that failed got the generic catalogue text, never the driver's message.
      for (const result of results) {
        const errors = (result as { errors?: { message: string }[] } | null)?.errors;
        for (const error of errors ?? []) {
          expect(error.message).toMatch(/^ARO-E9999:/);
        }
      }
      expect(uncaught.map(String)).toEqual([]);

      // The pool reconnects: later requests succeed, and /healthz is back to 200.
      let answered = await app.gql(query);
      for (let attempt = 0; attempt < 5 && answered.errors; attempt++) {
        answered = await app.gql(query);
      }
      expect(answered.errors).toBeUndefined();
      const health = await app.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    },
  );
});
