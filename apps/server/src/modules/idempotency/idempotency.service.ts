import { createHash } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import type { Db, Tx } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import {
  deleteIdempotencyKey,
  deleteIdempotencyKeyIfExpired,
  findIdempotencyKey,
  IDEMPOTENCY_KEY_CONSTRAINT,
  insertIdempotencyKey,
  type IdempotencyRow,
  type IdempotencyScope,
  type PendingIdempotencyKey,
} from './idempotency.repo.ts';

/** How long a key is remembered: longer than any client keeps retrying one submit. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

const keyPattern = /^[A-Za-z0-9_.:-]{8,100}$/;

/** A JSON form of a value with object keys sorted, so equal input always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * SHA-256 of an operation and its input, with object keys in a fixed order.
 * @param operation - the mutation's name
 * @param input - its arguments, without the key itself
 */
export function requestHash(operation: string, input: unknown): string {
  return createHash('sha256').update(`${operation}\n${canonicalJson(input)}`).digest('hex');
}

// Thrown inside the transaction when a concurrent request stored the same key first: rolls back
// what this one created, then the stored answer is used.
class KeyTakenMeanwhile extends Error {}

function replay<T>(row: IdempotencyRow, operation: string, hash: string): T {
  if (row.operation !== operation || row.requestHash !== hash) {
    throw new AppError('ARO-E2004');
  }
  return row.result as T;
}

/**
 * Runs a create operation once per idempotency key (issue 6 §2): the first run's result is stored
 * in the same transaction as what it created; a retry with the same key by the same account gets
 * that result and creates nothing; the same key with other input is refused (ARO-E2004).
 * Without a key, runs `create` in a plain transaction.
 * @param db - database
 * @param scope - tenant, account and the client's key (null: no key sent)
 * @param operation - the mutation's name
 * @param input - the mutation's arguments without the key, compared on a retry
 * @param create - does the work inside the transaction; its result must be plain JSON
 * @param now - the clock
 */
export async function runOnce<T>(
  db: Db,
  scope: Omit<IdempotencyScope, 'key'> & { key: string | null | undefined },
  operation: string,
  input: unknown,
  create: (tx: Tx) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const { key } = scope;
  if (key === null || key === undefined) {
    return db.transaction(create);
  }
  if (!keyPattern.test(key)) {
    throw new AppError('ARO-E2002');
  }
  const keyed: IdempotencyScope = { ...scope, key };
  const hash = requestHash(operation, input);
  try {
    return await db.transaction(async (tx) => {
      const existing = await findIdempotencyKey(tx, keyed);
      if (existing && existing.expiresAt > now) {
        return replay<T>(existing, operation, hash);
      }
      if (existing) {
        await deleteIdempotencyKey(tx, keyed);
      }
      const result = await create(tx);
      const stored = await insertIdempotencyKey(tx, {
        ...keyed,
        operation,
        requestHash: hash,
        // Through JSON, so the first answer and a replay are the same shape.
        result: JSON.parse(JSON.stringify(result)) as unknown,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      });
      if (!stored) {
        throw new KeyTakenMeanwhile();
      }
      return result;
    });
  } catch (error) {
    // A twin with the same key may have committed while this run failed, often because of what the
    // twin created (a double tap booking the same place): its stored answer is this one's too.
    const row = await findIdempotencyKey(db, keyed);
    if (row && row.expiresAt > now) {
      return replay<T>(row, operation, hash);
    }
    if (!(error instanceof KeyTakenMeanwhile)) {
      throw error;
    }
    throw new AppError('ARO-E2005');
  }
}

/**
 * Like runOnce, for a create whose change is one statement (a data-modifying CTE, see bookAppointment):
 * `create` gets the pending key and stores it in that same statement (insertIdempotencyKeySql), so no
 * extra round trip runs while the change's row locks are held. A stored, unexpired key answers with
 * the first result before `create` runs; the same key with other input is refused (ARO-E2004). When
 * `create` fails (a twin with the same key stored it first, or the twin's booking took what this one
 * wanted), the twin's stored answer is this one's too; a key taken by a twin that left no answer is
 * ARO-E2005. Without a key, `create` gets null. `create` runs outside a transaction: it opens one
 * when it needs several statements.
 * @param db - database
 * @param scope - tenant, account and the client's key (null: no key sent)
 * @param operation - the mutation's name
 * @param input - the mutation's arguments without the key, compared on a retry
 * @param create - makes the change and stores the key with it; its result must be plain JSON equal to
 *   what it stores
 * @param now - the clock
 */
export async function runOnceInStatement<T>(
  db: Db,
  scope: Omit<IdempotencyScope, 'key'> & { key: string | null | undefined },
  operation: string,
  input: unknown,
  create: (key: PendingIdempotencyKey | null) => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const { key } = scope;
  if (key === null || key === undefined) {
    return create(null);
  }
  if (!keyPattern.test(key)) {
    throw new AppError('ARO-E2002');
  }
  const keyed: IdempotencyScope = { ...scope, key };
  const hash = requestHash(operation, input);
  const existing = await findIdempotencyKey(db, keyed);
  if (existing && existing.expiresAt > now) {
    return replay<T>(existing, operation, hash);
  }
  if (existing) {
    await deleteIdempotencyKeyIfExpired(db, keyed, now);
  }
  try {
    return await create({ ...keyed, operation, requestHash: hash, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) });
  } catch (error) {
    const row = await findIdempotencyKey(db, keyed);
    if (row && row.expiresAt > now) {
      return replay<T>(row, operation, hash);
    }
    if (uniqueViolation(error) === IDEMPOTENCY_KEY_CONSTRAINT) {
      throw new AppError('ARO-E2005');
    }
    throw error;
  }
}

/**
 * Whether a client's key already holds a stored, unexpired answer: a retry of a submit that ran,
 * which runOnce will answer again without running it (issue 29 §2: what that submit started is its
 * own, not an earlier attempt to clear away). False without a key.
 * @param db - database
 * @param scope - tenant, account and the client's key (null: no key sent)
 * @param now - the clock
 */
export async function ranBefore(
  db: Db,
  scope: Omit<IdempotencyScope, 'key'> & { key: string | null | undefined },
  now: Date = new Date(),
): Promise<boolean> {
  if (scope.key === null || scope.key === undefined || !keyPattern.test(scope.key)) {
    return false;
  }
  const row = await findIdempotencyKey(db, { ...scope, key: scope.key });
  return row !== null && row.expiresAt > now;
}
