import { and, asc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { LEAVE_HOME_MAX_MESSAGES, type LeaveHomeKind, type LeaveHomeSent } from '@careline/domain/consultations';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  appointmentLeaveHomeMessages,
  appointments,
  consultationSessions,
  organizations,
  practitioners,
} from '../../db/schema/index.ts';

/** A booked appointment with a journey time, with what its estimate and its SMS need. */
export type LeaveHomeCandidate = {
  appointmentId: string;
  tokenNo: number;
  journeyMinutes: number;
  mobileNo: string;
  language: string | null;
  practitionerName: string;
  hospitalName: string;
};

/** Fewer messages than the cap: only these appointments are still evaluated. */
const underCap = sql`(select count(*) from ${appointmentLeaveHomeMessages} sent where sent.appointment_id = ${appointments.id}) < ${LEAVE_HOME_MAX_MESSAGES}`;

/**
 * The session (with its doctor) as the estimate needs it, or null when it is not in the tenant.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function findLeaveHomeSession(db: DbOrTx, tenantId: string, sessionId: string) {
  const [row] = await db
    .select({
      id: consultationSessions.id,
      status: consultationSessions.status,
      startTime: consultationSessions.startTime,
      delayMinutes: consultationSessions.delayMinutes,
      sessionStartedTime: consultationSessions.sessionStartedTime,
      practitionerId: consultationSessions.practitionerId,
    })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)));
  return row ?? null;
}

/**
 * A session's booked appointments with a journey time and fewer than the cap of messages, lowest token first.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function selectLeaveHomeCandidates(db: DbOrTx, tenantId: string, sessionId: string): Promise<LeaveHomeCandidate[]> {
  const rows = await db
    .select({
      appointmentId: appointments.id,
      tokenNo: appointments.tokenNo,
      journeyMinutes: appointments.journeyMinutes,
      mobileNo: accounts.mobileNo,
      language: accounts.preferredLanguage,
      practitionerName: practitioners.text,
      hospitalName: organizations.name,
    })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(
      and(
        eq(appointments.sessionId, sessionId),
        eq(appointments.tenantId, tenantId),
        eq(appointments.appointmentStatus, 'booked'),
        isNotNull(appointments.journeyMinutes),
        underCap,
      ),
    )
    .orderBy(asc(appointments.tokenNo));
  return rows.flatMap((row) => (row.journeyMinutes === null ? [] : [{ ...row, journeyMinutes: row.journeyMinutes }]));
}

/**
 * The leave-home messages already written for appointments, by appointment.
 * @param db - database or transaction
 * @param appointmentIds - the appointments
 */
export async function selectLeaveHomeSent(db: DbOrTx, appointmentIds: readonly string[]): Promise<Map<string, LeaveHomeSent[]>> {
  const sent = new Map<string, LeaveHomeSent[]>();
  if (appointmentIds.length === 0) {
    return sent;
  }
  const rows = await db
    .select({
      appointmentId: appointmentLeaveHomeMessages.appointmentId,
      messageNo: appointmentLeaveHomeMessages.messageNo,
      kind: appointmentLeaveHomeMessages.kind,
      expectedCallAt: appointmentLeaveHomeMessages.expectedCallAt,
    })
    .from(appointmentLeaveHomeMessages)
    .where(inArray(appointmentLeaveHomeMessages.appointmentId, [...appointmentIds]))
    .orderBy(asc(appointmentLeaveHomeMessages.messageNo));
  for (const row of rows) {
    sent.set(row.appointmentId, [
      ...(sent.get(row.appointmentId) ?? []),
      { messageNo: row.messageNo, kind: row.kind as LeaveHomeKind, expectedCallAt: row.expectedCallAt },
    ]);
  }
  return sent;
}

/**
 * Claims a message number of an appointment: of two evaluations writing the same number (a retry,
 * another instance), only the first gets true back; the other writes no SMS.
 * @param tx - the transaction that also writes the SMS
 * @param row - tenant, appointment, number, kind and the estimate
 */
export async function claimLeaveHomeMessage(
  tx: DbOrTx,
  row: { tenantId: string; appointmentId: string; messageNo: number; kind: LeaveHomeKind; expectedCallAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(appointmentLeaveHomeMessages)
    .values(row)
    .onConflictDoNothing({ target: [appointmentLeaveHomeMessages.appointmentId, appointmentLeaveHomeMessages.messageNo] })
    .returning({ id: appointmentLeaveHomeMessages.id });
  return inserted.length > 0;
}

/**
 * The latest leave-home message of an appointment, or null.
 * @param db - database or transaction
 * @param appointmentId - the appointment (already checked to be the caller's)
 */
export async function findLatestLeaveHome(db: DbOrTx, appointmentId: string) {
  const [row] = await db
    .select({
      messageNo: appointmentLeaveHomeMessages.messageNo,
      kind: appointmentLeaveHomeMessages.kind,
      expectedCallAt: appointmentLeaveHomeMessages.expectedCallAt,
      sentAt: appointmentLeaveHomeMessages.createdAt,
    })
    .from(appointmentLeaveHomeMessages)
    .where(eq(appointmentLeaveHomeMessages.appointmentId, appointmentId))
    .orderBy(sql`${appointmentLeaveHomeMessages.messageNo} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Sets an appointment's journey time.
 * @param tx - transaction
 * @param appointmentId - the appointment (already checked to be the caller's)
 * @param journeyMinutes - minutes, or null for none
 */
export async function updateJourneyMinutes(tx: DbOrTx, appointmentId: string, journeyMinutes: number | null): Promise<void> {
  await tx.update(appointments).set({ journeyMinutes, updatedAt: new Date() }).where(eq(appointments.id, appointmentId));
}

/**
 * Sessions the sweep evaluates: scheduled or started, starting before `until` and not ended before
 * `since`, with a booked appointment that has a journey time and fewer than the cap of messages.
 * @param db - database
 * @param window - since and until
 */
export async function selectLeaveHomeSessions(db: DbOrTx, window: { since: Date; until: Date }): Promise<{ tenantId: string; sessionId: string }[]> {
  return db
    .selectDistinct({ tenantId: consultationSessions.tenantId, sessionId: consultationSessions.id })
    .from(consultationSessions)
    .innerJoin(appointments, eq(appointments.sessionId, consultationSessions.id))
    .where(
      and(
        inArray(consultationSessions.status, ['scheduled', 'started']),
        lt(consultationSessions.startTime, window.until),
        gt(consultationSessions.endTime, window.since),
        eq(appointments.appointmentStatus, 'booked'),
        isNotNull(appointments.journeyMinutes),
        underCap,
      ),
    );
}
