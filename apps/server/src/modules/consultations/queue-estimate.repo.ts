import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments, consultationSessions } from '../../db/schema/index.ts';

/** A token of a session with the time it was called (Ongoing), for the estimate of when the next ones are. */
export type SessionQueueCallRow = { tokenNo: number; appointmentStatus: string; calledAt: Date | null };

/**
 * A session's tokens, lowest first, with their statuses and call times: no patient data.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function selectSessionQueueCalls(db: DbOrTx, tenantId: string, sessionId: string): Promise<SessionQueueCallRow[]> {
  return db
    .select({
      tokenNo: appointments.tokenNo,
      appointmentStatus: appointments.appointmentStatus,
      calledAt: appointments.appointmentArrivedTime,
    })
    .from(appointments)
    .where(and(eq(appointments.sessionId, sessionId), eq(appointments.tenantId, tenantId)))
    .orderBy(asc(appointments.tokenNo));
}

/** A call of one of a doctor's past sessions. */
export type PastSessionCallRow = { sessionId: string; calledAt: Date };

/**
 * The call times of a doctor's latest sessions that started before a session and called at least two
 * tokens (fewer give no pace), in one query: the sessions by the practitioner's start-time index, their
 * calls by the session's token index.
 * @param db - database or transaction
 * @param ask - tenant, doctor, the session estimated (left out), its planned start, how many sessions
 */
export async function selectPastSessionCalls(
  db: DbOrTx,
  ask: { tenantId: string; practitionerId: string; sessionId: string; before: Date; sessions: number },
): Promise<PastSessionCallRow[]> {
  const recent = db
    .select({ id: consultationSessions.id })
    .from(consultationSessions)
    .where(
      and(
        eq(consultationSessions.practitionerId, ask.practitionerId),
        eq(consultationSessions.tenantId, ask.tenantId),
        ne(consultationSessions.id, ask.sessionId),
        lt(consultationSessions.startTime, ask.before),
        inArray(consultationSessions.status, ['started', 'completed']),
        isNotNull(consultationSessions.sessionStartedTime),
        sql`(select count(*) from ${appointments} called where called.session_id = ${consultationSessions.id} and called.appointment_arrived_time is not null) >= 2`,
      ),
    )
    .orderBy(desc(consultationSessions.startTime))
    .limit(ask.sessions)
    .as('recent');
  const rows = await db
    .select({ sessionId: appointments.sessionId, calledAt: appointments.appointmentArrivedTime })
    .from(appointments)
    .innerJoin(recent, eq(recent.id, appointments.sessionId))
    .where(isNotNull(appointments.appointmentArrivedTime));
  return rows.flatMap((row) => (row.calledAt ? [{ sessionId: row.sessionId, calledAt: row.calledAt }] : []));
}
