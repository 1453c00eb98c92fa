import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  // Vitest's provide/inject types grow by declaration merging, which only an interface can do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A tar of a migrated, empty PGlite data directory; each test database starts from it. */
    pgliteSnapshot: string | null;
    /** A migrated, empty database on DATABASE_URL's server; each test database is a copy of it. */
    postgresTemplate: string | null;
  }
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cacheDir = path.join(rootDir, 'node_modules/.cache/careline-int');
// The package's `main` is dist/index.cjs; its package.json is one folder up.
const pglitePackage = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '../package.json',
);
const dayMs = 24 * 60 * 60 * 1000;

/** Changes whenever a migration, the migration journal or the PGlite version changes. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(`careline-int-1\0${(JSON.parse(fs.readFileSync(pglitePackage, 'utf8')) as { version: string }).version}\0`);
  const files = [
    ...fs.readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql')),
    'meta/_journal.json',
  ].sort();
  for (const name of files) {
    hash.update(`${name}\0`);
    hash.update(fs.readFileSync(path.join(migrationsFolder, name)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * initdb and the migrations cost PGlite seconds per database; done once and kept in
 * node_modules/.cache until a migration changes, every test file's database loads this instead.
 */
async function pgliteSnapshot(): Promise<string> {
  const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
  if (fs.existsSync(file)) {
    return file;
  }
  fs.mkdirSync(cacheDir, { recursive: true });
  const client = new PGlite();
  try {
    await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
    const tarball = await client.dumpDataDir('none');
    // Written aside and renamed: a run starting at the same time never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await client.close();
  }
  // Snapshots of older migrations (a day old, so no run still starting can want them).
  for (const name of fs.readdirSync(cacheDir)) {
    const other = path.join(cacheDir, name);
    if (other !== file && name.startsWith('pglite-') && Date.now() - fs.statSync(other).mtimeMs > dayMs) {
      fs.rmSync(other, { force: true });
    }
  }
  return file;
}

/**
 * Migrates one database for this run; test databases are `CREATE DATABASE … TEMPLATE` copies of it.
 * Its name is random, so runs sharing a server never touch each other's template.
 */
async function postgresTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `careline_test_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  };
  try {
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString(), poolSize: 1 });
    await database.close();
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgliteSnapshot', await pgliteSnapshot());
    project.provide('postgresTemplate', null);
    return async () => {};
  }
  const template = await postgresTemplate(url);
  project.provide('pgliteSnapshot', null);
  project.provide('postgresTemplate', template.name);
  return template.drop;
}
