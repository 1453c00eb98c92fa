import { and, count, eq, gt, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  blobs,
  diagnosticReports,
  documentReferences,
  organizationImages,
  serviceRequestDocuments,
  serviceRequests,
  staffUsers,
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
  > &
    Partial<Pick<BlobRow, 'staffUserId'>>,
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
 * The hospitals and categories of the orders each document is attached to
 * (service_request_documents): a document on orders is for the staff who work those orders'
 * categories in those hospitals to read (issue 10 staff console), whichever hospital it was first given.
 * @param db - database
 * @param tenantId - the tenant
 * @param documentIds - the documents
 */
export async function selectOrderHospitalsOfDocuments(
  db: DbOrTx,
  tenantId: string,
  documentIds: string[],
): Promise<{ documentReferenceId: string; organizationId: string; category: string }[]> {
  if (documentIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinct({
      documentReferenceId: serviceRequestDocuments.documentReferenceId,
      organizationId: serviceRequests.organizationId,
      category: serviceRequests.category,
    })
    .from(serviceRequestDocuments)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestDocuments.serviceRequestId))
    .where(
      and(
        eq(serviceRequestDocuments.tenantId, tenantId),
        eq(serviceRequests.tenantId, tenantId),
        inArray(serviceRequestDocuments.documentReferenceId, documentIds),
      ),
    );
  return rows.flatMap((row) =>
    row.organizationId === null
      ? []
      : [
          {
            documentReferenceId: row.documentReferenceId,
            organizationId: row.organizationId,
            category: row.category,
          },
        ],
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
  return usageWhere(db, tenantId, eq(blobs.accountId, accountId), since);
}

/**
 * How many files and bytes of the tenant one uploader (account or staff member) stored since a moment.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param uploader - the condition naming the uploader
 * @param since - start of the window
 */
async function usageWhere(
  db: DbOrTx,
  tenantId: string,
  uploader: SQL,
  since: Date,
): Promise<UploadUsage> {
  const [row] = await db
    .select({ files: count(), bytes: sum(blobs.byteSize) })
    .from(blobs)
    .where(and(eq(blobs.tenantId, tenantId), uploader, gt(blobs.createdAt, since)));
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Start of the quota window ending now.
 * @param quota - the caps and window
 * @param now - the clock
 */
function windowStart(quota: UploadQuota, now: Date): Date {
  return new Date(now.getTime() - quota.windowMs);
}

/**
 * Whether one more file of this size would pass the quota's file or byte cap.
 * @param used - what the uploader stored in the window
 * @param byteSize - the new file's size
 * @param quota - the caps and window
 */
function overQuota(used: UploadUsage, byteSize: number, quota: UploadQuota): boolean {
  return used.files + 1 > quota.maxFiles || used.bytes + byteSize > quota.maxBytes;
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
    const used = await uploadUsageSince(tx, row.tenantId, row.accountId, windowStart(quota, now));
    return overQuota(used, row.byteSize, quota) ? null : insertBlob(tx, row);
  });
}

/**
 * How many files and bytes a staff member uploaded since a moment.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param staffUserId - the uploading staff member
 * @param since - start of the window
 */
export async function staffUploadUsageSince(
  db: DbOrTx,
  tenantId: string,
  staffUserId: string,
  since: Date,
): Promise<UploadUsage> {
  return usageWhere(db, tenantId, eq(blobs.staffUserId, staffUserId), since);
}

/**
 * Records a blob a staff member uploaded (no patient account) unless it would take the member over
 * the upload quota; the member's row is locked so that uploads sent at once cannot pass it together.
 * @param db - database
 * @param row - uploader, generated storage key, sniffed content type, size and SHA-256
 * @param quota - the caps and window
 * @param now - the clock
 * @returns the new blob's id, or null when over the quota (nothing recorded)
 */
export async function insertStaffBlobWithinQuota(
  db: DbOrTx,
  row: Pick<BlobRow, 'tenantId' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'> & {
    staffUserId: string;
  },
  quota: UploadQuota,
  now: Date = new Date(),
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.id, row.staffUserId), eq(staffUsers.tenantId, row.tenantId)))
      .for('update');
    const since = windowStart(quota, now);
    const used = await staffUploadUsageSince(tx, row.tenantId, row.staffUserId, since);
    return overQuota(used, row.byteSize, quota) ? null : insertBlob(tx, { ...row, accountId: null });
  });
}
