import { and, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ORDER_STATUS_FIELDS, type OrderCategory } from '@careline/domain/orders';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, blobs, patients, serviceRequests } from '../../db/schema/index.ts';
import { findServiceRequestWhere, findUploadedBlob, selectServiceRequestPage, type ServiceRequestRow } from './orders.repo.ts';

/** A hospital of a tenant: the only orders a staff request there may touch. */
export type HospitalScope = { tenantId: string; organizationId: string };

/** The console's queues (issue 10 staff console: new, in progress and done). */
export type QueueName = 'NEW' | 'IN_PROGRESS' | 'DONE';

/** The category's order status of a row, in SQL (each category keeps its own status column). */
const orderStatusSql: SQL<string> = sql`CASE ${serviceRequests.category}
  WHEN 'Medication' THEN ${serviceRequests[ORDER_STATUS_FIELDS.Medication]}
  WHEN 'Examination' THEN ${serviceRequests[ORDER_STATUS_FIELDS.Examination]}
  WHEN 'Procedure' THEN ${serviceRequests[ORDER_STATUS_FIELDS.Procedure]}
  ELSE ${serviceRequests[ORDER_STATUS_FIELDS.Finance]} END`;

function queueCondition(queue: QueueName): SQL | undefined {
  switch (queue) {
    case 'NEW':
      return and(isNull(serviceRequests.replacedById), sql`${orderStatusSql} = 'new'`);
    case 'IN_PROGRESS':
      return and(isNull(serviceRequests.replacedById), sql`${orderStatusSql} NOT IN ('new', 'completed', 'canceled')`);
    case 'DONE':
      return or(isNotNull(serviceRequests.replacedById), sql`${orderStatusSql} IN ('completed', 'canceled')`);
  }
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The search condition: part of the order number, of the patient's name, or of a mobile number
 * (typed as 07…, 947… or +94 7…: compared on its digits without a leading 0).
 */
function searchCondition(search: string): SQL | undefined {
  const text = containing(search);
  const digits = search.replace(/[\s()+-]/g, '');
  const mobile = /^\d{3,}$/.test(digits) ? containing(digits.replace(/^0+/, '')) : null;
  return or(
    ilike(serviceRequests.identifier, text),
    sql`${serviceRequests.patientId} IN (SELECT p.id FROM ${patients} p WHERE p.tenant_id = ${serviceRequests.tenantId}
      AND (p.given_name || ' ' || p.family_name ILIKE ${text} OR p.prefix || ' ' || p.given_name || ' ' || p.family_name ILIKE ${text}
      ${mobile ? sql`OR p.mobile_no LIKE ${mobile}` : sql``}))`,
    mobile
      ? sql`${serviceRequests.accountId} IN (SELECT a.id FROM ${accounts} a WHERE a.tenant_id = ${serviceRequests.tenantId}
          AND a.mobile_no LIKE ${mobile})`
      : undefined,
  );
}

type QueueFilter = { categories: readonly OrderCategory[]; queue: QueueName; search: string | null };

function queueWhere(scope: HospitalScope, filter: QueueFilter): SQL | undefined {
  return and(
    eq(serviceRequests.tenantId, scope.tenantId),
    eq(serviceRequests.organizationId, scope.organizationId),
    inArray(serviceRequests.category, [...filter.categories]),
    queueCondition(filter.queue),
    filter.search ? searchCondition(filter.search) : undefined,
  );
}

/**
 * How many of a hospital's orders a queue holds (with the same categories and search).
 * @param db - database
 * @param scope - tenant and hospital
 * @param filter - categories (at least one), the queue, a search text
 */
export async function countHospitalOrders(db: DbOrTx, scope: HospitalScope, filter: QueueFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serviceRequests).where(queueWhere(scope, filter));
  return Number(row?.n ?? 0);
}

/**
 * A page of a hospital's orders in one queue, newest first.
 * @param db - database
 * @param scope - tenant and hospital
 * @param filter - categories (at least one), the queue, a search text, the last order of the page before and how many
 */
export async function selectHospitalOrders(
  db: DbOrTx,
  scope: HospitalScope,
  filter: { categories: readonly OrderCategory[]; queue: QueueName; search: string | null; afterId: string | null; limit: number },
): Promise<ServiceRequestRow[]> {
  return selectServiceRequestPage(
    db,
    queueWhere(scope, filter),
    { afterId: filter.afterId, scope: sql`c.tenant_id = ${scope.tenantId} AND c.organization_id = ${scope.organizationId}` },
    filter.limit,
  );
}

/**
 * An order of the hospital, or null (an order of another hospital or tenant looks missing).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the order
 * @param lock - lock the row for the rest of the transaction (a change follows)
 */
export async function findHospitalOrder(
  db: DbOrTx,
  scope: HospitalScope,
  id: string,
  lock = false,
): Promise<ServiceRequestRow | null> {
  return findServiceRequestWhere(
    db,
    and(eq(serviceRequests.id, id), eq(serviceRequests.tenantId, scope.tenantId), eq(serviceRequests.organizationId, scope.organizationId)),
    lock,
  );
}

/** The patient of an order with what the console shows and the account's mobile and language. */
export type OrderPatientRow = {
  id: string;
  accountId: string;
  prefix: string;
  medicalRecordNumber: number | null;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  patientMobileNo: string | null;
  accountMobileNo: string;
  language: string | null;
};

/**
 * The patients of orders, with their accounts' mobile numbers and languages.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientIds - the profiles
 */
export async function selectOrderPatients(db: DbOrTx, tenantId: string, patientIds: string[]): Promise<OrderPatientRow[]> {
  if (patientIds.length === 0) {
    return [];
  }
  return db
    .select({
      id: patients.id,
      accountId: patients.accountId,
      prefix: patients.prefix,
      medicalRecordNumber: patients.medicalRecordNumber,
      givenName: patients.givenName,
      familyName: patients.familyName,
      gender: patients.gender,
      birthDate: patients.birthDate,
      patientMobileNo: patients.mobileNo,
      accountMobileNo: accounts.mobileNo,
      language: accounts.preferredLanguage,
    })
    .from(patients)
    .innerJoin(accounts, eq(accounts.id, patients.accountId))
    .where(and(eq(patients.tenantId, tenantId), inArray(patients.id, [...new Set(patientIds)])));
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
  return findUploadedBlob(db, tenantId, blobId, and(eq(blobs.staffUserId, staffUserId), isNull(blobs.accountId)));
}
