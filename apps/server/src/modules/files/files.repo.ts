import { and, count, eq, gt, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, blobs } from '../../db/schema/index.ts';

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

/** Upload caps of one account over a rolling window (issue 6 §2). */
export type UploadQuota = { maxFiles: number; maxBytes: number; windowMs: number };
export type UploadUsage = { files: number; bytes: number };

/**
 * How many files and bytes an account uploaded since a moment.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param accountId - the uploading account
 * @param since - start of the window
 */
export async function uploadUsageSince(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  since: Date,
): Promise<UploadUsage> {
  const [row] = await db
    .select({ files: count(), bytes: sum(blobs.byteSize) })
    .from(blobs)
    .where(
      and(eq(blobs.tenantId, tenantId), eq(blobs.accountId, accountId), gt(blobs.createdAt, since)),
    );
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Records a blob unless it would take the account over its upload quota; the account row is locked
 * so that uploads sent at once cannot pass the cap together.
 * @param db - database
 * @param row - as for insertBlob
 * @param quota - the caps and window
 * @param now - the clock
 * @returns the new blob's id, or null when over the quota (nothing recorded)
 */
export async function insertBlobWithinQuota(
  db: DbOrTx,
  row: Parameters<typeof insertBlob>[1],
  quota: UploadQuota,
  now: Date = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, row.accountId), eq(accounts.tenantId, row.tenantId)))
      .for('update');
    const since = new Date(now.getTime() - quota.windowMs);
    const used = await uploadUsageSince(tx, row.tenantId, row.accountId, since);
    if (used.files + 1 > quota.maxFiles || used.bytes + row.byteSize > quota.maxBytes) {
      return null;
    }
    return insertBlob(tx, row);
  });
}
