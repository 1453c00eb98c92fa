import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blobs,
  documentReferences,
  orderEvents,
  organizations,
  patients,
  serviceRequestNotes,
  serviceRequests,
} from '../../db/schema/index.ts';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;
export type DocumentReferenceRow = typeof documentReferences.$inferSelect;
export type ServiceRequestNoteRow = typeof serviceRequestNotes.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** Whose rows a patient request may touch. */
export type Owner = { tenantId: string; accountId: string };

/**
 * An active profile of the account, with what an order records of it, or null (also for another
 * account's profile).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param patientId - the profile
 */
export async function findOwnedProfile(
  db: DbOrTx,
  owner: Owner,
  patientId: string,
): Promise<{ id: string; givenName: string; hospitalId: string | null } | null> {
  const [row] = await db
    .select({ id: patients.id, givenName: patients.givenName, hospitalId: patients.hospitalId })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    );
  return row ?? null;
}

/**
 * The profile a document is authored by when the upload names none: the account's 'Me' profile,
 * else its oldest active one; null when the account has no profile.
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findAccountMainProfile(db: DbOrTx, owner: Owner): Promise<string | null> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.accountId, owner.accountId), eq(patients.tenantId, owner.tenantId), eq(patients.active, true)))
    .orderBy(sql`(${patients.relationship} = 'Me') desc nulls last`, asc(patients.createdAt), asc(patients.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * An active hospital of the tenant, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export async function findActiveOrganization(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.tenantId, tenantId), eq(organizations.active, true)));
  return row ?? null;
}

/**
 * A blob this account uploaded, or null (a blob of another account or of staff looks missing).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param blobId - the blob
 */
export async function findOwnBlob(
  db: DbOrTx,
  owner: Owner,
  blobId: string,
): Promise<{ id: string; contentType: string } | null> {
  return findUploadedBlob(db, owner.tenantId, blobId, eq(blobs.accountId, owner.accountId));
}

/**
 * A blob of the tenant that the uploader condition names, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param blobId - the blob
 * @param uploader - the condition naming who uploaded it (an account, a staff member)
 */
export async function findUploadedBlob(
  db: DbOrTx,
  tenantId: string,
  blobId: string,
  uploader: SQL | undefined,
): Promise<{ id: string; contentType: string } | null> {
  const [row] = await db
    .select({ id: blobs.id, contentType: blobs.contentType })
    .from(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.tenantId, tenantId), uploader));
  return row ?? null;
}

/**
 * Inserts a document reference.
 * @param db - the transaction
 * @param values - the row
 */
export async function insertDocumentReference(
  db: DbOrTx,
  values: typeof documentReferences.$inferInsert,
): Promise<DocumentReferenceRow> {
  const [row] = await db.insert(documentReferences).values(values).returning();
  if (!row) {
    throw new Error('document reference insert returned no row');
  }
  return row;
}

/**
 * Inserts an order.
 * @param db - the transaction
 * @param values - the row
 */
export async function insertServiceRequest(
  db: DbOrTx,
  values: typeof serviceRequests.$inferInsert,
): Promise<ServiceRequestRow> {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  if (!row) {
    throw new Error('service request insert returned no row');
  }
  return row;
}

/**
 * The orders a patient may see (spec doc 3 §7 Fetch orders: purpose not Administration, sensitive
 * not true). The same rule holds for the list, a read by id, a patch and the subscription, so a
 * hidden order is not found by id either.
 */
const patientVisible = and(
  or(isNull(serviceRequests.purpose), ne(serviceRequests.purpose, 'Administration')),
  eq(serviceRequests.sensitive, false),
);

/**
 * An order of the account the patient may see, or null (another account's order, an
 * Administration one and a sensitive one look missing).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the order
 * @param lock - lock the row for the rest of the transaction (a change follows)
 */
export async function findOwnedServiceRequest(
  db: DbOrTx,
  owner: Owner,
  id: string,
  lock = false,
): Promise<ServiceRequestRow | null> {
  return findServiceRequestWhere(
    db,
    and(
      eq(serviceRequests.id, id),
      eq(serviceRequests.tenantId, owner.tenantId),
      eq(serviceRequests.accountId, owner.accountId),
      patientVisible,
    ),
    lock,
  );
}

/**
 * The order the condition names, or null.
 * @param db - database or transaction
 * @param where - the order's id and the scope it must lie in
 * @param lock - lock the row for the rest of the transaction (a change follows)
 */
export async function findServiceRequestWhere(
  db: DbOrTx,
  where: SQL | undefined,
  lock: boolean,
): Promise<ServiceRequestRow | null> {
  const query = db.select().from(serviceRequests).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Writes an order's changed fields and its next version, only while it still has the version read
 * and the version the caller saw (the optimistic lock); null when another change came first or the
 * caller's version is stale. Both versions are in the UPDATE's own WHERE, so it holds without the
 * row lock too (PGlite's one connection does not serialise transactions by FOR UPDATE).
 * @param db - the transaction
 * @param id - the order
 * @param version - the version read
 * @param set - the changed fields and the next version
 * @param expectedVersion - the version the caller saw; null for a write that checks none (the heartbeat stamps)
 */
export async function updateServiceRequestAtVersion(
  db: DbOrTx,
  id: string,
  version: number,
  set: Partial<typeof serviceRequests.$inferInsert>,
  expectedVersion: number | null,
): Promise<ServiceRequestRow | null> {
  const [row] = await db
    .update(serviceRequests)
    .set({ ...set, updatedAt: new Date() })
    .where(
      and(
        eq(serviceRequests.id, id),
        eq(serviceRequests.version, version),
        expectedVersion === null ? undefined : eq(serviceRequests.version, expectedVersion),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Appends a note to an order.
 * @param db - the transaction
 * @param values - the row
 */
export async function insertNote(db: DbOrTx, values: typeof serviceRequestNotes.$inferInsert): Promise<ServiceRequestNoteRow> {
  const [row] = await db.insert(serviceRequestNotes).values(values).returning();
  if (!row) {
    throw new Error('note insert returned no row');
  }
  return row;
}

/**
 * The notes of orders, oldest first.
 * @param db - database or transaction
 * @param serviceRequestIds - the orders
 */
export async function selectNotes(db: DbOrTx, serviceRequestIds: string[]): Promise<ServiceRequestNoteRow[]> {
  if (serviceRequestIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(serviceRequestNotes)
    .where(inArray(serviceRequestNotes.serviceRequestId, serviceRequestIds))
    .orderBy(asc(serviceRequestNotes.time), asc(serviceRequestNotes.id));
}

/**
 * Records lines of the order-events history, stamped when written (clock_timestamp, not the
 * transaction's start: a change that waited for the order's row lock comes after the one it waited
 * for), one microsecond apart in the order given, so the timeline keeps their order.
 * @param db - the transaction
 * @param values - the rows
 */
export async function insertOrderEvents(db: DbOrTx, values: (typeof orderEvents.$inferInsert)[]): Promise<void> {
  if (values.length > 0) {
    await db.insert(orderEvents).values(
      values.map((value, index) => ({
        ...value,
        createdAt: value.createdAt ?? sql`clock_timestamp() + ${`${index} microseconds`}::interval`,
      })),
    );
  }
}

/**
 * The order-events history of orders, oldest first.
 * @param db - database or transaction
 * @param serviceRequestIds - the orders
 */
export async function selectOrderEvents(db: DbOrTx, serviceRequestIds: string[]): Promise<OrderEventRow[]> {
  if (serviceRequestIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(orderEvents)
    .where(inArray(orderEvents.serviceRequestId, serviceRequestIds))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/**
 * A page of the account's orders, newest first (spec doc 3 §7 Fetch orders: patient scope, purpose
 * not Administration, sensitive not true).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param filter - profiles (null: all of the account's), categories (null: all), the last order of the page before and how many
 */
export async function selectOwnedServiceRequests(
  db: DbOrTx,
  owner: Owner,
  filter: { patientIds: string[] | null; categories: string[] | null; afterId: string | null; limit: number },
): Promise<ServiceRequestRow[]> {
  return selectServiceRequestPage(
    db,
    and(
      eq(serviceRequests.tenantId, owner.tenantId),
      eq(serviceRequests.accountId, owner.accountId),
      filter.patientIds ? inArray(serviceRequests.patientId, filter.patientIds) : undefined,
      filter.categories ? inArray(serviceRequests.category, filter.categories) : undefined,
      patientVisible,
    ),
    { afterId: filter.afterId, scope: sql`c.tenant_id = ${owner.tenantId} AND c.account_id = ${owner.accountId}` },
    filter.limit,
  );
}

/**
 * A page of the orders the condition names, newest first.
 * @param db - database or transaction
 * @param where - which orders
 * @param after - the last order of the page before (null: the first page) and, on the alias c, the scope it must lie in
 * @param limit - how many
 */
export async function selectServiceRequestPage(
  db: DbOrTx,
  where: SQL | undefined,
  after: { afterId: string | null; scope: SQL },
  limit: number,
): Promise<ServiceRequestRow[]> {
  const { afterId, scope } = after;
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(
        where,
        // Compared in the database, at its own (microsecond) precision: a page ends at an order, the next starts after it.
        afterId
          ? sql`(${serviceRequests.createdAt}, ${serviceRequests.id}) < (SELECT c.created_at, c.id FROM service_requests c
              WHERE c.id = ${afterId} AND ${scope})`
          : undefined,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}
