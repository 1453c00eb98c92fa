import { createHash } from 'node:crypto';
import { errorString, type ErrorCode } from '@careline/domain/errors';
import { formatReferenceRange, type PrintReport, type PrintReportResult } from '@careline/domain/lab-reports';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { blobs, invoices, organizations, patients } from '../../db/schema/index.ts';
import type { BlobStore } from '../../providers/blob-storage/blob-store.ts';
import type { ViewerLookup } from '../files/files.routes.ts';
import {
  findLabReportSettings,
  labReportImageBlobId,
  type LabReportImageKind,
  type Owner,
} from './lab-reports.repo.ts';
import { readPatientReport, resultsViewable, UUID, type PatientReportView } from './lab-reports.service.ts';
import { createLabReportPdfCache } from './pdf/lab-report-pdf-cache.ts';
import { labReportContentDisposition, labReportFileName, renderLabReportPdf } from './pdf/lab-report-pdf.ts';

function tokenFrom(header: string | undefined): string | null {
  const match = header ? /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/** The report's results as the printable report lists them: each sub-test, then its antibiogram rows. */
function printResults(view: PatientReportView): PrintReportResult[] {
  return view.observations.flatMap((observation): PrintReportResult[] => {
    const value =
      observation.valueString ?? (observation.valueQuantity === null ? null : String(observation.valueQuantity));
    const row: PrintReportResult = {
      name: observation.codeDisplay ?? observation.code ?? '',
      result: value,
      unit: observation.unit,
      defaultRange: observation.referenceRange ? formatReferenceRange(observation.referenceRange) : null,
      critical: observation.critical,
      status: observation.status,
      parameterOrder: observation.parameterOrder,
      subTestClassification: observation.subTestClassification,
    };
    const microbiology = (observation.microbiology ?? []).map(
      (entry): PrintReportResult => ({
        name: entry.name,
        result: entry.result ?? null,
        category: entry.category,
        definitionId: entry.definitionId ?? null,
        organismDefinitionId: entry.organismDefinitionId ?? null,
        comment: entry.comment ?? null,
        status: observation.status,
        parameterOrder: observation.parameterOrder,
        subTestClassification: observation.subTestClassification,
      }),
    );
    return value === null && microbiology.length > 0 ? microbiology : [row, ...microbiology];
  });
}

/** The hospital's report images as blob ids (null: none), from its lab report settings. */
type ReportImageIds = Record<LabReportImageKind, string | null>;

async function reportImageIds(db: DbOrTx, tenantId: string, organizationId: string | null): Promise<ReportImageIds> {
  const settings = organizationId ? await findLabReportSettings(db, { tenantId, organizationId }) : null;
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
    const [row] = await db
      .select({ storageKey: blobs.storageKey })
      .from(blobs)
      .where(and(eq(blobs.id, id), eq(blobs.tenantId, tenantId)));
    const bytes = row ? await blobStore.get(row.storageKey).catch(() => null) : null;
    if (!bytes) {
      log.warn({ blobId: id }, 'lab report image without bytes: printed without it');
    }
    return bytes;
  };
  const [header, footer, signature] = await Promise.all([read(ids.header), read(ids.footer), read(ids.signature)]);
  return { header, footer, signature };
}

/**
 * What the printable report prints of an issued report of the account: the profile, the hospital,
 * the paid invoice of its lab order (the file name says NOT-PAID without one) and the results.
 * @param db - database
 * @param owner - tenant and account (the report was already read as theirs)
 * @param view - the report with its results
 */
async function printReportOf(db: DbOrTx, owner: Owner, view: PatientReportView): Promise<PrintReport> {
  const [patient] = await db
    .select({
      givenName: patients.givenName,
      familyName: patients.familyName,
      gender: patients.gender,
      birthDate: patients.birthDate,
    })
    .from(patients)
    .where(and(eq(patients.id, view.patientId), eq(patients.accountId, owner.accountId), eq(patients.tenantId, owner.tenantId)));
  const [organization] = view.organizationId
    ? await db
        .select({ name: organizations.name, city: organizations.city })
        .from(organizations)
        .where(and(eq(organizations.id, view.organizationId), eq(organizations.tenantId, owner.tenantId)))
    : [];
  const [invoice] = view.serviceRequestId
    ? await db
        .select({ id: invoices.id, identifier: invoices.identifier })
        .from(invoices)
        .where(
          and(
            eq(invoices.tenantId, owner.tenantId),
            eq(invoices.accountId, owner.accountId),
            eq(invoices.serviceRequestId, view.serviceRequestId),
            eq(invoices.reasonCode, 'revenue_collected'),
          ),
        )
        .orderBy(desc(invoices.createdAt))
        .limit(1)
    : [];
  return {
    patient: {
      name: patient ? `${patient.givenName} ${patient.familyName}`.trim() : '',
      identifier: view.patientId,
      birthday: patient?.birthDate ?? null,
      gender: patient?.gender ?? null,
    },
    invoiceIdentifier: invoice ? (invoice.identifier ?? invoice.id) : null,
    organizationName: organization?.name ?? null,
    location: organization?.city ?? null,
    reportName: view.codeDisplay,
    summaryStatus: view.summaryStatus,
    reportedTime: (view.diagnosticReportVerifiedTime ?? view.issuedAt ?? view.updatedAt).toISOString(),
    text: view.notes ? { div: view.notes } : null,
    organizationId: view.organizationId,
    results: printResults(view),
  };
}

/**
 * GET /lab-reports/:reportId.pdf: an issued lab report of the account as the printable A4 PDF (spec
 * doc 3 §2 'Printable lab report', §9 file name; issue 11 part 2), rendered on the server so a cheap
 * phone does no layout work, with the hospital's header, footer and signature images (staffSetLabReportImage),
 * and kept in a bounded cache until what it prints changes (a hash of the print report and the image
 * ids is the version). Without a valid token: 401 ARO-E1023. Another account's report, an
 * unknown one, one not issued, an outsourced or payment-pending one (no online view, spec doc 3 §2):
 * 404 ARO-E2001, the same answer in each case. Any version's id gives the latest issued version, as
 * diagnosticReport does.
 * @param app - the Fastify app
 * @param deps - database and tenants
 * @param viewerFor - resolves an access token to the signed-in account, as GraphQL does
 */
export async function registerLabReportPdfRoutes(app: FastifyInstance, deps: AppDeps, viewerFor: ViewerLookup): Promise<void> {
  const { database, tenants, providers } = deps;
  const cache = createLabReportPdfCache();
  const refuse = (status: number, code: ErrorCode) => ({ status, body: { error: errorString(code) } });

  app.get<{ Params: { reportId: string } }>('/lab-reports/:reportId.pdf', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const tenant = tenants.resolve(request.hostname);
    const token = tokenFrom(request.headers.authorization);
    const { viewer } = token ? await viewerFor(tenant.id, token) : { viewer: null };
    const answer = await (async () => {
      if (!viewer) {
        return refuse(401, 'ARO-E1023');
      }
      if (!UUID.test(request.params.reportId)) {
        return refuse(404, 'ARO-E2001');
      }
      const owner = { tenantId: tenant.id, accountId: viewer.accountId };
      const view = await readPatientReport(database.db, owner, request.params.reportId).catch(() => null);
      if (!view || !resultsViewable(view)) {
        return refuse(404, 'ARO-E2001');
      }
      const report = await printReportOf(database.db, owner, view);
      // The hospital's images by blob id: a blob never changes, so a new image is a new id and so a
      // new version (the cached PDF is replaced when the laboratory changes an image).
      const imageIds = await reportImageIds(database.db, tenant.id, view.organizationId);
      // Whatever prints: the report, its results, the profile's name, the hospital, the invoice and the images.
      const version = createHash('sha256').update(JSON.stringify([report, view.verifiedByName, imageIds])).digest('base64url');
      const cacheKey = `${tenant.id}:${view.id}`;
      // A PDF printed without an image it should have (bytes not read, or not drawable) is answered
      // but not kept: the next download tries the images again.
      let degraded = false;
      const pdf = await cache.getOrRender(cacheKey, version, async () => {
        const images = await reportImages(database.db, providers.blobStore, tenant.id, imageIds, request.log);
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
          request.log.warn({ err: error, imageIds }, 'lab report images could not be drawn: printed without them');
          degraded = true;
          return renderLabReportPdf({ report, reportedBy: view.verifiedByName });
        }
      });
      if (degraded) {
        cache.invalidate(cacheKey);
      }
      return { pdf, fileName: labReportFileName(report) };
    })();
    if ('pdf' in answer) {
      return reply
        .type('application/pdf')
        .header('content-disposition', labReportContentDisposition(answer.fileName))
        .send(answer.pdf);
    }
    return reply.code(answer.status).send(answer.body);
  });
}
