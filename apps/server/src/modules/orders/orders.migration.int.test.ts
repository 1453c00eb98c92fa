import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';

/** The migration under test: it copies service_requests.document_reference_ids into service_request_documents. */
const TAG = '0012_orders_documents';

type Journal = { entries: { idx: number; tag: string }[] };

/** A migrations folder with every migration before TAG, so a database can stop just before it. */
function foldersBefore(): string {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as Journal;
  const stop = journal.entries.findIndex((entry) => entry.tag === TAG);
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries) {
    fs.copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

type Target = {
  run: (query: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>;
  migrate: (folder: string) => Promise<void>;
  close: () => Promise<void>;
};

/** A fresh database with nothing migrated: PGlite in memory, or a throwaway one on DATABASE_URL's server. */
async function emptyDatabase(): Promise<Target> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const client = new PGlite();
    const db = drizzlePglite({ client, casing: 'snake_case' });
    return {
      run: async (query) => (await db.execute(query)).rows,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `careline_test_mig_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: testUrl.toString(), max: 1 });
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  return {
    run: async (query) => (await db.execute(query)).rows,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

let target: Target;
let before: string;

beforeAll(async () => {
  before = foldersBefore();
  target = await emptyDatabase();
});
afterAll(async () => {
  await target.close();
  fs.rmSync(before, { recursive: true, force: true });
});

describe(`migration ${TAG}: document_reference_ids become service_request_documents`, () => {
  it("links ids in any case, each once, only the order's own account and tenant, and skips JSON that is no array", async () => {
    await target.migrate(before);
    const tenant = 'careline-demo';
    const [alice, bob] = [randomUUID(), randomUUID()];
    const [alicePatient, bobPatient] = [randomUUID(), randomUUID()];
    await target.run(
      sql`INSERT INTO accounts (id, tenant_id, mobile_no) VALUES (${alice}, ${tenant}, '0771000001'), (${bob}, ${tenant}, '0771000002')`,
    );
    await target.run(sql`INSERT INTO patients (id, tenant_id, account_id, prefix, given_name, family_name, gender)
      VALUES (${alicePatient}, ${tenant}, ${alice}, 'Ms.', 'Alice', 'Perera', 'female'),
             (${bobPatient}, ${tenant}, ${bob}, 'Mr.', 'Bob', 'Silva', 'male')`);
    const [first, second, bobs, otherTenant] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await target.run(sql`INSERT INTO document_references (id, tenant_id, account_id, author_reference) VALUES
      (${first}, ${tenant}, ${alice}, ${`Patient/${alicePatient}`}),
      (${second}, ${tenant}, ${alice}, ${`Patient/${alicePatient}`}),
      (${bobs}, ${tenant}, ${bob}, ${`Patient/${bobPatient}`}),
      (${otherTenant}, 'another-tenant', ${alice}, ${`Patient/${alicePatient}`})`);
    const [listed, object, scalar, empty] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const ids = (values: unknown) => JSON.stringify(values);
    await target.run(sql`INSERT INTO service_requests (id, tenant_id, account_id, patient_id, category, code_code, document_reference_ids) VALUES
      (${listed}, ${tenant}, ${alice}, ${alicePatient}, 'Medication', '4',
        ${ids([second.toUpperCase(), bobs, otherTenant, 'not-an-id', null, 7, first, first.toUpperCase()])}::jsonb),
      (${object}, ${tenant}, ${alice}, ${alicePatient}, 'Medication', '4', ${ids({ first })}::jsonb),
      (${scalar}, ${tenant}, ${alice}, ${alicePatient}, 'Medication', '4', ${ids(first)}::jsonb),
      (${empty}, ${tenant}, ${alice}, ${alicePatient}, 'Medication', '4', 'null'::jsonb)`);

    await target.migrate(migrationsFolder);

    const links =
      await target.run(sql`SELECT service_request_id, document_reference_id, position, tenant_id
      FROM service_request_documents ORDER BY service_request_id, position`);
    expect(links).toEqual([
      { service_request_id: listed, document_reference_id: second, position: 0, tenant_id: tenant },
      { service_request_id: listed, document_reference_id: first, position: 1, tenant_id: tenant },
    ]);
    const orders = await target.run(sql`SELECT count(*)::integer AS n FROM service_requests`);
    expect(orders).toEqual([{ n: 4 }]);
  });
});
