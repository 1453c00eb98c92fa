import { and, eq, exists, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  chatSessions,
  consultationSessions,
  diagnosticReports,
  patients,
  serviceRequests,
} from '../../db/schema/index.ts';

/*
 * Which patients a hospital's staff reach (issue 29 §10), once for the whole server: the patient
 * lookup, desk booking and the lab's desk reports all ask this. A profile is known to a hospital when
 * it has any record there: registered there, an appointment in one of its sessions, an order, a lab
 * report, or a chat with its staff. A profile of the group (tenant) with none is not, except at a
 * desk registering a walk-in (profiles.lookup.ts lookupWalkInPatients: the desk roles, minimal fields).
 */

/**
 * The condition, over `patients`, that the profile has a record at the hospital.
 * @param db - database or transaction (builds the subqueries)
 * @param organizationId - the hospital
 */
export function knownToHospital(db: DbOrTx, organizationId: string): SQL {
  const condition = or(
    eq(patients.hospitalId, organizationId),
    exists(
      db
        .select({ one: appointments.id })
        .from(appointments)
        .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
        .where(and(eq(appointments.patientId, patients.id), eq(consultationSessions.organizationId, organizationId))),
    ),
    exists(
      db
        .select({ one: serviceRequests.id })
        .from(serviceRequests)
        .where(
          and(
            eq(serviceRequests.tenantId, patients.tenantId),
            eq(serviceRequests.patientId, patients.id),
            eq(serviceRequests.organizationId, organizationId),
          ),
        ),
    ),
    exists(
      db
        .select({ one: diagnosticReports.id })
        .from(diagnosticReports)
        .where(
          and(
            eq(diagnosticReports.tenantId, patients.tenantId),
            eq(diagnosticReports.patientId, patients.id),
            eq(diagnosticReports.organizationId, organizationId),
          ),
        ),
    ),
    exists(
      db
        .select({ one: chatSessions.id })
        .from(chatSessions)
        .where(
          and(
            // The account's chats first (chat_sessions_account_idx), then the profile's at the hospital.
            eq(chatSessions.tenantId, patients.tenantId),
            eq(chatSessions.accountId, patients.accountId),
            eq(chatSessions.patientId, patients.id),
            eq(chatSessions.hospitalId, organizationId),
          ),
        ),
    ),
  );
  if (!condition) {
    throw new Error('knownToHospital: no condition');
  }
  return condition;
}

/**
 * An active profile of the tenant known to the hospital (knownToHospital), with its account; null
 * otherwise, so an id from a request reaches nobody else.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param patientId - the profile
 */
export async function findPatientKnownToHospital(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  patientId: string,
): Promise<{ id: string; accountId: string } | null> {
  const [row] = await db
    .select({ id: patients.id, accountId: patients.accountId })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.tenantId, scope.tenantId),
        eq(patients.active, true),
        knownToHospital(db, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * An active profile of the tenant, known to the hospital or not: a walk-in the desk registers by
 * booking them (sessions.bookAtDesk, the desk roles only); null otherwise.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param patientId - the profile
 */
export async function findTenantPatient(
  db: DbOrTx,
  tenantId: string,
  patientId: string,
): Promise<{ id: string; accountId: string } | null> {
  const [row] = await db
    .select({ id: patients.id, accountId: patients.accountId })
    .from(patients)
    .where(and(eq(patients.id, patientId), eq(patients.tenantId, tenantId), eq(patients.active, true)));
  return row ?? null;
}
