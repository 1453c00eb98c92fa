import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';

/** Bytes of a generated secret; a kept file must hold exactly this many as hex. */
const SECRET_BYTES = 32;
const secretPattern = new RegExp(`^[0-9a-f]{${SECRET_BYTES * 2}}$`, 'i');

/**
 * The server's signing key: APP_SECRET, or outside production a random key kept in DATA_DIR
 * so that links stay valid across restarts. A kept file that is empty or not 64 hex digits stops
 * the start: an empty HMAC key would accept links signed by anyone (issue 6 §2).
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
    const kept = fs.readFileSync(file, 'utf8').trim();
    if (!secretPattern.test(kept)) {
      throw new Error(
        `Invalid app secret in ${file}: expected ${SECRET_BYTES * 2} hexadecimal digits, found ` +
          `${kept.length === 0 ? 'an empty file' : `${kept.length} characters that are not`}. ` +
          'Delete the file to generate a new one (links signed before stop working), or set APP_SECRET.',
      );
    }
    return Buffer.from(kept, 'hex');
  }
  const secret = randomBytes(SECRET_BYTES);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  // 'wx': never overwrite a file another process wrote between the check and here.
  fs.writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
  return secret;
}
