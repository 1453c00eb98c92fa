import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a backup file holds: PGlite's data directory (gzipped tar) or pg_dump's custom format. */
export type BackupKind = 'pglite' | 'postgres';

/**
 * The kind of a backup file by its first bytes: pg_dump -Fc starts with 'PGDMP', PGlite's dump is a
 * gzip stream (or a plain tar, 'ustar' at byte 257); null for anything else.
 * @param head - the file's first 512 bytes (or all of a shorter file)
 */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  const bytes = Buffer.from(head);
  if (bytes.subarray(0, 5).toString('latin1') === 'PGDMP') {
    return 'postgres';
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    return 'pglite';
  }
  return bytes.subarray(257, 262).toString('latin1') === 'ustar' ? 'pglite' : null;
}

/**
 * Reads a backup file's kind, refusing a missing file, one of the other kind than the database
 * configured, and one that is no backup at all, each with what to do.
 * @param file - the backup file
 * @param expected - the configured database's kind
 */
export function checkBackupFile(file: string, expected: BackupKind): void {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(512);
      head = head.subarray(0, fs.readSync(fd, head, 0, 512, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new Error(`Cannot read the backup ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const kind = backupKindOf(head);
  if (kind === null) {
    throw new Error(`${file} is not a Careline backup (neither a PGlite data directory dump nor a pg_dump -Fc file)`);
  }
  if (kind !== expected) {
    throw new Error(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup (pg_dump -Fc): set DATABASE_URL to the database to restore it into`
        : `${file} is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR`,
    );
  }
}

/**
 * A new file beside `file` for writing, then moved into place only when complete, so a backup file
 * is never half written and an older one of that name is replaced only by a whole one.
 * @param file - where the backup goes
 */
export function partialFileFor(file: string): { partial: string; commit: () => void; discard: () => void } {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial-${process.pid}-${randomBytes(3).toString('hex')}`;
  return {
    partial,
    commit: () => {
      const fd = fs.openSync(partial, 'r');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(partial, file);
    },
    discard: () => fs.rmSync(partial, { force: true }),
  };
}

/** A UTC time stamp for file and folder names: 20260131T142501Z. */
export function fileStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}
