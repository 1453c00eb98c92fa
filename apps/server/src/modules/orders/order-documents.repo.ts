import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documentReferences, serviceRequestDocuments } from '../../db/schema/index.ts';
import type { DocumentReferenceRow, Owner } from './orders.repo.ts';

/* The SQL of order documents (spec doc 3 §3 DocumentReference): uploads, their patient and hospital, and their links to orders. */

const liveDocument = ne(documentReferences.status, 'entered-in-error');

/**
 * Documents of the account by id (not entered in error); ids of another account are left out.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param ids - document ids
 */
export async function findOwnedDocuments(db: DbOrTx, owner: Owner, ids: string[]): Promise<DocumentReferenceRow[]> {
  if (ids.length === 0) {
    return [];
  }
  return db
    .select()
    .from(documentReferences)
    .where(
      and(
        inArray(documentReferences.id, ids),
        eq(documentReferences.tenantId, owner.tenantId),
        eq(documentReferences.accountId, owner.accountId),
        liveDocument,
      ),
    );
}

/**
 * Sets a document's profile (spec doc 3 §7 Patch document reference).
 * @param db - the transaction
 * @param id - the document
 * @param patientId - the profile
 */
export async function updateDocumentPatient(db: DbOrTx, id: string, patientId: string): Promise<DocumentReferenceRow> {
  const [row] = await db
    .update(documentReferences)
    .set({ patientId, subjectReference: `Patient/${patientId}` })
    .where(eq(documentReferences.id, id))
    .returning();
  if (!row) {
    throw new Error('document reference update returned no row');
  }
  return row;
}

/**
 * Gives documents that belong to no hospital yet the order's hospital, so its staff may open them
 * (files module: staff of a document's hospital may read its blob).
 * @param db - the transaction
 * @param ids - the documents
 * @param organizationId - the order's hospital
 */
export async function assignDocumentsToHospital(db: DbOrTx, ids: string[], organizationId: string): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .update(documentReferences)
    .set({ organizationId })
    .where(and(inArray(documentReferences.id, ids), isNull(documentReferences.organizationId)));
}

/**
 * The documents among ids already linked to an order (other than the one given) that are another
 * patient's: attaching one to this order would re-point a document another profile's order shows.
 * A document on no order yet, or with no patient, or already this patient's, is not one.
 * @param db - the transaction
 * @param ids - the documents about to be attached
 * @param patientId - the order's patient
 * @param exceptServiceRequestId - the order they are attached to (null while it is created)
 */
export async function findDocumentsOfOtherPatientsOrders(
  db: DbOrTx,
  ids: string[],
  patientId: string,
  exceptServiceRequestId: string | null,
): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .selectDistinct({ id: documentReferences.id })
    .from(documentReferences)
    .innerJoin(serviceRequestDocuments, eq(serviceRequestDocuments.documentReferenceId, documentReferences.id))
    .where(
      and(
        inArray(documentReferences.id, ids),
        exceptServiceRequestId === null ? undefined : ne(serviceRequestDocuments.serviceRequestId, exceptServiceRequestId),
        sql`${documentReferences.patientId} is not null`,
        ne(documentReferences.patientId, patientId),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Makes documents of the account the order's patient's (patientId and subject), as they are linked to
 * the order: a file uploaded before the profile was picked, or for another profile, otherwise keeps
 * the wrong patient (and staff reads of it would be audited under them). Another account's ids change nothing.
 * @param db - the transaction
 * @param owner - tenant and the account
 * @param ids - the documents
 * @param patientId - the order's patient
 */
export async function assignDocumentsToPatient(db: DbOrTx, owner: Owner, ids: string[], patientId: string): Promise<void> {
  if (ids.length === 0) {
    return;
  }
  await db
    .update(documentReferences)
    .set({ patientId, subjectReference: `Patient/${patientId}` })
    .where(
      and(
        inArray(documentReferences.id, ids),
        eq(documentReferences.tenantId, owner.tenantId),
        eq(documentReferences.accountId, owner.accountId),
      ),
    );
}

/**
 * Links documents to an order after those it has, in the given order; a document already on the
 * order is skipped (each document at most once per order).
 * @param db - the transaction
 * @param tenantId - the tenant
 * @param serviceRequestId - the order
 * @param documentIds - the documents, in order
 * @returns the ids newly linked
 */
export async function linkDocuments(
  db: DbOrTx,
  tenantId: string,
  serviceRequestId: string,
  documentIds: string[],
): Promise<string[]> {
  if (documentIds.length === 0) {
    return [];
  }
  const [last] = await db
    .select({ max: sql<number | null>`max(${serviceRequestDocuments.position})` })
    .from(serviceRequestDocuments)
    .where(eq(serviceRequestDocuments.serviceRequestId, serviceRequestId));
  const start = last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
  const inserted = await db
    .insert(serviceRequestDocuments)
    .values(documentIds.map((documentReferenceId, index) => ({ tenantId, serviceRequestId, documentReferenceId, position: start + index })))
    .onConflictDoNothing()
    .returning({ id: serviceRequestDocuments.documentReferenceId });
  return inserted.map((row) => row.id);
}

/**
 * The documents of orders, each order's in position order.
 * @param db - database or transaction
 * @param serviceRequestIds - the orders
 */
export async function selectOrderDocuments(
  db: DbOrTx,
  serviceRequestIds: string[],
): Promise<(DocumentReferenceRow & { serviceRequestId: string })[]> {
  if (serviceRequestIds.length === 0) {
    return [];
  }
  const rows = await db
    .select({ document: documentReferences, serviceRequestId: serviceRequestDocuments.serviceRequestId })
    .from(serviceRequestDocuments)
    .innerJoin(documentReferences, eq(documentReferences.id, serviceRequestDocuments.documentReferenceId))
    .where(and(inArray(serviceRequestDocuments.serviceRequestId, serviceRequestIds), liveDocument))
    .orderBy(asc(serviceRequestDocuments.serviceRequestId), asc(serviceRequestDocuments.position));
  return rows.map((row) => ({ ...row.document, serviceRequestId: row.serviceRequestId }));
}
