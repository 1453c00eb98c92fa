import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appointments, consultationSessions, invoices, patients, payments } from '../../db/schema/index.ts';

/** Session statuses that still take bookings (spec doc 2 §4: not full, completed or cancelled). */
export const BOOKABLE_SESSION_STATUSES = ['scheduled', 'started'] as const;

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The patient when it is an active profile of the account in the tenant, else null.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param patientId - the profile asked for
 */
export async function findOwnedPatient(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  patientId: string,
): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    );
  return row ?? null;
}

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
    })
    .from(consultationSessions)
    .where(and(eq(consultationSessions.id, sessionId), eq(consultationSessions.tenantId, tenantId)));
  return row ?? null;
}

/**
 * Takes the next token of a bookable session that has room, in one conditional UPDATE: the row lock
 * orders concurrent bookings on PostgreSQL, and PGlite runs one transaction at a time, so the
 * numbers are 1, 2, 3… with no gap or duplicate, and never more than appointmentMaxAllowed live
 * appointments (-1: no cap). Null when the session is full or no longer bookable.
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
        sql`(${consultationSessions.appointmentMaxAllowed} = -1 OR ${consultationSessions.liveAppointments} < ${consultationSessions.appointmentMaxAllowed})`,
      ),
    )
    .returning({ tokenNo: consultationSessions.issuedTokens });
  return row?.tokenNo ?? null;
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
 * Sets a booked appointment to cancelled; false when it was not booked any more (a concurrent
 * change won), so a place is given back once only.
 * @param tx - the change's transaction
 * @param appointmentId - the appointment
 */
export async function markCancelled(tx: DbOrTx, appointmentId: string): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ appointmentStatus: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(appointments.id, appointmentId), eq(appointments.appointmentStatus, 'booked')))
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
