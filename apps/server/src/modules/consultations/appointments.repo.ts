import { AppError } from '@careline/domain/errors';
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coalescedRead } from '../../db/coalesce.ts';
import { appointments, consultationSessions, invoices, payments } from '../../db/schema/index.ts';
import { insertIdempotencyKeySql, type PendingIdempotencyKey } from '../idempotency/index.ts';

// Moved to the profiles module (issue 28); payments.service.ts still reads it here until the lead
// points it at modules/profiles/index.ts at the merge.

/** Session statuses that still take bookings (spec doc 2 §4: not full, completed or cancelled). */
export const BOOKABLE_SESSION_STATUSES = ['scheduled', 'started'] as const;

/**
 * Why a session gives no token whatever its room: no longer bookable (ARO-E4002), or paused after a
 * restore until staff confirm its highest token (ARO-E4020, issue 31 §4.13); null when it may.
 * @param session - its status and whether its tokens await a check
 */
export function tokenRefusal(session: { status: string; tokensPaused: boolean }): AppError | null {
  if (!(BOOKABLE_SESSION_STATUSES as readonly string[]).includes(session.status)) {
    return new AppError('ARO-E4002');
  }
  return session.tokensPaused ? new AppError('ARO-E4020') : null;
}

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * A session of the tenant: its status, cap and counters, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function findSessionForBooking(db: DbOrTx, tenantId: string, sessionId: string) {
  const [row] = await db
    .select({
      id: consultationSessions.id,
      status: consultationSessions.status,
      appointmentMaxAllowed: consultationSessions.appointmentMaxAllowed,
      liveAppointments: consultationSessions.liveAppointments,
      startTime: consultationSessions.startTime,
      organizationId: consultationSessions.organizationId,
      tokensPaused: sql<boolean>`${consultationSessions.tokenCheckRestoreId} IS NOT NULL`,
    })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)));
  return row ?? null;
}

/**
 * Takes the next token of a bookable session that has room, in one conditional UPDATE: the row lock
 * orders concurrent bookings on PostgreSQL, and PGlite runs one transaction at a time, so the
 * numbers are 1, 2, 3… with no gap or duplicate, and never more than appointmentMaxAllowed live
 * appointments (-1: no cap). Null when the session is full, no longer bookable, or paused for a token
 * check after a restore.
 * @param tx - the booking's transaction
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function takeNextToken(tx: DbOrTx, tenantId: string, sessionId: string): Promise<number | null> {
  const [row] = await tx
    .update(consultationSessions)
    .set({
      issuedTokens: sql`${consultationSessions.issuedTokens} + 1`,
      liveAppointments: sql`${consultationSessions.liveAppointments} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(consultationSessions.id, sessionId),
        eq(consultationSessions.tenantId, tenantId),
        sql`${consultationSessions.status} IN ('scheduled', 'started')`,
        // After a restore the counter may be behind tokens already given (issue 31 §4.13).
        isNull(consultationSessions.tokenCheckRestoreId),
        sql`(${consultationSessions.appointmentMaxAllowed} = -1 OR ${consultationSessions.liveAppointments} < ${consultationSessions.appointmentMaxAllowed})`,
      ),
    )
    .returning({ tokenNo: consultationSessions.issuedTokens });
  return row?.tokenNo ?? null;
}

/**
 * Locks sessions' rows in id order, so two transactions that each touch two sessions (crossing
 * reschedules, S1→S2 and S2→S1) queue behind each other instead of deadlocking.
 * @param tx - the change's transaction
 * @param sessionIds - the sessions
 */
export async function lockSessionsInOrder(tx: DbOrTx, sessionIds: string[]): Promise<void> {
  await tx
    .select({ id: consultationSessions.id })
    .from(consultationSessions)
    .where(inArray(consultationSessions.id, sessionIds))
    .orderBy(asc(consultationSessions.id))
    .for('update');
}

/**
 * Gives a session's place back when one of its appointments stops being live (cancelled); the
 * token number stays used.
 * @param tx - the change's transaction
 * @param sessionId - the session
 */
export async function releasePlace(tx: DbOrTx, sessionId: string): Promise<void> {
  await tx
    .update(consultationSessions)
    .set({ liveAppointments: sql`greatest(${consultationSessions.liveAppointments} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(consultationSessions.id, sessionId));
}

/**
 * True when the profile already holds a live (not cancelled) appointment in the session.
 * @param db - database or transaction
 * @param sessionId - the session
 * @param patientId - the profile
 */
export async function hasLiveAppointment(db: DbOrTx, sessionId: string, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.sessionId, sessionId),
        eq(appointments.patientId, patientId),
        sql`${appointments.appointmentStatus} NOT IN ('cancelled', 'entered_in_error')`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Inserts an appointment row.
 * @param tx - the booking's transaction
 * @param values - the row
 */
export async function insertAppointment(tx: DbOrTx, values: typeof appointments.$inferInsert): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  if (!row) {
    throw new Error('appointment insert returned no row');
  }
  return row;
}

/**
 * An appointment of the account in the tenant, with its session's start, or null (another
 * account's appointment is as missing as an unknown one).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param appointmentId - the appointment
 */
export async function findOwnedAppointment(db: DbOrTx, owner: { tenantId: string; accountId: string }, appointmentId: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      sessionStart: consultationSessions.startTime,
      sessionStatus: consultationSessions.status,
      organizationId: consultationSessions.organizationId,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.accountId, owner.accountId),
        eq(appointments.tenantId, owner.tenantId),
      ),
    );
  return row ?? null;
}

/**
 * Sets a booked appointment to cancelled; false when it was not booked any more, or the hospital's
 * cancel of its session declined it meanwhile (a concurrent change won), so a place is given back
 * once only and a declined appointment keeps its refund.
 * @param tx - the change's transaction
 * @param appointmentId - the appointment
 */
export async function markCancelled(tx: DbOrTx, appointmentId: string): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ appointmentStatus: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.appointmentStatus, 'booked'),
        sql`${appointments.practitionerStatus} IS DISTINCT FROM 'declined'`,
      ),
    )
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/**
 * Marks a booked, not yet rescheduled appointment as moved away (cancelled, reschedule status
 * 'rescheduled'); null when it was not booked or already rescheduled (a concurrent change won).
 * @param tx - the reschedule's transaction
 * @param appointmentId - the old appointment
 */
export async function markRescheduled(tx: DbOrTx, appointmentId: string): Promise<AppointmentRow | null> {
  const [row] = await tx
    .update(appointments)
    .set({ appointmentStatus: 'cancelled', appointmentRescheduleStatus: 'rescheduled', updatedAt: sql`now()` })
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.appointmentStatus, 'booked'),
        sql`${appointments.appointmentRescheduleStatus} IS NULL`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Points the old appointment at the one it moved to, and moves its invoices and payments with it,
 * so the new appointment is paid as the old one was and never charged twice (spec doc 2 §4 Reschedule).
 * @param tx - the reschedule's transaction
 * @param oldId - the appointment moved away from
 * @param newId - the appointment moved to
 */
export async function movePayment(tx: DbOrTx, oldId: string, newId: string): Promise<void> {
  await tx.update(appointments).set({ appointmentRescheduledFor: newId }).where(eq(appointments.id, oldId));
  await tx
    .update(invoices)
    .set({ appointmentId: newId, requestReference: `Appointment/${newId}`, updatedAt: sql`now()` })
    .where(eq(invoices.appointmentId, oldId));
  await tx
    .update(payments)
    .set({ requestReference: `Appointment/${newId}` })
    .where(eq(payments.requestReference, `Appointment/${oldId}`));
}

/**
 * Applies a patient's changes to an appointment row and returns it.
 * @param tx - the change's transaction
 * @param appointmentId - the appointment
 * @param changes - feedback, heartbeat flag and a named timestamp set to now
 */
export async function updateAppointmentFields(
  tx: DbOrTx,
  appointmentId: string,
  changes: {
    feedbackRating?: number;
    feedbackComment?: string;
    heartbeatLinkSeen?: boolean;
    timeStamp?: { key: string; at: Date };
  },
): Promise<AppointmentRow> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  if (changes.feedbackRating !== undefined) {
    set.feedbackRating = changes.feedbackRating;
  }
  if (changes.feedbackComment !== undefined) {
    set.feedbackComment = changes.feedbackComment;
  }
  if (changes.heartbeatLinkSeen !== undefined) {
    set.heartbeatLinkSeen = changes.heartbeatLinkSeen;
  }
  if (changes.timeStamp) {
    set.heartbeatTimestamps = sql`coalesce(${appointments.heartbeatTimestamps}, '{}'::jsonb) || jsonb_build_object(${changes.timeStamp.key}::text, ${changes.timeStamp.at.toISOString()}::text)`;
  }
  const [row] = await tx.update(appointments).set(set as Partial<typeof appointments.$inferInsert>).where(eq(appointments.id, appointmentId)).returning();
  if (!row) {
    throw new Error('appointment update returned no row');
  }
  return row;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/** What a booking checks before it queues for the session row's lock, read in one statement. */
export type BookingChecks = {
  /** The profile is an active one of the account in the tenant. */
  patientOwned: boolean;
  /** The session of the tenant, or null; tokensPaused: awaiting a token check after a restore. */
  session: { status: string; appointmentMaxAllowed: number; liveAppointments: number; tokensPaused: boolean } | null;
  /** The profile already holds a live (not cancelled) appointment in the session. */
  hasLive: boolean;
};

type BookingCheckAsk = { tenantId: string; accountId: string; patientId: string; sessionId: string };

/**
 * The checks of the bookings that arrive while one read is in flight, per tenant (db/coalesce.ts):
 * one statement over the asks in order, each row answering its own ask only.
 */
const bookingChecksOf = coalescedRead<BookingCheckAsk, BookingChecks>({
  lane: (ask) => ask.tenantId,
  maxBatch: 100,
  read: async (db, asks) => {
    const tenantId = asks[0]?.tenantId ?? '';
    const rows = rowsOf<{
      i: string;
      patient_owned: boolean;
      status: string | null;
      appointment_max_allowed: number | null;
      live_appointments: number | null;
      tokens_paused: boolean | null;
      has_live: boolean;
    }>(
      await db.execute(sql`
        SELECT q.i,
          EXISTS (SELECT 1 FROM patients p WHERE p.id = q.patient_id AND p.account_id = q.account_id
                  AND p.tenant_id = ${tenantId}::text AND p.active) AS patient_owned,
          s.status, s.appointment_max_allowed, s.live_appointments, s.token_check_restore_id IS NOT NULL AS tokens_paused,
          EXISTS (SELECT 1 FROM appointments a WHERE a.session_id = q.session_id AND a.patient_id = q.patient_id
                  AND a.appointment_status NOT IN ('cancelled', 'entered_in_error')) AS has_live
        FROM unnest(${sql.param(asks.map((ask) => ask.accountId))}::uuid[], ${sql.param(asks.map((ask) => ask.patientId))}::uuid[],
                    ${sql.param(asks.map((ask) => ask.sessionId))}::uuid[]) WITH ORDINALITY AS q(account_id, patient_id, session_id, i)
        LEFT JOIN consultation_sessions s ON s.id = q.session_id AND s.tenant_id = ${tenantId}::text
        ORDER BY q.i`),
    );
    // Each ask's own row, by its position in the lists (WITH ORDINALITY counts from 1).
    const byPosition = new Map(rows.map((row) => [Number(row.i), row]));
    return asks.map((_, index) => {
      const row = byPosition.get(index + 1);
      return {
        patientOwned: row?.patient_owned === true,
        session:
          row && row.status !== null
            ? {
                status: row.status,
                appointmentMaxAllowed: Number(row.appointment_max_allowed),
                liveAppointments: Number(row.live_appointments),
                tokensPaused: row.tokens_paused === true,
              }
            : null,
        hasLive: row?.has_live === true,
      };
    });
  },
});

/**
 * The checks of a booking, in one round trip shared with the bookings arriving meanwhile: whether the
 * profile is the account's, the session's status and counters, and whether the profile already holds
 * a live appointment there. Ids must be well-formed UUIDs (the caller checks).
 * @param db - database or transaction
 * @param ask - tenant, account, profile and session
 */
export function readBookingChecks(db: DbOrTx, ask: BookingCheckAsk): Promise<BookingChecks> {
  return bookingChecksOf(db, { tenantId: ask.tenantId, accountId: ask.accountId, patientId: ask.patientId, sessionId: ask.sessionId });
}

/** An audit row as recordAudit makes it (modules/audit), for a booking statement to insert. */
export type AuditValues = {
  tenantId: string;
  actorKind: string;
  actorId: string;
  role: string | null;
  organizationId: string | null;
  action: string;
  patientAccountId: string | null;
  patientId: string | null;
  correlationId: string;
  /** The details; the statement adds tokenNo, the token it took. */
  details: Record<string, unknown>;
};

/** The new appointment as a booking statement returns it (createdAt as ISO 8601 with milliseconds, UTC). */
export type BookedRow = {
  id: string;
  sessionId: string;
  patientId: string;
  tokenNo: number;
  appointmentStatus: string;
  paymentStatus: string;
  appointmentOriginChannel: string;
  createdAt: string;
};

/** A booking for bookNextToken: the appointment, its audit row, and optionally the idempotency key. */
export type NewBooking = {
  tenantId: string;
  sessionId: string;
  accountId: string;
  patientId: string;
  originChannel: string;
  /** Columns besides the defaults (a reschedule carries the old payment status and where it came from). */
  carried?: {
    paymentStatus: string;
    appointmentBookingType: string | null;
    appointmentRescheduledBy: string;
    appointmentRescheduledBySession: string;
  };
  audit: AuditValues;
  /** Stored with the answer (the BookedRow as JSON, plus `answerExtra`). */
  key: PendingIdempotencyKey | null;
  /** Merged into the stored answer, e.g. { previousSessionId }. */
  answerExtra?: Record<string, unknown>;
  /** Further data-modifying CTE parts that run only when a token was taken: name and statement over `a`. */
  also?: [string, SQL][];
};

/**
 * Books the next token of a bookable session that has room in ONE statement (a data-modifying CTE):
 * the conditional UPDATE of the session's counters (the row lock that orders concurrent bookings), the
 * appointment INSERT, its audit row, and the idempotency key with the answer. Run outside a
 * transaction it is its own transaction, so the session row is locked for this one statement and its
 * commit only, with no round trip to the server in between; inside one, until that commits. Tokens
 * are 1, 2, 3… with no gap or duplicate, never more than appointmentMaxAllowed live appointments
 * (-1: no cap), and an appointment never exists without its audit row or the other way round. Null
 * when the session is full or not bookable (nothing changed). A second live appointment of the
 * profile fails on appointments_session_patient_live_uq, and a twin's key on the keys' primary key:
 * the whole statement then changes nothing.
 * @param db - database (autocommit) or the caller's transaction
 * @param booking - the appointment, its audit row, the key, and extra CTE parts
 */
export async function bookNextToken(db: DbOrTx, booking: NewBooking): Promise<BookedRow | null> {
  const [row] = await bookTokens(db, [booking]);
  return row ?? null;
}

/** The returned columns of one booked appointment, as the booking statement reads them. */
type BookedColumns = {
  ord: number;
  id: string;
  session_id: string;
  patient_id: string;
  token_no: number;
  appointment_status: string;
  payment_status: string;
  appointment_origin_channel: string;
  created_at: string;
};

/**
 * The CTE parts of one booking in a booking statement: `a<suffix>` inserts the appointment with the
 * token `t.base + position`, `au<suffix>` its audit row, `k<suffix>` the key, then the extra parts.
 */
function bookingParts(booking: NewBooking, position: number, suffix: string): SQL[] {
  const { audit, carried } = booking;
  const a = sql.identifier(`a${suffix}`);
  const columns = [
    sql`tenant_id`,
    sql`session_id`,
    sql`account_id`,
    sql`patient_id`,
    sql`token_no`,
    sql`appointment_origin_channel`,
  ];
  const values = [
    sql`${booking.tenantId}::text`,
    sql`${booking.sessionId}::uuid`,
    sql`${booking.accountId}::uuid`,
    sql`${booking.patientId}::uuid`,
    sql`t.base + ${position}::int`,
    sql`${booking.originChannel}::text`,
  ];
  if (carried) {
    columns.push(sql`payment_status`, sql`appointment_booking_type`, sql`appointment_rescheduled_by`, sql`appointment_rescheduled_by_session`);
    values.push(
      sql`${carried.paymentStatus}::text`,
      sql`${carried.appointmentBookingType}::text`,
      sql`${carried.appointmentRescheduledBy}::uuid`,
      sql`${carried.appointmentRescheduledBySession}::uuid`,
    );
  }
  const answer = sql`jsonb_build_object('id', ${a}.id, 'sessionId', ${a}.session_id, 'patientId', ${a}.patient_id, 'tokenNo', ${a}.token_no,
      'appointmentStatus', ${a}.appointment_status, 'paymentStatus', ${a}.payment_status,
      'appointmentOriginChannel', ${a}.appointment_origin_channel, 'createdAt', ${a}.created_at) || ${JSON.stringify(booking.answerExtra ?? {})}::jsonb`;
  const parts: SQL[] = [
    sql`${a} AS (
      INSERT INTO appointments (${sql.join(columns, sql`, `)})
      SELECT ${sql.join(values, sql`, `)} FROM t
      RETURNING id, session_id, patient_id, token_no, appointment_status, payment_status, appointment_origin_channel,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at)`,
    sql`${sql.identifier(`au${suffix}`)} AS (
      INSERT INTO audit_events (tenant_id, actor_kind, actor_id, role, organization_id, action, patient_account_id, patient_id, correlation_id, details)
      SELECT ${audit.tenantId}::text, ${audit.actorKind}::text, ${audit.actorId}::uuid, ${audit.role}::text, ${audit.organizationId}::uuid,
        ${audit.action}::text, ${audit.patientAccountId}::uuid, ${audit.patientId}::uuid, ${audit.correlationId}::text,
        ${JSON.stringify(audit.details)}::jsonb || jsonb_build_object('tokenNo', ${a}.token_no)
      FROM ${a})`,
  ];
  if (booking.key) {
    parts.push(sql`${sql.identifier(`k${suffix}`)} AS (${insertIdempotencyKeySql(booking.key, answer, sql`${a}`)})`);
  }
  for (const [name, statement] of booking.also ?? []) {
    parts.push(sql`${sql.identifier(name)} AS (${statement})`);
  }
  return parts;
}

/**
 * Books the next tokens of one session, one per booking in the order given, in ONE statement (see
 * bookNextToken): the session's counters move by the number of bookings, only when the session is
 * bookable and has room for all of them; then each appointment, its audit row and its key. Every
 * booking must be for the same tenant and session; `also` parts (over `a`) only with a single booking.
 * Empty when the session is not bookable, is paused for a token check after a restore, or lacks room
 * for all (nothing changed); a constraint broken
 * by any one booking fails the statement, and nothing changes.
 * @param db - database (autocommit) or the caller's transaction
 * @param bookings - one or more bookings of one session
 */
export async function bookTokens(db: DbOrTx, bookings: readonly NewBooking[]): Promise<BookedRow[]> {
  const [first] = bookings;
  if (!first) {
    return [];
  }
  const n = bookings.length;
  const parts: SQL[] = [
    sql`t AS (
      UPDATE consultation_sessions
         SET issued_tokens = issued_tokens + ${n}::int, live_appointments = live_appointments + ${n}::int, updated_at = now()
       WHERE id = ${first.sessionId}::uuid AND tenant_id = ${first.tenantId}::text
         AND status IN ('scheduled', 'started') AND token_check_restore_id IS NULL
         AND (appointment_max_allowed = -1 OR live_appointments + ${n}::int <= appointment_max_allowed)
      RETURNING issued_tokens - ${n}::int AS base)`,
  ];
  const selects: SQL[] = [];
  bookings.forEach((booking, i) => {
    const suffix = n === 1 ? '' : `_${i}`;
    parts.push(...bookingParts(booking, i + 1, suffix));
    selects.push(sql`SELECT ${i}::int AS ord, * FROM ${sql.identifier(`a${suffix}`)}`);
  });
  const rows = rowsOf<BookedColumns>(await db.execute(sql`WITH ${sql.join(parts, sql`, `)} ${sql.join(selects, sql` UNION ALL `)}`));
  return rows
    .sort((x, y) => Number(x.ord) - Number(y.ord))
    .map((row) => ({
      id: row.id,
      sessionId: row.session_id,
      patientId: row.patient_id,
      tokenNo: Number(row.token_no),
      appointmentStatus: row.appointment_status,
      paymentStatus: row.payment_status,
      appointmentOriginChannel: row.appointment_origin_channel,
      createdAt: row.created_at,
    }));
}

/**
 * Locks a session's row for the rest of the transaction and reads what a booking needs of it: its
 * status, its cap and its live appointments; null when it is not the tenant's.
 * @param tx - the booking batch's transaction
 */
export async function lockSessionForBooking(
  tx: DbOrTx,
  tenantId: string,
  sessionId: string,
): Promise<{ status: string; appointmentMaxAllowed: number; liveAppointments: number; tokensPaused: boolean } | null> {
  const [row] = await tx
    .select({
      status: consultationSessions.status,
      appointmentMaxAllowed: consultationSessions.appointmentMaxAllowed,
      liveAppointments: consultationSessions.liveAppointments,
      tokensPaused: sql<boolean>`${consultationSessions.tokenCheckRestoreId} IS NOT NULL`,
    })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)))
    .for('update');
  return row ?? null;
}

/**
 * The CTE parts that move the old appointment's invoices and payments to the new one (`a`) and point
 * the old one at it, for bookNextToken's `also` (what movePayment does, in the booking's statement).
 * @param oldId - the appointment moved away from
 */
export function movePaymentParts(oldId: string): [string, SQL][] {
  return [
    ['mv_old', sql`UPDATE appointments SET appointment_rescheduled_for = a.id FROM a WHERE appointments.id = ${oldId}::uuid`],
    [
      'mv_inv',
      sql`UPDATE invoices SET appointment_id = a.id, request_reference = 'Appointment/' || a.id::text, updated_at = now()
          FROM a WHERE invoices.appointment_id = ${oldId}::uuid`,
    ],
    [
      'mv_pay',
      sql`UPDATE payments SET request_reference = 'Appointment/' || a.id::text
          FROM a WHERE payments.request_reference = ${`Appointment/${oldId}`}::text`,
    ],
  ];
}

/**
 * Marks a booked, not yet rescheduled appointment as moved away (cancelled, reschedule status
 * 'rescheduled') and gives its session's place back, in one statement; false when it was not booked,
 * already rescheduled or declined by the hospital's cancel of its session (a concurrent change won),
 * and then nothing changed.
 * @param tx - the reschedule's transaction
 * @param appointmentId - the old appointment
 */
export async function markRescheduledAndRelease(tx: DbOrTx, appointmentId: string): Promise<boolean> {
  const [row] = rowsOf<{ moved: number }>(
    await tx.execute(sql`
      WITH o AS (
        UPDATE appointments SET appointment_status = 'cancelled', appointment_reschedule_status = 'rescheduled', updated_at = now()
         WHERE id = ${appointmentId}::uuid AND appointment_status = 'booked' AND appointment_reschedule_status IS NULL
           AND practitioner_status IS DISTINCT FROM 'declined'
        RETURNING session_id),
      r AS (
        UPDATE consultation_sessions SET live_appointments = greatest(live_appointments - 1, 0), updated_at = now()
         WHERE id IN (SELECT session_id FROM o))
      SELECT count(*)::int AS moved FROM o`),
  );
  return Number(row?.moved ?? 0) === 1;
}
