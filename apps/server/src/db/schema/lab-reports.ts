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
import { sql } from 'drizzle-orm';
import { blobs } from './accounts.ts';
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
    /**
     * Versions (issue 11: a correction after issue is a new amended version, the history kept): the
     * id of the series' first version (null on the first version itself) and the version from 1.
     */
    seriesId: uuid('series_id'),
    version: integer('version').notNull().default(1),
    /** The next version, once a correction of this one started; the row itself is kept as it was. */
    supersededById: uuid('superseded_by_id'),
    /** Why the correction was made (on the new version). */
    amendmentReason: text('amendment_reason'),
    /** The optimistic lock: every staff change is written only at the revision the console read. */
    revision: integer('revision').notNull().default(1),
    /** The laboratory's notes (text.div of the printable report). */
    notes: text('notes'),
    /** The staff members who saved results of this version (the second-person rule at verify). */
    enteredBy: jsonb('entered_by').$type<string[]>().notNull().default([]),
    verifiedBy: uuid('verified_by'),
    verifiedByName: text('verified_by_name'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: uuid('issued_by'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('diagnostic_reports_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    index('diagnostic_reports_order_idx').on(t.serviceRequestId),
    index('diagnostic_reports_hospital_idx').on(t.tenantId, t.organizationId, t.createdAt),
    // One version number per series, and one first report per lab order and test.
    uniqueIndex('diagnostic_reports_series_version_uq').on(sql`coalesce(${t.seriesId}, ${t.id})`, t.version),
    uniqueIndex('diagnostic_reports_order_code_uq')
      .on(t.serviceRequestId, t.codeCode)
      .where(sql`${t.version} = 1 AND ${t.serviceRequestId} IS NOT NULL`),
  ],
);

/**
 * A hospital's lab report rules (issue 11): whether a second person must verify (off unless set), and
 * the header, footer and signature images the printable report draws (blobs the laboratory uploaded;
 * none until set).
 */
export const labReportSettings = pgTable(
  'lab_report_settings',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Verification must be by a staff member who saved none of the version's results. */
    requireSecondVerifier: boolean('require_second_verifier').notNull().default(false),
    /** The printable report's images (spec doc 3 §2 'Printable lab report'): PNG or JPEG blobs. */
    headerImageBlobId: uuid('header_image_blob_id').references(() => blobs.id, {
      onDelete: 'set null',
    }),
    footerImageBlobId: uuid('footer_image_blob_id').references(() => blobs.id, {
      onDelete: 'set null',
    }),
    signatureImageBlobId: uuid('signature_image_blob_id').references(() => blobs.id, {
      onDelete: 'set null',
    }),
    updatedBy: uuid('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('lab_report_settings_hospital_uq').on(t.tenantId, t.organizationId)],
);

/** One microbiology row of a result: an organism, or an antibiotic tested against one (spec doc 3 §3 Print report results). */
export type MicrobiologyRow = {
  category: 'organism' | 'antibiotic';
  name: string;
  result?: string | null;
  definitionId?: string | null;
  organismDefinitionId?: string | null;
  comment?: string | null;
};

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
    /** The laboratory marked the value critical (printed bold, spec doc 3 §2). */
    critical: boolean('critical').notNull().default(false),
    /** FHIR interpretation code (H, L, HH, LL, A, N, …), when the laboratory set one. */
    interpretation: text('interpretation'),
    parameterOrder: integer('parameter_order'),
    subTestClassification: text('sub_test_classification'),
    /** Microbiology: the organism and antibiotic rows of this sub-test (the antibiogram). */
    microbiology: jsonb('microbiology').$type<MicrobiologyRow[]>(),
    /** Who last saved the result (staff user id). */
    enteredBy: uuid('entered_by'),
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
    // A report holds one result per sub-test (drafts are saved over it).
    uniqueIndex('observations_report_sub_code_uq')
      .on(t.diagnosticReportId, t.diagnosticReportSubCodeId)
      .where(sql`${t.diagnosticReportId} IS NOT NULL AND ${t.diagnosticReportSubCodeId} IS NOT NULL`),
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
