import { AppError } from '@careline/domain/errors';
import { hasControlCharacters } from '@careline/domain/staff';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { notFound } from '../staff/index.ts';
import { findDocumentsOfOtherPatientsOrders, findOwnedDocuments, updateDocumentPatient } from './order-documents.repo.ts';
import {
  findAccountMainProfile,
  findOwnBlob,
  findOwnedProfile,
  insertDocumentReference,
  type DocumentReferenceRow,
  type Owner,
} from './orders.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { DOCUMENT_DESCRIPTION_MAX, type OrderRequest } from './orders.service.ts';

/* The patient's documents of orders (spec doc 3 §7 Create and patch DocumentReference). */

/**
 * A document's description, refused past DOCUMENT_DESCRIPTION_MAX or with control characters.
 * @param description - the description asked for
 */
export function checkDescription(description: string | null | undefined): string | null {
  if (description === null || description === undefined) {
    return null;
  }
  const text = description.trim();
  if (text.length > DOCUMENT_DESCRIPTION_MAX || hasControlCharacters(text)) {
    throw new AppError('ARO-E6050', { max: String(DOCUMENT_DESCRIPTION_MAX) });
  }
  return text === '' ? null : text;
}

const isStaffDocument = (document: DocumentReferenceRow): boolean => !document.authorReference.startsWith('Patient/');

/**
 * Creates a document for a file this account uploaded (spec doc 3 §4 Creation flow step 2, §7
 * Create document reference): author 'Patient/{profile}' (the profile named, else the account's
 * own), the blob's checked content type (a claimed one is not trusted), an optional description.
 * A blob or profile of another account answers ARO-E2001 like a missing one. Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the blob id, optional content type, description and profile
 */
export async function createDocumentReference(
  db: Db,
  request: OrderRequest,
  input: { blobId: string; contentType?: string | null; description?: string | null; patientId?: string | null },
): Promise<DocumentReferenceRow> {
  const description = checkDescription(input.description);
  if (input.contentType !== null && input.contentType !== undefined && !/^[\w.+-]+\/[\w.+-]+$/.test(input.contentType.trim())) {
    throw new AppError('ARO-E3002');
  }
  const patientId = input.patientId ?? null;
  if (!UUID.test(input.blobId) || (patientId !== null && !UUID.test(patientId))) {
    throw notFound();
  }
  const answer = await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'createDocumentReference',
    { blobId: input.blobId, contentType: input.contentType ?? null, description, patientId },
    async (tx) => {
      const blob = await findOwnBlob(tx, request, input.blobId);
      const profile = patientId === null ? null : await findOwnedProfile(tx, request, patientId);
      if (!blob || (patientId !== null && !profile)) {
        throw notFound();
      }
      const author = patientId ?? (await findAccountMainProfile(tx, request));
      if (author === null) {
        throw new AppError('ARO-E6024');
      }
      const document = await insertDocumentReference(tx, {
        tenantId: request.tenantId,
        accountId: request.accountId,
        patientId,
        blobId: blob.id,
        url: `/blob/get/${blob.id}`,
        contentType: blob.contentType,
        description,
        authorReference: `Patient/${author}`,
        subjectReference: patientId === null ? null : `Patient/${patientId}`,
      });
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'document.create',
        correlationId: request.correlationId,
        patientId,
        details: { documentReferenceId: document.id, blobId: blob.id },
      });
      return { id: document.id };
    },
  );
  return readOwnDocument(db, request, answer.id);
}

/**
 * A document of the account (not entered in error); another account's answers ARO-E2001.
 * @param db - database
 * @param owner - tenant and account
 * @param id - the document
 */
export async function readOwnDocument(db: DbOrTx, owner: Owner, id: string): Promise<DocumentReferenceRow> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const [document] = await findOwnedDocuments(db, owner, [id]);
  if (!document) {
    throw notFound();
  }
  return document;
}

/**
 * Gives a document of the account to one of its profiles (spec doc 3 §7 Patch document reference:
 * id, patientId). A document or profile of another account answers ARO-E2001; a hospital's
 * document is refused (ARO-E6051). Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the document and the profile
 */
export async function patchDocumentReference(
  db: Db,
  request: OrderRequest,
  input: { id: string; patientId: string },
): Promise<DocumentReferenceRow> {
  if (!UUID.test(input.id) || !UUID.test(input.patientId)) {
    throw notFound();
  }
  await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'patchDocumentReference',
    input,
    async (tx) => {
      const [document] = await findOwnedDocuments(tx, request, [input.id]);
      if (!document || !(await findOwnedProfile(tx, request, input.patientId))) {
        throw notFound();
      }
      if (isStaffDocument(document)) {
        throw new AppError('ARO-E6051');
      }
      await updateDocumentPatient(tx, document.id, input.patientId);
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'document.patch',
        correlationId: request.correlationId,
        patientId: input.patientId,
        details: { documentReferenceId: document.id, fromPatientId: document.patientId },
      });
      return { id: document.id };
    },
  );
  return readOwnDocument(db, request, input.id);
}

/** Checks that every id is a document of the account a patient may attach, in the order given. */
export async function attachableDocuments(
  tx: Tx,
  owner: Owner,
  ids: readonly string[],
  target: { patientId: string; serviceRequestId: string | null },
): Promise<string[]> {
  if (ids.some((id) => !UUID.test(id))) {
    throw notFound();
  }
  const found = await findOwnedDocuments(tx, owner, [...ids]);
  if (found.length !== new Set(ids).size) {
    throw notFound();
  }
  if (found.some(isStaffDocument)) {
    throw new AppError('ARO-E6051');
  }
  // A document another profile's order already shows stays that patient's: it is not re-pointed to
  // this order's patient (assignDocumentsToPatient) but refused, as a foreign document is.
  if ((await findDocumentsOfOtherPatientsOrders(tx, [...ids], target.patientId, target.serviceRequestId)).length > 0) {
    throw notFound();
  }
  return [...ids];
}
