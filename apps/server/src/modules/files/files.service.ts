import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Viewer } from '../auth/auth.viewer.ts';
import type { StaffViewer } from '../staff/staff.access-sessions.ts';
import {
  accountHasDocumentAt,
  findBlob,
  insertBlobWithinQuota,
  selectDocumentsOfBlob,
  selectImageHospitalsOfBlob,
  type BlobRow,
  type UploadQuota,
} from './files.repo.ts';

/** Who asks for a blob: a signed-in patient or a staff member (never both). */
export type BlobReader =
  { kind: 'patient'; viewer: Viewer } | { kind: 'staff'; staff: StaffViewer };

/**
 * Records an uploaded blob's metadata and the upload in the audit trail, in one transaction
 * (issue 7 point 3: every change a patient makes is audited; no row without its change).
 * @param db - database
 * @param row - uploader, generated storage key, sniffed content type, size and SHA-256
 * @param correlationId - the request's correlation id
 * @param quota - the account's upload caps; over them nothing is recorded and null is returned
 */
export async function recordUpload(
  db: Db,
  row: Pick<BlobRow, 'tenantId' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'> & {
    accountId: string;
  },
  correlationId: string,
  quota: UploadQuota,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const id = await insertBlobWithinQuota(tx, row, quota);
    if (id === null) {
      return null;
    }
    await recordAudit(tx, {
      tenantId: row.tenantId,
      actor: { kind: 'patient', accountId: row.accountId },
      action: 'blob.upload',
      correlationId,
      details: { blobId: id, contentType: row.contentType, byteSize: row.byteSize },
    });
    return id;
  });
}

/**
 * The blob if this reader may read it, else null: a missing blob and a forbidden one look the same
 * (issue 7 point 4). Readable by its uploader; by the account that owns a document referencing it;
 * by staff of that document's hospital (audited: staff read patient data); and, for a hospital-wide
 * image (report header, footer, signature, logo), by whoever may read a document of that hospital.
 * @param db - database
 * @param tenantId - the tenant the request came to
 * @param reader - the signed-in patient or staff member
 * @param blobId - the blob id (already checked to be a UUID)
 * @param correlationId - the request's correlation id, for the audit row
 */
export async function findReadableBlob(
  db: Db,
  tenantId: string,
  reader: BlobReader,
  blobId: string,
  correlationId: string,
): Promise<BlobRow | null> {
  const blob = await findBlob(db, tenantId, blobId);
  if (!blob) {
    return null;
  }
  if (reader.kind === 'patient') {
    const { accountId } = reader.viewer;
    if (blob.accountId === accountId) {
      return blob;
    }
    const documents = await selectDocumentsOfBlob(db, tenantId, blob.id);
    if (documents.some((document) => document.accountId === accountId)) {
      return blob;
    }
    const hospitals = await selectImageHospitalsOfBlob(db, tenantId, blob.id);
    return (await accountHasDocumentAt(db, tenantId, accountId, hospitals)) ? blob : null;
  }
  const { staff } = reader;
  if (staff.mustChangePassword) {
    return null;
  }
  const mine = new Set(staff.memberships.map((membership) => membership.organizationId));
  const documents = await selectDocumentsOfBlob(db, tenantId, blob.id);
  const document = documents.find((d) => d.organizationId !== null && mine.has(d.organizationId));
  if (document?.organizationId) {
    const hospitalId = document.organizationId;
    // issue 7 point 3: a staff read of patient data is audited before a byte is sent.
    await recordAudit(db, {
      tenantId,
      actor: {
        kind: 'staff',
        staffUserId: staff.staffUserId,
        role: staff.memberships
          .filter((membership) => membership.organizationId === hospitalId)
          .map((membership) => membership.role)
          .join(','),
        organizationId: hospitalId,
      },
      action: 'document.read',
      patientAccountId: document.accountId,
      patientId: document.patientId,
      correlationId,
      details: { blobId: blob.id, documentReferenceId: document.id },
    });
    return blob;
  }
  // After the document check, so that an uploader's read of a patient's document is audited too.
  if (blob.staffUserId === staff.staffUserId) {
    return blob;
  }
  const hospitals = await selectImageHospitalsOfBlob(db, tenantId, blob.id);
  return hospitals.some((hospital) => mine.has(hospital)) ? blob : null;
}
