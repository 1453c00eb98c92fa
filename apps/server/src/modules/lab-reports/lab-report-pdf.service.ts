import { createHash } from 'node:crypto';
import {
  formatReferenceRange,
  printedPatientName,
  type PrintReport,
  type PrintReportResult,
} from '@careline/domain/lab-reports';
import { formatMedicalRecordNumber } from '@careline/domain/profiles';
import type { DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../providers/blob-storage/blob-store.ts';
import {
  findLabReportSettings,
  labReportImageBlobId,
  type LabReportImageKind,
} from './lab-report-settings.repo.ts';
import {
  findBlobStorageKey,
  findPaidOrderInvoice,
  findPrintOrderHistory,
  findPrintOrganization,
  findPrintPatient,
} from './lab-report-print.repo.ts';
import type { Owner } from './lab-reports.repo.ts';
import {
  readPatientReport,
  resultsViewable,
  UUID,
  type PatientReportView,
} from './lab-reports.service.ts';
import type { LabReportPdfCache } from './pdf/lab-report-pdf-cache.ts';
import { labReportFileName } from './pdf/lab-report-file-name.ts';
import { renderLabReportPdf } from './pdf/lab-report-pdf.ts';

/** What printing a report needs: the database, the blob store, the PDF cache and a log. */
export type LabReportPdfDeps = {
  db: DbOrTx;
  blobStore: BlobStore;
  cache: LabReportPdfCache;
  log: { warn: (details: object, message: string) => void };
};

/** A printed report: the PDF's bytes and the file name it downloads under. */
export type PrintedLabReport = { pdf: Buffer; fileName: string };

/** The report's results as the printable report lists them: each sub-test, then its antibiogram rows. */
function printResults(view: PatientReportView): PrintReportResult[] {
  return view.observations.flatMap((observation): PrintReportResult[] => {
    const value =
      observation.valueString ??
      (observation.valueQuantity === null ? null : String(observation.valueQuantity));
    const row: PrintReportResult = {
      name: observation.codeDisplay ?? observation.code ?? '',
      result: value,
      unit: observation.unit,
      defaultRange: observation.referenceRange
        ? formatReferenceRange(observation.referenceRange)
        : null,
      range: observation.referenceRange,
      critical: observation.critical,
      status: observation.status,
      parameterOrder: observation.parameterOrder,
      subTestClassification: observation.subTestClassification,
    };
    const microbiology = (observation.microbiology ?? []).map((entry): PrintReportResult => ({
      name: entry.name,
      result: entry.result ?? null,
      category: entry.category,
      definitionId: entry.definitionId ?? null,
      organismDefinitionId: entry.organismDefinitionId ?? null,
      comment: entry.comment ?? null,
      status: observation.status,
      parameterOrder: observation.parameterOrder,
      subTestClassification: observation.subTestClassification,
    }));
    return value === null && microbiology.length > 0 ? microbiology : [row, ...microbiology];
  });
}

/** The hospital's report images as blob ids (null: none), from its lab report settings. */
type ReportImageIds = Record<LabReportImageKind, string | null>;

async function reportImageIds(
  db: DbOrTx,
  tenantId: string,
  organizationId: string | null,
): Promise<ReportImageIds> {
  const settings = organizationId
    ? await findLabReportSettings(db, { tenantId, organizationId })
    : null;
  return {
    header: labReportImageBlobId(settings, 'header'),
    footer: labReportImageBlobId(settings, 'footer'),
    signature: labReportImageBlobId(settings, 'signature'),
  };
}

/**
 * The bytes of the hospital's report images. An image whose bytes cannot be read is printed as none
 * (the name, no footer, the dash line) and logged: the patient still gets the report.
 */
async function reportImages(
  db: DbOrTx,
  blobStore: BlobStore,
  tenantId: string,
  ids: ReportImageIds,
  log: { warn: (details: object, message: string) => void },
): Promise<Record<LabReportImageKind, Buffer | null>> {
  const read = async (id: string | null): Promise<Buffer | null> => {
    if (!id) {
      return null;
    }
    const storageKey = await findBlobStorageKey(db, tenantId, id);
    const bytes = storageKey ? await blobStore.get(storageKey).catch(() => null) : null;
    if (!bytes) {
      log.warn({ blobId: id }, 'lab report image without bytes: printed without it');
    }
    return bytes;
  };
  const [header, footer, signature] = await Promise.all([
    read(ids.header),
    read(ids.footer),
    read(ids.signature),
  ]);
  return { header, footer, signature };
}

/**
 * What the printable report prints of an issued report of the account: the profile, the hospital,
 * the paid invoice of its lab order (the file name says NOT-PAID without one) and the results.
 * @param db - database
 * @param owner - tenant and account (the report was already read as theirs)
 * @param view - the report with its results
 */
async function printReportOf(
  db: DbOrTx,
  owner: Owner,
  view: PatientReportView,
): Promise<PrintReport> {
  const [patient, organization, invoice, order] = await Promise.all([
    findPrintPatient(db, owner, view.patientId),
    view.organizationId ? findPrintOrganization(db, owner.tenantId, view.organizationId) : null,
    view.serviceRequestId ? findPaidOrderInvoice(db, owner, view.serviceRequestId) : null,
    view.serviceRequestId ? findPrintOrderHistory(db, owner, view.serviceRequestId) : null,
  ]);
  return {
    patient: {
      name: patient ? printedPatientName(patient) : '',
      // The tenant's patient number, not the row's UUID (issue 30 §3.7).
      identifier: formatMedicalRecordNumber(patient?.medicalRecordNumber),
      birthday: patient?.birthDate ?? null,
      gender: patient?.gender ?? null,
    },
    invoiceIdentifier: invoice ? (invoice.identifier ?? invoice.id) : null,
    // The order's history (issue 30 §3.7): the payment's receipt, else the order's own number;
    // when 'Sample Collected' and 'Sample Arrived' were recorded.
    receiptNumber: order?.receiptNumber ?? order?.identifier ?? null,
    specimenCollectedTime: order?.collectedAt?.toISOString() ?? null,
    specimenReceivedTime: order?.receivedAt?.toISOString() ?? null,
    organizationName: organization?.name ?? null,
    location: organization?.city ?? null,
    reportName: view.codeDisplay,
    summaryStatus: view.summaryStatus,
    reportedTime: (
      view.diagnosticReportVerifiedTime ??
      view.issuedAt ??
      view.updatedAt
    ).toISOString(),
    text: view.notes ? { div: view.notes } : null,
    organizationId: view.organizationId,
    results: printResults(view),
  };
}

/**
 * An issued lab report of the account as the printable A4 PDF (spec doc 3 §2 'Printable lab
 * report', §9 file name; issue 11 part 2), with the hospital's header, footer and signature images,
 * kept in the cache until what it prints changes (a hash of the print report and the image ids is
 * the version). Null for another account's report, an unknown or malformed id, one not issued, an
 * outsourced or payment-pending one (no online view, spec doc 3 §2): the same answer in each case.
 * Any version's id gives the latest issued version, as diagnosticReport does.
 * @param deps - database, blob store, PDF cache, log
 * @param owner - tenant and account
 * @param reportId - any version's id
 */
export async function printLabReport(
  deps: LabReportPdfDeps,
  owner: Owner,
  reportId: string,
): Promise<PrintedLabReport | null> {
  const { db, blobStore, cache, log } = deps;
  if (!UUID.test(reportId)) {
    return null;
  }
  const view = await readPatientReport(db, owner, reportId).catch(() => null);
  if (!view || !resultsViewable(view)) {
    return null;
  }
  const report = await printReportOf(db, owner, view);
  // The hospital's images by blob id: a blob never changes, so a new image is a new id and so a
  // new version (the cached PDF is replaced when the laboratory changes an image).
  const imageIds = await reportImageIds(db, owner.tenantId, view.organizationId);
  // Whatever prints: the report, its results, the profile's name, the hospital, the invoice and the images.
  const version = createHash('sha256')
    .update(JSON.stringify([report, view.verifiedByName, imageIds]))
    .digest('base64url');
  const cacheKey = `${owner.tenantId}:${view.id}`;
  // A PDF printed without an image it should have (bytes not read, or not drawable) is answered
  // but not kept: the next download tries the images again.
  let degraded = false;
  const pdf = await cache.getOrRender(cacheKey, version, async () => {
    const images = await reportImages(db, blobStore, owner.tenantId, imageIds, log);
    degraded =
      (imageIds.header !== null && !images.header) ||
      (imageIds.footer !== null && !images.footer) ||
      (imageIds.signature !== null && !images.signature);
    try {
      return await renderLabReportPdf({
        report,
        reportedBy: view.verifiedByName,
        headerImage: images.header,
        footerImage: images.footer,
        signatureImage: images.signature,
      });
    } catch (error) {
      // Images are checked when set (ARO-E7025); should one still fail, the report prints without them.
      log.warn(
        { err: error, imageIds },
        'lab report images could not be drawn: printed without them',
      );
      degraded = true;
      return renderLabReportPdf({ report, reportedBy: view.verifiedByName });
    }
  });
  if (degraded) {
    cache.invalidate(cacheKey);
  }
  return { pdf, fileName: labReportFileName(report) };
}
