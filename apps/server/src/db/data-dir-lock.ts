import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What a lock file holds: who took DATA_DIR, and when. */
export type LockOwner = { pid: number; host: string; startedAt: string };

/** A held lock on DATA_DIR; release() deletes the lock file if it is still ours. */
export type DataDirLock = { file: string; release: () => void };

export const LOCK_FILE_NAME = 'careline.lock';

/** DATA_DIR is held by another live process (a server, a seed, a backup): who, for the message. */
export class DataDirInUseError extends Error {
  readonly owner: LockOwner;

  constructor(message: string, owner: LockOwner) {
    super(message);
    this.name = 'DataDirInUseError';
    this.owner = owner;
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.host === 'string') {
      return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? '') };
    }
    return null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on DATA_DIR for this process: a lock file with pid and host, created with
 * O_EXCL. A lock whose process is gone (killed, machine restarted) is stale and taken over. Two
 * servers on one embedded database lose each other's writes (issue 6 §2), so a live owner stops
 * the start with a message naming it.
 * @param dataDir - the folder to lock (created when missing)
 * @param purpose - what this process is, for the message the other one prints
 */
export function lockDataDir(dataDir: string, purpose = 'Careline server'): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const content = JSON.stringify({ ...me, purpose });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
      let released = false;
      return {
        file,
        release: () => {
          if (released) {
            return;
          }
          released = true;
          const owner = readOwner(file);
          if (owner?.pid === me.pid && owner.host === me.host) {
            fs.rmSync(file, { force: true });
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const owner = readOwner(file);
    const sameHost = owner?.host === me.host;
    if (owner && (!sameHost || isAlive(owner.pid))) {
      const where = sameHost ? '' : ` on host ${owner.host}`;
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another Careline process (pid ${owner.pid}${where}, ` +
          `started ${owner.startedAt}). Stop that process first, or give this one its own DATA_DIR.\n` +
          `If you are sure no other process uses it, delete ${file} and start again.`,
        owner,
      );
    }
    // No owner (an unreadable file from a crash while writing) or a dead one: the lock is stale.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}: ${file} keeps reappearing`);
}
