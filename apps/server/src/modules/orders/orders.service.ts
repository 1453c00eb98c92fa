import { randomUUID } from 'node:crypto';
import { AppError, errorString, type ErrorCode } from '@careline/domain/errors';
import {
  DEFAULT_INITIATED_FROM,
  DEFAULT_ORDER_PAYMENT_METHOD,
  INITIAL_ORDER_STATUS,
  ORDER_CATEGORY_CODES,
  ORDER_LIST_FIRST_PAGE,
  ORDER_MAX_DOCUMENTS,
  ORDER_STATUS_FIELDS,
  changeOrderInitiatedForInput,
  chooseOrderPaymentMethodInput,
  createOrderInput,
  isOrderCategory,
  isOrderCategoryEnabled,
  isSampleCollectionDateChoice,
  orderAddressInput,
  orderNoteInput,
  transitionOrder,
  type OrderAddress,
  type OrderCategory,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
} from '@careline/domain/orders';
import { hasControlCharacters } from '@careline/domain/staff';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { ZodError } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { runOnce } from '../idempotency/idempotency.service.ts';
import { closeOpenOrderInvoice } from './order-invoice-hook.ts';
import {
  assignDocumentsToHospital,
  assignDocumentsToPatient,
  findDocumentsOfOtherPatientsOrders,
  findAccountMainProfile,
  findActiveOrganization,
  findOwnBlob,
  findOwnedDocuments,
  findOwnedProfile,
  findOwnedServiceRequest,
  insertDocumentReference,
  insertNote,
  insertOrderEvents,
  insertServiceRequest,
  linkDocuments,
  selectNotes,
  selectOrderDocuments,
  selectOrderEvents,
  selectOwnedServiceRequests,
  updateDocumentPatient,
  updateServiceRequestAtVersion,
  type DocumentReferenceRow,
  type OrderEventRow,
  type Owner,
  type ServiceRequestNoteRow,
  type ServiceRequestRow,
} from './orders.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

export { UUID };

/** Longest document description (ours; the spec names the field only, doc 3 §3 Document reference). */
export const DOCUMENT_DESCRIPTION_MAX = 500;

/** Most orders one page of serviceRequests returns (the spec's pages are 10, then 9 per Load More: doc 3 §9). */
export const ORDER_PAGE_MAX = 50;

/** The named timestamps patchServiceRequest sets to now (spec doc 3 §4 Other transitions, §7). */
export const ORDER_TIMESTAMP_KEYS = ['heartbeatLastSeen'] as const;

/** Who acts on an order here: the signed-in patient account (staff operations are another module's). */
export type OrderRequest = Owner & { correlationId: string; idempotencyKey: string | null };

/** An order with its documents, notes and history, as the patient app reads it. */
export type OrderView = ServiceRequestRow & {
  /** The category's order status (medicationOrderStatus, examinationOrderStatus, …). */
  orderStatus: string;
  documents: DocumentReferenceRow[];
  notes: ServiceRequestNoteRow[];
  events: OrderEventRow[];
};

/** A page of orders, newest first: endCursor is the id to pass as `after` for the next page. */
export type OrderPage = { nodes: OrderView[]; endCursor: string | null; hasMore: boolean };

/** The answer for a missing order, and for one the caller may not see. */
export function notFound(): AppError {
  return new AppError('ARO-E2001');
}

/** An AppError with a message already rendered (a zod issue's or a state machine refusal's 'CODE:message'). */
export function rendered(code: ErrorCode, message: string): AppError {
  const error = new AppError(code);
  error.message = message;
  return error;
}

/** The first catalogue message of a zod failure, else ARO-E2002 naming the field. */
export function inputError(error: ZodError): AppError {
  for (const issue of error.issues) {
    const match = /^(ARO-E\d{4}):/.exec(issue.message);
    if (match?.[1]) {
      return rendered(match[1] as ErrorCode, issue.message);
    }
  }
  const [first] = error.issues;
  return first ? rendered('ARO-E2002', `ARO-E2002:${first.path.join('.')}: ${first.message}`) : new AppError('ARO-E2002');
}

export function statusOf(row: ServiceRequestRow): string {
  return isOrderCategory(row.category) ? row[ORDER_STATUS_FIELDS[row.category]] : row.medicationOrderStatus;
}

function addressOf(row: ServiceRequestRow): OrderAddress {
  return {
    addressLineOne: row.addressLineOne ?? '',
    addressLineTwo: row.addressLineTwo ?? '',
    addressLineThree: row.addressLineThree ?? '',
    addressCity: row.addressCity ?? '',
  };
}

/** What the state machine reads of an order row. */
export function orderState(row: ServiceRequestRow, documentCount: number): OrderState {
  if (!isOrderCategory(row.category)) {
    throw new Error(`order ${row.id} has an unknown category`);
  }
  const sampleTime = row.sampleCollectionTime;
  return {
    category: row.category,
    status: statusOf(row) as OrderStatus,
    version: row.version,
    initiatedFor: row.serviceRequestInitiatedFor as OrderState['initiatedFor'],
    paymentStatus: row.serviceRequestPaymentStatus as OrderState['paymentStatus'],
    paymentMethod: row.serviceRequestPaymentMethod as OrderState['paymentMethod'],
    chargingAmountMinor: row.serviceRequestChargingAmount === null ? null : Math.round(row.serviceRequestChargingAmount * 100),
    canceledReason: row.orderCanceledReason as OrderState['canceledReason'],
    communicationStatus: row.orderCommunicationStatus as OrderState['communicationStatus'],
    estimatedTime: row.medicationOrderEstimatedTime?.toISOString() ?? null,
    sampleCollection:
      row.sampleCollectionUserName && sampleTime ? { userName: row.sampleCollectionUserName, time: sampleTime.toISOString() } : null,
    address: addressOf(row),
    replacedBy: row.replacedById,
    documentCount,
  };
}

/** The columns a patient's accepted events may change. */
function patientColumns(category: OrderCategory, state: OrderState) {
  return {
    [ORDER_STATUS_FIELDS[category]]: state.status,
    serviceRequestInitiatedFor: state.initiatedFor,
    serviceRequestPaymentMethod: state.paymentMethod,
    orderCommunicationStatus: state.communicationStatus,
    addressLineOne: state.address.addressLineOne,
    addressLineTwo: state.address.addressLineTwo,
    addressLineThree: state.address.addressLineThree,
    addressCity: state.address.addressCity,
    version: state.version,
  };
}

/**
 * Reads orders with their documents, notes and order-events history, in one query each.
 * @param db - database or transaction
 * @param rows - the orders
 */
export async function withDetails(db: DbOrTx, rows: ServiceRequestRow[]): Promise<OrderView[]> {
  const ids = rows.map((row) => row.id);
  const [documents, notes, events] = await Promise.all([selectOrderDocuments(db, ids), selectNotes(db, ids), selectOrderEvents(db, ids)]);
  return rows.map((row) => ({
    ...row,
    orderStatus: statusOf(row),
    documents: documents.filter((document) => document.serviceRequestId === row.id),
    notes: notes.filter((note) => note.serviceRequestId === row.id),
    events: events.filter((event) => event.serviceRequestId === row.id),
  }));
}

/**
 * An order of the account with its documents, notes and history; another account's order, a
 * missing one and one the list hides (purpose Administration, sensitive) all answer ARO-E2001
 * (spec doc 3 §6, §7 Fetch orders). A replaced order is answered as it is, with
 * replacedById, so the app can open the replacement (spec doc 3 §2 redirects).
 * @param db - database
 * @param owner - tenant and account
 * @param id - the order
 */
export async function readOwnOrder(db: DbOrTx, owner: Owner, id: string): Promise<OrderView> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const row = await findOwnedServiceRequest(db, owner, id);
  if (!row) {
    throw notFound();
  }
  const [view] = await withDetails(db, [row]);
  if (!view) {
    throw notFound();
  }
  return view;
}

/**
 * A page of the account's orders, newest first (spec doc 3 §7 Fetch orders; §9: 10 first, then 9
 * per Load More). Profiles of another account give no rows; purpose Administration and sensitive
 * orders are left out.
 * @param db - database
 * @param owner - tenant and account
 * @param filter - profiles, categories, how many (1..ORDER_PAGE_MAX) and the last order of the page before
 */
export async function listOwnOrders(
  db: Db,
  owner: Owner,
  filter: { patientIds?: readonly string[] | null; categories?: readonly string[] | null; first?: number | null; after?: string | null },
): Promise<OrderPage> {
  const first = filter.first ?? ORDER_LIST_FIRST_PAGE;
  if (!Number.isInteger(first) || first < 1 || first > ORDER_PAGE_MAX) {
    throw rendered('ARO-E2002', `ARO-E2002:first must be from 1 to ${ORDER_PAGE_MAX}`);
  }
  const after = filter.after ?? null;
  if (after !== null && !UUID.test(after)) {
    throw rendered('ARO-E2002', 'ARO-E2002:after must be the endCursor of the page before');
  }
  const patientIds = filter.patientIds ? filter.patientIds.filter((id) => UUID.test(id)) : null;
  const categories = filter.categories ? [...filter.categories] : null;
  if (categories?.some((category) => !isOrderCategory(category))) {
    throw rendered('ARO-E2002', 'ARO-E2002:category must be Medication, Examination, Procedure or Finance');
  }
  if (patientIds?.length === 0 || categories?.length === 0) {
    return { nodes: [], endCursor: null, hasMore: false };
  }
  const rows = await selectOwnedServiceRequests(db, owner, { patientIds, categories, afterId: after, limit: first + 1 });
  const page = rows.slice(0, first);
  return { nodes: await withDetails(db, page), endCursor: page.at(-1)?.id ?? null, hasMore: rows.length > first };
}

export function checkDescription(description: string | null | undefined): string | null {
  if (description === null || description === undefined) {
    return null;
  }
  const text = description.trim();
  if (text.length > DOCUMENT_DESCRIPTION_MAX || hasControlCharacters(text)) {
    throw new AppError('ARO-E6050', { max: String(DOCUMENT_DESCRIPTION_MAX) });
  }
  return text === '' ? null : text;
}

const isStaffDocument = (document: DocumentReferenceRow): boolean => !document.authorReference.startsWith('Patient/');

/**
 * Creates a document for a file this account uploaded (spec doc 3 §4 Creation flow step 2, §7
 * Create document reference): author 'Patient/{profile}' (the profile named, else the account's
 * own), the blob's checked content type (a claimed one is not trusted), an optional description.
 * A blob or profile of another account answers ARO-E2001 like a missing one. Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the blob id, optional content type, description and profile
 */
export async function createDocumentReference(
  db: Db,
  request: OrderRequest,
  input: { blobId: string; contentType?: string | null; description?: string | null; patientId?: string | null },
): Promise<DocumentReferenceRow> {
  const description = checkDescription(input.description);
  if (input.contentType !== null && input.contentType !== undefined && !/^[\w.+-]+\/[\w.+-]+$/.test(input.contentType.trim())) {
    throw new AppError('ARO-E3002');
  }
  const patientId = input.patientId ?? null;
  if (!UUID.test(input.blobId) || (patientId !== null && !UUID.test(patientId))) {
    throw notFound();
  }
  const answer = await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'createDocumentReference',
    { blobId: input.blobId, contentType: input.contentType ?? null, description, patientId },
    async (tx) => {
      const blob = await findOwnBlob(tx, request, input.blobId);
      const profile = patientId === null ? null : await findOwnedProfile(tx, request, patientId);
      if (!blob || (patientId !== null && !profile)) {
        throw notFound();
      }
      const author = patientId ?? (await findAccountMainProfile(tx, request));
      if (author === null) {
        throw new AppError('ARO-E6024');
      }
      const document = await insertDocumentReference(tx, {
        tenantId: request.tenantId,
        accountId: request.accountId,
        patientId,
        blobId: blob.id,
        url: `/blob/get/${blob.id}`,
        contentType: blob.contentType,
        description,
        authorReference: `Patient/${author}`,
        subjectReference: patientId === null ? null : `Patient/${patientId}`,
      });
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'document.create',
        correlationId: request.correlationId,
        patientId,
        details: { documentReferenceId: document.id, blobId: blob.id },
      });
      return { id: document.id };
    },
  );
  return readOwnDocument(db, request, answer.id);
}

/**
 * A document of the account (not entered in error); another account's answers ARO-E2001.
 * @param db - database
 * @param owner - tenant and account
 * @param id - the document
 */
export async function readOwnDocument(db: DbOrTx, owner: Owner, id: string): Promise<DocumentReferenceRow> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const [document] = await findOwnedDocuments(db, owner, [id]);
  if (!document) {
    throw notFound();
  }
  return document;
}

/**
 * Gives a document of the account to one of its profiles (spec doc 3 §7 Patch document reference:
 * id, patientId). A document or profile of another account answers ARO-E2001; a hospital's
 * document is refused (ARO-E6051). Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the document and the profile
 */
export async function patchDocumentReference(
  db: Db,
  request: OrderRequest,
  input: { id: string; patientId: string },
): Promise<DocumentReferenceRow> {
  if (!UUID.test(input.id) || !UUID.test(input.patientId)) {
    throw notFound();
  }
  await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'patchDocumentReference',
    input,
    async (tx) => {
      const [document] = await findOwnedDocuments(tx, request, [input.id]);
      if (!document || !(await findOwnedProfile(tx, request, input.patientId))) {
        throw notFound();
      }
      if (isStaffDocument(document)) {
        throw new AppError('ARO-E6051');
      }
      await updateDocumentPatient(tx, document.id, input.patientId);
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'document.patch',
        correlationId: request.correlationId,
        patientId: input.patientId,
        details: { documentReferenceId: document.id, fromPatientId: document.patientId },
      });
      return { id: document.id };
    },
  );
  return readOwnDocument(db, request, input.id);
}

/** Checks that every id is a document of the account a patient may attach, in the order given. */
async function attachableDocuments(
  tx: Tx,
  owner: Owner,
  ids: readonly string[],
  target: { patientId: string; serviceRequestId: string | null },
): Promise<string[]> {
  if (ids.some((id) => !UUID.test(id))) {
    throw notFound();
  }
  const found = await findOwnedDocuments(tx, owner, [...ids]);
  if (found.length !== new Set(ids).size) {
    throw notFound();
  }
  if (found.some(isStaffDocument)) {
    throw new AppError('ARO-E6051');
  }
  // A document another profile's order already shows stays that patient's: it is not re-pointed to
  // this order's patient (assignDocumentsToPatient) but refused, as a foreign document is.
  if ((await findDocumentsOfOtherPatientsOrders(tx, [...ids], target.patientId, target.serviceRequestId)).length > 0) {
    throw notFound();
  }
  return [...ids];
}

/** The create service request call's arguments (spec doc 3 §3 Creation payload contents). */
export type CreateOrderArgs = {
  patientId: string;
  /** Accepted and ignored: the order records the profile's own name. */
  patientGivenName?: string | null;
  orderCategory: string;
  organization?: string | null;
  documentReferenceIds?: readonly string[] | null;
  serviceRequestInitiatedFor?: string | null;
  requestedLat?: number | null;
  requestedLng?: number | null;
  addressLineOne?: string | null;
  addressLineTwo?: string | null;
  addressLineThree?: string | null;
  addressCity?: string | null;
  diagnosticReport?: readonly string[] | null;
  procedureRequest?: readonly string[] | null;
  sampleCollectionRequestedTime?: string | null;
  homeVisitRequestedTime?: string | null;
  additionalNote?: string | null;
};

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The tests or procedures named by codes, as the order detail's coding (spec doc 3 §2 'Test List' / 'Procedure List'). */
export function orderDetailOf(codes: readonly string[], known: TenantPublicConfig['diagnosticReportCodes']) {
  if (codes.length === 0) {
    return null;
  }
  return { coding: codes.map((code) => ({ display: known.find((item) => item.code === code)?.display ?? code })) };
}

/**
 * Creates an order for a profile of the account (spec doc 3 §3 Creation payload, §4 Creation flow)
 * in one transaction: the order (record status draft, revoked for admissions; the category's
 * status new; payment method card; communication status initial; homecare unless told; from
 * heartbeat), its documents through the join table in the order given (each once), the first line
 * of its order-events history and the audit row. The hospital defaults to the tenant's configured
 * one for the category (defaultOrganizationByOrderType). Refused: a category the tenant's flags do
 * not offer (ARO-E6028), a profile, hospital or document of another account or unknown (ARO-E2001),
 * a hospital's document (ARO-E6051), and the domain's input rules (createOrderInput). Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param config - the tenant's public config (flags, default hospitals, codes)
 * @param args - the creation payload
 * @param now - the clock
 */
export async function createServiceRequest(
  db: Db,
  request: OrderRequest,
  config: TenantPublicConfig,
  args: CreateOrderArgs,
  now: Date = new Date(),
): Promise<OrderView> {
  if (!isOrderCategory(args.orderCategory)) {
    throw rendered('ARO-E2002', 'ARO-E2002:orderCategory must be Medication, Examination, Procedure or Finance');
  }
  const category = args.orderCategory;
  if (!isOrderCategoryEnabled(config.features, category)) {
    throw new AppError('ARO-E6028');
  }
  const parsed = createOrderInput.safeParse({
    patientId: args.patientId,
    category,
    organizationId: args.organization ?? config.defaultOrganizationByOrderType[category],
    documentReferenceIds: orUndefined(args.documentReferenceIds),
    initiatedFor: orUndefined(args.serviceRequestInitiatedFor),
    addressLineOne: orUndefined(args.addressLineOne),
    addressLineTwo: orUndefined(args.addressLineTwo),
    addressLineThree: orUndefined(args.addressLineThree),
    addressCity: orUndefined(args.addressCity),
    requestedLat: args.requestedLat,
    requestedLng: args.requestedLng,
    diagnosticReport: orUndefined(args.diagnosticReport),
    procedureRequest: orUndefined(args.procedureRequest),
    sampleCollectionRequestedTime: args.sampleCollectionRequestedTime,
    homeVisitRequestedTime: args.homeVisitRequestedTime,
    additionalNote: orUndefined(args.additionalNote),
  });
  if (!parsed.success) {
    // A profile id that is no id at all looks like any unknown profile.
    if (parsed.error.issues.some((issue) => issue.path[0] === 'patientId')) {
      throw notFound();
    }
    throw inputError(parsed.error);
  }
  const input = parsed.data;
  if (
    category === 'Examination' &&
    input.sampleCollectionRequestedTime &&
    !isSampleCollectionDateChoice(new Date(input.sampleCollectionRequestedTime), now)
  ) {
    throw new AppError('ARO-E6027');
  }
  const answer = await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'createServiceRequest',
    input,
    async (tx) => {
      const profile = await findOwnedProfile(tx, request, input.patientId);
      const organization = await findActiveOrganization(tx, request.tenantId, input.organizationId);
      if (!profile || !organization) {
        throw notFound();
      }
      const documentIds = await attachableDocuments(tx, request, input.documentReferenceIds, {
        patientId: profile.id,
        serviceRequestId: null,
      });
      const homecare = input.initiatedFor === 'homecare';
      const id = randomUUID();
      const row = await insertServiceRequest(tx, {
        id,
        // The order number the header shows and staff search by: short, from the id.
        identifier: id.slice(0, 8).toUpperCase(),
        tenantId: request.tenantId,
        accountId: request.accountId,
        patientId: profile.id,
        // spec doc 3 §3: the record's status is draft at creation, revoked for admissions.
        status: category === 'Finance' ? 'revoked' : 'draft',
        category,
        // spec doc 3 §3 shows no code for Finance: the category stands in for it.
        codeCode: ORDER_CATEGORY_CODES[category] ?? category,
        organizationId: organization.id,
        hospitalId: organization.id,
        orderDetail: orderDetailOf(
          category === 'Examination' ? input.diagnosticReport : input.procedureRequest,
          category === 'Examination' ? config.diagnosticReportCodes : config.procedureCodes,
        ),
        additionalNote: input.additionalNote ?? null,
        [ORDER_STATUS_FIELDS[category]]: INITIAL_ORDER_STATUS,
        orderCommunicationStatus: 'initial',
        serviceRequestInitiatedFor: input.initiatedFor,
        serviceRequestInitiatedFrom: DEFAULT_INITIATED_FROM,
        serviceRequestPaymentMethod: DEFAULT_ORDER_PAYMENT_METHOD,
        serviceRequestPaymentStatus: 'pending',
        sampleCollectionRequestedTime: input.sampleCollectionRequestedTime ? new Date(input.sampleCollectionRequestedTime) : null,
        homeVisitRequestedTime: input.homeVisitRequestedTime ? new Date(input.homeVisitRequestedTime) : null,
        addressLineOne: input.addressLineOne || null,
        addressLineTwo: input.addressLineTwo || null,
        addressLineThree: input.addressLineThree || null,
        addressCity: input.addressCity || null,
        requestedLat: homecare ? (input.requestedLat ?? null) : null,
        requestedLng: homecare ? (input.requestedLng ?? null) : null,
        diagnosticReport: category === 'Examination' && input.diagnosticReport.length > 0 ? input.diagnosticReport : null,
        procedureRequest: input.procedureRequest.length > 0 ? input.procedureRequest : null,
      });
      await linkDocuments(tx, request.tenantId, row.id, documentIds);
      await assignDocumentsToHospital(tx, documentIds, organization.id);
      // Files uploaded before the profile was picked (or for another profile) are the order's patient's.
      await assignDocumentsToPatient(tx, request, documentIds, profile.id);
      await insertOrderEvents(tx, [
        {
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          fromStatus: null,
          toStatus: INITIAL_ORDER_STATUS,
          event: 'create',
          actorReference: `Patient/${profile.id}`,
        },
      ]);
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'order.create',
        correlationId: request.correlationId,
        patientId: profile.id,
        organizationId: organization.id,
        details: { serviceRequestId: row.id, category, documentCount: documentIds.length, initiatedFor: input.initiatedFor },
      });
      return { id: row.id };
    },
  );
  return readOwnOrder(db, request, answer.id);
}

/** What patchServiceRequest may change for the patient (spec doc 3 §4 Other transitions, §7 Patch service request). */
export type OrderPatch = {
  addressLineOne?: string | null;
  addressLineTwo?: string | null;
  addressLineThree?: string | null;
  addressCity?: string | null;
  serviceRequestInitiatedFor?: string | null;
  heartbeatLinkSeen?: boolean | null;
  /** heartbeatLastSeen: that timestamp is set to now. */
  timeStampKey?: string | null;
  note?: string | null;
  serviceRequestPaymentMethod?: string | null;
  documentReferenceIds?: readonly string[] | null;
};

const ADDRESS_KEYS = ['addressLineOne', 'addressLineTwo', 'addressLineThree', 'addressCity'] as const;

/**
 * Whether a patch changes the order (an address, the place, the payment method, documents, a note),
 * rather than only stamping the heartbeat: a stamp alone is not published to live screens.
 * @param patch - the patch as asked
 */
export function patchChangesOrder(patch: OrderPatch): boolean {
  return (
    ADDRESS_KEYS.some((key) => patch[key] !== null && patch[key] !== undefined) ||
    (patch.serviceRequestInitiatedFor ?? null) !== null ||
    (patch.serviceRequestPaymentMethod ?? null) !== null ||
    (patch.documentReferenceIds?.length ?? 0) > 0 ||
    (patch.note ?? null) !== null
  );
}

/** Events a patient may append to an order whatever changed since they read it: no version is checked. */
const APPEND_ONLY_EVENTS: readonly OrderEvent['type'][] = ['addNote', 'attachDocument'];

/** The patch's changes as state machine events, in the order they apply; throws on bad input. */
function patchEvents(patch: OrderPatch, current: OrderAddress): { events: OrderEvent[]; noteText: string | null } {
  const events: OrderEvent[] = [];
  const addressGiven = ADDRESS_KEYS.some((key) => patch[key] !== null && patch[key] !== undefined);
  let address: OrderAddress | undefined;
  if (addressGiven) {
    const parsed = orderAddressInput.safeParse(
      Object.fromEntries(ADDRESS_KEYS.map((key) => [key, patch[key] ?? current[key]])),
    );
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    address = parsed.data;
  }
  if (patch.serviceRequestInitiatedFor !== null && patch.serviceRequestInitiatedFor !== undefined) {
    const parsed = changeOrderInitiatedForInput.safeParse({ to: patch.serviceRequestInitiatedFor, address });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    events.push({ type: 'changeInitiatedFor', to: parsed.data.to, ...(parsed.data.address ? { address: parsed.data.address } : {}) });
  } else if (address) {
    events.push({ type: 'changeAddress', address });
  }
  if (patch.serviceRequestPaymentMethod !== null && patch.serviceRequestPaymentMethod !== undefined) {
    const parsed = chooseOrderPaymentMethodInput.safeParse({ method: patch.serviceRequestPaymentMethod });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    events.push({ type: 'choosePaymentMethod', method: parsed.data.method });
  }
  for (const documentId of patch.documentReferenceIds ?? []) {
    events.push({ type: 'attachDocument', documentId });
  }
  let noteText: string | null = null;
  if (patch.note !== null && patch.note !== undefined) {
    const parsed = orderNoteInput.safeParse({ text: patch.note });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    noteText = parsed.data.text;
    events.push({ type: 'addNote', text: noteText });
  }
  return { events, noteText };
}

/**
 * The patient's changes to an order of the account, in one transaction (spec doc 3 §4 Other
 * transitions, §7 Patch service request): the homecare address, homecare ↔ appointment, the payment
 * method, more documents (each once per order), a note (appended; communication status
 * patientReplied) — each through the domain's state machine, which decides whether the order still
 * allows it — and the heartbeat stamps (heartbeatLinkSeen, heartbeatLastSeen). Every change but the
 * stamps, a note and documents (append-only: applied to the order as it stands, so a staff change
 * meanwhile does not refuse them) needs the version the patient saw: a stale one answers ARO-E6002 and
 * changes nothing. Each accepted event adds a line to the order-events history. Homecare ↔
 * appointment on an order with a charge closes its open invoice in the same transaction (the next
 * prepareInvoice makes one with the new service class, HH for home), refused with ARO-E5015 while a
 * payment of it is being processed. Documents linked become the order's patient's.
 * Another account's order, an Administration one and a sensitive one answer ARO-E2001; no change at
 * all ARO-E2002. Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the order, the version seen and the changes
 * @param now - the clock
 */
export async function patchServiceRequest(
  db: Db,
  request: OrderRequest,
  input: { id: string; expectedVersion: number; patch: OrderPatch },
  now: Date = new Date(),
): Promise<OrderView> {
  const { patch } = input;
  const key = patch.timeStampKey ?? null;
  if (key !== null && !(ORDER_TIMESTAMP_KEYS as readonly string[]).includes(key)) {
    throw rendered('ARO-E2002', `ARO-E2002:timeStampKey must be ${ORDER_TIMESTAMP_KEYS.join(' or ')}`);
  }
  if ((patch.documentReferenceIds?.length ?? 0) > ORDER_MAX_DOCUMENTS) {
    throw new AppError('ARO-E2002');
  }
  if (!UUID.test(input.id)) {
    throw notFound();
  }
  const { events: planned, noteText } = patchEvents(patch, {
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
  });
  const linkSeen = patch.heartbeatLinkSeen ?? null;
  if (planned.length === 0 && linkSeen === null && key === null) {
    throw rendered('ARO-E2002', 'ARO-E2002:Nothing to change');
  }
  await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'patchServiceRequest',
    { id: input.id, expectedVersion: input.expectedVersion, patch },
    async (tx) => {
      const row = await findOwnedServiceRequest(tx, request, input.id, true);
      if (!row) {
        throw notFound();
      }
      // Parsed again against the stored address: lines not sent keep their values.
      const { events } = patchEvents(patch, addressOf(row));
      if (patch.documentReferenceIds) {
        await attachableDocuments(tx, request, patch.documentReferenceIds, { patientId: row.patientId, serviceRequestId: row.id });
      }
      const linked = new Set((await selectOrderDocuments(tx, [row.id])).map((document) => document.id));
      const adding = new Set((patch.documentReferenceIds ?? []).filter((id) => !linked.has(id)));
      if (linked.size + adding.size > ORDER_MAX_DOCUMENTS) {
        throw rendered('ARO-E2002', `ARO-E2002:An order can have at most ${ORDER_MAX_DOCUMENTS} documents`);
      }
      let state = orderState(row, linked.size);
      const history: { event: string; fromStatus: string; toStatus: string }[] = [];
      const attached: string[] = [];
      // A note and documents are appended to the order as it stands; anything else needs the version seen.
      const appendOnly = events.every((event) => APPEND_ONLY_EVENTS.includes(event.type));
      const checkedVersion = appendOnly ? undefined : input.expectedVersion;
      let closesInvoice = false;
      for (const event of events) {
        if (event.type === 'attachDocument' && linked.has(event.documentId)) {
          continue;
        }
        const result = transitionOrder(state, event, { kind: 'patient' }, history.length === 0 ? checkedVersion : undefined);
        if (!result.ok) {
          throw rendered(result.code, result.error);
        }
        // The domain asks for the invoice to be prepared again (homecare ↔ appointment changes its
        // service class, HH for home: spec doc 3 §7 Prepare invoice).
        closesInvoice ||= result.prepareInvoice;
        state = result.order;
        history.push({ event: result.history.event, fromStatus: result.history.fromStatus, toStatus: result.history.toStatus });
        if (event.type === 'attachDocument') {
          linked.add(event.documentId);
          attached.push(event.documentId);
        }
      }
      if (history.length === 0 && checkedVersion !== undefined && events.length > 0 && checkedVersion !== row.version) {
        // Only documents already on the order: still a change asked against a stale order.
        throw rendered('ARO-E6002', errorString('ARO-E6002'));
      }
      const stamps = { ...row.heartbeatTimestamps, ...(key !== null ? { [key]: now.toISOString() } : {}) };
      const updated = await updateServiceRequestAtVersion(
        tx,
        row.id,
        row.version,
        {
          ...(history.length > 0 ? patientColumns(state.category, state) : {}),
          ...(linkSeen !== null ? { heartbeatLinkSeen: row.heartbeatLinkSeen || linkSeen } : {}),
          ...(key !== null ? { heartbeatTimestamps: stamps } : {}),
        },
        // The heartbeat stamps, a note and documents check no version; every other change the version the patient saw.
        events.length > 0 && checkedVersion !== undefined ? checkedVersion : null,
      );
      if (!updated) {
        throw rendered('ARO-E6002', errorString('ARO-E6002'));
      }
      if (closesInvoice) {
        // The old invoice (the old service class) is closed now, with the order locked, so it cannot be
        // paid any more; the app's next prepareInvoice makes the new one. A card page still open (in
        // another tab) refuses the switch (ARO-E5015) rather than closing the invoice under it.
        await closeOpenOrderInvoice(tx, request, row.id, { pageOpen: true });
      }
      await linkDocuments(tx, request.tenantId, row.id, attached);
      if (row.organizationId) {
        await assignDocumentsToHospital(tx, attached, row.organizationId);
      }
      await assignDocumentsToPatient(tx, request, attached, row.patientId);
      if (noteText !== null && history.some((line) => line.event === 'addNote')) {
        const profile = await findOwnedProfile(tx, request, row.patientId);
        await insertNote(tx, {
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          authorReference: `Patient/${row.patientId}`,
          authorDisplay: profile?.givenName ?? null,
          text: noteText,
          time: now,
        });
      }
      await insertOrderEvents(
        tx,
        history.map((line) => ({
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          fromStatus: line.fromStatus,
          toStatus: line.toStatus,
          event: line.event,
          actorReference: `Patient/${row.patientId}`,
        })),
      );
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: history.length > 0 ? 'order.patch' : 'order.heartbeat',
        correlationId: request.correlationId,
        patientId: row.patientId,
        organizationId: row.organizationId,
        details: {
          serviceRequestId: row.id,
          events: history.map((line) => line.event),
          heartbeatLinkSeen: linkSeen,
          timeStampKey: key,
        },
      });
      return { id: row.id };
    },
  );
  return readOwnOrder(db, request, input.id);
}
