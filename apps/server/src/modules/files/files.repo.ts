import { and, count, eq, gt, inArray, ne, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  blobs,
  diagnosticReports,
  documentReferences,
  organizationImages,
} from '../../db/schema/index.ts';

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
 * A blob of the tenant by id, whoever uploaded it, or null. Callers decide who may read it.
 * @param db - database
 * @param tenantId - the tenant the request came to
 * @param id - the blob id (already checked to be a UUID)
 */
export async function findBlob(db: DbOrTx, tenantId: string, id: string): Promise<BlobRow | null> {
  const [row] = await db
    .select()
    .from(blobs)
    .where(and(eq(blobs.id, id), eq(blobs.tenantId, tenantId)))
    .limit(1);
  return row ?? null;
}

/** A document that references a blob: whose it is and which hospital it belongs to. */
export type BlobDocument = {
  id: string;
  accountId: string;
  patientId: string | null;
  organizationId: string | null;
};

/**
 * The documents (document_references, not entered in error) that reference a blob.
 * @param db - database
 * @param tenantId - the tenant
 * @param blobId - the blob
 */
export async function selectDocumentsOfBlob(
  db: DbOrTx,
  tenantId: string,
  blobId: string,
): Promise<BlobDocument[]> {
  return db
    .select({
      id: documentReferences.id,
      accountId: documentReferences.accountId,
      patientId: documentReferences.patientId,
      organizationId: documentReferences.organizationId,
    })
    .from(documentReferences)
    .where(
      and(
        eq(documentReferences.tenantId, tenantId),
        eq(documentReferences.blobId, blobId),
        ne(documentReferences.status, 'entered-in-error'),
      ),
    );
}

/**
 * The hospitals that use a blob as a hospital-wide image (report header, footer, signature, logo).
 * @param db - database
 * @param tenantId - the tenant
 * @param blobId - the blob
 */
export async function selectImageHospitalsOfBlob(
  db: DbOrTx,
  tenantId: string,
  blobId: string,
): Promise<string[]> {
  const rows = await db
    .select({ organizationId: organizationImages.organizationId })
    .from(organizationImages)
    .where(and(eq(organizationImages.tenantId, tenantId), eq(organizationImages.blobId, blobId)));
  return rows.map((row) => row.organizationId);
}

/**
 * Whether an account has a document of one of these hospitals (a document reference or a lab
 * report): the documents that use a hospital's images.
 * @param db - database
 * @param tenantId - the tenant
 * @param accountId - the patient account
 * @param organizationIds - the hospitals
 */
export async function accountHasDocumentAt(
  db: DbOrTx,
  tenantId: string,
  accountId: string,
  organizationIds: string[],
): Promise<boolean> {
  if (organizationIds.length === 0) {
    return false;
  }
  const [document] = await db
    .select({ one: sql<number>`1` })
    .from(documentReferences)
    .where(
      and(
        eq(documentReferences.tenantId, tenantId),
        eq(documentReferences.accountId, accountId),
        inArray(documentReferences.organizationId, organizationIds),
        ne(documentReferences.status, 'entered-in-error'),
      ),
    )
    .limit(1);
  if (document) {
    return true;
  }
  const [report] = await db
    .select({ one: sql<number>`1` })
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.tenantId, tenantId),
        eq(diagnosticReports.accountId, accountId),
        inArray(diagnosticReports.organizationId, organizationIds),
      ),
    )
    .limit(1);
  return report !== undefined;
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
  row: Parameters<typeof insertBlob>[1] & { accountId: string },
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
