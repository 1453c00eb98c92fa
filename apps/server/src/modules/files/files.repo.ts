import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blobs } from '../../db/schema/index.ts';

export type BlobRow = typeof blobs.$inferSelect;

/**
 * Records a stored blob's metadata and returns its id.
 * @param db - database or transaction
 * @param row - owner, generated storage key, sniffed content type, size and SHA-256
 */
export async function insertBlob(
  db: DbOrTx,
  row: Pick<
    BlobRow,
    'tenantId' | 'accountId' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'
  >,
): Promise<string> {
  const [inserted] = await db.insert(blobs).values(row).returning({ id: blobs.id });
  if (!inserted) {
    throw new Error('blob insert returned no row');
  }
  return inserted.id;
}

/**
 * A blob of this account in this tenant, or null (missing and someone else's look the same).
 * @param db - database
 * @param tenantId - the tenant the request came to
 * @param accountId - the signed-in account
 * @param id - the blob id (already checked to be a UUID)
 */
export async function findOwnedBlob(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  id: string,
): Promise<BlobRow | null> {
  const [row] = await db
    .select()
    .from(blobs)
    .where(and(eq(blobs.id, id), eq(blobs.tenantId, tenantId), eq(blobs.accountId, accountId)))
    .limit(1);
  return row ?? null;
}
