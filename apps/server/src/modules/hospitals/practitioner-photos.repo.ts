import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  blobs,
  consultationSessions,
  practitionerPhotos,
  practitionerRoles,
  practitioners,
} from '../../db/schema/index.ts';

/** Where the blob service serves doctors' photos (files.practitioner-photos.ts). */
export const PRACTITIONER_PHOTO_PATH = '/blob/practitioner-photo';

/**
 * The address of a doctor's photo: its small variant's blob, which changes with each upload, so the
 * address can be cached for good (issue 29 §4.15).
 * @param blobId - the variant's blob, or null for a doctor without a photo
 */
export function practitionerPhotoUrl(blobId: string | null | undefined): string | null {
  return blobId ? `${PRACTITIONER_PHOTO_PATH}/${blobId}.jpg` : null;
}

/** The practitioner of the row has a role at the hospital or a session there. */
function worksAt(db: DbOrTx, organizationId: string) {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(practitionerRoles)
        .where(
          and(eq(practitionerRoles.practitionerId, practitioners.id), eq(practitionerRoles.organizationId, organizationId)),
        ),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(consultationSessions)
        .where(
          and(
            eq(consultationSessions.practitionerId, practitioners.id),
            eq(consultationSessions.organizationId, organizationId),
          ),
        ),
    ),
  );
}

/** Whether a practitioner (of the tenant) works at a hospital: a role there or a session there. */
export async function practitionerWorksAt(
  db: DbOrTx,
  tenantId: string,
  practitionerId: string,
  organizationId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(
      and(
        eq(practitioners.tenantId, tenantId),
        eq(practitioners.id, practitionerId),
        worksAt(db, organizationId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A doctor's photo as set: the variant and the upload, who set it from which hospital. */
export type PractitionerPhotoRow = typeof practitionerPhotos.$inferInsert;

/**
 * Sets a doctor's photo, replacing the one before.
 * @param db - the upload's transaction
 * @param row - the practitioner, both blobs, the hospital and the member
 */
export async function upsertPractitionerPhoto(db: DbOrTx, row: PractitionerPhotoRow): Promise<void> {
  await db
    .insert(practitionerPhotos)
    .values(row)
    .onConflictDoUpdate({
      target: practitionerPhotos.practitionerId,
      set: {
        blobId: row.blobId,
        sourceBlobId: row.sourceBlobId,
        organizationId: row.organizationId,
        updatedBy: row.updatedBy,
        updatedAt: new Date(),
      },
    });
}

/**
 * The stored variant of a doctor's photo of the tenant by its blob id, or null (not a photo's
 * variant, or another tenant's).
 * @param db - database
 * @param tenantId - the request's tenant
 * @param blobId - the variant's blob (a UUID)
 */
export async function findPractitionerPhotoBlob(
  db: DbOrTx,
  tenantId: string,
  blobId: string,
): Promise<{ storageKey: string; contentType: string } | null> {
  const [row] = await db
    .select({ storageKey: blobs.storageKey, contentType: blobs.contentType })
    .from(practitionerPhotos)
    .innerJoin(blobs, eq(blobs.id, practitionerPhotos.blobId))
    .where(and(eq(practitionerPhotos.tenantId, tenantId), eq(practitionerPhotos.blobId, blobId)))
    .limit(1);
  return row ?? null;
}

/** A doctor of a hospital as the console's photo list shows it. */
export type HospitalPractitionerRow = {
  id: string;
  text: string;
  roles: string[];
  photoBlobId: string | null;
};

/**
 * The active doctors who work at a hospital (a role or a session there), by name, with their photo.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export async function selectHospitalPractitioners(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<HospitalPractitionerRow[]> {
  return db
    .select({
      id: practitioners.id,
      text: practitioners.text,
      roles: sql<string[]>`coalesce((
        SELECT array_agg(DISTINCT ${practitionerRoles.display} ORDER BY ${practitionerRoles.display})
        FROM ${practitionerRoles}
        WHERE ${practitionerRoles.practitionerId} = ${practitioners.id} AND lower(${practitionerRoles.code}) <> 'doctor'
      ), '{}')`,
      photoBlobId: practitionerPhotos.blobId,
    })
    .from(practitioners)
    .leftJoin(practitionerPhotos, eq(practitionerPhotos.practitionerId, practitioners.id))
    .where(
      and(
        eq(practitioners.tenantId, tenantId),
        eq(practitioners.active, true),
        worksAt(db, organizationId),
      ),
    )
    .orderBy(asc(practitioners.text), asc(practitioners.id));
}
