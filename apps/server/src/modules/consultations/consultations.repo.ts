import { and, asc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appointments,
  consultationSessions,
  organizations,
  practitioners,
} from '../../db/schema/index.ts';

/** A consultation session joined with its practitioner and organization, plus appointment counts. */
export type ConsultationSessionRecord = {
  id: string;
  status: string;
  startTime: Date;
  endTime: Date;
  sessionStartedTime: Date | null;
  sessionCompletedTime: Date | null;
  appointmentMaxAllowed: number;
  type: string;
  participationMode: string;
  serviceTypeCode: string;
  serviceCategory: string | null;
  chargingSchemeId: string | null;
  practitionerRoleCode: string;
  practitionerRoleDisplay: string;
  locationName: string | null;
  locationImageUrl: string | null;
  practitioner: { id: string; text: string; includeNoShowInPractitionerPayment: boolean };
  organization: { id: string; name: string };
  paidAppointments: number;
  appointmentCount: number;
};

/** Filters of querySession after parsing (spec doc 2 §7). */
export type ConsultationSessionFilter = {
  id?: string;
  startTimeFrom?: Date;
  statuses?: string[];
  serviceTypeCode?: string;
  practitionerIds?: string[];
  organizationIds?: string[];
  practitionerRoleCode?: string;
  participationMode?: string;
  limit: number;
};

/** The session's own columns as the Session type shows them; appointment-read.repo.ts selects them too. */
export const sessionColumns = {
  id: consultationSessions.id,
  status: consultationSessions.status,
  startTime: consultationSessions.startTime,
  endTime: consultationSessions.endTime,
  sessionStartedTime: consultationSessions.sessionStartedTime,
  sessionCompletedTime: consultationSessions.sessionCompletedTime,
  appointmentMaxAllowed: consultationSessions.appointmentMaxAllowed,
  type: consultationSessions.type,
  participationMode: consultationSessions.participationMode,
  serviceTypeCode: consultationSessions.serviceTypeCode,
  serviceCategory: consultationSessions.serviceCategory,
  chargingSchemeId: consultationSessions.chargingSchemeId,
  practitionerRoleCode: consultationSessions.practitionerRoleCode,
  practitionerRoleDisplay: consultationSessions.practitionerRoleDisplay,
  locationName: consultationSessions.locationName,
  locationImageUrl: consultationSessions.locationImageUrl,
};

/** Status never returned by a search (spec doc 2 §4 Session status). */
export const HIDDEN_CONSULTATION_SESSION_STATUS = 'provider_aborted';

/** Sessions matching a search, joined with practitioner and organization, with their paid counts: one statement. */
export async function selectConsultationSessions(
  db: DbOrTx,
  tenantId: string,
  filter: ConsultationSessionFilter,
): Promise<ConsultationSessionRecord[]> {
  const conditions: (SQL | undefined)[] = [
    eq(consultationSessions.tenantId, tenantId),
    ne(consultationSessions.status, HIDDEN_CONSULTATION_SESSION_STATUS),
  ];
  if (filter.id !== undefined) {
    conditions.push(eq(consultationSessions.id, filter.id));
  }
  if (filter.startTimeFrom) {
    conditions.push(gte(consultationSessions.startTime, filter.startTimeFrom));
  }
  if (filter.statuses && filter.statuses.length > 0) {
    conditions.push(inArray(consultationSessions.status, filter.statuses));
  }
  if (filter.serviceTypeCode !== undefined) {
    conditions.push(eq(consultationSessions.serviceTypeCode, filter.serviceTypeCode));
  }
  if (filter.practitionerIds) {
    conditions.push(inArray(consultationSessions.practitionerId, filter.practitionerIds));
  }
  if (filter.organizationIds) {
    conditions.push(inArray(consultationSessions.organizationId, filter.organizationIds));
  }
  if (filter.practitionerRoleCode !== undefined) {
    conditions.push(eq(consultationSessions.practitionerRoleCode, filter.practitionerRoleCode));
  }
  if (filter.participationMode !== undefined) {
    conditions.push(eq(consultationSessions.participationMode, filter.participationMode));
  }
  const rows = await db
    .select({
      ...sessionColumns,
      // The places taken, as booking counts them (appointments not cancelled, and held numbers).
      liveAppointments: consultationSessions.liveAppointments,
      practitioner: {
        id: practitioners.id,
        text: practitioners.text,
        includeNoShowInPractitionerPayment: practitioners.includeNoShowInPractitionerPayment,
      },
      organization: { id: organizations.id, name: organizations.name },
      // Per session, its paid appointments (the reserve path is closed once a session has one, spec doc 2
      // §4 Booking step 4); in the same statement, so a search is one round trip (issue 8 bench:search).
      paidAppointments: sql<number>`(
        SELECT count(*)::int FROM ${appointments}
        WHERE ${appointments.sessionId} = ${consultationSessions.id}
          AND ${appointments.tenantId} = ${consultationSessions.tenantId}
          AND ${appointments.paymentStatus} = 'paid')`.mapWith(Number),
    })
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(and(...conditions))
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id))
    .limit(filter.limit);
  return rows.map(({ liveAppointments, ...row }) => ({ ...row, appointmentCount: liveAppointments }));
}
