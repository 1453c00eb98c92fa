import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

// Read once per test file; each database gets its own copy inside PGlite.
let snapshot: { file: string; blob: Blob } | undefined;

function pgliteSnapshot(file: string): Blob {
  if (snapshot?.file !== file) {
    snapshot = { file, blob: new Blob([fs.readFileSync(file)]) };
  }
  return snapshot.blob;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throwaway
 * database on the PostgreSQL server of DATABASE_URL (dropped by close()). The int project's global
 * setup (int-global-setup.ts) migrates once per run: PGlite starts from its snapshot and PostgreSQL
 * copies its template. openDatabase still applies any migration the copy lacks.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const file = inject('pgliteSnapshot');
    return openDatabase({
      kind: 'pglite',
      dataDir: null,
      ...(file ? { loadDataDir: pgliteSnapshot(file) } : {}),
    });
  }
  const name = `careline_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
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
