import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { FACTORY_STAFF_PASSWORD, makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner, makeStaffUser } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { loadEnv } from '../../config/env.ts';
import { bookAppointment } from '../../modules/consultations/index.ts';
import { createTenantRegistry } from '../../modules/tenants/index.ts';
import { openDatabase, type Database, type Db } from '../client.ts';
import { lockDataDir } from '../data-dir-lock.ts';
import { serveOnlineBackups } from './online-backup.ts';

// npm run backup / npm run restore (issue 31 §4.13), as an operator runs them: data → backup → more
// data → restore → the first data is back exactly and the server starts on it, and no token given
// after the backup is given again. On PGlite by default (the "server" is this process holding DATA_DIR
// and its backup socket, as main.ts does), on PostgreSQL with DATABASE_URL (pg_dump / pg_restore).

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'postgres' : 'pglite';
const silent = pino({ level: 'silent' });
const tempDirs: string[] = [];

afterAll(() => {
  for (const dir of tempDirs) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-backup-'));
  tempDirs.push(dir);
  return dir;
}

type Script = { code: number | null; output: string };

/** Runs `npm run backup|restore -- …` as the root scripts do (tsx on src/scripts), for one installation. */
function runScript(name: 'backup' | 'restore', args: string[], installation: { dataDir: string; url: string | null }): Promise<Script> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: installation.dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  if (installation.url) {
    env.DATABASE_URL = installation.url;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, `src/scripts/${name}.ts`, ...args], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Every row of every table of the public schema, as JSON, sorted: two databases hold the same data when equal. */
async function tableContents(db: Db): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ tablename: string }>(await db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`));
  const contents: Record<string, string[]> = {};
  for (const { tablename } of tables) {
    // What the restore adds itself: its own record, and which sessions it paused (checked on their own).
    if (tablename === 'database_restores') {
      continue;
    }
    const drop = tablename === 'consultation_sessions' ? sql` - 'token_check_restore_id'` : sql``;
    const rows = rowsOf<{ row: string }>(await db.execute(sql`SELECT (to_jsonb(t)${drop})::text AS row FROM ${sql.identifier(tablename)} t`));
    contents[tablename] = rows.map((r) => r.row).sort();
  }
  return contents;
}

/** A Careline installation: a DATA_DIR, and on PostgreSQL a database of its own on DATABASE_URL's server. */
async function newInstallation(): Promise<{ dataDir: string; url: string | null; drop: () => Promise<void> }> {
  const dataDir = tempDir();
  if (!adminUrl) {
    return { dataDir, url: null, drop: async () => {} };
  }
  const name = `careline_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Opens the installation's database as main.ts does: PGlite with DATA_DIR locked and the backup socket served. */
async function startServer(installation: { dataDir: string; url: string | null }): Promise<{ database: Database; stop: () => Promise<void> }> {
  if (installation.url) {
    const database = await openDatabase({ kind: 'postgres', url: installation.url, poolSize: 2 });
    return { database, stop: () => database.close() };
  }
  const lock = lockDataDir(installation.dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(installation.dataDir, 'pglite') });
  const backups = database.dumpDataDir ? await serveOnlineBackups(installation.dataDir, database.dumpDataDir, silent) : null;
  return {
    database,
    stop: async () => {
      await backups?.close();
      await database.close();
      lock.release();
    },
  };
}

const openRestored = (installation: { dataDir: string; url: string | null }): Promise<Database> =>
  installation.url
    ? openDatabase({ kind: 'postgres', url: installation.url, poolSize: 2 })
    : openDatabase({ kind: 'pglite', dataDir: path.join(installation.dataDir, 'pglite') });

describe(`npm run backup / npm run restore on ${kind}`, () => {
  it('data → backup → more data → restore: the first data is back exactly, the server starts on it, and no token is given twice', async () => {
    const installation = await newInstallation();
    try {
      const tenantId = createTenantRegistry(loadEnv({ NODE_ENV: 'test', DATA_DIR: installation.dataDir })).defaultTenant.id;
      const server = await startServer(installation);
      const db = server.database.db;
      const hospital = await makeOrganization(db, tenantId);
      const doctor = await makePractitioner(db, tenantId, hospital.id);
      const refs = { practitionerId: doctor.id, organizationId: hospital.id };
      const open = await makeConsultationSession(db, tenantId, refs);
      const ended = await makeConsultationSession(db, tenantId, refs, { status: 'completed' });
      const receptionist = await makeStaffUser(db, tenantId, [{ organizationId: hospital.id, role: 'receptionist' }]);
      const book = async () => {
        const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospital.id });
        return bookAppointment(db, {
          tenantId,
          accountId: account.id,
          patientId: patient.id,
          sessionId: open.id,
          originChannel: 'patient_app',
          idempotencyKey: randomUUID(),
          correlationId: randomUUID(),
          actor: { kind: 'patient', accountId: account.id },
        });
      };
      expect([(await book()).tokenNo, (await book()).tokenNo]).toEqual([1, 2]);
      const backedUp = await tableContents(db);

      const file = path.join(tempDir(), 'careline.backup');
      const backup = await runScript('backup', ['--out', file], installation);
      expect(backup.output).toMatch(kind === 'postgres' ? /Backup written: .* pg_dump -Fc/ : /Backup written: .* taken by the running server/);
      expect(backup.code).toBe(0);

      // After the backup: tokens 3 and 4 go to two more patients, and a hospital is added.
      expect([(await book()).tokenNo, (await book()).tokenNo]).toEqual([3, 4]);
      await makeOrganization(db, tenantId);
      expect(await tableContents(db)).not.toEqual(backedUp);

      // A restore under a running server is refused and changes nothing.
      const refused = await runScript('restore', ['--from', file], installation);
      expect(refused.code).toBe(1);
      expect(refused.output).toMatch(kind === 'postgres' ? /Stop every Careline instance/ : /Stop the Careline server first/);
      await server.stop();

      const restore = await runScript('restore', ['--from', file], installation);
      expect(restore.output).toContain('Bookings of 1 session(s) are paused');
      expect(restore.code).toBe(0);

      const restored = await openRestored(installation);
      expect(await tableContents(restored.db)).toEqual(backedUp);
      const paused = await queryRows<{ id: string }>(restored.db, sql`SELECT id FROM consultation_sessions WHERE token_check_restore_id IS NOT NULL`);
      expect(paused.map((r) => r.id)).toEqual([open.id]);
      expect(paused.map((r) => r.id)).not.toContain(ended.id);

      // The server starts on the restored database.
      const t = await createTestApp({}, { database: restored });
      try {
        expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
        const signIn = await t.gql<{ staffSignIn: { token: string } }>(
          'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
          { e: receptionist.email, p: FACTORY_STAFF_PASSWORD },
        );
        const staff = { authorization: `Bearer ${signIn.data?.staffSignIn.token ?? ''}` };
        const patientBooking = async () => {
          const { account, patient } = await makePatientAccount(restored.db, tenantId, { hospitalId: hospital.id });
          return bookAppointment(restored.db, {
            tenantId,
            accountId: account.id,
            patientId: patient.id,
            sessionId: open.id,
            originChannel: 'patient_app',
            idempotencyKey: null,
            correlationId: randomUUID(),
            actor: { kind: 'patient', accountId: account.id },
          });
        };
        // The restored counter stands at 2: until staff say 4 went out, no token is given at all.
        await expect(patientBooking()).rejects.toThrow(/^ARO-E4020:/);
        const confirmed = await t.gql<{ staffConfirmSessionTokens: { issuedTokens: number }[] }>(
          'mutation ($o: ID!, $c: [SessionTokenConfirmation!]!) { staffConfirmSessionTokens(organizationId: $o, confirmations: $c) { issuedTokens } }',
          { o: hospital.id, c: [{ sessionId: open.id, highestTokenGiven: 4 }] },
          staff,
        );
        expect(confirmed.errors).toBeUndefined();
        expect((await patientBooking()).tokenNo).toBe(5);
        const tokens = await queryRows<{ token_no: number }>(
          restored.db,
          sql`SELECT token_no FROM appointments WHERE session_id = ${open.id}::uuid ORDER BY token_no`,
        );
        expect(tokens.map((r) => Number(r.token_no))).toEqual([1, 2, 5]);
      } finally {
        await t.close();
      }
      // The database that was there before the restore is kept: PGlite's folder beside, PostgreSQL's dump beside the backup.
      const kept = kind === 'pglite' ? fs.readdirSync(installation.dataDir) : fs.readdirSync(path.dirname(file));
      expect(kept.some((name) => name.startsWith(kind === 'pglite' ? 'pglite.before-restore-' : 'careline-before-restore-'))).toBe(true);
    } finally {
      await installation.drop();
    }
  }, 300_000);
});

describe.runIf(kind === 'pglite')('npm run backup / npm run restore on PGlite, with no server or a foreign one', () => {
  it('backs up a stopped installation under its lock, and refuses what it cannot do safely', async () => {
    const installation = await newInstallation();
    const server = await startServer(installation);
    await makeOrganization(server.database.db, 'careline-demo', { name: 'Stopped Copy Hospital' });
    await server.stop();

    const file = path.join(tempDir(), 'stopped.backup');
    const backup = await runScript('backup', ['--out', file], installation);
    expect(backup.output).toMatch(/Backup written: .* no server was running/);
    expect(fs.existsSync(path.join(installation.dataDir, 'careline.lock'))).toBe(false);

    // A live process holding DATA_DIR that serves no backup socket (another tool, an older server).
    const foreign = lockDataDir(installation.dataDir, 'a foreign tool');
    try {
      const online = await runScript('backup', ['--out', path.join(tempDir(), 'x.backup')], installation);
      expect(online.code).toBe(1);
      expect(online.output).toContain(`did not answer on ${path.join(installation.dataDir, 'backup.sock')}`);
    } finally {
      foreign.release();
    }

    const notBackup = path.join(tempDir(), 'notes.txt');
    fs.writeFileSync(notBackup, 'not a backup');
    expect((await runScript('restore', ['--from', notBackup], installation)).output).toContain('is not a Careline backup');
    const postgresDump = path.join(tempDir(), 'pg.dump');
    fs.writeFileSync(postgresDump, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(100)]));
    expect((await runScript('restore', ['--from', postgresDump], installation)).output).toContain('is a PostgreSQL backup (pg_dump -Fc)');

    const restore = await runScript('restore', ['--from', file], installation);
    expect(restore.code).toBe(0);
    const restored = await openRestored(installation);
    try {
      const names = await queryRows<{ name: string }>(restored.db, sql`SELECT name FROM organizations`);
      expect(names.map((r) => r.name)).toEqual(['Stopped Copy Hospital']);
    } finally {
      await restored.close();
    }
  }, 300_000);
});
