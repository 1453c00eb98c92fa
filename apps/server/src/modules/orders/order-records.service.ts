import type { DbOrTx } from '../../db/client.ts';
import type { documentReferences } from '../../db/schema/index.ts';
import * as orders from './orders.repo.ts';
import * as staffOrders from './staff-orders.repo.ts';

/*
 * The records of the orders module that other modules read or write (chat's pictures, lab reports'
 * patients and orders): through these service functions, never through the orders repo.
 */

/** The patient of an order with what the console shows and the account's mobile and language. */
export type OrderPatientRow = staffOrders.OrderPatientRow;

/** What a new document reference holds (an uploaded picture or file of a patient). */
export type DocumentReferenceInput = typeof documentReferences.$inferInsert;

/** A stored document reference. */
export type DocumentReferenceRow = orders.DocumentReferenceRow;

/** An order row (serviceRequests). */
export type ServiceRequestRow = orders.ServiceRequestRow;

/**
 * An active profile of the account, or null (another account's profile looks missing).
 * @param db - database or transaction
 * @param owner - tenant and the signed-in account
 * @param patientId - the profile
 */
export async function findOwnedProfile(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  patientId: string,
): Promise<{ id: string; givenName: string; hospitalId: string | null } | null> {
  return orders.findOwnedProfile(db, owner, patientId);
}

/**
 * A blob the account uploaded, or null (another account's blob looks missing).
 * @param db - database or transaction
 * @param owner - tenant and the signed-in account
 * @param blobId - the blob
 */
export async function findOwnBlob(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  blobId: string,
): Promise<{ id: string; contentType: string } | null> {
  return orders.findOwnBlob(db, owner, blobId);
}

/**
 * A blob this staff member uploaded, or null (a patient's blob or another member's looks missing).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param staffUserId - the uploader
 * @param blobId - the blob
 */
export async function findStaffBlob(
  db: DbOrTx,
  tenantId: string,
  staffUserId: string,
  blobId: string,
): Promise<{ id: string; contentType: string } | null> {
  return staffOrders.findStaffBlob(db, tenantId, staffUserId, blobId);
}

/**
 * Records a document reference of a patient (an uploaded picture or file), in the caller's transaction.
 * @param db - the transaction
 * @param values - the document reference
 */
export async function insertDocumentReference(db: DbOrTx, values: DocumentReferenceInput): Promise<DocumentReferenceRow> {
  return orders.insertDocumentReference(db, values);
}

/**
 * The patients of orders (or of any records naming profiles), with their accounts' mobile numbers
 * and languages.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientIds - the profiles
 */
export async function selectOrderPatients(db: DbOrTx, tenantId: string, patientIds: string[]): Promise<OrderPatientRow[]> {
  return staffOrders.selectOrderPatients(db, tenantId, patientIds);
}

/**
 * An order of the hospital, or null (another hospital's order looks missing to its staff).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the order
 * @param lock - lock the row for the rest of the transaction (a change follows)
 */
export async function findHospitalOrder(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  id: string,
  lock = false,
): Promise<ServiceRequestRow | null> {
  return staffOrders.findHospitalOrder(db, scope, id, lock);
}
