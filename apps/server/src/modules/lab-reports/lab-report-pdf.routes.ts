import type { FastifyInstance } from 'fastify';
import type { AppDeps, ViewerLookup } from '../../app-deps.ts';
import { authorisedFileRoute } from '../../http/authorised-file-route.ts';
import { printLabReport } from './lab-report-pdf.service.ts';
import { createLabReportPdfCache } from './pdf/lab-report-pdf-cache.ts';
import { labReportContentDisposition } from './pdf/lab-report-file-name.ts';

/**
 * GET /lab-reports/:reportId.pdf: an issued lab report of the account as the printable A4 PDF (spec
 * doc 3 §2 'Printable lab report', §9 file name; issue 11 part 2), rendered on the server so a cheap
 * phone does no layout work, with the hospital's header, footer and signature images (staffSetLabReportImage),
 * and kept in a bounded cache until what it prints changes (lab-report-pdf.service printLabReport).
 * Without a valid token: 401 ARO-E1023. Another account's report, an unknown one, one not issued,
 * an outsourced or payment-pending one (no online view, spec doc 3 §2): 404 ARO-E2001, the same
 * answer in each case. Any version's id gives the latest issued version, as diagnosticReport does.
 * @param app - the Fastify app
 * @param deps - database and tenants
 * @param viewerFor - resolves an access token to the signed-in account, as GraphQL does
 */
export async function registerLabReportPdfRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  viewerFor: ViewerLookup,
): Promise<void> {
  const cache = createLabReportPdfCache();
  authorisedFileRoute<{ reportId: string }, Awaited<ReturnType<ViewerLookup>>>(
    app,
    { path: '/lab-reports/:reportId.pdf', tenants: deps.tenants, viewerFor },
    async ({ request, owner, params }) => {
      const printed = await printLabReport(
        { db: deps.database.db, blobStore: deps.providers.blobStore, cache, log: request.log },
        owner,
        params.reportId,
      );
      return printed
        ? {
            file: printed.pdf,
            contentType: 'application/pdf',
            contentDisposition: labReportContentDisposition(printed.fileName),
          }
        : { status: 404, code: 'ARO-E2001' };
    },
  );
}
