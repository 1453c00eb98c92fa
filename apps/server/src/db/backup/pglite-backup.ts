import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { dumpPgliteDataDir } from '../client.ts';
import { DataDirInUseError, lockDataDir, type DataDirLock } from '../data-dir-lock.ts';
import { checkBackupFile, fileStamp, partialFileFor } from './backup-file.ts';
import { requestOnlineBackup } from './online-backup.ts';

/** The embedded database's folder inside DATA_DIR, as main.ts opens it. */
export const pgliteFolder = (dataDir: string): string => path.join(dataDir, 'pglite');

export type PgliteBackup = { file: string; bytes: number; mode: 'online' | 'stopped' };

/**
 * Backs the embedded database up into one file (PGlite's data directory, gzipped tar). With a
 * server running on DATA_DIR (it holds the lock) the server dumps it between transactions and sends
 * it over DATA_DIR/backup.sock; with none, this process takes the lock, so no server can start during
 * the copy, and dumps it itself. Either way the file opens as the database at one instant.
 * @param dataDir - DATA_DIR
 * @param out - the backup file to write (replaced only once complete)
 */
export async function backupPglite(dataDir: string, out: string): Promise<PgliteBackup> {
  let lock: DataDirLock | null = null;
  try {
    lock = lockDataDir(dataDir, 'npm run backup');
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) {
      throw error;
    }
    const body = await requestOnlineBackup(dataDir).catch((cause: unknown) => {
      const reason = (cause as NodeJS.ErrnoException).code ?? (cause instanceof Error ? cause.message : String(cause));
      throw new Error(
        `${error.message}\nIt did not answer on ${path.join(dataDir, 'backup.sock')} for an online backup (${reason}). ` +
          'If it is a Careline server of this version, check it is running; otherwise stop it and run npm run backup again.',
      );
    });
    return { file: out, bytes: writeWhole(out, body), mode: 'online' };
  }
  try {
    const folder = pgliteFolder(dataDir);
    if (!fs.existsSync(path.join(folder, 'PG_VERSION'))) {
      throw new Error(`There is no database in ${folder} to back up (check DATA_DIR)`);
    }
    const client = new PGlite(folder);
    try {
      await client.waitReady;
      const blob = await dumpPgliteDataDir(client);
      return { file: out, bytes: writeWhole(out, Buffer.from(await blob.arrayBuffer())), mode: 'stopped' };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

function writeWhole(out: string, body: Buffer): number {
  const target = partialFileFor(out);
  try {
    fs.writeFileSync(target.partial, body, { mode: 0o600 });
    target.commit();
  } catch (error) {
    target.discard();
    throw error;
  }
  return body.length;
}

/**
 * Replaces the embedded database with a backup's, under DATA_DIR's lock (the caller's, so no server
 * runs meanwhile): the backup is unpacked into a folder beside and made ready there by `prepare`
 * (migrations, the restore marker); only then is the current database moved aside (kept, never
 * deleted) and the restored one put in its place. A failure before that changes nothing.
 * @param dataDir - DATA_DIR, locked by the caller
 * @param from - the backup file
 * @param prepare - runs on the unpacked folder before it takes the database's place
 * @returns where the database that was there before now is (null when there was none), and what prepare gave
 */
export async function restorePgliteFiles<T>(
  dataDir: string,
  from: string,
  prepare: (folder: string) => Promise<T>,
): Promise<{ previous: string | null; prepared: T }> {
  checkBackupFile(from, 'pglite');
  const stamp = fileStamp();
  const folder = pgliteFolder(dataDir);
  const staging = `${folder}.restoring-${stamp}`;
  fs.rmSync(staging, { recursive: true, force: true });
  let prepared: T;
  try {
    const client = new PGlite({ dataDir: staging, loadDataDir: new Blob([fs.readFileSync(from)]) });
    try {
      await client.waitReady;
      await client.query('SELECT 1');
    } catch (error) {
      throw new Error(`The backup ${from} could not be opened: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await client.close();
    }
    prepared = await prepare(staging);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (fs.existsSync(folder)) {
    previous = `${folder}.before-restore-${stamp}`;
    fs.renameSync(folder, previous);
  }
  fs.renameSync(staging, folder);
  return { previous, prepared };
}
