import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { organizations, practitioners } from './hospitals.ts';

/** A hospital staff member of a tenant, signing in with email and password (issue 7 point 1). */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    /** Lower-cased and trimmed (normaliseStaffEmail). */
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    /** argon2id PHC string; never leaves the server. */
    passwordHash: text('password_hash').notNull(),
    /** Set for a temporary password: every operation but the change itself is refused until then. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdByStaffUserId: uuid('created_by_staff_user_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_users_tenant_email_uq').on(t.tenantId, t.email)],
);

/** A role a staff member holds in one hospital (organization) of the tenant. */
export const staffMemberships = pgTable(
  'staff_memberships',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** One of STAFF_ROLES (packages/domain/src/staff). */
    role: text('role').notNull(),
    /** For the doctor role: the practitioner this user is. */
    practitionerId: uuid('practitioner_id').references(() => practitioners.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_memberships_uq').on(t.staffUserId, t.organizationId, t.role),
    index('staff_memberships_org_idx').on(t.tenantId, t.organizationId),
  ],
);

/** Staff sign-in sessions: only the SHA-256 of the token is stored, as for patients. */
export const staffAccessSessions = pgTable(
  'staff_sessions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_uq').on(t.tokenHash),
    index('staff_sessions_user_idx').on(t.staffUserId),
  ],
);

/** Failed staff sign-ins, counted per user and per client address for the limits. */
export const staffSignInFailures = pgTable(
  'staff_sign_in_failures',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    email: text('email').notNull(),
    clientIp: text('client_ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_sign_in_failures_email_idx').on(t.tenantId, t.email, t.at),
    index('staff_sign_in_failures_ip_idx').on(t.clientIp, t.at),
  ],
);

/**
 * The audit trail (issue 7 point 3): who did what to whose data, when, under which correlation id.
 * Append-only: a trigger (migration 0002) refuses UPDATE and DELETE, and no API writes it but the
 * audit service, inside the transaction of the change it records.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** 'staff' or 'patient'. */
    actorKind: text('actor_kind').notNull(),
    /** The staff user or the patient account. */
    actorId: uuid('actor_id').notNull(),
    /** The staff role the action was allowed under (null for patients). */
    role: text('role'),
    organizationId: uuid('organization_id'),
    /** e.g. 'patient.lookup', 'staff.create', 'auth.sign-in'. */
    action: text('action').notNull(),
    /** The patient account whose data was read or changed, when there is one. */
    patientAccountId: uuid('patient_account_id'),
    /** The patient profile, when the action concerns one. */
    patientId: uuid('patient_id'),
    correlationId: text('correlation_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_events_org_at_idx').on(t.tenantId, t.organizationId, t.at),
    index('audit_events_patient_idx').on(t.tenantId, t.patientAccountId, t.at),
    index('audit_events_actor_idx').on(t.tenantId, t.actorId, t.at),
  ],
);
