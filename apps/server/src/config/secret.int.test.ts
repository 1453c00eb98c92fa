import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { loadAppSecret } from './secret.ts';

const dirs: string[] = [];
function envWithDataDir(): ReturnType<typeof loadEnv> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-secret-'));
  dirs.push(dataDir);
  return loadEnv({ NODE_ENV: 'development', DATA_DIR: dataDir });
}

afterEach(() => {
  for (const dir of dirs.splice(0)) {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('loadAppSecret (DATA_DIR/app-secret)', () => {
  it('generates a 32-byte key once and reads the same key back', () => {
    const env = envWithDataDir();
    const first = loadAppSecret(env);
    expect(first).toHaveLength(32);
    expect(loadAppSecret(env).equals(first)).toBe(true);
  });

  it.each([
    ['an empty file', ''],
    ['whitespace only', '  \n'],
    ['garbage that is not hex', 'not a secret at all, just words and more words to be long'],
    ['hex that is too short', 'abcd'],
    ['hex with a stray character', `${'a'.repeat(63)}z`],
  ])('refuses to start on %s, naming the file', (_label, content) => {
    const env = envWithDataDir();
    const file = path.join(env.DATA_DIR, 'app-secret');
    fs.writeFileSync(file, content);
    expect(() => loadAppSecret(env)).toThrow(/Invalid app secret in .*app-secret/);
  });

  it('uses APP_SECRET when set, whatever the file holds', () => {
    const env = { ...envWithDataDir(), APP_SECRET: 'x'.repeat(40) };
    fs.writeFileSync(path.join(env.DATA_DIR, 'app-secret'), '');
    expect(loadAppSecret(env).toString('utf8')).toBe('x'.repeat(40));
  });
});
