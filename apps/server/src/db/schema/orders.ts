import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantColumn, updatedAt } from './common.ts';
import { organizations } from './hospitals.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/** An order (service request): medication, examination, procedure or admission (spec doc 3 §3 Order). */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id').notNull(),
    // Identity and origin
    /** draft at creation; revoked for admissions; completed, entered_in_error, aborted close it (spec doc 3 §4). */
    status: text('status').notNull().default('draft'),
    /** reflex_order marks replacement orders whose live updates are ignored (spec doc 3 §4). */
    intent: text('intent').notNull().default('order'),
    /** Procedure, Medication, Examination, Finance (shown as Admission) (spec doc 3 §3). */
    category: text('category').notNull(),
    /** 3 procedure, 4 medication, 5 examination (spec doc 3 §3). */
    codeCode: text('code_code').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    hospitalId: uuid('hospital_id'),
    identifier: text('identifier'),
    // Links and content
    basedOn: jsonb('based_on').$type<string[]>().notNull().default([]),
    replacesId: uuid('replaces_id'),
    replacedById: uuid('replaced_by_id'),
    reasonReference: jsonb('reason_reference').$type<string[]>().notNull().default([]),
    orderDetail: jsonb('order_detail').$type<{ coding?: { display: string }[]; text?: string }>(),
    requester: text('requester'),
    referralOrganization: text('referral_organization'),
    practitionerId: uuid('practitioner_id'),
    // Documents live in service_request_documents, notes in service_request_notes (issue 10 Build 2).
    additionalNote: text('additional_note'),
    // Status extensions: all start as new (spec doc 3 §3)
    medicationOrderStatus: text('medication_order_status').notNull().default('new'),
    examinationOrderStatus: text('examination_order_status').notNull().default('new'),
    procedureOrderStatus: text('procedure_order_status').notNull().default('new'),
    encounterOrderStatus: text('encounter_order_status').notNull().default('new'),
    orderCanceledReason: text('order_canceled_reason'),
    /** initial, patientReplied, performerReplied (spec doc 3 §3). */
    orderCommunicationStatus: text('order_communication_status').notNull().default('initial'),
    // Initiation
    /** homecare (default) or appointment (spec doc 3 §4 Other transitions). */
    serviceRequestInitiatedFor: text('service_request_initiated_for').notNull().default('homecare'),
    serviceRequestInitiatedFrom: text('service_request_initiated_from')
      .notNull()
      .default('heartbeat'),
    // Payment
    serviceRequestChargingAmount: money('service_request_charging_amount'),
    /** paid, pending. */
    serviceRequestPaymentStatus: text('service_request_payment_status')
      .notNull()
      .default('pending'),
    /** cash, genie, card; card at creation (spec doc 3 §3). */
    serviceRequestPaymentMethod: text('service_request_payment_method').notNull().default('card'),
    // Estimates and times
    medicationOrderEstimatedPrice: money('medication_order_estimated_price'),
    medicationOrderEstimatedTime: at('medication_order_estimated_time'),
    sampleCollectionRequestedTime: at('sample_collection_requested_time'),
    sampleCollectionTime: at('sample_collection_time'),
    sampleCollectionUserName: text('sample_collection_user_name'),
    procedureRequestedTime: at('procedure_requested_time'),
    encounterRequestedTime: at('encounter_requested_time'),
    homeVisitRequestedTime: at('home_visit_requested_time'),
    // Location
    addressLineOne: text('address_line_one'),
    addressLineTwo: text('address_line_two'),
    addressLineThree: text('address_line_three'),
    addressCity: text('address_city'),
    requestedLat: doublePrecision('requested_lat'),
    requestedLng: doublePrecision('requested_lng'),
    // Creation payload content kept as given: the examination's report codes and the procedure request
    diagnosticReport: jsonb('diagnostic_report').$type<unknown>(),
    procedureRequest: jsonb('procedure_request').$type<unknown>(),
    // Tracking and presentation
    heartbeatLinkSeen: boolean('heartbeat_link_seen').notNull().default(false),
    /** Named timestamps such as heartbeatLastSeen (spec doc 3 §7 Patch service request). */
    heartbeatTimestamps: jsonb('heartbeat_timestamps')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    invoiceOrEncounterIdentifier: text('invoice_or_encounter_identifier'),
    /** Orders list excludes purpose Administration and sensitive true (spec doc 3 §7). */
    purpose: text('purpose'),
    sensitive: boolean('sensitive').notNull().default(false),
    /** Further extensions the spec does not name as columns. */
    extensions: jsonb('extensions').$type<Record<string, unknown>>().notNull().default({}),
    /** Optimistic lock: bumped by every change; a write naming an older version is refused (ARO-E6002). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_requests_account_idx').on(t.tenantId, t.accountId, t.createdAt),
    index('service_requests_patient_idx').on(t.tenantId, t.patientId, t.createdAt),
    index('service_requests_status_idx').on(t.tenantId, t.status),
    /** The staff console's queues: a hospital's orders of a category, newest first (issue 10 staff console). */
    index('service_requests_organization_idx').on(t.tenantId, t.organizationId, t.category, t.createdAt),
  ],
);

/** A note on an order: patient replies and staff messages (spec doc 3 §3 Order notes, §7 Notes block). */
export const serviceRequestNotes = pgTable(
  'service_request_notes',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** 'Patient/{id}' or 'User/{id}' (staff). */
    authorReference: text('author_reference').notNull(),
    authorDisplay: text('author_display'),
    text: text('text').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** A file sent with the note, attached to the order as a document (issue 10 staff console: a reply with an attachment). */
    documentReferenceId: uuid('document_reference_id').references(() => documentReferences.id),
  },
  (t) => [index('service_request_notes_order_idx').on(t.serviceRequestId, t.time)],
);

/** An uploaded document or image (spec doc 2 §3 and doc 3 §3 Document reference). */
export const documentReferences = pgTable(
  'document_references',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    accountId: uuid('account_id').notNull(),
    patientId: uuid('patient_id'),
    /** The hospital the document belongs to: its staff may read it (issue 7 point 4). */
    organizationId: uuid('organization_id').references(() => organizations.id),
    /** The stored blob (x-blobdata-id). */
    blobId: uuid('blob_id'),
    url: text('url'),
    contentType: text('content_type'),
    description: text('description'),
    /** 'User/{id}' means hospital staff; 'Patient/{id}' the patient (spec doc 2 §6). */
    authorReference: text('author_reference').notNull(),
    subjectReference: text('subject_reference'),
    status: text('status').notNull().default('current'),
    createdTime: timestamp('created_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_references_account_idx').on(t.tenantId, t.accountId, t.createdTime),
    index('document_references_patient_idx').on(t.tenantId, t.patientId),
    index('document_references_blob_idx').on(t.tenantId, t.blobId),
  ],
);

/**
 * The documents of an order, in the order they were attached: a join table rather than JSON arrays
 * of ids (issue 10 Build 2), so each document is on an order at most once and a document is found
 * with its orders.
 */
export const serviceRequestDocuments = pgTable(
  'service_request_documents',
  {
    tenantId: tenantColumn(),
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    documentReferenceId: uuid('document_reference_id')
      .notNull()
      .references(() => documentReferences.id, { onDelete: 'cascade' }),
    /** 0-based place of the document on the order. */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceRequestId, t.documentReferenceId] }),
    index('service_request_documents_document_idx').on(t.tenantId, t.documentReferenceId),
  ],
);

/**
 * The order-events history: one row per creation, transition or change of an order, which feeds the
 * patient's tracker and the staff timeline (issue 10 Build 4).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    tenantId: tenantColumn(),
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The category's order status before; null for the creation. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** 'create' or an event of the domain state machine (setCharge, addNote, changeAddress, …). */
    event: text('event').notNull(),
    /** 'Patient/{id}' or 'User/{id}' (staff); 'System' for the server itself. */
    actorReference: text('actor_reference').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.serviceRequestId, t.createdAt)],
);
