import { and, desc, eq, inArray, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  consultationSessions,
  documentReferences,
  observations,
  organizations,
  patients,
  practitioners,
  questionnaireResponses,
  questionnaires,
  serviceRequestDocuments,
  serviceRequests,
} from '../../db/schema/index.ts';
import type {
  AppointmentExportRow,
  DocumentExportRow,
  ObservationExportRow,
  PatientRow,
  QuestionnaireResponseExportRow,
  ServiceRequestExportRow,
} from './fhir-mappers.ts';

// Every query is scoped by tenant, account and profile: the export never reads another account's rows.

/** Tenant, account and the profile whose records are exported. */
export type ExportScope = { tenantId: string; accountId: string; patientId: string };

/**
 * The active profile of the account, or null (another account's profile, a removed one, a missing id).
 * @param db - database
 * @param scope - tenant, account and profile
 */
export async function findExportPatient(db: DbOrTx, scope: ExportScope): Promise<PatientRow | null> {
  const [row] = await db
    .select({
      id: patients.id,
      prefix: patients.prefix,
      givenName: patients.givenName,
      familyName: patients.familyName,
      gender: patients.gender,
      birthDate: patients.birthDate,
      addressLineOne: patients.addressLineOne,
      addressLineTwo: patients.addressLineTwo,
      addressLineThree: patients.addressLineThree,
      addressCity: patients.addressCity,
      mobileNo: patients.mobileNo,
      active: patients.active,
    })
    .from(patients)
    .where(
      and(
        eq(patients.id, scope.patientId),
        eq(patients.accountId, scope.accountId),
        eq(patients.tenantId, scope.tenantId),
        eq(patients.active, true),
      ),
    );
  return row ?? null;
}

/**
 * The profile's appointments with their session, doctor and hospital, newest session first.
 * @param db - database
 * @param scope - tenant, account and profile
 * @param limit - how many at most
 */
export async function selectExportAppointments(db: DbOrTx, scope: ExportScope, limit: number): Promise<AppointmentExportRow[]> {
  return db
    .select({
      id: appointments.id,
      tokenNo: appointments.tokenNo,
      appointmentStatus: appointments.appointmentStatus,
      createdAt: appointments.createdAt,
      startTime: consultationSessions.startTime,
      endTime: consultationSessions.endTime,
      participationMode: consultationSessions.participationMode,
      practitionerRoleDisplay: consultationSessions.practitionerRoleDisplay,
      practitionerText: practitioners.text,
      organizationName: organizations.name,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .leftJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .leftJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(
      and(
        eq(appointments.tenantId, scope.tenantId),
        eq(appointments.accountId, scope.accountId),
        eq(appointments.patientId, scope.patientId),
      ),
    )
    .orderBy(desc(consultationSessions.startTime), desc(appointments.id))
    .limit(limit);
}

/**
 * The observations the profile recorded itself (not results of a lab report), newest first.
 * @param db - database
 * @param scope - tenant, account and profile
 * @param limit - how many at most
 */
export async function selectOwnObservations(db: DbOrTx, scope: ExportScope, limit: number): Promise<ObservationExportRow[]> {
  return db
    .select({
      id: observations.id,
      diagnosticReportId: observations.diagnosticReportId,
      status: observations.status,
      code: observations.code,
      codeDisplay: observations.codeDisplay,
      valueString: observations.valueString,
      valueQuantity: observations.valueQuantity,
      unit: observations.unit,
      referenceRange: observations.referenceRange,
      critical: observations.critical,
      interpretation: observations.interpretation,
      microbiology: observations.microbiology,
      derivedFromDocumentReferenceId: observations.derivedFromDocumentReferenceId,
      createdTime: observations.createdTime,
    })
    .from(observations)
    .where(
      and(
        eq(observations.tenantId, scope.tenantId),
        eq(observations.accountId, scope.accountId),
        eq(observations.patientId, scope.patientId),
        isNull(observations.diagnosticReportId),
      ),
    )
    .orderBy(desc(observations.createdTime), desc(observations.id))
    .limit(limit);
}

/** Orders the patient may see: not Administration, not sensitive (spec doc 3 §7, as orders.repo). */
const visibleOrder = and(
  or(isNull(serviceRequests.purpose), ne(serviceRequests.purpose, 'Administration')),
  eq(serviceRequests.sensitive, false),
);

/**
 * The profile's documents, not entered in error and not only on orders the patient may not see, newest first.
 * @param db - database
 * @param scope - tenant, account and profile
 * @param limit - how many at most
 */
export async function selectExportDocuments(db: DbOrTx, scope: ExportScope, limit: number): Promise<DocumentExportRow[]> {
  const hiddenOrderDocument = db
    .select({ one: sql`1` })
    .from(serviceRequestDocuments)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestDocuments.serviceRequestId))
    .where(
      and(
        eq(serviceRequestDocuments.documentReferenceId, documentReferences.id),
        or(eq(serviceRequests.purpose, 'Administration'), eq(serviceRequests.sensitive, true)),
      ),
    );
  return db
    .select({
      id: documentReferences.id,
      blobId: documentReferences.blobId,
      url: documentReferences.url,
      contentType: documentReferences.contentType,
      description: documentReferences.description,
      authorReference: documentReferences.authorReference,
      status: documentReferences.status,
      createdTime: documentReferences.createdTime,
      organizationName: organizations.name,
    })
    .from(documentReferences)
    .leftJoin(organizations, eq(organizations.id, documentReferences.organizationId))
    .where(
      and(
        eq(documentReferences.tenantId, scope.tenantId),
        eq(documentReferences.accountId, scope.accountId),
        eq(documentReferences.patientId, scope.patientId),
        ne(documentReferences.status, 'entered-in-error'),
        notExists(hiddenOrderDocument),
      ),
    )
    .orderBy(desc(documentReferences.createdTime), desc(documentReferences.id))
    .limit(limit);
}

/**
 * The profile's questionnaire responses with the questionnaire's title, newest first.
 * @param db - database
 * @param scope - tenant, account and profile
 * @param limit - how many at most
 */
export async function selectExportQuestionnaireResponses(
  db: DbOrTx,
  scope: ExportScope,
  limit: number,
): Promise<QuestionnaireResponseExportRow[]> {
  return db
    .select({
      id: questionnaireResponses.id,
      questionnaireId: questionnaireResponses.questionnaireId,
      questionnaireTitle: questionnaires.title,
      author: questionnaireResponses.author,
      items: questionnaireResponses.items,
      createdAt: questionnaireResponses.createdAt,
    })
    .from(questionnaireResponses)
    .leftJoin(questionnaires, eq(questionnaires.id, questionnaireResponses.questionnaireId))
    .where(
      and(
        eq(questionnaireResponses.tenantId, scope.tenantId),
        eq(questionnaireResponses.accountId, scope.accountId),
        eq(questionnaireResponses.patientId, scope.patientId),
      ),
    )
    .orderBy(desc(questionnaireResponses.createdAt), desc(questionnaireResponses.id))
    .limit(limit);
}

/**
 * The profile's orders the patient may see, newest first.
 * @param db - database
 * @param scope - tenant, account and profile
 * @param limit - how many at most
 */
export async function selectExportServiceRequests(db: DbOrTx, scope: ExportScope, limit: number): Promise<ServiceRequestExportRow[]> {
  return db
    .select({
      id: serviceRequests.id,
      status: serviceRequests.status,
      intent: serviceRequests.intent,
      category: serviceRequests.category,
      codeCode: serviceRequests.codeCode,
      identifier: serviceRequests.identifier,
      orderDetail: serviceRequests.orderDetail,
      requester: serviceRequests.requester,
      additionalNote: serviceRequests.additionalNote,
      createdAt: serviceRequests.createdAt,
      organizationName: organizations.name,
    })
    .from(serviceRequests)
    .leftJoin(organizations, eq(organizations.id, serviceRequests.organizationId))
    .where(
      and(
        eq(serviceRequests.tenantId, scope.tenantId),
        eq(serviceRequests.accountId, scope.accountId),
        eq(serviceRequests.patientId, scope.patientId),
        visibleOrder,
      ),
    )
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/**
 * The names of hospitals by id (for the lab reports, which the lab-reports module reads).
 * @param db - database
 * @param tenantId - the tenant
 * @param ids - hospital ids
 */
export async function selectOrganizationNames(db: DbOrTx, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, ids)));
  return new Map(rows.map((row) => [row.id, row.name]));
}
