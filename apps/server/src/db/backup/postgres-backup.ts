import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { checkBackupFile, partialFileFor } from './backup-file.ts';

/*
 * PostgreSQL's backup is its own tools' (issue 31 §4.13): pg_dump -Fc for a consistent logical copy
 * taken while the instances run (one snapshot, no lock that stops bookings), and pg_restore for the
 * way back. The client tools must be of the server's major version or newer (Debian: postgresql-client).
 */

/**
 * The connection for libpq's tools without the password on their command line (where any user of
 * the machine can read it): the URL without it, and the password in PGPASSWORD.
 * @param url - DATABASE_URL
 */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a client tool; rejects with its error output when it fails or is missing. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client)` : error.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code ?? 'signal'}): ${stderr.trim()}`))));
  });
}

/**
 * pg_dump -Fc of DATABASE_URL's database into one file (replaced only once complete).
 * @param url - DATABASE_URL
 * @param out - the backup file
 */
export async function backupPostgres(url: string, out: string): Promise<{ file: string; bytes: number }> {
  const target = libpqTarget(url);
  const file = partialFileFor(out);
  try {
    await run('pg_dump', ['--format=custom', `--file=${file.partial}`, `--dbname=${target.dbname}`], target.env);
    fs.chmodSync(file.partial, 0o600);
    file.commit();
  } catch (error) {
    file.discard();
    throw error;
  }
  return { file: out, bytes: fs.statSync(out).size };
}

/**
 * The other sessions on the database (instances, pg-boss, an open psql): a restore under them would
 * mix their writes into the restored data.
 * @param url - DATABASE_URL
 */
export async function otherConnections(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ pid: number; application_name: string; client_addr: string | null }>(
      `SELECT pid, application_name, client_addr::text AS client_addr FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() ORDER BY pid`,
    );
    return result.rows.map((r) => `pid ${r.pid} (${r.application_name || 'no application name'}, from ${r.client_addr ?? 'a local socket'})`);
  } finally {
    await client.end();
  }
}

// Everything Careline keeps in the database: its tables, drizzle's migration journal, pg-boss's jobs.
const CLEAR_SCHEMAS = [
  'DROP SCHEMA IF EXISTS pgboss CASCADE;',
  'DROP SCHEMA IF EXISTS drizzle CASCADE;',
  'DROP SCHEMA IF EXISTS public CASCADE;',
  'CREATE SCHEMA public;',
].join('\n');

/**
 * Replaces DATABASE_URL's database with a pg_dump -Fc backup in ONE transaction: Careline's schemas
 * are dropped and the backup's objects and rows created (pg_restore's SQL, fed to psql), and it is
 * committed only when pg_restore read the whole file; any error leaves the database as it was. The
 * objects are owned by the user of DATABASE_URL (--no-owner), as the migrations would make them.
 * @param url - DATABASE_URL (every instance stopped: see otherConnections)
 * @param from - the backup file
 */
export async function restorePostgres(url: string, from: string): Promise<void> {
  checkBackupFile(from, 'postgres');
  const target = libpqTarget(url);
  await new Promise<void>((resolve, reject) => {
    const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${target.dbname}`], {
      env: target.env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', from], {
      env: target.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    psql.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    restore.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    let restoreFailed = false;
    const missing = (command: string) => (error: NodeJS.ErrnoException) => {
      restoreFailed = true;
      psql.kill();
      restore.kill();
      reject(new Error(error.code === 'ENOENT' ? `${command} is not installed (Debian: apt-get install postgresql-client)` : error.message));
    };
    psql.on('error', missing('psql'));
    restore.on('error', missing('pg_restore'));
    // psql stops at the first error; what pg_restore still writes then has nowhere to go.
    psql.stdin.on('error', () => undefined);
    psql.stdin.write(`BEGIN;\n${CLEAR_SCHEMAS}\n`);
    restore.stdout.pipe(psql.stdin, { end: false });
    restore.on('close', (code) => {
      if (code === 0) {
        psql.stdin.end('COMMIT;\n');
      } else {
        // Without COMMIT the transaction dies with psql's connection: nothing of it is kept.
        restoreFailed = true;
        psql.kill();
      }
    });
    psql.on('close', (code) => {
      if (code === 0 && !restoreFailed) {
        resolve();
      } else {
        reject(new Error(`The restore failed and changed nothing: ${errors.trim() || `psql exited ${code ?? 'on a signal'}`}`));
      }
    });
  });
}
