import { orderNoteInput, type OrderEvent } from '@careline/domain/orders';
import type { Tx } from '../../db/client.ts';
import { linkDocuments } from './order-documents.repo.ts';
import { insertDocumentReference, insertNote, type ServiceRequestRow } from './orders.repo.ts';
import { checkDescription } from './order-documents.service.ts';
import { notFound } from '../staff/index.ts';
import { inputError, UUID } from './orders.service.ts';
import { findStaffBlob } from './staff-orders.repo.ts';
import { changeOrder } from './staff-order-changes.service.ts';
import type { StaffOrderChange, StaffOrderDeps, StaffOrderView } from './staff-orders.service.ts';

/* The hospital's notes and documents on an order (issue 10). */

/** A document of a file this member uploaded, on the order's patient and hospital, author 'User/{id}'. */
async function staffDocument(
  tx: Tx,
  deps: StaffOrderDeps,
  row: ServiceRequestRow,
  blobId: string,
  description: string | null,
): Promise<string> {
  const blob = UUID.test(blobId) ? await findStaffBlob(tx, deps.tenantId, deps.staff.staffUserId, blobId) : null;
  if (!blob) {
    throw notFound();
  }
  const document = await insertDocumentReference(tx, {
    tenantId: deps.tenantId,
    accountId: row.accountId,
    patientId: row.patientId,
    organizationId: deps.organizationId,
    blobId: blob.id,
    url: `/blob/get/${blob.id}`,
    contentType: blob.contentType,
    description,
    authorReference: `User/${deps.staff.staffUserId}`,
    subjectReference: `Patient/${row.patientId}`,
  });
  await linkDocuments(tx, deps.tenantId, row.id, [document.id]);
  return document.id;
}

/**
 * Replies in the order's notes: author 'User/{id}' with the member's name, orderCommunicationStatus
 * performerReplied (domain: closed on a completed order, ARO-E6021; text rules ARO-E6020). An
 * attachment (a file this member uploaded; another's answers ARO-E2001) becomes a document of the
 * order that the note names.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - the text and the optional uploaded file
 * @param now - the clock
 */
export async function addStaffOrderNote(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { text: string; attachmentBlobId: string | null },
  now: Date = new Date(),
): Promise<StaffOrderView> {
  const parsed = orderNoteInput.safeParse({ text: input.text });
  if (!parsed.success) {
    throw inputError(parsed.error);
  }
  const text = parsed.data.text;
  const blobId = input.attachmentBlobId;
  return changeOrder(deps, 'orders.work', change, 'addNote', { text, blobId }, async ({ tx, row }) => {
    const events: OrderEvent[] = [];
    if (blobId !== null) {
      events.push({ type: 'attachDocument', documentId: blobId });
    }
    events.push({ type: 'addNote', text });
    return {
      events,
      after: async () => {
        const documentId = blobId === null ? null : await staffDocument(tx, deps, row, blobId, null);
        await insertNote(tx, {
          tenantId: deps.tenantId,
          serviceRequestId: row.id,
          authorReference: `User/${deps.staff.staffUserId}`,
          authorDisplay: deps.staff.displayName,
          text,
          time: now,
          documentReferenceId: documentId,
        });
      },
    };
  });
}

/**
 * Attaches a result or prescription document (author 'User/{id}') made of a file this member
 * uploaded (another's answers ARO-E2001); allowed after completion, refused on a canceled order
 * (ARO-E6001). The document belongs to the order's patient and is readable by the hospital's staff.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - the uploaded file and an optional description
 */
export async function attachStaffOrderDocument(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { blobId: string; description: string | null },
): Promise<StaffOrderView> {
  const description = checkDescription(input.description);
  const { blobId } = input;
  return changeOrder(deps, 'orders.work', change, 'attachDocument', { blobId, description }, async ({ tx, row }) => ({
    events: [{ type: 'attachDocument', documentId: blobId }],
    after: async () => {
      await staffDocument(tx, deps, row, blobId, description);
    },
  }));
}
