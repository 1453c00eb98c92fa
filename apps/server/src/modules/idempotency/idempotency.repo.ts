import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
  const [row] = await db.select().from(idempotencyKeys).where(scopeIs(scope));
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
