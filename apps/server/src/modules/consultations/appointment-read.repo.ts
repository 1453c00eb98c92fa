import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { filterSetName, preparedStatement } from '../../db/prepared.ts';
import { appointments, consultationSessions, organizations, patients, practitionerPhotos, practitioners } from '../../db/schema/index.ts';
import { sessionColumns, type ConsultationSessionRecord } from './consultations.repo.ts';

/** An appointment as the patient app reads it (spec doc 2 §3 Appointment), with its session. */
export type AppointmentView = {
  id: string;
  sessionId: string;
  patientId: string;
  patientName: string;
  patientFamilyName: string;
  patientRelationship: string | null;
  patientDisplayName: string;
  patientGender: string;
  patientBirthDate: string | null;
  tokenNo: number;
  start: Date;
  end: Date;
  appointmentStatus: string;
  practitionerStatus: string | null;
  paymentStatus: string;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
  appointmentRescheduledFor: string | null;
  appointmentOriginChannel: string;
  appointmentBookingType: string | null;
  feedbackRating: number | null;
  feedbackComment: string | null;
  heartbeatLinkSeen: boolean;
  /** When the patient was told the doctor is late (issue 32 §1.4): not started on time, or a delay marked. */
  lateNoticeAt: Date | null;
  /** The journey to the hospital in minutes, for 'Leave home now' (issue 32 §1.3); null: none. */
  journeyMinutes: number | null;
  doctorId: string;
  doctorName: string;
  doctorRole: string;
  organizationId: string;
  organizationName: string;
  session: ConsultationSessionRecord;
  createdAt: Date;
};

/** Which of an account's appointments to read; every filter narrows, none widens past the account. */
export type AppointmentViewFilter = {
  tenantId: string;
  accountId: string;
  ids?: string[];
  patientIds?: string[];
  sessionIds?: string[];
  practitionerIds?: string[];
  limit: number;
};

/** The lists an appointment read may narrow by; each set of them is one prepared statement. */
const viewFilterParts = ['ids', 'patientIds', 'sessionIds', 'practitionerIds'] as const satisfies readonly (keyof AppointmentViewFilter)[];

type ViewFilterPart = (typeof viewFilterParts)[number];

/** The read's statement for one set of filters, its values as placeholders (lists as one array each). */
function buildAppointmentViews(db: DbOrTx, parts: readonly ViewFilterPart[], name: string, owners: 'account' | 'pairs' = 'account') {
  const conditionOf: Record<ViewFilterPart, SQL> = {
    ids: sql`${appointments.id} = any(${sql.placeholder('ids')}::uuid[])`,
    patientIds: sql`${appointments.patientId} = any(${sql.placeholder('patientIds')}::uuid[])`,
    sessionIds: sql`${appointments.sessionId} = any(${sql.placeholder('sessionIds')}::uuid[])`,
    practitionerIds: sql`${consultationSessions.practitionerId} = any(${sql.placeholder('practitionerIds')}::uuid[])`,
  };
  return db
    .select({
      appointment: appointments,
      patient: {
        givenName: patients.givenName,
        familyName: patients.familyName,
        prefix: patients.prefix,
        relationship: patients.relationship,
        gender: patients.gender,
        birthDate: patients.birthDate,
      },
      session: {
        ...sessionColumns,
        appointmentCount: consultationSessions.liveAppointments,
        paidAppointments: sql<number>`(select count(*)::int from ${appointments} paid where paid.session_id = ${consultationSessions.id} and paid.payment_status = 'paid')`,
      },
      practitioner: {
        id: practitioners.id,
        text: practitioners.text,
        includeNoShowInPractitionerPayment: practitioners.includeNoShowInPractitionerPayment,
        photoBlobId: practitionerPhotos.blobId,
      },
      organization: { id: organizations.id, name: organizations.name },
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .leftJoin(practitionerPhotos, eq(practitionerPhotos.practitionerId, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(
      and(
        eq(appointments.tenantId, sql.placeholder('tenantId')),
        owners === 'account'
          ? eq(appointments.accountId, sql.placeholder('accountId'))
          : // The id list keeps the plan on the primary key whatever the statistics; the pairs, each id to its own account.
            and(
              sql`${appointments.id} = any(${sql.placeholder('ownedIds')}::uuid[])`,
              sql`(${appointments.accountId}, ${appointments.id}) in (select * from unnest(${sql.placeholder('accountIds')}::uuid[], ${sql.placeholder('ownedIds')}::uuid[]))`,
            ),
        ...parts.map((part) => conditionOf[part]),
      ),
    )
    .orderBy(desc(consultationSessions.startTime), desc(appointments.createdAt), desc(appointments.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/**
 * The account's appointments with patient, session, practitioner and organization in one query,
 * newest session start first. Another account's rows never match: the account is always a condition.
 * @param db - database or transaction
 * @param filter - tenant, account, optional ids, profiles and sessions, and the row cap
 */
export async function selectAppointmentViews(db: DbOrTx, filter: AppointmentViewFilter): Promise<AppointmentView[]> {
  if (
    filter.limit <= 0 || filter.ids?.length === 0 || filter.patientIds?.length === 0 || filter.sessionIds?.length === 0 ||
    filter.practitionerIds?.length === 0
  ) {
    return [];
  }
  const parts = viewFilterParts.filter((part) => filter[part] !== undefined);
  const name = filterSetName('appointment_views', viewFilterParts, parts);
  const statement = preparedStatement(db, name, () => buildAppointmentViews(db, parts, name));
  const rows = await statement.execute({
    tenantId: filter.tenantId,
    accountId: filter.accountId,
    ids: filter.ids,
    patientIds: filter.patientIds,
    sessionIds: filter.sessionIds,
    practitionerIds: filter.practitionerIds,
    limit: filter.limit,
  });
  return rows.map(toView);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof buildAppointmentViews>['execute']>>[number];

/**
 * Appointments by id, each only if it belongs to the account asked with it, in one query for many
 * accounts (the booked appointment's answer, see appointment-read.service.ts readOwnAppointment).
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param asks - pairs of account and appointment id (well-formed UUIDs)
 * @returns each found appointment with the account it belongs to (match both: two accounts may ask
 *   for one id, and only its own account gets it)
 */
export async function selectOwnedAppointmentViews(
  db: DbOrTx,
  tenantId: string,
  asks: readonly { accountId: string; id: string }[],
): Promise<{ accountId: string; view: AppointmentView }[]> {
  const statement = preparedStatement(db, 'appointment_views_owned', (name) => buildAppointmentViews(db, [], name, 'pairs'));
  const rows = await statement.execute({
    tenantId,
    accountIds: asks.map((ask) => ask.accountId),
    ownedIds: asks.map((ask) => ask.id),
    limit: asks.length,
  });
  return rows.map((row) => ({ accountId: row.appointment.accountId, view: toView(row) }));
}

function toView({ appointment: a, patient: p, session: s, practitioner, organization }: ViewRow): AppointmentView {
  return {
    id: a.id,
    sessionId: a.sessionId,
    patientId: a.patientId,
    patientName: p.givenName,
    patientFamilyName: p.familyName,
    patientRelationship: p.relationship,
    patientDisplayName: [p.prefix, p.givenName, p.familyName]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(' '),
    patientGender: p.gender,
    patientBirthDate: p.birthDate,
    tokenNo: a.tokenNo,
    start: s.startTime,
    end: s.endTime,
    appointmentStatus: a.appointmentStatus,
    practitionerStatus: a.practitionerStatus,
    paymentStatus: a.paymentStatus,
    paymentRefundStatus: a.paymentRefundStatus,
    appointmentRescheduleStatus: a.appointmentRescheduleStatus,
    appointmentRescheduledFor: a.appointmentRescheduledFor,
    appointmentOriginChannel: a.appointmentOriginChannel,
    appointmentBookingType: a.appointmentBookingType,
    feedbackRating: a.feedbackRating,
    feedbackComment: a.feedbackComment,
    heartbeatLinkSeen: a.heartbeatLinkSeen,
    lateNoticeAt: a.lateNoticeAt,
    journeyMinutes: a.journeyMinutes,
    doctorId: practitioner.id,
    doctorName: practitioner.text,
    doctorRole: s.practitionerRoleDisplay,
    organizationId: organization.id,
    organizationName: organization.name,
    session: {
      ...s,
      paidAppointments: Number(s.paidAppointments),
      appointmentCount: Number(s.appointmentCount),
      practitioner,
      organization,
    },
    createdAt: a.createdAt,
  };
}

/** A session's tokens without patient data, lowest first (spec doc 2 §2 live queue). */
export type SessionTokenRow = { tokenNo: number; appointmentStatus: string; paymentStatus: string };

/**
 * The tokens of a session of the tenant, or null when the session does not exist in it.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function selectSessionTokens(db: DbOrTx, tenantId: string, sessionId: string): Promise<SessionTokenRow[] | null> {
  const [session] = await db
    .select({ id: consultationSessions.id })
    .from(consultationSessions)
    .where(
      and(
        eq(consultationSessions.id, sessionId),
        eq(consultationSessions.tenantId, tenantId),
        sql`${consultationSessions.status} <> 'provider_aborted'`,
      ),
    );
  if (!session) {
    return null;
  }
  return db
    .select({
      tokenNo: appointments.tokenNo,
      appointmentStatus: appointments.appointmentStatus,
      paymentStatus: appointments.paymentStatus,
    })
    .from(appointments)
    .where(and(eq(appointments.sessionId, sessionId), eq(appointments.tenantId, tenantId)))
    .orderBy(appointments.tokenNo);
}
