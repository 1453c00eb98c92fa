import { errorString } from '@careline/domain/errors';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { ViewerLookup } from '../files/index.ts';
import { exportPatientRecords, fhirExportContentDisposition, fhirExportFileName } from './fhir-export.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** The media type of FHIR JSON (FHIR R4 http.html#mime-type). */
export const FHIR_JSON = 'application/fhir+json';

function tokenFrom(header: string | undefined): string | null {
  const match = header ? /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

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
  const { database, tenants } = deps;

  app.get<{ Params: { patientId: string } }>('/fhir/export/:patientId', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const tenant = tenants.resolve(request.hostname);
    const token = tokenFrom(request.headers.authorization);
    const { viewer } = token ? await viewerFor(tenant.id, token) : { viewer: null };
    if (!viewer) {
      return reply.code(401).send({ error: errorString('ARO-E1023') });
    }
    const { patientId } = request.params;
    const now = new Date();
    const exported = UUID.test(patientId)
      ? await exportPatientRecords(database.db, { tenantId: tenant.id, accountId: viewer.accountId, patientId }, now)
      : null;
    if (!exported) {
      return reply.code(404).send({ error: errorString('ARO-E7080') });
    }
    return reply
      .type(`${FHIR_JSON}; charset=utf-8`)
      .header('content-disposition', fhirExportContentDisposition(fhirExportFileName(exported.patient, now)))
      .send(JSON.stringify(exported.bundle));
  });
}
