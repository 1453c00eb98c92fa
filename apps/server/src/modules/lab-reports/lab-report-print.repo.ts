import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { blobs, invoices, organizations, patients } from '../../db/schema/index.ts';
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
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
} | null> {
  const [patient] = await db
    .select({
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
