import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';

/**
 * The server's signing key: APP_SECRET, or outside production a random key kept in DATA_DIR
 * so that links stay valid across restarts.
 * @param env - validated environment
 */
export function loadAppSecret(env: Env): Buffer {
  if (env.APP_SECRET) {
    return Buffer.from(env.APP_SECRET, 'utf8');
  }
  if (env.NODE_ENV === 'production') {
    throw new Error('Invalid configuration:\n  APP_SECRET: required in production (32+ characters)');
  }
  const file = path.join(env.DATA_DIR, 'app-secret');
  if (fs.existsSync(file)) {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
  const secret = randomBytes(32);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  fs.writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  return secret;
}
