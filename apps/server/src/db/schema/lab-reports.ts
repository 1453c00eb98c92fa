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
import { organizations } from './hospitals.ts';

/** A reference range: low–high, or a comparator and value (spec doc 3 §3 Reference range display). */
export type ReferenceRange = {
  low?: number;
  high?: number;
  comparator?: '>' | '>=' | '<' | '<=';
  value?: number;
  text?: string;
};

/** A lab test code, e.g. 00000001 full blood count (spec doc 1 §3 defaults, doc 3 §3 Diagnostic report code). */
export const diagnosticReportCodes = pgTable(
  'diagnostic_report_codes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    code: text('code').notNull(),
    display: text('display').notNull(),
    system: text('system').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'quantitative' or 'qualitative'; qualitative hides the chart (spec doc 3 §3). */
    resultValueType: text('result_value_type').notNull().default('quantitative'),
  },
  (t) => [uniqueIndex('diagnostic_report_codes_tenant_code_uq').on(t.tenantId, t.code)],
);

/** A parameter of a lab test (SubDiagnosticReportCodes, spec doc 3 §3), ordered by parameterOrder. */
export const diagnosticReportSubCodes = pgTable(
  'diagnostic_report_sub_codes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    diagnosticReportCodeId: uuid('diagnostic_report_code_id')
      .notNull()
      .references(() => diagnosticReportCodes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parameterOrder: integer('parameter_order').notNull().default(0),
    /** Grouping key; UNCLASSIFIED by default (spec doc 3 §3 Grouping). */
    subTestClassification: text('sub_test_classification').notNull().default('UNCLASSIFIED'),
    unit: text('unit'),
    referenceRange: jsonb('reference_range').$type<ReferenceRange>(),
  },
  (t) => [
    index('diagnostic_report_sub_codes_code_idx').on(t.diagnosticReportCodeId, t.parameterOrder),
  ],
);

/** A lab report for a patient (spec doc 3 §3 Diagnostic report). */
export const diagnosticReports = pgTable(
  'diagnostic_reports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    serviceRequestId: uuid('service_request_id'),
    diagnosticReportCodeId: uuid('diagnostic_report_code_id').references(
      () => diagnosticReportCodes.id,
    ),
    codeCode: text('code_code').notNull(),
    codeDisplay: text('code_display').notNull(),
    status: text('status').notNull().default('registered'),
    /** diagnostic-test (spec doc 3 §3). */
    diagnosticReportCodeType: text('diagnostic_report_code_type')
      .notNull()
      .default('diagnostic-test'),
    /** 'external' when outsourced. */
    diagnosticReportOutsourcedType: text('diagnostic_report_outsourced_type'),
    diagnosticReportSensitive: boolean('diagnostic_report_sensitive').notNull().default(false),
    patientCreditStatus: text('patient_credit_status'),
    /** print_ready, report, issued (spec doc 3 §3; trackers in §4). */
    summaryStatus: text('summary_status'),
    diagnosticReportPaymentStatus: text('diagnostic_report_payment_status'),
    diagnosticReportVerifiedTime: timestamp('diagnostic_report_verified_time', {
      withTimezone: true,
    }),
    /** Administration reports are fetched by id only (spec doc 3 §7). */
    purpose: text('purpose'),
    /** Last-seen timestamp recorded after a PDF download (spec doc 3 §4 Other transitions). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('diagnostic_reports_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    index('diagnostic_reports_order_idx').on(t.serviceRequestId),
  ],
);

/** One result (or a patient's own information, code 3) for a patient (spec doc 3 §3 Diagnostic observation, doc 2 §7 createObservation). */
export const observations = pgTable(
  'observations',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    diagnosticReportId: uuid('diagnostic_report_id').references(() => diagnosticReports.id, {
      onDelete: 'cascade',
    }),
    diagnosticReportCodeId: uuid('diagnostic_report_code_id').references(
      () => diagnosticReportCodes.id,
    ),
    diagnosticReportSubCodeId: uuid('diagnostic_report_sub_code_id').references(
      () => diagnosticReportSubCodes.id,
    ),
    /** Only final results are charted (spec doc 3 §3). */
    status: text('status').notNull().default('final'),
    code: text('code'),
    codeDisplay: text('code_display'),
    valueString: text('value_string'),
    valueQuantity: numeric('value_quantity', { precision: 18, scale: 6, mode: 'number' }),
    unit: text('unit'),
    referenceRange: jsonb('reference_range').$type<ReferenceRange>(),
    basedOn: jsonb('based_on').$type<string[]>().notNull().default([]),
    /** The document reference a patient's observation derives from (spec doc 2 §7 createObservation). */
    derivedFromDocumentReferenceId: uuid('derived_from_document_reference_id'),
    appointmentId: uuid('appointment_id'),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The trend graph: one patient's results for a list of report codes (spec doc 3 §7).
    index('observations_patient_code_idx').on(
      t.tenantId,
      t.patientId,
      t.diagnosticReportCodeId,
      t.createdTime,
    ),
    index('observations_report_idx').on(t.diagnosticReportId),
  ],
);

/** The printable report's data, as the lab system produced it (spec doc 3 §3 Print report). */
export const printReports = pgTable(
  'print_reports',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    diagnosticReportId: uuid('diagnostic_report_id')
      .notNull()
      .references(() => diagnosticReports.id, { onDelete: 'cascade' }),
    /** Header fields (patient, identifiers, times, names) and the results list. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('print_reports_report_uq').on(t.diagnosticReportId)],
);
