import {
  LAB_IMAGE_MAX_BYTES,
  LAB_IMAGE_TYPES,
  labImageSizeText,
} from '@careline/domain/lab-reports';
import { recordAudit } from '../audit/index.ts';
import { hospitalScope, notFound, staffActor } from '../staff/index.ts';
import {
  findImageCandidate,
  findLabReportSettings,
  labReportImageBlobId,
  upsertLabReportImage,
  upsertLabReportSettings,
  type LabReportImageKind,
} from './lab-report-settings.repo.ts';
import { UUID } from './lab-reports.service.ts';
import { labReportImageSize } from './pdf/lab-report-image.ts';
import { rendered, type StaffLabReportDeps } from './staff-lab-reports.service.ts';

/** The hospital's lab report rules, and the printable report's images (blob ids; null when none). */
export type LabReportSettingsView = {
  organizationId: string;
  requireSecondVerifier: boolean;
  headerImageBlobId: string | null;
  footerImageBlobId: string | null;
  signatureImageBlobId: string | null;
};

function settingsView(
  organizationId: string,
  row: Awaited<ReturnType<typeof findLabReportSettings>>,
): LabReportSettingsView {
  return {
    organizationId,
    requireSecondVerifier: row?.requireSecondVerifier ?? false,
    headerImageBlobId: labReportImageBlobId(row, 'header'),
    footerImageBlobId: labReportImageBlobId(row, 'footer'),
    signatureImageBlobId: labReportImageBlobId(row, 'signature'),
  };
}

/**
 * The hospital's lab report settings (off unless an admin set them).
 * @param deps - database, tenant, staff member, hospital
 */
export async function readLabReportSettings(
  deps: StaffLabReportDeps,
): Promise<LabReportSettingsView> {
  staffActor(deps, 'labReports.read');
  return settingsView(deps.organizationId, await findLabReportSettings(deps.db, hospitalScope(deps)));
}

/**
 * Sets whether a second person must verify the hospital's reports (issue 11; default off).
 * Audited (labReport.settings).
 * @param deps - database, tenant, staff member, hospital
 * @param requireSecondVerifier - the rule
 */
export async function setLabReportSettings(
  deps: StaffLabReportDeps,
  requireSecondVerifier: boolean,
): Promise<LabReportSettingsView> {
  const who = staffActor(deps, 'labReports.settings');
  return deps.db.transaction(async (tx) => {
    const row = await upsertLabReportSettings(tx, hospitalScope(deps), {
      requireSecondVerifier,
      updatedBy: deps.staff.staffUserId,
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.settings',
      correlationId: deps.correlationId,
      details: { requireSecondVerifier },
    });
    return settingsView(row.organizationId, row);
  });
}

/**
 * Sets or clears one of the hospital's printable report images (issue 11: the organization's header,
 * footer and signature images; spec doc 3 §2 'Printable lab report'). The image is a blob this
 * member uploaded (POST /blob/put?organizationId=…) or one already an image of the hospital; any
 * other id answers ARO-E2001. It must be a PNG or JPEG file (ARO-E7023), at most
 * LAB_IMAGE_MAX_BYTES (ARO-E7024), and one pdfkit can draw (ARO-E7025). The printed reports
 * of the hospital change with it (their cached PDFs are keyed by the image ids). Audited
 * (labReport.image, with the previous image).
 * @param deps - database, tenant, staff member, hospital, blob store
 * @param kind - header, footer or signature
 * @param blobId - the uploaded image, or null to print none
 */
export async function setLabReportImage(
  deps: StaffLabReportDeps,
  kind: LabReportImageKind,
  blobId: string | null,
): Promise<LabReportSettingsView> {
  const who = staffActor(deps, 'labReports.images');
  let id: string | null = null;
  if (blobId !== null) {
    if (!UUID.test(blobId)) {
      throw notFound();
    }
    id = blobId.toLowerCase();
    const blob = await findImageCandidate(deps.db, hospitalScope(deps), id);
    // One of the hospital's images already, or this member's own upload made for this hospital that
    // no patient's document holds; anything else (another member's or hospital's upload, a patient's
    // order file or chat image) answers as a missing one.
    const ownUpload =
      blob?.staffUserId === deps.staff.staffUserId &&
      !blob.isDocument &&
      blob.uploadedFor?.toLowerCase() === deps.organizationId.toLowerCase();
    if (!blob || (!blob.ofHospital && !ownUpload)) {
      throw notFound();
    }
    if (!LAB_IMAGE_TYPES.includes(blob.contentType)) {
      throw rendered('ARO-E7023');
    }
    if (blob.byteSize > LAB_IMAGE_MAX_BYTES) {
      throw rendered('ARO-E7024', { size: labImageSizeText(LAB_IMAGE_MAX_BYTES) });
    }
    const bytes = await deps.blobStore.get(blob.storageKey);
    if (!bytes || !(await labReportImageSize(bytes))) {
      throw rendered('ARO-E7025');
    }
  }
  return deps.db.transaction(async (tx) => {
    const before = await findLabReportSettings(tx, hospitalScope(deps));
    const row = await upsertLabReportImage(tx, hospitalScope(deps), kind, id, deps.staff.staffUserId);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.image',
      correlationId: deps.correlationId,
      details: { kind, blobId: id, previousBlobId: labReportImageBlobId(before, kind) },
    });
    return settingsView(row.organizationId, row);
  });
}
