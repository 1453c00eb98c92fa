import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server of DATABASE_URL (dropped by close()).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    return openDatabase({ kind: 'pglite', dataDir: null });
  }
  const name = `careline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
