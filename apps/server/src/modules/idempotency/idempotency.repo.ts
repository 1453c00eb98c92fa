import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

export type IdempotencyScope = { tenantId: string; accountId: string; key: string };
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

const scopeIs = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyKeys.tenantId, scope.tenantId),
    eq(idempotencyKeys.accountId, scope.accountId),
    eq(idempotencyKeys.key, scope.key),
  );

export async function findIdempotencyKey(
  db: DbOrTx,
  scope: IdempotencyScope,
): Promise<IdempotencyRow | null> {
  // Every keyed write asks this first: a prepared statement (db/prepared.ts).
  const statement = preparedStatement(db, 'idempotency_key_find', (name) =>
    db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.tenantId, sql.placeholder('tenantId')),
          eq(idempotencyKeys.accountId, sql.placeholder('accountId')),
          eq(idempotencyKeys.key, sql.placeholder('key')),
        ),
      )
      .prepare(name),
  );
  const [row] = await statement.execute(scope);
  return row ?? null;
}

export async function deleteIdempotencyKey(db: DbOrTx, scope: IdempotencyScope): Promise<void> {
  await db.delete(idempotencyKeys).where(scopeIs(scope));
}

/** Inserts the key with its first result; false when another request stored the same key first. */
export async function insertIdempotencyKey(
  db: DbOrTx,
  values: typeof idempotencyKeys.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length > 0;
}

/** Deletes keys whose expiry has passed; returns how many. */
export async function deleteExpiredIdempotencyKeys(db: DbOrTx, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** A key to store with the change it answers, in the change's own statement (see runOnceInStatement). */
export type PendingIdempotencyKey = IdempotencyScope & { operation: string; requestHash: string; expiresAt: Date };

/** The name of the keys' primary key: a twin request stored the same key first. */
export const IDEMPOTENCY_KEY_CONSTRAINT = 'idempotency_keys_tenant_id_account_id_key_pk';

/**
 * `INSERT INTO idempotency_keys … SELECT … FROM <from>`, to run as a part of a data-modifying CTE, so
 * the key is stored by the statement that makes the change, with no round trip of its own. A plain
 * insert: when a twin stored the key first, the whole statement fails with a unique violation
 * (IDEMPOTENCY_KEY_CONSTRAINT) and makes nothing.
 * @param key - the pending key
 * @param result - the answer to store, a jsonb expression over `from`'s columns
 * @param from - the CTE name (or FROM clause) the answer is built from
 */
export function insertIdempotencyKeySql(key: PendingIdempotencyKey, result: SQL, from: SQL): SQL {
  return sql`INSERT INTO idempotency_keys (tenant_id, account_id, key, operation, request_hash, result, expires_at)
    SELECT ${key.tenantId}::text, ${key.accountId}::uuid, ${key.key}::text, ${key.operation}::text, ${key.requestHash}::text,
      ${result}, ${key.expiresAt.toISOString()}::timestamptz FROM ${from}`;
}

/** Deletes the key when its expiry has passed (a new request may then use it again). */
export async function deleteIdempotencyKeyIfExpired(db: DbOrTx, scope: IdempotencyScope, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(and(scopeIs(scope), lte(idempotencyKeys.expiresAt, now)));
}
