import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { staffUsers } from './staff.ts';

/** The account (user profile) identified by a mobile number within a tenant (spec doc 1 §3). */
export const accounts = pgTable(
  'accounts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Normalised 94 + 9 digits (spec doc 1 §5). */
    mobileNo: varchar('mobile_no', { length: 11 }).notNull(),
    status: text('status').notNull().default('active'),
    defaultPaymentMethodId: uuid('default_payment_method_id'),
    bookingReqId: uuid('booking_req_id'),
    /** The language of the account's texts and SMS ('en', 'si', 'ta'); null until one is chosen (issue 6 §5). */
    preferredLanguage: text('preferred_language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('accounts_tenant_mobile_uq').on(t.tenantId, t.mobileNo)],
);

/** A patient profile under an account: the holder (Me) or a related person (spec doc 1 §3). */
export const patients = pgTable(
  'patients',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    gender: text('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    /** Null means unclassified (spec doc 1 §2 Profiles screen). */
    relationship: text('relationship'),
    addressLineOne: text('address_line_one'),
    addressLineTwo: text('address_line_two'),
    addressLineThree: text('address_line_three'),
    addressCity: text('address_city'),
    /** The hospital the profile was registered at. */
    hospitalId: uuid('hospital_id'),
    mobileNo: varchar('mobile_no', { length: 11 }),
    /**
     * The tenant's medical record number, the patient number printed and shown (issue 30 §3.7):
     * 1, 2, 3, … per tenant, assigned by the database when the row is inserted (a trigger takes the
     * next value of the tenant's row in patient_number_counters, in the inserting transaction, so
     * two registrations never get the same number). Null only before the insert.
     */
    medicalRecordNumber: integer('medical_record_number'),
    /** Related patients of the same account (spec doc 1 §3 "links to related patients"). */
    linkedPatientIds: uuid('linked_patient_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('patients_account_idx').on(t.accountId),
    uniqueIndex('patients_tenant_mrn_uq').on(t.tenantId, t.medicalRecordNumber),
  ],
);

/** The last medical record number given in each tenant (issue 30 §3.7); see patients.medicalRecordNumber. */
export const patientNumberCounters = pgTable('patient_number_counters', {
  tenantId: text('tenant_id').primaryKey(),
  lastValue: integer('last_value').notNull(),
});

/** Saved card tokens; the card number is stored masked only (spec doc 1 §3 Payment method). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('card'),
    status: text('status').notNull().default('active'),
    cardType: text('card_type'),
    /** First 6 digits then a mask (spec doc 2 §5). */
    cardNumber: text('card_number'),
    cardExpiry: text('card_expiry'),
    /** The gateway's token for the card; never sent to a browser. */
    gatewayToken: text('gateway_token'),
    gateway: text('gateway'),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_account_idx').on(t.accountId)],
);

/** One SMS sign-in challenge: a 4-digit code stored only as a hash (issue 3 point 2). */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    mobileNo: varchar('mobile_no', { length: 11 }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    clientIp: text('client_ip'),
    /** What the challenge was started for: 'sms' or 'link' with the link's target. */
    purpose: text('purpose').notNull().default('sms'),
    createdAt: createdAt(),
  },
  (t) => [index('auth_challenges_mobile_idx').on(t.tenantId, t.mobileNo, t.createdAt)],
);

/** Rate-limit events (sends, failures) per number and per client address. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    kind: text('kind').notNull(),
    mobileNo: varchar('mobile_no', { length: 11 }),
    clientIp: text('client_ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_events_mobile_idx').on(t.tenantId, t.kind, t.mobileNo, t.at),
    // Address limits count across tenants (auth.service.ts limitAddress).
    index('auth_events_ip_idx').on(t.kind, t.clientIp, t.at),
  ],
);

/**
 * One row per number that was sent a code: the send slot claimed atomically before each SMS, so that
 * concurrent sign-ins or a new challenge after a lockout cannot beat the 1-minute resend spacing
 * (spec doc 1 §4; issue 3 point 2).
 */
export const authNumbers = pgTable(
  'auth_numbers',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    mobileNo: varchar('mobile_no', { length: 11 }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    /** The slot's previous time, put back when the SMS could not be sent. */
    previousSentAt: timestamp('previous_sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_numbers_mobile_uq').on(t.tenantId, t.mobileNo)],
);

/** Access sessions: only the SHA-256 of the token is stored (issue 3 point 3). */
export const accessSessions = pgTable(
  'access_sessions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('access_sessions_token_uq').on(t.tokenHash),
    index('access_sessions_account_idx').on(t.accountId),
  ],
);

/** SMS messages sent through any provider; the dev outbox reads them back. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Send order: timestamps can tie (PGlite's clock is coarse), the outbox lists oldest first. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    provider: text('provider').notNull(),
    to: varchar('to', { length: 20 }).notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('sent'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_messages_sent_idx').on(t.sentAt),
    index('sms_messages_to_idx').on(t.to, t.seq),
  ],
);

/** Blob metadata; the bytes live in the blob store under a generated key. */
export const blobs = pgTable(
  'blobs',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** The patient account that uploaded it; null for a blob staff uploaded. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    /** The staff member that uploaded it (hospital-wide images, staff documents). */
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('blobs_account_idx').on(t.accountId)],
);

