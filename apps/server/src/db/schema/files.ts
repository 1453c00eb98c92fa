import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { blobs } from './accounts.ts';
import { createdAt, idColumn, tenantColumn } from './common.ts';
import { organizations, practitioners } from './hospitals.ts';

/** What a hospital-wide image is for (spec doc 3 §3 Printable lab report: header, footer, signature). */
export type OrganizationImageKind =
  'lab_report_header' | 'lab_report_footer' | 'signature' | 'logo';

/**
 * A hospital-wide image: readable as the documents that use it allow, that is by whoever may read a
 * document of that hospital (issue 7 point 4).
 */
export const organizationImages = pgTable(
  'organization_images',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrganizationImageKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_images_blob_org_uq').on(t.blobId, t.organizationId),
    index('organization_images_org_idx').on(t.tenantId, t.organizationId),
  ],
);

/**
 * A doctor's photo (issue 29 §4.14), uploaded by an admin of a hospital the doctor works at: the
 * upload as sent (source) and the small square variant the patients' cards show (blob), which is
 * public, like the doctor's name, and served under an address that changes with each upload.
 */
export const practitionerPhotos = pgTable(
  'practitioner_photos',
  {
    practitionerId: uuid('practitioner_id')
      .primaryKey()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    tenantId: tenantColumn(),
    blobId: uuid('blob_id')
      .notNull()
      .references(() => blobs.id),
    sourceBlobId: uuid('source_blob_id')
      .notNull()
      .references(() => blobs.id),
    /** The hospital whose admin set it, and the member. */
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('practitioner_photos_blob_uq').on(t.blobId)],
);
