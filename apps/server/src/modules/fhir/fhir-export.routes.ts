import type { FastifyInstance } from 'fastify';
import type { AppDeps, ViewerLookup } from '../../app-deps.ts';
import { authorisedFileRoute } from '../../http/authorised-file-route.ts';
import { exportPatientRecords, fhirExportContentDisposition, fhirExportFileName } from './fhir-export.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** The media type of FHIR JSON (FHIR R4 http.html#mime-type). */
export const FHIR_JSON = 'application/fhir+json';

/**
 * GET /fhir/export/:patientId: a profile of the account and its records as a FHIR R4 Bundle
 * (collection, application/fhir+json), downloaded as a file (issue 11 part 4). Without a valid
 * token: 401 ARO-E1023. A profile of another account, a removed one, an unknown or a malformed id:
 * 404 ARO-E7080, the same answer in each case.
 * @param app - the Fastify app
 * @param deps - database and tenants
 * @param viewerFor - resolves an access token to the signed-in account, as GraphQL does
 */
export async function registerFhirExportRoutes(app: FastifyInstance, deps: AppDeps, viewerFor: ViewerLookup): Promise<void> {
  const { database } = deps;
  authorisedFileRoute<{ patientId: string }, Awaited<ReturnType<ViewerLookup>>>(
    app,
    { path: '/fhir/export/:patientId', tenants: deps.tenants, viewerFor },
    async ({ owner, params }) => {
      const { patientId } = params;
      const now = new Date();
      const exported = UUID.test(patientId) ? await exportPatientRecords(database.db, { ...owner, patientId }, now) : null;
      if (!exported) {
        return { status: 404, code: 'ARO-E7080' };
      }
      return {
        file: JSON.stringify(exported.bundle),
        contentType: `${FHIR_JSON}; charset=utf-8`,
        contentDisposition: fhirExportContentDisposition(fhirExportFileName(exported.patient, now)),
      };
    },
  );
}
