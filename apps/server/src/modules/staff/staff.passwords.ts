import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum-memory profile (19 MiB, 2 passes, 1 lane): about 20-40 ms here, so
// the per-user and per-address limits, not the hash alone, are what stop guessing.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes a password with argon2id; the result is a self-describing PHC string.
 * @param password - the plain password
 */
export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password against a stored hash. With no stored hash (unknown email) it verifies against
 * a dummy so that the answer takes as long as for a real user and does not reveal which emails exist.
 * @param storedHash - the user's PHC string, or null
 * @param password - the password sent
 */
export async function verifyStaffPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashStaffPassword(randomBytes(24).toString('base64url'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// No 0/O, 1/l/I: temporary passwords are read out or copied by hand.
const TEMPORARY_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random 16-character temporary password (about 93 bits), shown once to the admin. */
export function generateTemporaryPassword(): string {
  const bytes = randomBytes(32);
  let out = '';
  for (const byte of bytes) {
    // 56 symbols: reject bytes that would bias the pick (256 = 4 * 56 + 32).
    if (byte < 224) {
      out += TEMPORARY_ALPHABET[byte % TEMPORARY_ALPHABET.length];
    }
    if (out.length === 16) {
      return out;
    }
  }
  return out + generateTemporaryPassword().slice(out.length);
}
