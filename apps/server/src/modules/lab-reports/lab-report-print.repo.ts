import { and, desc, eq, inArray, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blobs,
  invoices,
  orderEvents,
  organizations,
  patients,
  payments,
  serviceRequests,
} from '../../db/schema/index.ts';
import type { Owner } from './lab-reports.repo.ts';

/*
 * What the printable lab report reads besides the report (issue 11 part 2): the profile, the
 * hospital, the paid invoice of the report's lab order and the bytes' keys of the hospital's images.
 */

/**
 * The name, gender and birth date of one of the account's profiles, or null.
 * @param db - database
 * @param owner - tenant and account
 * @param patientId - the profile
 */
export async function findPrintPatient(
  db: DbOrTx,
  owner: Owner,
  patientId: string,
): Promise<{
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  medicalRecordNumber: number | null;
} | null> {
  const [patient] = await db
    .select({
      prefix: patients.prefix,
      medicalRecordNumber: patients.medicalRecordNumber,
      givenName: patients.givenName,
      familyName: patients.familyName,
      gender: patients.gender,
      birthDate: patients.birthDate,
    })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
      ),
    );
  return patient ?? null;
}

/**
 * A hospital's name and city, or null.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export async function findPrintOrganization(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<{ name: string; city: string | null } | null> {
  const [organization] = await db
    .select({ name: organizations.name, city: organizations.city })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.tenantId, tenantId)));
  return organization ?? null;
}

/**
 * The latest paid (revenue collected) invoice of one of the account's lab orders, or null.
 * @param db - database
 * @param owner - tenant and account
 * @param serviceRequestId - the lab order
 */
export async function findPaidOrderInvoice(
  db: DbOrTx,
  owner: Owner,
  serviceRequestId: string,
): Promise<{ id: string; identifier: string | null } | null> {
  const [invoice] = await db
    .select({ id: invoices.id, identifier: invoices.identifier })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, owner.tenantId),
        eq(invoices.accountId, owner.accountId),
        eq(invoices.serviceRequestId, serviceRequestId),
        eq(invoices.reasonCode, 'revenue_collected'),
      ),
    )
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return invoice ?? null;
}

/** What the report prints of its lab order's history (issue 30 §3.7). */
export type PrintOrderHistory = {
  identifier: string | null;
  /** When the order moved to 'Sample Collected' (the latest move, should it have been made again). */
  collectedAt: Date | null;
  /** When the order moved to 'Sample Arrived' at the laboratory. */
  receivedAt: Date | null;
  /** The receipt of the order's accepted payment (the cash receipt, the card's reference). */
  receiptNumber: string | null;
};

/**
 * The history of one of the account's lab orders as the report prints it, or null.
 * @param db - database
 * @param owner - tenant and account
 * @param serviceRequestId - the lab order
 */
export async function findPrintOrderHistory(
  db: DbOrTx,
  owner: Owner,
  serviceRequestId: string,
): Promise<PrintOrderHistory | null> {
  const [order] = await db
    .select({ identifier: serviceRequests.identifier })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.id, serviceRequestId),
        eq(serviceRequests.tenantId, owner.tenantId),
        eq(serviceRequests.accountId, owner.accountId),
      ),
    );
  if (!order) {
    return null;
  }
  const [steps, [payment]] = await Promise.all([
    db
      .select({ toStatus: orderEvents.toStatus, at: max(orderEvents.createdAt) })
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.tenantId, owner.tenantId),
          eq(orderEvents.serviceRequestId, serviceRequestId),
          inArray(orderEvents.toStatus, ['sampleCollected', 'sampleArrived']),
          // The move into the step, not a payment or a note recorded while the order stood there.
          ne(orderEvents.fromStatus, orderEvents.toStatus),
        ),
      )
      .groupBy(orderEvents.toStatus),
    db
      .select({ transactionReference: payments.transactionReference })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(
        and(
          eq(invoices.tenantId, owner.tenantId),
          eq(invoices.accountId, owner.accountId),
          eq(invoices.serviceRequestId, serviceRequestId),
          eq(payments.status, 'ACCEPT'),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1),
  ]);
  const at = (status: string): Date | null => {
    const value = steps.find((step) => step.toStatus === status)?.at ?? null;
    return value === null ? null : new Date(value);
  };
  return {
    identifier: order.identifier,
    collectedAt: at('sampleCollected'),
    receivedAt: at('sampleArrived'),
    receiptNumber: payment?.transactionReference ?? null,
  };
}

/**
 * Where a blob of the tenant keeps its bytes, or null.
 * @param db - database
 * @param tenantId - the tenant
 * @param blobId - the blob
 */
export async function findBlobStorageKey(
  db: DbOrTx,
  tenantId: string,
  blobId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ storageKey: blobs.storageKey })
    .from(blobs)
    .where(and(eq(blobs.id, blobId), eq(blobs.tenantId, tenantId)));
  return row?.storageKey ?? null;
}
