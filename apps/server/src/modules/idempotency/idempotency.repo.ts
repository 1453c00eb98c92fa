import { and, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coalescedRead } from '../../db/coalesce.ts';
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

/**
 * Every keyed write asks this first: one prepared statement (db/prepared.ts) for the keys of all the
 * writes that arrive while one is in flight (db/coalesce.ts), per tenant. Each ask gets only the row
 * of its own account and key.
 */
const idempotencyKeyOf = coalescedRead<IdempotencyScope, IdempotencyRow | null>({
  lane: (scope) => scope.tenantId,
  maxBatch: 100,
  read: async (db, scopes) => {
    const statement = preparedStatement(db, 'idempotency_keys_find', (name) =>
      db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.tenantId, sql.placeholder('tenantId')),
            // The lists keep the plan on the primary key whatever the statistics; the pairs, each ask to its own.
            sql`${idempotencyKeys.accountId} = any(${sql.placeholder('accountIds')}::uuid[])`,
            sql`${idempotencyKeys.key} = any(${sql.placeholder('keys')}::text[])`,
            sql`(${idempotencyKeys.accountId}, ${idempotencyKeys.key}) in (select * from unnest(${sql.placeholder('accountIds')}::uuid[], ${sql.placeholder('keys')}::text[]))`,
          ),
        )
        .prepare(name),
    );
    const rows = await statement.execute({
      tenantId: scopes[0]?.tenantId,
      accountIds: scopes.map((scope) => scope.accountId),
      keys: scopes.map((scope) => scope.key),
    });
    const byScope = new Map(rows.map((row) => [`${row.accountId} ${row.key}`, row]));
    return scopes.map((scope) => byScope.get(`${scope.accountId} ${scope.key}`) ?? null);
  },
});

/**
 * The stored key of an account, or null.
 * @param db - database or transaction
 * @param scope - tenant, account and key
 */
export function findIdempotencyKey(db: DbOrTx, scope: IdempotencyScope): Promise<IdempotencyRow | null> {
  return idempotencyKeyOf(db, scope);
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
