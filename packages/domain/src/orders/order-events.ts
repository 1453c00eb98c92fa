/**
 * The order state machine's model (spec doc 3 §4, §6; issue 10): the state it reads and writes, the
 * events and who may ask for them, each category's staff and status moves, and what a transition
 * answers. The transitions themselves are ./transitions.ts.
 */
import type { ErrorCode } from '../errors.ts';
import type { StaffRole } from '../staff/staff.ts';
import type { InitiatedFor, OrderCategory } from './categories.ts';
import type { OrderAddress } from './plain.ts';
import type {
  OrderCancelReason,
  OrderCommunicationStatus,
  OrderPaymentMethod,
  OrderPaymentStatus,
  OrderStatus,
} from './status.ts';

/** An order's address lines as stored (spec doc 3 §3 Location); line three is the landmark. */

/** The scheduled home sample collection: the collector's name and the time (ISO 8601). */
export type SampleCollection = { userName: string; time: string };

/** What the state machine reads and writes of an order. */
export type OrderState = {
  category: OrderCategory;
  /** The category's order status (medicationOrderStatus, examinationOrderStatus, …). */
  status: OrderStatus;
  /** Bumped by every accepted transition; the server's optimistic lock compares it. */
  version: number;
  initiatedFor: InitiatedFor;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
  /** serviceRequestChargingAmount in minor units; null until the hospital sets it. */
  chargingAmountMinor: number | null;
  canceledReason: OrderCancelReason | null;
  communicationStatus: OrderCommunicationStatus;
  /** medicationOrderEstimatedTime, ISO 8601. */
  estimatedTime: string | null;
  sampleCollection: SampleCollection | null;
  address: OrderAddress;
  /** The replacement order's id (serviceRequestReplacedBy). */
  replacedBy: string | null;
  documentCount: number;
};

/** The one who asks for a transition (spec doc 3 §6; staff roles are ours, issue 7). */
export type OrderActor =
  | { kind: 'patient' }
  | { kind: 'staff'; roles: readonly StaffRole[] }
  /** The server itself, e.g. the payments module recording a gateway's ACCEPT. */
  | { kind: 'system' };

/** What may happen to an order. */
export type OrderEvent =
  | { type: 'setCharge'; amountMinor: number }
  | { type: 'setEstimatedTime'; time: string }
  | { type: 'scheduleSampleCollection'; userName: string; time: string }
  | { type: 'moveStatus'; to: OrderStatus }
  | { type: 'complete' }
  | { type: 'cancel'; reason: OrderCancelReason }
  | { type: 'replace'; replacementId: string }
  | { type: 'recordPayment'; method: OrderPaymentMethod }
  | { type: 'choosePaymentMethod'; method: OrderPaymentMethod }
  | { type: 'changeAddress'; address: OrderAddress }
  | { type: 'changeInitiatedFor'; to: InitiatedFor; address?: OrderAddress }
  | { type: 'addNote'; text: string }
  | { type: 'attachDocument'; documentId: string };

/** The kinds of event. */
export type OrderEventType = OrderEvent['type'];

/** Every event type, in the staff console's order. */
export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'setCharge',
  'setEstimatedTime',
  'scheduleSampleCollection',
  'moveStatus',
  'complete',
  'cancel',
  'replace',
  'recordPayment',
  'choosePaymentMethod',
  'changeAddress',
  'changeInitiatedFor',
  'addNote',
  'attachDocument',
];

/** What an order-events history line records: the order's creation, or one of its events. */
export type OrderHistoryEvent = 'create' | OrderEventType;

/** Every event an order's history shows (the patient's timeline, the staff console's), creation first. */
export const ORDER_HISTORY_EVENTS: readonly OrderHistoryEvent[] = ['create', ...ORDER_EVENT_TYPES];

/**
 * Whether a history line's event is one the history has words for; another is shown as stored.
 * @param event - the order-events row's event
 */
export function isOrderHistoryEvent(event: string): event is OrderHistoryEvent {
  return (ORDER_HISTORY_EVENTS as readonly string[]).includes(event);
}

/**
 * Who may ask for each event. Staff must also hold one of the category's roles
 * (ORDER_STAFF_ROLES); the patient acts for any profile of the account (spec doc 3 §6).
 */
export const ORDER_EVENT_ACTORS: Record<OrderEventType, readonly OrderActor['kind'][]> = {
  setCharge: ['staff'],
  setEstimatedTime: ['staff'],
  scheduleSampleCollection: ['staff'],
  moveStatus: ['staff'],
  complete: ['staff'],
  cancel: ['staff'],
  // The patient replaces a lab test order by confirming it with a sample collection date (spec doc 3 §4).
  replace: ['staff', 'patient'],
  recordPayment: ['staff', 'system'],
  choosePaymentMethod: ['patient'],
  changeAddress: ['patient', 'staff'],
  changeInitiatedFor: ['patient', 'staff'],
  addNote: ['patient', 'staff'],
  attachDocument: ['patient', 'staff'],
};

/**
 * The staff roles that work each category's orders (issue 10 staff console: pharmacists, lab
 * technicians and nurses; admins may do all). Doctors confirm admissions (drConfirming).
 */
export const ORDER_STAFF_ROLES: Record<OrderCategory, readonly StaffRole[]> = {
  Medication: ['admin', 'pharmacist'],
  Examination: ['admin', 'labTechnician'],
  Procedure: ['admin', 'nurse'],
  Finance: ['admin', 'nurse', 'doctor'],
};

/**
 * The forward moves staff make with moveStatus, per category and status. completed and canceled
 * are reached only by the complete and cancel events; sampleCollecting on a home request only by
 * scheduling the collection or after it is scheduled.
 */
export const ORDER_STATUS_MOVES: Record<
  OrderCategory,
  Partial<Record<OrderStatus, readonly OrderStatus[]>>
> = {
  Medication: {
    new: ['confirming'],
    confirming: ['preparing'],
    preparing: ['delivering'],
  },
  Examination: {
    new: ['confirming'],
    confirming: ['preparing', 'sampleCollecting'],
    // A hospital visit: the sample is taken at the hospital, so no collector goes out.
    preparing: ['sampleCollecting', 'sampleCollected'],
    sampleCollecting: ['sampleCollectingHome', 'sampleCollected'],
    sampleCollectingHome: ['sampleCollected'],
    sampleCollected: ['sampleArrived'],
    sampleArrived: ['processing'],
    processing: ['reportReady'],
  },
  Procedure: {
    new: ['confirming'],
    confirming: ['preparing'],
    preparing: ['sampleCollecting', 'processing'],
    sampleCollecting: ['processing'],
  },
  // An admission takes no sample: its own states only (spec doc 3 §4 Trackers: New, Documents,
  // Confirm, Admitted).
  Finance: {
    new: ['confirming'],
    confirming: ['drConfirming'],
    drConfirming: ['preparing'],
    preparing: ['processing'],
  },
};

/** The statuses complete may close an order from: the last working status of each category. */
export const ORDER_COMPLETE_FROM: Record<OrderCategory, readonly OrderStatus[]> = {
  Medication: ['delivering'],
  Examination: ['reportReady'],
  Procedure: ['processing'],
  // An admission is admitted once the doctor confirms it, or after its preparations.
  Finance: ['drConfirming', 'preparing', 'processing'],
};

/**
 * Statuses in which the patient (or staff for them) may still change the homecare address or switch
 * between a hospital visit and a home visit: before the hospital prepares anything that depends on
 * where (issue 10 Build 5: 'the server rules for when a change is still allowed').
 */
export const REQUEST_CHANGEABLE_STATUSES: readonly OrderStatus[] = [
  'new',
  'confirming',
  'preparing',
];

/** The statuses whose work needs a sample collector at home (the 'Sample collection scheduled' box). */
export const SAMPLE_COLLECTION_SCHEDULED_STATUSES: readonly OrderStatus[] = [
  'sampleCollecting',
  'sampleCollectingHome',
];

/** Longest note text (ours; the same bound as other free text, e.g. feedback comments). */
export const ORDER_NOTE_MAX = 1000;

/** Notices a transition asks the server to send (SMS where the patient would want it; issue 10). */
export type OrderNotice =
  | 'invoiceReady'
  | 'sampleCollectionScheduled'
  | 'sampleCollectorOnTheWay'
  | 'orderReady'
  | 'orderCompleted'
  | 'orderCanceled'
  | 'staffReplied';

/** One line of the order-events history, which feeds the patient's tracker and the staff timeline. */
export type OrderHistoryEntry = {
  event: OrderEventType;
  actor: OrderActor['kind'];
  fromStatus: OrderStatus;
  toStatus: OrderStatus;
};

/** A transition's answer: the next state with its history line, or an explicit refusal. */
export type OrderTransition =
  | {
      ok: true;
      order: OrderState;
      history: OrderHistoryEntry;
      /** Prepare the invoice again (spec doc 3 §4 Order payment: again whenever the amount changes). */
      prepareInvoice: boolean;
      notice: OrderNotice | null;
    }
  | { ok: false; code: ErrorCode; error: string };

/** A refused transition: its catalogue code and the 'CODE:message' string to show. */
export type OrderRefusal = Extract<OrderTransition, { ok: false }>;
