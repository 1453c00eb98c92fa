import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, appointments, consultationSessions, organizations, practitioners } from '../../db/schema/index.ts';

/** An appointment whose evening reminder may be due: its session's start and when it was booked. */
export type ReminderCandidate = {
  tenantId: string;
  appointmentId: string;
  sessionStart: Date;
  bookedAt: Date;
};

/** What a session notice SMS says of one appointment, and whom it goes to. */
export type NoticeRecipient = {
  tenantId: string;
  appointmentId: string;
  sessionId: string;
  tokenNo: number;
  mobileNo: string;
  language: string | null;
  doctorName: string;
  hospitalName: string;
  sessionStart: Date;
};

/**
 * Booked appointments not reminded yet whose session, still scheduled, starts within (now, until],
 * earliest first (by start, then id), a page at a time.
 * @param db - database
 * @param range - now, the end of the window, and the last candidate of the page before
 * @param limit - at most this many
 */
export async function findReminderCandidates(
  db: DbOrTx,
  range: { now: Date; until: Date; after?: { sessionStart: Date; appointmentId: string } },
  limit: number,
): Promise<ReminderCandidate[]> {
  const after = range.after;
  return db
    .select({
      tenantId: appointments.tenantId,
      appointmentId: appointments.id,
      sessionStart: consultationSessions.startTime,
      bookedAt: appointments.createdAt,
    })
    .from(consultationSessions)
    .innerJoin(appointments, eq(appointments.sessionId, consultationSessions.id))
    .where(
      and(
        eq(consultationSessions.status, 'scheduled'),
        gt(consultationSessions.startTime, range.now),
        lte(consultationSessions.startTime, range.until),
        eq(appointments.appointmentStatus, 'booked'),
        isNull(appointments.reminderSmsAt),
        after
          ? sql`(${consultationSessions.startTime}, ${appointments.id}) > (${after.sessionStart.toISOString()}::timestamptz, ${after.appointmentId}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(consultationSessions.startTime), asc(appointments.id))
    .limit(limit);
}

/** Sessions not started, not marked delayed, whose start lies in [from, to]: maybe late. */
export async function findLateSessionCandidates(
  db: DbOrTx,
  range: { from: Date; to: Date },
  limit: number,
): Promise<{ tenantId: string; sessionId: string; status: string; startTime: Date; delayMinutes: number | null }[]> {
  return db
    .select({
      tenantId: consultationSessions.tenantId,
      sessionId: consultationSessions.id,
      status: consultationSessions.status,
      startTime: consultationSessions.startTime,
      delayMinutes: consultationSessions.delayMinutes,
    })
    .from(consultationSessions)
    .where(
      and(
        eq(consultationSessions.status, 'scheduled'),
        isNull(consultationSessions.delayMinutes),
        gte(consultationSessions.startTime, range.from),
        lte(consultationSessions.startTime, range.to),
        // Only a session with someone left to tell.
        sql`EXISTS (SELECT 1 FROM ${appointments} WHERE ${appointments.sessionId} = ${consultationSessions.id}
          AND ${appointments.appointmentStatus} = 'booked' AND ${appointments.lateNoticeMark} IS NULL)`,
      ),
    )
    .orderBy(asc(consultationSessions.startTime))
    .limit(limit);
}

async function recipients(tx: DbOrTx, appointmentIds: readonly string[]): Promise<NoticeRecipient[]> {
  if (appointmentIds.length === 0) {
    return [];
  }
  return tx
    .select({
      tenantId: appointments.tenantId,
      appointmentId: appointments.id,
      sessionId: appointments.sessionId,
      tokenNo: appointments.tokenNo,
      mobileNo: accounts.mobileNo,
      language: accounts.preferredLanguage,
      doctorName: practitioners.text,
      hospitalName: organizations.name,
      sessionStart: consultationSessions.startTime,
    })
    .from(appointments)
    .innerJoin(accounts, eq(accounts.id, appointments.accountId))
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    .where(inArray(appointments.id, [...appointmentIds]))
    .orderBy(asc(appointments.tokenNo));
}

/**
 * Marks the reminders of appointments as written, each at most once ever: a conditional UPDATE, so
 * of two sweeps (a retry, two instances) only the one that takes the row first gets it back; an
 * appointment cancelled or rescheduled meanwhile, or whose session no longer waits to start, is
 * not taken. Returns whom to send each one taken to.
 * @param tx - the sweep's transaction
 * @param tenantId - the tenant
 * @param appointmentIds - the appointments found due
 */
export async function claimReminderSms(tx: DbOrTx, tenantId: string, appointmentIds: readonly string[]): Promise<NoticeRecipient[]> {
  if (appointmentIds.length === 0) {
    return [];
  }
  const claimed = await tx
    .update(appointments)
    .set({ reminderSmsAt: sql`now()` })
    .where(
      and(
        inArray(appointments.id, [...appointmentIds]),
        eq(appointments.tenantId, tenantId),
        eq(appointments.appointmentStatus, 'booked'),
        isNull(appointments.reminderSmsAt),
        sql`EXISTS (SELECT 1 FROM ${consultationSessions} WHERE ${consultationSessions.id} = ${appointments.sessionId}
          AND ${consultationSessions.status} = 'scheduled')`,
      ),
    )
    .returning({ id: appointments.id });
  return recipients(tx, claimed.map((row) => row.id));
}

/**
 * Gives the doctor-late notice of one mark to a session's booked, not arrived appointments, each at
 * most once per mark (a conditional UPDATE, like the reminder's). Mark 0 is the automatic notice
 * (the session not started on time): taken only while the session is still scheduled with no delay
 * marked and the appointment has had no notice. Mark n is staff's n-th delay mark.
 * @param tx - the transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 * @param mark - 0 automatic, else the session's delayMarks after the mark
 */
export async function claimLateNotices(tx: DbOrTx, tenantId: string, sessionId: string, mark: number): Promise<NoticeRecipient[]> {
  const claimed = await tx
    .update(appointments)
    .set({ lateNoticeMark: mark, lateNoticeAt: sql`now()` })
    .where(
      and(
        eq(appointments.sessionId, sessionId),
        eq(appointments.tenantId, tenantId),
        eq(appointments.appointmentStatus, 'booked'),
        mark === 0
          ? and(
              isNull(appointments.lateNoticeMark),
              sql`EXISTS (SELECT 1 FROM ${consultationSessions} WHERE ${consultationSessions.id} = ${appointments.sessionId}
                AND ${consultationSessions.status} = 'scheduled' AND ${consultationSessions.delayMinutes} IS NULL)`,
            )
          : sql`(${appointments.lateNoticeMark} IS NULL OR ${appointments.lateNoticeMark} < ${mark})`,
      ),
    )
    .returning({ id: appointments.id });
  return recipients(tx, claimed.map((row) => row.id));
}

/**
 * Records a delay staff marked on a scheduled or started session: its delayMinutes, and one more
 * mark. Returns the session's marks after it, or null when the session is in neither status.
 * @param tx - the transaction
 * @param sessionId - the session (already checked to be the hospital's)
 * @param minutes - the delay
 */
export async function markSessionDelayed(tx: DbOrTx, sessionId: string, minutes: number): Promise<number | null> {
  const [row] = await tx
    .update(consultationSessions)
    .set({ delayMinutes: minutes, delayMarks: sql`${consultationSessions.delayMarks} + 1`, updatedAt: sql`now()` })
    .where(and(eq(consultationSessions.id, sessionId), inArray(consultationSessions.status, ['scheduled', 'started'])))
    .returning({ marks: consultationSessions.delayMarks });
  return row?.marks ?? null;
}
