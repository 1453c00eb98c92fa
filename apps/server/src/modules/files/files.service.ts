import { isOrderCategory, ORDER_STAFF_ROLES } from '@careline/domain/orders';
import type { StaffRole } from '@careline/domain/staff';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import type { Viewer } from '../auth/index.ts';
import type { StaffViewer } from '../staff/index.ts';
import {
  accountHasDocumentAt,
  findBlob,
  insertBlobWithinQuota,
  insertStaffBlobWithinQuota,
  selectDocumentsOfBlob,
  selectImageHospitalsOfBlob,
  selectOrderHospitalsOfDocuments,
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
 * Records a blob a staff member uploaded (a result, a prescription or a note's attachment, issue 10
 * staff console) and the upload in the audit trail, in one transaction; the member's own quota.
 * The audit row names the hospital of the request and the role the member works orders under
 * there ('orders.work', checked by the route before the body is read).
 * @param db - database
 * @param row - uploader, hospital and role, generated storage key, sniffed content type, size and SHA-256
 * @param correlationId - the request's correlation id
 * @param quota - the member's upload caps; over them nothing is recorded and null is returned
 */
export async function recordStaffUpload(
  db: Db,
  row: Pick<BlobRow, 'tenantId' | 'storageKey' | 'contentType' | 'byteSize' | 'sha256'> & {
    staffUserId: string;
    organizationId: string;
    role: StaffRole;
  },
  correlationId: string,
  quota: UploadQuota,
): Promise<string | null> {
  const { organizationId, role, ...blob } = row;
  return db.transaction(async (tx) => {
    const id = await insertStaffBlobWithinQuota(tx, blob, quota);
    if (id === null) {
      return null;
    }
    await recordAudit(tx, {
      tenantId: row.tenantId,
      actor: { kind: 'staff', staffUserId: row.staffUserId, role, organizationId },
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
 * by staff of that document's hospital, for a document on orders only those who work one of the
 * orders' categories there (audited under that role: staff read patient data); and, for a hospital-wide
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
  const roleIn = (hospitalId: string, allowed?: readonly StaffRole[]): StaffRole | null =>
    staff.memberships.find(
      (m) => m.organizationId === hospitalId && (!allowed || allowed.includes(m.role)),
    )?.role ?? null;
  const documents = await selectDocumentsOfBlob(db, tenantId, blob.id);
  // A document on orders is readable by the members who work one of those orders' categories in
  // its hospital (ORDER_STAFF_ROLES, admins all), as staffOrder is: not by a receptionist, a cashier
  // or another category's staff. A document on no order by the staff of its own hospital.
  const orders = await selectOrderHospitalsOfDocuments(
    db,
    tenantId,
    documents.map((d) => d.id),
  );
  const accessOf = (
    d: (typeof documents)[number],
  ): { hospitalId: string; role: StaffRole } | null => {
    const ofOrders = orders.filter((o) => o.documentReferenceId === d.id);
    if (ofOrders.length > 0) {
      for (const order of ofOrders) {
        const role = isOrderCategory(order.category)
          ? roleIn(order.organizationId, ORDER_STAFF_ROLES[order.category])
          : null;
        if (role) {
          return { hospitalId: order.organizationId, role };
        }
      }
      return null;
    }
    const role = d.organizationId && mine.has(d.organizationId) ? roleIn(d.organizationId) : null;
    return d.organizationId && role ? { hospitalId: d.organizationId, role } : null;
  };
  const match = documents
    .map((document) => ({ document, access: accessOf(document) }))
    .find((m) => m.access !== null);
  if (match?.access) {
    const { document, access } = { document: match.document, access: match.access };
    // issue 7 point 3: a staff read of patient data is audited before a byte is sent, under the
    // role that allowed it in that hospital.
    await recordAudit(db, {
      tenantId,
      actor: {
        kind: 'staff',
        staffUserId: staff.staffUserId,
        role: access.role,
        organizationId: access.hospitalId,
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
