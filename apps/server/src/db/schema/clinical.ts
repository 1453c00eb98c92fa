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
import { organizations } from './hospitals.ts';

/** A procedure code, e.g. general X-ray, ECG, echo, ambulance (spec doc 1 §3 defaults). */
export const procedureCodes = pgTable(
  'procedure_codes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    code: text('code').notNull(),
    display: text('display').notNull(),
    system: text('system').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('procedure_codes_tenant_code_uq').on(t.tenantId, t.code)],
);

/** A procedure done for an appointment or order (spec doc 2 §7 queryProcedure, doc 3 §3 Procedure). */
export const procedures = pgTable(
  'procedures',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    appointmentId: uuid('appointment_id'),
    serviceRequestId: uuid('service_request_id'),
    /** preparation, in_progress, completed, ... ; fulfilled turns the tracker green (spec doc 3 §4). */
    status: text('status').notNull().default('preparation'),
    codeCode: text('code_code').notNull(),
    codeDisplay: text('code_display').notNull(),
    performedTime: timestamp('performed_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('procedures_appointment_idx').on(t.tenantId, t.appointmentId),
    index('procedures_order_idx').on(t.tenantId, t.serviceRequestId),
  ],
);

/** A care plan action for an appointment (spec doc 3 §3 Care plan action, doc 2 §7 queryCarePlan). */
export const carePlanActions = pgTable(
  'care_plan_actions',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    appointmentId: uuid('appointment_id'),
    /** The care plan's status; queries exclude revoked (spec doc 2 §7). */
    status: text('status').notNull().default('active'),
    title: text('title').notNull(),
    description: text('description'),
    /** general, base, task (spec doc 3 §3). */
    planDefinitionActionCategory: text('plan_definition_action_category')
      .notNull()
      .default('general'),
    start: timestamp('start', { withTimezone: true }),
    scheduledPeriodStartTime: timestamp('scheduled_period_start_time', { withTimezone: true }),
    scheduledPeriodEndTime: timestamp('scheduled_period_end_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('care_plan_actions_appointment_idx').on(t.tenantId, t.appointmentId, t.status)],
);

/** A consultation encounter carrying the doctor's prescriptions, view-only (spec doc 2 §6, §7 queryEncounter). */
export const encounters = pgTable(
  'encounters',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    appointmentId: uuid('appointment_id'),
    practitionerId: uuid('practitioner_id'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    status: text('status').notNull().default('finished'),
    identifier: text('identifier'),
    /** Prescription lines as the hospital system wrote them. */
    prescriptions: jsonb('prescriptions').$type<Record<string, unknown>[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('encounters_appointment_idx').on(t.tenantId, t.appointmentId)],
);

/** A questionnaire, e.g. the screening questionnaire before a consultation (spec doc 3 §2 Questionnaire). */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('active'),
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** Questions: [{ linkId, text, type, options? }]. */
    items: jsonb('items')
      .$type<{ linkId: string; text: string; type: string; options?: string[] }[]>()
      .notNull(),
    /**
     * The title and questions in the tenant's other languages (issue 30 §4.9), by language: each
     * question by linkId, its options in the order of `items`' options; null or a missing language
     * or question reads as `title` and `items`.
     */
    translations: jsonb('translations').$type<QuestionnaireTranslations>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('questionnaires_tenant_name_uq').on(t.tenantId, t.name)],
);

/** A questionnaire's texts in one more language: the title, and each question's text and options by linkId. */
export type QuestionnaireTranslation = {
  title: string;
  items: { linkId: string; text: string; options?: string[] }[];
};

/** A questionnaire's translations by language ('si', 'ta'). */
export type QuestionnaireTranslations = Partial<Record<string, QuestionnaireTranslation>>;

/** A patient's answers to a questionnaire (spec doc 3 §3 Questionnaire response). */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    /** The hospital of the appointment it is based on: whose staff read it (issue 30 §4.9). */
    organizationId: uuid('organization_id').references(() => organizations.id),
    questionnaireId: uuid('questionnaire_id').references(() => questionnaires.id),
    /** e.g. 'Appointment/{id}'. */
    basedOn: text('based_on'),
    subject: text('subject').notNull(),
    author: text('author').notNull(),
    items: jsonb('items').$type<{ linkId?: string; text: string; answer: string }[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questionnaire_responses_patient_idx').on(t.tenantId, t.patientId),
    index('questionnaire_responses_based_on_idx').on(t.tenantId, t.basedOn),
    index('questionnaire_responses_hospital_idx').on(t.tenantId, t.organizationId, t.createdAt),
  ],
);
