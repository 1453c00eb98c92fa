import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';

/** A hospital (organization) of the tenant's group (spec doc 1 §3). */
export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    city: text('city'),
    phone: text('phone'),
    labReportHeaderImageUrl: text('lab_report_header_image_url'),
    labReportFooterImageUrl: text('lab_report_footer_image_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organizations_tenant_name_uq').on(t.tenantId, t.name)],
);

/** A doctor. Appears as data only (spec doc 1 §6). */
export const practitioners = pgTable(
  'practitioners',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    prefix: text('prefix').notNull().default('Dr.'),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    /** The display text, e.g. 'Dr. Nimal Perera'. */
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
    includeNoShowInPractitionerPayment: boolean('include_no_show_in_practitioner_payment')
      .notNull()
      .default(false),
    createdAt: createdAt(),
  },
  (t) => [index('practitioners_tenant_idx').on(t.tenantId, t.active)],
);

/** A practitioner's role (specialty), e.g. code 'cardiologist', display 'Cardiologist' (spec doc 1 §3). */
export const practitionerRoles = pgTable(
  'practitioner_roles',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id),
    code: text('code').notNull(),
    display: text('display').notNull(),
  },
  (t) => [
    index('practitioner_roles_practitioner_idx').on(t.practitionerId),
    index('practitioner_roles_code_idx').on(t.tenantId, t.code),
    // Specialty search (spec doc 2 §5: prefix, case-insensitive) and has= role codes, both in SQL.
    index('practitioner_roles_display_prefix_idx').on(t.tenantId, sql`lower(${t.display}) text_pattern_ops`),
    index('practitioner_roles_code_lower_idx').on(t.tenantId, sql`lower(${t.code})`),
  ],
);

/**
 * The lower-case words of a practitioner's name and displayed roles, one row each, kept by database
 * triggers (migration 0007): the doctor search (spec doc 1 §5, doc 2 §5) finds word starts with an
 * index range scan instead of reading every practitioner.
 */
export const practitionerSearchTerms = pgTable(
  'practitioner_search_terms',
  {
    tenantId: tenantColumn(),
    practitionerId: uuid('practitioner_id')
      .notNull()
      .references(() => practitioners.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
  },
  (t) => [
    uniqueIndex('practitioner_search_terms_uq').on(t.practitionerId, t.term),
    index('practitioner_search_terms_prefix_idx').on(t.tenantId, t.term.op('text_pattern_ops')),
  ],
);

/** Fees charged for a kind of service at an organization (spec doc 2 §3 Charging scheme). */
export const chargingSchemes = pgTable(
  'charging_schemes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    practitionerId: uuid('practitioner_id').references(() => practitioners.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    /** Fee lines: [{ category: 'doctor_fee' | 'hospital_fee' | ..., description, amount }]. */
    items: jsonb('items').$type<{ category: string; description: string; amount: number }[]>().notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('charging_schemes_org_idx').on(t.organizationId)],
);

/** A line of a loyalty transaction (spec doc 2 §3 Loyalty transaction items). */
export type LoyaltyTransactionItem = { description: string; points: number; appointmentId?: string };

/** Loyalty points per patient (spec doc 2 §3): Amount = activePoints / rate. */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    patientId: uuid('patient_id').notNull(),
    name: text('name').notNull(),
    activePoints: integer('active_points').notNull().default(0),
    rate: numeric('rate', { precision: 10, scale: 4, mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('loyalty_accounts_patient_idx').on(t.patientId)],
);

export const loyaltyTransactions = pgTable(
  'loyalty_transactions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    loyaltyAccountId: uuid('loyalty_account_id')
      .notNull()
      .references(() => loyaltyAccounts.id, { onDelete: 'cascade' }),
    actor: text('actor'),
    reasonCode: text('reason_code').notNull(),
    /** Lines of the transaction; a visit's earning names its appointment (checked so a visit earns once). */
    items: jsonb('items').$type<LoyaltyTransactionItem[]>().notNull(),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loyalty_transactions_account_idx').on(t.loyaltyAccountId)],
);

