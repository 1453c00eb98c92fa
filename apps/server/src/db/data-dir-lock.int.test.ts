import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The pid of a process that has surely exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString('utf8'));
}

describe('lockDataDir (issue 6 §2: two servers on one DATA_DIR)', () => {
  it('a second lock on the same folder is refused, naming the holder; after release it is free', () => {
    const dir = tempDir();
    const first = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(`in use by another Careline process \\(pid ${process.pid}, started `),
    );
    first.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a stale lock whose process is gone, and an unreadable one', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    fs.writeFileSync(file, JSON.stringify({ pid: deadPid(), host: os.hostname(), startedAt: 'x' }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    fs.writeFileSync(file, '{"pid":');
    lockDataDir(dir).release();
  });

  it('refuses a lock held on another host (its process cannot be checked from here)', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: 4242, host: 'other-machine', startedAt: '2026-01-01T00:00:00Z' }),
    );
    expect(() => lockDataDir(dir)).toThrow(/pid 4242 on host other-machine/);
  });
});
