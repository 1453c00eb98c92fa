import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantColumn, updatedAt } from './common.ts';

/** A chat with hospital staff (spec doc 1 §3 Chat communication, §4 Chat session with staff). */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id'),
    /** preparation, in_progress, suspended, completed, entered_in_error (spec doc 1 §4). */
    status: text('status').notNull().default('preparation'),
    state: text('state'),
    /** e.g. 'Patient/{id}'. */
    sender: text('sender'),
    /** The staff member or queue, e.g. 'Organization/{id}'. */
    recipient: text('recipient'),
    hospitalId: uuid('hospital_id'),
    /** 1 happy, 0 unhappy (spec doc 1 §4). */
    rating: integer('rating'),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('chat_sessions_account_idx').on(t.tenantId, t.accountId, t.createdTime),
    // spec doc 1 §4: a new chat can start only after completion — one open chat per account.
    uniqueIndex('chat_sessions_open_uq')
      .on(t.tenantId, t.accountId)
      .where(sql`status in ('preparation', 'in_progress', 'suspended')`),
  ],
);

/** A note in a chat: message, event or documentUpload (spec doc 1 §3 Chat communication). */
export const chatNotes = pgTable(
  'chat_notes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    chatSessionId: uuid('chat_session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    /** message, event, documentUpload. */
    kind: text('kind').notNull(),
    authorRef: text('author_ref').notNull(),
    message: text('message'),
    /** Payload extensions: event, imageUrl, description, hospitalId. */
    extensions: jsonb('extensions').$type<Record<string, unknown>>().notNull().default({}),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_notes_chat_idx').on(t.chatSessionId, t.createdTime)],
);

/** A video consultation communication for an appointment, medium VIDEOCONF (spec doc 2 §3 Video communication). */
export const videoCommunications = pgTable(
  'video_communications',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    appointmentId: uuid('appointment_id').notNull(),
    medium: text('medium').notNull().default('VIDEOCONF'),
    /** connected shows the incoming call card (spec doc 2 §4 Video call). */
    participantStatus: text('participant_status'),
    /** 'Patient/{id}'. */
    participantReference: text('participant_reference'),
    permissions: jsonb('permissions').$type<{ camera?: string; microphone?: string }>(),
    deviceSupport: boolean('device_support'),
    roomSid: text('room_sid'),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('video_communications_appointment_idx').on(t.tenantId, t.appointmentId, t.createdTime),
  ],
);

/** A connect or disconnect event of a video call: the call history modal (spec doc 2 §2, §3 videoCallHistory). */
export const videoCallHistory = pgTable(
  'video_call_history',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    videoCommunicationId: uuid('video_communication_id')
      .notNull()
      .references(() => videoCommunications.id, { onDelete: 'cascade' }),
    participantReference: text('participant_reference').notNull(),
    participantStatus: text('participant_status').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_call_history_comm_idx').on(t.videoCommunicationId, t.timestamp)],
);
