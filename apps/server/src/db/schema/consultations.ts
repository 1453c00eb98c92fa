import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { chargingSchemes, organizations, practitioners } from './hospitals.ts';
import { databaseRestores } from './operations.ts';

// The consultations module's tables: doctors' sessions and the numbered appointments booked in them.

/** A doctor's consultation session in which numbered tokens are booked (spec doc 2 §3 Session). */
export const consultationSessions = pgTable(
  'consultation_sessions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => practitioners.id),
    practitionerRoleCode: text('practitioner_role_code').notNull(),
    practitionerRoleDisplay: text('practitioner_role_display').notNull(),
    chargingSchemeId: uuid('charging_scheme_id').references(() => chargingSchemes.id),
    /** scheduled, started, completed, practitioner_canceled, provider_aborted (spec doc 2 §4). */
    status: text('status').notNull().default('scheduled'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    sessionStartedTime: timestamp('session_started_time', { withTimezone: true }),
    sessionCompletedTime: timestamp('session_completed_time', { withTimezone: true }),
    /** -1 means unlimited (spec doc 2 §3). */
    appointmentMaxAllowed: integer('appointment_max_allowed').notNull(),
    /** Tokens handed out so far; the next token is issuedTokens + 1, taken by a conditional UPDATE. */
    issuedTokens: integer('issued_tokens').notNull().default(0),
    /**
     * Appointments of the session that are not cancelled: kept beside issuedTokens by the same
     * conditional UPDATE, so "full" (spec doc 2 §4) is decided on one row without counting.
     */
    liveAppointments: integer('live_appointments').notNull().default(0),
    /**
     * Set by a restore while the session could still take bookings: tokens given after the backup are
     * not in the data, so no token is taken until staff confirm the highest one already given
     * (issue 31 §4.13). Null: bookings run as usual.
     */
    tokenCheckRestoreId: uuid('token_check_restore_id').references(() => databaseRestores.id),
    /** The doctor's delay staff last marked, in minutes (issue 32 §1.4); null: none marked. */
    delayMinutes: integer('delay_minutes'),
    /** How many delays staff have marked: each mark tells the booked, not arrived patients once. */
    delayMarks: integer('delay_marks').notNull().default(0),
    type: text('type').notNull().default('regular'),
    /** 'in_person' or 'remote_presence_video_call' (spec doc 2 §3). */
    participationMode: text('participation_mode').notNull().default('in_person'),
    serviceTypeCode: text('service_type_code').notNull().default('2'),
    serviceCategory: text('service_category'),
    locationName: text('location_name'),
    locationImageUrl: text('location_image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sessions_start_idx').on(t.tenantId, t.startTime),
    index('sessions_practitioner_idx').on(t.practitionerId, t.startTime),
    index('sessions_org_idx').on(t.organizationId, t.startTime),
    // The /doctor screen's search by specialty (spec doc 2 §5), earliest first (issue 8 bench:search).
    index('sessions_role_idx').on(t.tenantId, t.practitionerRoleCode, t.startTime),
    // The console's list of a hospital's sessions awaiting a token check after a restore.
    index('sessions_token_check_idx')
      .on(t.organizationId, t.startTime)
      .where(sql`${t.tokenCheckRestoreId} IS NOT NULL`),
    // The notices' sweep (issue 32 §1.1, §1.4): sessions not started yet, by start, every minute.
    index('sessions_scheduled_start_idx')
      .on(t.startTime)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/** A numbered appointment inside a session (spec doc 2 §3 Appointment). */
export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => consultationSessions.id),
    /** The owning account: access is always checked through it. */
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    tokenNo: integer('token_no').notNull(),
    /** booked, arrived, cancelled, fulfilled, noshow, entered_in_error (spec doc 2 §4). */
    appointmentStatus: text('appointment_status').notNull().default('booked'),
    practitionerStatus: text('practitioner_status'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    procedurePaymentStatus: text('procedure_payment_status'),
    practitionerPaymentStatus: text('practitioner_payment_status'),
    paymentRefundStatus: text('payment_refund_status'),
    appointmentRescheduleStatus: text('appointment_reschedule_status'),
    appointmentRescheduledFor: uuid('appointment_rescheduled_for'),
    appointmentRescheduledBy: uuid('appointment_rescheduled_by'),
    appointmentRescheduledBySession: uuid('appointment_rescheduled_by_session'),
    appointmentOriginChannel: text('appointment_origin_channel').notNull().default('patient_app'),
    appointmentBookingType: text('appointment_booking_type'),
    valuepackStatus: text('valuepack_status'),
    reasonReference: jsonb('reason_reference').$type<string[]>(),
    documentReferenceIds: jsonb('document_reference_ids').$type<string[]>(),
    feedbackRating: integer('feedback_rating'),
    feedbackComment: text('feedback_comment'),
    /** When the feedback link SMS was written to the outbox (issue 29 §13: once per appointment, after fulfilment). */
    feedbackLinkSmsAt: timestamp('feedback_link_sms_at', { withTimezone: true }),
    /** When the evening reminder SMS was written to the outbox (issue 32 §1.1: once per appointment). */
    reminderSmsAt: timestamp('reminder_sms_at', { withTimezone: true }),
    /**
     * The last doctor-late notice the patient got (issue 32 §1.4): 0 the automatic one (not started
     * on time), n the session's n-th delay mark; null none. Each mark is told once.
     */
    lateNoticeMark: integer('late_notice_mark'),
    /** When that notice was given: the appointment shows it. */
    lateNoticeAt: timestamp('late_notice_at', { withTimezone: true }),
    /** The patient's journey to the hospital in minutes, for 'Leave home now' (issue 32 §1.3); null: none. */
    journeyMinutes: integer('journey_minutes'),
    heartbeatLinkSeen: boolean('heartbeat_link_seen').notNull().default(false),
    heartbeatTimestamps: jsonb('heartbeat_timestamps').$type<Record<string, string>>(),
    appointmentArrivedTime: timestamp('appointment_arrived_time', { withTimezone: true }),
    remoteCommunicationLink: text('remote_communication_link'),
    procedureCodes: jsonb('procedure_codes').$type<string[]>(),
    serviceRequestId: uuid('service_request_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Over every row, not only live ones: a token is never reused, cancelled included (spec doc 2 §4
    // Booking step 2); a partial index would let a cancelled token be given again (issue 31 §2.9).
    uniqueIndex('appointments_session_token_uq').on(t.sessionId, t.tokenNo),
    // One live appointment per profile and session (issue 8 §3): a concurrent second booking fails here.
    uniqueIndex('appointments_session_patient_live_uq')
      .on(t.sessionId, t.patientId)
      .where(sql`${t.appointmentStatus} NOT IN ('cancelled', 'entered_in_error')`),
    index('appointments_patient_idx').on(t.patientId),
    index('appointments_account_idx').on(t.accountId),
    // A session's paid count (every appointment read, the session search, the reserve path) reads the
    // paid ones only, not every appointment of a crowded session.
    index('appointments_session_paid_idx')
      .on(t.sessionId)
      .where(sql`${t.paymentStatus} = 'paid'`),
    check('appointments_journey_minutes_ck', sql`${t.journeyMinutes} IS NULL OR ${t.journeyMinutes} BETWEEN 5 AND 240`),
  ],
);

/**
 * The 'Leave home now' messages of an appointment (issue 32 §1.3), numbered 1..3: the row is written
 * with its SMS in one transaction, and the unique number makes each message exactly once, whichever
 * evaluation (a call, the sweep, another instance) gets there first.
 */
export const appointmentLeaveHomeMessages = pgTable(
  'appointment_leave_home_messages',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    messageNo: integer('message_no').notNull(),
    /** leaveNow, earlier, later. */
    kind: text('kind').notNull(),
    /** The estimate the message gave: the next one is measured from it. */
    expectedCallAt: timestamp('expected_call_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_leave_home_messages_no_uq').on(t.appointmentId, t.messageNo),
    check('appointment_leave_home_messages_no_ck', sql`${t.messageNo} BETWEEN 1 AND 3`),
  ],
);

/**
 * A waiting-room display of a hospital (issue 32 §3.6): the TV that opens the board with this
 * token's secret. Only the secret's SHA-256 is kept; staff see it once, when they create it.
 * A revoked display is refused at once, its open boards closed.
 */
export const displayTokens = pgTable(
  'display_tokens',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** What staff call it: 'Ground floor TV'. */
    name: text('name').notNull(),
    /** SHA-256 of the secret, hex. */
    secretHash: text('secret_hash').notNull(),
    /** The staff member who created it (staff_users.id). */
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    /** When a board last read with it (at most once a minute); null: never opened. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    uniqueIndex('display_tokens_secret_uq').on(t.secretHash),
    index('display_tokens_hospital_idx').on(t.tenantId, t.organizationId, t.createdAt),
  ],
);
