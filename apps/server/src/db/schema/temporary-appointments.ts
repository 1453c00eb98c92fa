import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { consultationSessions } from './consultations.ts';

/**
 * A place held in a session for an account that has no profile yet (spec doc 2 §4 Booking step 4:
 * "A temporary appointment (booking type temporary, temporary status) is used when no patient
 * exists yet"; issue 8 §3).
 *
 * Kept in its own table rather than as an appointments row with no patient, so appointments.patient_id
 * stays NOT NULL and every appointment reader keeps its types. A temporary appointment holds a place
 * exactly like a booking: it takes the next token (issued_tokens + 1, live_appointments + 1) with the
 * same conditional UPDATE. Confirming it for a profile inserts the real appointments row with THAT
 * token (the live count is unchanged: the place moves from this row to the appointment). Releasing
 * it after the hold gives the place back (live_appointments - 1) and the token stays used, like a
 * cancelled appointment's: the released row here explains the gap in the session's appointments.
 */
export const temporaryAppointments = pgTable(
  'temporary_appointments',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => consultationSessions.id),
    /** The account that reserved the place: only it can confirm it. */
    accountId: uuid('account_id').notNull(),
    tokenNo: integer('token_no').notNull(),
    /** 'temporary' while held, 'confirmed' once an appointment took its place, 'released' after the hold. */
    status: text('status').notNull().default('temporary'),
    bookingType: text('booking_type').notNull().default('temporary'),
    /** When the place is given back if it is still temporary (TEMPORARY_APPOINTMENT_HOLD_MS after creation). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    /** The appointment that took this place on confirm. */
    appointmentId: uuid('appointment_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('temporary_appointments_session_token_uq').on(t.sessionId, t.tokenNo),
    index('temporary_appointments_account_idx').on(t.accountId),
    index('temporary_appointments_expiry_idx').on(t.holdExpiresAt),
  ],
);
