import path from 'node:path';
import { openDatabase, type Database } from '../client.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../data-dir-lock.ts';
import { fileStamp } from './backup-file.ts';
import { backupPglite, pgliteFolder, restorePgliteFiles } from './pglite-backup.ts';
import { backupPostgres, otherConnections, restorePostgres } from './postgres-backup.ts';

/*
 * npm run backup / npm run restore (issue 31 §4.13), for the database the server is configured with:
 * PGlite in DATA_DIR, or PostgreSQL by DATABASE_URL. Blobs (DATA_DIR/blobs or S3) and the secret are
 * not in the database: docs/operations.md says how to keep them.
 */

/** What the backup and restore read of the configuration. */
export type BackupSettings = { DATABASE_URL?: string | undefined; DATA_DIR: string };

export type BackupResult = { kind: 'pglite' | 'postgres'; file: string; bytes: number; mode: 'online' | 'stopped' };

/**
 * Backs the configured database up into one file: pg_dump -Fc for PostgreSQL (instances may run),
 * PGlite's data directory for the embedded one (online through the running server, else a copy
 * under DATA_DIR's lock).
 * @param settings - DATABASE_URL and DATA_DIR
 * @param out - the backup file
 */
export async function backupDatabase(settings: BackupSettings, out: string): Promise<BackupResult> {
  if (settings.DATABASE_URL) {
    return { kind: 'postgres', mode: 'online', ...(await backupPostgres(settings.DATABASE_URL, out)) };
  }
  return { kind: 'pglite', ...(await backupPglite(settings.DATA_DIR, out)) };
}

/** Refuses when instances are still connected to the PostgreSQL database. */
async function requireNoInstances(url: string, doing: string): Promise<void> {
  const others = await otherConnections(url);
  if (others.length > 0) {
    throw new Error(
      `Stop every Careline instance (and other sessions on the database) before ${doing}. Still connected:\n  ${others.join('\n  ')}`,
    );
  }
}

/** Takes DATA_DIR's lock, or says to stop the server that holds it. */
function lockForRestore(dataDir: string, purpose: string): DataDirLock {
  try {
    return lockDataDir(dataDir, purpose);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      throw new Error(`Stop the Careline server first: a restore replaces the database under it.\n${error.message}`);
    }
    throw error;
  }
}

export type RestoreResult<T> = {
  kind: 'pglite' | 'postgres';
  /** What was there before: the moved-aside PGlite folder, or the safety pg_dump of PostgreSQL. */
  previous: string | null;
  marked: T;
};

/**
 * Replaces the configured database with a backup, with no server running on it, keeping what was
 * there (PGlite: the old folder beside; PostgreSQL: a pg_dump beside the backup unless safetyCopy is
 * false), and hands it, migrated, to afterRestore (the restore marker) before anything else can use
 * it: PGlite's before it takes the old one's place, PostgreSQL's right after pg_restore commits.
 * @param settings - DATABASE_URL and DATA_DIR
 * @param from - the backup file
 * @param options - safetyCopy: dump the PostgreSQL database first (default true)
 * @param afterRestore - runs on the restored, migrated database
 */
export async function restoreDatabase<T>(
  settings: BackupSettings,
  from: string,
  options: { safetyCopy?: boolean },
  afterRestore: (database: Database) => Promise<T>,
): Promise<RestoreResult<T>> {
  const url = settings.DATABASE_URL;
  if (url) {
    await requireNoInstances(url, 'a restore');
    let previous: string | null = null;
    if (options.safetyCopy !== false) {
      previous = path.join(path.dirname(path.resolve(from)), `careline-before-restore-${fileStamp()}.dump`);
      await backupPostgres(url, previous);
    }
    await restorePostgres(url, from);
    // pg_restore has committed: the marker cannot share its transaction (the migrations between are
    // drizzle's). Should it fail, nothing may start on the database until it is run.
    const marked = await onOpened({ kind: 'postgres', url, poolSize: 2 }, afterRestore).catch((error: unknown) => {
      throw new Error(
        `The backup is restored, but the restore could not be recorded: ${error instanceof Error ? error.message : String(error)}\n` +
          'Start no instance before `npm run restore -- --mark-only` has succeeded: tokens given after the backup would be given again.',
      );
    });
    return { kind: 'postgres', previous, marked };
  }
  const lock = lockForRestore(settings.DATA_DIR, 'npm run restore');
  try {
    const { previous, prepared } = await restorePgliteFiles(settings.DATA_DIR, from, (folder) =>
      onOpened({ kind: 'pglite', dataDir: folder }, afterRestore),
    );
    return { kind: 'pglite', previous, marked: prepared };
  } finally {
    lock.release();
  }
}

/**
 * Runs afterRestore on a database restored by other means (PostgreSQL's point-in-time recovery, a
 * copied folder), with no server running on it.
 * @param settings - DATABASE_URL and DATA_DIR
 * @param afterRestore - runs on the database, migrated
 */
export async function markRestoredDatabase<T>(settings: BackupSettings, afterRestore: (database: Database) => Promise<T>): Promise<T> {
  const url = settings.DATABASE_URL;
  if (url) {
    await requireNoInstances(url, 'marking the restore');
    return onOpened({ kind: 'postgres', url, poolSize: 2 }, afterRestore);
  }
  const lock = lockForRestore(settings.DATA_DIR, 'npm run restore -- --mark-only');
  try {
    return await onOpened({ kind: 'pglite', dataDir: pgliteFolder(settings.DATA_DIR) }, afterRestore);
  } finally {
    lock.release();
  }
}

async function onOpened<T>(
  options: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string },
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
