import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditEvents,
  blobs,
  documentReferences,
  labReportSettings,
  organizationImages,
} from '../../db/schema/index.ts';
import type { HospitalScope } from './lab-reports.repo.ts';

/** A hospital's lab report settings row (the second-person rule and the report images). */
export type LabReportSettingsRow = typeof labReportSettings.$inferSelect;

/**
 * A hospital's lab report settings, or null (defaults apply).
 * @param db - database
 * @param scope - tenant and hospital
 */
export async function findLabReportSettings(
  db: DbOrTx,
  scope: HospitalScope,
): Promise<typeof labReportSettings.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(labReportSettings)
    .where(
      and(
        eq(labReportSettings.tenantId, scope.tenantId),
        eq(labReportSettings.organizationId, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * Writes a hospital's lab report settings.
 * @param db - the transaction
 * @param scope - tenant and hospital
 * @param values - the settings and who set them
 */
export async function upsertLabReportSettings(
  db: DbOrTx,
  scope: HospitalScope,
  values: { requireSecondVerifier: boolean; updatedBy: string },
): Promise<typeof labReportSettings.$inferSelect> {
  const [row] = await db
    .insert(labReportSettings)
    .values({ tenantId: scope.tenantId, organizationId: scope.organizationId, ...values })
    .onConflictDoUpdate({
      target: [labReportSettings.tenantId, labReportSettings.organizationId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) {
    throw new Error('lab report settings upsert returned no row');
  }
  return row;
}

/** The printable report's images a hospital keeps (issue 11). */
export type LabReportImageKind = 'header' | 'footer' | 'signature';

const IMAGE_COLUMNS = {
  header: 'headerImageBlobId',
  footer: 'footerImageBlobId',
  signature: 'signatureImageBlobId',
} as const satisfies Record<LabReportImageKind, keyof typeof labReportSettings.$inferSelect>;

/** The organization_images kind of each image (the blob service lets readers of the hospital read it). */
const ORGANIZATION_IMAGE_KINDS = {
  header: 'lab_report_header',
  footer: 'lab_report_footer',
  signature: 'signature',
} as const;

/**
 * The blob a report image of the hospital is (its column of lab_report_settings, read by id).
 * @param row - the hospital's settings
 * @param kind - header, footer or signature
 */
export function labReportImageBlobId(
  row: typeof labReportSettings.$inferSelect | null,
  kind: LabReportImageKind,
): string | null {
  return row?.[IMAGE_COLUMNS[kind]] ?? null;
}

/**
 * Sets (or with null clears) one of the hospital's report images, creating its settings row when
 * needed; a set image is recorded as a hospital-wide image (organization_images), so whoever may
 * read a document of the hospital may read it through /blob/get.
 * @param db - the transaction
 * @param scope - tenant and hospital
 * @param kind - header, footer or signature
 * @param blobId - the uploaded image, or null
 * @param updatedBy - the staff member
 * @returns the settings as they are now
 */
export async function upsertLabReportImage(
  db: DbOrTx,
  scope: HospitalScope,
  kind: LabReportImageKind,
  blobId: string | null,
  updatedBy: string,
): Promise<typeof labReportSettings.$inferSelect> {
  const values = { [IMAGE_COLUMNS[kind]]: blobId, updatedBy };
  const [row] = await db
    .insert(labReportSettings)
    .values({ tenantId: scope.tenantId, organizationId: scope.organizationId, ...values })
    .onConflictDoUpdate({
      target: [labReportSettings.tenantId, labReportSettings.organizationId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  if (!row) {
    throw new Error('lab report image upsert returned no row');
  }
  if (blobId !== null) {
    await db
      .insert(organizationImages)
      .values({
        tenantId: scope.tenantId,
        organizationId: scope.organizationId,
        blobId,
        kind: ORGANIZATION_IMAGE_KINDS[kind],
      })
      .onConflictDoNothing();
  }
  return row;
}

/**
 * A blob of the tenant with its uploader and whether it is already an image of the hospital, or null.
 * @param db - database
 * @param scope - tenant and hospital
 * @param blobId - the blob (already checked to be a UUID)
 */
export async function findImageCandidate(
  db: DbOrTx,
  scope: HospitalScope,
  blobId: string,
): Promise<(typeof blobs.$inferSelect & ImageCandidateFacts) | null> {
  const [row] = await db
    .select()
    .from(blobs)
    .where(and(eq(blobs.tenantId, scope.tenantId), eq(blobs.id, blobId)));
  if (!row) {
    return null;
  }
  const [image] = await db
    .select({ id: organizationImages.id })
    .from(organizationImages)
    .where(
      and(
        eq(organizationImages.tenantId, scope.tenantId),
        eq(organizationImages.organizationId, scope.organizationId),
        eq(organizationImages.blobId, blobId),
      ),
    )
    .limit(1);
  // A document of a patient (an order's file, a chat image): never made one of the hospital's images.
  const [document] = await db
    .select({ id: documentReferences.id })
    .from(documentReferences)
    .where(
      and(eq(documentReferences.tenantId, scope.tenantId), eq(documentReferences.blobId, blobId)),
    )
    .limit(1);
  // The hospital a staff upload was made for (files.service recordStaffUpload's audit row).
  const [upload] = await db
    .select({ organizationId: auditEvents.organizationId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.tenantId, scope.tenantId),
        eq(auditEvents.action, 'blob.upload'),
        sql`${auditEvents.details}->>'blobId' = ${blobId}`,
      ),
    )
    .limit(1);
  return {
    ...row,
    ofHospital: image !== undefined,
    isDocument: document !== undefined,
    uploadedFor: upload?.organizationId ?? null,
  };
}

/** What decides whether a blob may become one of a hospital's report images. */
export type ImageCandidateFacts = {
  /** Already one of the hospital's images. */
  ofHospital: boolean;
  /** Held by a document reference (a patient's file): never an image of the hospital. */
  isDocument: boolean;
  /** The hospital a staff upload was made for, from its audit row; null when none is recorded. */
  uploadedFor: string | null;
};
