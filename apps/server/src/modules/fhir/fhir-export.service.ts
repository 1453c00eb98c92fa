import type { Bundle, Resource } from '@medplum/fhirtypes';
import { DEFAULT_TIME_ZONE, zonedDay } from '@careline/domain/time';
import type { Db } from '../../db/client.ts';
import { listPatientReports } from '../lab-reports/index.ts';
import {
  findExportPatient,
  selectExportAppointments,
  selectExportDocuments,
  selectExportQuestionnaireResponses,
  selectExportServiceRequests,
  selectOrganizationNames,
  selectOwnObservations,
  type ExportScope,
} from './fhir-export.repo.ts';
import {
  appointmentResource,
  collectionBundle,
  diagnosticReportResource,
  documentReferenceResource,
  observationResource,
  patientResource,
  questionnaireResponseResource,
  serviceRequestResource,
  type ObservationExportRow,
  type PatientRow,
} from './fhir-mappers.ts';

/**
 * Most rows of each resource type in one export (ours): the newest are kept and the Bundle is tagged
 * 'truncated' when a type had more, so one download stays a few megabytes at most.
 */
export const FHIR_EXPORT_ROWS_MAX = 1000;

/** The export of a profile: the Bundle and the profile it is of (for the file name). */
export type FhirExport = { bundle: Bundle; patient: PatientRow };

/** The first max rows, and whether there were more. */
function capped<T>(rows: readonly T[], max: number): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, max), truncated: rows.length > max };
}

/**
 * A profile of the account and its records as a FHIR R4 Bundle of type collection (issue 11 part 4):
 * the Patient, its Appointments, the lab reports it may see as DiagnosticReports with their results
 * (Observations, of the latest issued version only, none of a withheld report: as the app shows
 * them), the Observations it recorded itself, its DocumentReferences, QuestionnaireResponses and the
 * orders it may see as ServiceRequests. Every row is read by tenant, account and profile; a profile
 * that is not the account's (or a removed one) gives null, as a missing one. At most
 * FHIR_EXPORT_ROWS_MAX of each type.
 * @param db - database
 * @param scope - tenant, account and the profile
 * @param now - the Bundle's timestamp
 */
export async function exportPatientRecords(db: Db, scope: ExportScope, now: Date = new Date()): Promise<FhirExport | null> {
  const patient = await findExportPatient(db, scope);
  if (!patient) {
    return null;
  }
  const max = FHIR_EXPORT_ROWS_MAX;
  const owner = { tenantId: scope.tenantId, accountId: scope.accountId };
  const [appointmentRows, reportViews, ownObservationRows, documentRows, responseRows, orderRows] = await Promise.all([
    selectExportAppointments(db, scope, max + 1),
    listPatientReports(db, owner, scope.patientId, null),
    selectOwnObservations(db, scope, max + 1),
    selectExportDocuments(db, scope, max + 1),
    selectExportQuestionnaireResponses(db, scope, max + 1),
    selectExportServiceRequests(db, scope, max + 1),
  ]);
  // The lab-reports module answers for this profile of this account only; checked again all the same.
  const ownReports = reportViews.filter((view) => view.patientId === patient.id && view.accountId === scope.accountId);
  const appointmentsOut = capped(appointmentRows, max);
  const reportsOut = capped(ownReports, max);
  const documentsOut = capped(documentRows, max);
  const responsesOut = capped(responseRows, max);
  const ordersOut = capped(orderRows, max);

  // Results of the reports first (newest report first), then the profile's own, up to the cap.
  const reportObservations: ObservationExportRow[] = reportsOut.rows.flatMap((view) =>
    view.observations.filter((row) => row.patientId === patient.id && row.accountId === scope.accountId),
  );
  const observationsOut = capped([...reportObservations, ...ownObservationRows], max);
  const observationIds = new Set(observationsOut.rows.map((row) => row.id));
  const documentIds = new Set(documentsOut.rows.map((row) => row.id));
  const orderIds = new Set(ordersOut.rows.map((row) => row.id));
  const hospitals = await selectOrganizationNames(
    db,
    scope.tenantId,
    [...new Set(reportsOut.rows.map((view) => view.organizationId).filter((id): id is string => id !== null))],
  );

  const resources: Resource[] = [
    patientResource(patient),
    ...appointmentsOut.rows.map((row) => appointmentResource(row, patient)),
    ...reportsOut.rows.map((view) =>
      diagnosticReportResource(
        { ...view, organizationName: view.organizationId ? (hospitals.get(view.organizationId) ?? null) : null },
        patient.id,
        view.observations.map((row) => row.id).filter((id) => observationIds.has(id)),
        view.serviceRequestId !== null && orderIds.has(view.serviceRequestId),
      ),
    ),
    ...observationsOut.rows.map((row) =>
      observationResource(row, patient.id, row.derivedFromDocumentReferenceId !== null && documentIds.has(row.derivedFromDocumentReferenceId)),
    ),
    ...documentsOut.rows.map((row) => documentReferenceResource(row, patient.id)),
    ...responsesOut.rows.map((row) => questionnaireResponseResource(row, patient.id)),
    ...ordersOut.rows.map((row) => serviceRequestResource(row, patient.id)),
  ];
  const truncated = [appointmentsOut, reportsOut, observationsOut, documentsOut, responsesOut, ordersOut].some((out) => out.truncated);
  return { bundle: collectionBundle(resources, now, truncated), patient };
}

/**
 * The export's file name: 'FHIR-records-<given name>-<yyyy-mm-dd>.json' (ours), the name as the
 * profile has it (Sinhala or Tamil included; the header carries it encoded).
 * @param patient - the profile
 * @param now - when the export is made (named by the hospital's day)
 */
export function fhirExportFileName(patient: Pick<PatientRow, 'givenName'>, now: Date): string {
  const given = patient.givenName.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').trim().replace(/\s+/g, '-');
  // The hospital's day, not UTC's: before 05:30 in Colombo UTC still says yesterday (issue 30 §12).
  const day = zonedDay(now, DEFAULT_TIME_ZONE);
  return given === '' ? `FHIR-records-${day}.json` : `FHIR-records-${given}-${day}.json`;
}

/**
 * A Content-Disposition that downloads the file under its name: an ASCII filename for old clients and
 * the UTF-8 filename* (RFC 6266) for the rest.
 * @param fileName - the file name
 */
export function fhirExportContentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
