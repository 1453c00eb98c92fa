import { AppError, type ErrorCode } from '@careline/domain/errors';
import {
  ORDER_LIST_FIRST_PAGE,
  ORDER_STATUS_FIELDS,
  isOrderCategory,
  type OrderAddress,
  type OrderCategory,
  type OrderState,
  type OrderStatus,
} from '@careline/domain/orders';
import type { ZodError } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../staff/index.ts';
import {
  findOwnedServiceRequest,
  selectNotes,
  selectOrderEvents,
  selectOwnedServiceRequests,
  type DocumentReferenceRow,
  type OrderEventRow,
  type Owner,
  type ServiceRequestNoteRow,
  type ServiceRequestRow,
} from './orders.repo.ts';
import { selectOrderDocuments } from './order-documents.repo.ts';
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

/** The order's delivery address (spec doc 3 §3 ServiceRequest address fields). */
export function addressOf(row: ServiceRequestRow): OrderAddress {
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
export function patientColumns(category: OrderCategory, state: OrderState) {
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
