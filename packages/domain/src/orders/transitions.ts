/**
 * The order state machine: who may do what to an order, and what it becomes (issue 10 Build 4, 5
 * and the staff console list; spec doc 3 §4, §6). The spec shows the statuses but says 'Which
 * transitions are allowed, and who triggers them, is not shown': the edges and roles here are ours,
 * as a hospital would work an order. Every refusal is a 'CODE:message' from the error catalogue.
 */
import { hasControlCharacters as hasFreeTextControl } from '../consultations/appointment-rules.ts';
import { errorString, type ErrorCode } from '../errors.ts';
import { hasControlCharacters, type StaffRole } from '../staff/staff.ts';
import type { InitiatedFor, OrderCategory } from './categories.ts';
import { hasAddress, type OrderAddress } from './plain.ts';

export { hasAddress, type OrderAddress };
import {
  ORDER_CANCEL_REASONS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES_BY_CATEGORY,
  isTerminalOrderStatus,
  orderStatusLabel,
  type OrderCancelReason,
  type OrderCommunicationStatus,
  type OrderPaymentMethod,
  type OrderPaymentStatus,
  type OrderStatus,
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

/** Cashiers also record payments taken at the desk (issue 9 cash desk). */
const PAYMENT_RECORDING_ROLES: readonly StaffRole[] = ['cashier'];

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
  Finance: {
    new: ['confirming'],
    confirming: ['drConfirming'],
    drConfirming: ['preparing'],
    preparing: ['sampleCollecting', 'processing'],
    sampleCollecting: ['processing'],
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

/** Statuses from which a home sample collection may be scheduled or rescheduled. */
const SAMPLE_SCHEDULE_FROM: readonly OrderStatus[] = [
  'confirming',
  'preparing',
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
type Change = { order: Partial<OrderState>; prepareInvoice?: boolean; notice?: OrderNotice | null };

function refuse(code: ErrorCode, vars: Record<string, string> = {}): OrderRefusal {
  return { ok: false, code, error: errorString(code, vars) };
}

function moveRefusal(from: OrderStatus, to: OrderStatus): OrderRefusal {
  return refuse('ARO-E6003', { from: orderStatusLabel(from), to: orderStatusLabel(to) });
}

function terminalRefusal(order: OrderState): OrderRefusal | null {
  return isTerminalOrderStatus(order.status)
    ? refuse('ARO-E6001', { status: orderStatusLabel(order.status) })
    : null;
}

function isValidTime(value: string): boolean {
  return value.trim() !== '' && !Number.isNaN(Date.parse(value));
}

/** Whether a category's work is gated by payment (admissions are paid by bank transfer and deposits). */
function paymentGated(category: OrderCategory): boolean {
  return category !== 'Finance';
}

/**
 * Whether the hospital has cash to take on an order now (spec doc 3 §4: cash on delivery): an open,
 * not replaced order with a charge above 0 not paid yet, whatever method the patient chose (a card
 * or Genie payment never made is settled at the desk too). It is exactly complete's 'owes' check:
 * the staff console offers 'Take cash' (staffTakeOrderCashPayment: payment, receipt, invoice, audit)
 * while it holds, and completing the order is refused meanwhile (ARO-E6008). A card payment still
 * in flight is refused by the server (ARO-E5015).
 * @param order - the order's category, status, replacement, charge and payment status
 */
export function orderCashOwed(
  order: Pick<OrderState, 'category' | 'status' | 'replacedBy' | 'chargingAmountMinor' | 'paymentStatus'>,
): boolean {
  return (
    !isTerminalOrderStatus(order.status) &&
    order.replacedBy === null &&
    orderChargeOwed(order)
  );
}

/** complete's 'owes': a payment-gated category with a charge above 0 not paid yet. */
function orderChargeOwed(
  order: Pick<OrderState, 'category' | 'chargingAmountMinor' | 'paymentStatus'>,
): boolean {
  return (
    paymentGated(order.category) &&
    (order.chargingAmountMinor ?? 0) > 0 &&
    order.paymentStatus !== 'paid'
  );
}

function sameAddress(a: OrderAddress, b: OrderAddress): boolean {
  return (
    a.addressLineOne.trim() === b.addressLineOne.trim() &&
    a.addressLineTwo.trim() === b.addressLineTwo.trim() &&
    a.addressLineThree.trim() === b.addressLineThree.trim() &&
    a.addressCity.trim() === b.addressCity.trim()
  );
}

function trimAddress(address: OrderAddress): OrderAddress {
  return {
    addressLineOne: address.addressLineOne.trim(),
    addressLineTwo: address.addressLineTwo.trim(),
    addressLineThree: address.addressLineThree.trim(),
    addressCity: address.addressCity.trim(),
  };
}

/**
 * Why the request can no longer be changed (address or visit ↔ home), or null while it still can:
 * the order is open, not replaced, not an admission when switching, in new, confirming or preparing,
 * and, for a switch, not yet paid (a home request is charged as home service, class HH).
 * The order view shows 'Click to change' and the modals only while this is null.
 * @param order - the order
 * @param change - 'address' for 'Change homecare address', 'initiatedFor' for 'Are you sure want to Change request?'
 */
export function requestChangeBlock(
  order: OrderState,
  change: 'address' | 'initiatedFor',
): OrderRefusal | null {
  if (order.replacedBy !== null) {
    return refuse('ARO-E6004');
  }
  const terminal = terminalRefusal(order);
  if (terminal) {
    return terminal;
  }
  if (change === 'address' && order.initiatedFor !== 'homecare') {
    return refuse('ARO-E6015');
  }
  if (change === 'initiatedFor' && order.category === 'Finance') {
    return refuse('ARO-E6019');
  }
  if (!REQUEST_CHANGEABLE_STATUSES.includes(order.status)) {
    return refuse('ARO-E6016');
  }
  if (change === 'initiatedFor' && order.paymentStatus === 'paid') {
    return refuse('ARO-E6006');
  }
  return null;
}

function staffMayWork(
  category: OrderCategory,
  roles: readonly StaffRole[],
  event: OrderEventType,
): boolean {
  const allowed =
    event === 'recordPayment'
      ? [...ORDER_STAFF_ROLES[category], ...PAYMENT_RECORDING_ROLES]
      : ORDER_STAFF_ROLES[category];
  return roles.some((role) => allowed.includes(role));
}

/**
 * Whether the actor may ask for the event on an order of this category at all (before the order's
 * state is looked at).
 * @param category - the order's category
 * @param event - the event type
 * @param actor - patient, staff (with roles in the order's hospital) or system
 */
export function mayRequestOrderEvent(
  category: OrderCategory,
  event: OrderEventType,
  actor: OrderActor,
): boolean {
  if (!ORDER_EVENT_ACTORS[event].includes(actor.kind)) {
    return false;
  }
  return actor.kind === 'staff' ? staffMayWork(category, actor.roles, event) : true;
}

function decide(order: OrderState, event: OrderEvent, actor: OrderActor): Change | OrderRefusal {
  switch (event.type) {
    case 'setCharge': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!Number.isSafeInteger(event.amountMinor) || event.amountMinor <= 0) {
        return refuse('ARO-E6005');
      }
      if (order.paymentStatus === 'paid') {
        return refuse('ARO-E6006');
      }
      // Setting the charge prepares the invoice the patient sees: the hospital has confirmed the order.
      return {
        order: {
          chargingAmountMinor: event.amountMinor,
          status: order.status === 'new' ? 'confirming' : order.status,
        },
        prepareInvoice: event.amountMinor !== order.chargingAmountMinor,
        notice: 'invoiceReady',
      };
    }
    case 'setEstimatedTime': {
      if (order.category !== 'Medication') {
        return refuse('ARO-E6010');
      }
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!isValidTime(event.time)) {
        return refuse('ARO-E6011');
      }
      return { order: { estimatedTime: event.time } };
    }
    case 'scheduleSampleCollection': {
      if (
        !ORDER_STATUSES_BY_CATEGORY[order.category].includes('sampleCollecting') ||
        order.initiatedFor !== 'homecare'
      ) {
        return refuse('ARO-E6014');
      }
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!SAMPLE_SCHEDULE_FROM.includes(order.status)) {
        return moveRefusal(order.status, 'sampleCollecting');
      }
      const userName = event.userName.trim();
      if (userName === '' || userName.length > 100 || hasControlCharacters(userName)) {
        return refuse('ARO-E6012');
      }
      if (!isValidTime(event.time)) {
        return refuse('ARO-E6011');
      }
      if (
        paymentGated(order.category) &&
        order.status === 'confirming' &&
        order.chargingAmountMinor === null
      ) {
        return refuse('ARO-E6007');
      }
      return {
        order: { status: 'sampleCollecting', sampleCollection: { userName, time: event.time } },
        notice: 'sampleCollectionScheduled',
      };
    }
    case 'moveStatus': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      const allowed = ORDER_STATUS_MOVES[order.category][order.status] ?? [];
      if (!allowed.includes(event.to)) {
        return moveRefusal(order.status, event.to);
      }
      if (
        paymentGated(order.category) &&
        order.status === 'confirming' &&
        order.chargingAmountMinor === null
      ) {
        return refuse('ARO-E6007');
      }
      if (
        event.to === 'sampleCollecting' &&
        order.initiatedFor === 'homecare' &&
        order.sampleCollection === null
      ) {
        return refuse('ARO-E6013');
      }
      let notice: OrderNotice | null = null;
      if (event.to === 'sampleCollectingHome') {
        notice = 'sampleCollectorOnTheWay';
      } else if (event.to === 'delivering' || event.to === 'reportReady') {
        notice = 'orderReady';
      }
      return { order: { status: event.to }, notice };
    }
    case 'complete': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!ORDER_COMPLETE_FROM[order.category].includes(order.status)) {
        return moveRefusal(order.status, 'completed');
      }
      const owes = orderChargeOwed(order);
      // Cash owed (orderCashOwed) is taken first (staffTakeOrderCashPayment: payment, receipt, invoice, audit);
      // completing never marks an order paid by itself.
      if (owes) {
        return refuse('ARO-E6008');
      }
      return {
        order: { status: 'completed' },
        notice: 'orderCompleted',
      };
    }
    case 'cancel': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!(ORDER_CANCEL_REASONS as readonly string[]).includes(event.reason)) {
        return refuse('ARO-E6009');
      }
      return {
        order: { status: 'canceled', canceledReason: event.reason },
        notice: 'orderCanceled',
      };
    }
    case 'replace': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (
        actor.kind === 'patient' &&
        (order.category !== 'Examination' || !['new', 'confirming'].includes(order.status))
      ) {
        return refuse('ARO-E1210');
      }
      if (event.replacementId.trim() === '') {
        return refuse('ARO-E2002');
      }
      return { order: { replacedBy: event.replacementId.trim() } };
    }
    case 'recordPayment': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!(ORDER_PAYMENT_METHODS as readonly string[]).includes(event.method)) {
        return refuse('ARO-E6026');
      }
      if (order.chargingAmountMinor === null || order.chargingAmountMinor <= 0) {
        return refuse('ARO-E6007');
      }
      if (order.paymentStatus === 'paid') {
        return refuse('ARO-E6006');
      }
      return { order: { paymentStatus: 'paid', paymentMethod: event.method } };
    }
    case 'choosePaymentMethod': {
      const terminal = terminalRefusal(order);
      if (terminal) {
        return terminal;
      }
      if (!(ORDER_PAYMENT_METHODS as readonly string[]).includes(event.method)) {
        return refuse('ARO-E6026');
      }
      if (order.paymentStatus === 'paid') {
        return refuse('ARO-E6006');
      }
      return { order: { paymentMethod: event.method } };
    }
    case 'changeAddress': {
      const block = requestChangeBlock(order, 'address');
      if (block) {
        return block;
      }
      if (!hasAddress(event.address)) {
        return refuse('ARO-E6018');
      }
      if (sameAddress(event.address, order.address)) {
        return refuse('ARO-E6017');
      }
      return { order: { address: trimAddress(event.address) } };
    }
    case 'changeInitiatedFor': {
      const block = requestChangeBlock(order, 'initiatedFor');
      if (block) {
        return block;
      }
      if (event.to === order.initiatedFor) {
        return refuse('ARO-E6017');
      }
      const address = event.address ? trimAddress(event.address) : order.address;
      if (event.to === 'homecare' && !hasAddress(address)) {
        return refuse('ARO-E6018');
      }
      return {
        order: { initiatedFor: event.to, address },
        // The invoice's service class follows the place (HH for home, spec doc 3 §7 Prepare invoice).
        prepareInvoice: order.chargingAmountMinor !== null && order.chargingAmountMinor > 0,
      };
    }
    case 'addNote': {
      if (order.status === 'completed') {
        return refuse('ARO-E6021');
      }
      const text = event.text.trim();
      if (text === '' || text.length > ORDER_NOTE_MAX || hasFreeTextControl(text)) {
        return refuse('ARO-E6020', { max: String(ORDER_NOTE_MAX) });
      }
      // spec doc 3 §4 Other transitions: a patient note sets patientReplied; performerReplied is the hospital's.
      return actor.kind === 'patient'
        ? { order: { communicationStatus: 'patientReplied' } }
        : { order: { communicationStatus: 'performerReplied' }, notice: 'staffReplied' };
    }
    case 'attachDocument': {
      // Staff attach results after completion too; the patient adds documents to open orders only.
      if (actor.kind === 'patient' || order.status === 'canceled') {
        const terminal = terminalRefusal(order);
        if (terminal) {
          return terminal;
        }
      }
      if (event.documentId.trim() === '') {
        return refuse('ARO-E6029');
      }
      return { order: { documentCount: order.documentCount + 1 } };
    }
  }
}

/**
 * Applies one event to an order: the next state with its history line, or an explicit refusal.
 * Checks in order: the optimistic lock (ARO-E6002), the actor's right to the event (ARO-E1210), a
 * replaced order (ARO-E6004), then the event's own rules. A refused event changes nothing.
 * @param order - the order as read (its version included)
 * @param event - what is asked
 * @param actor - patient, staff with their roles in the order's hospital, or system
 * @param expectedVersion - the version the actor saw; omit when the caller holds the row lock itself
 */
export function transitionOrder(
  order: OrderState,
  event: OrderEvent,
  actor: OrderActor,
  expectedVersion?: number,
): OrderTransition {
  if (expectedVersion !== undefined && expectedVersion !== order.version) {
    return refuse('ARO-E6002');
  }
  if (!mayRequestOrderEvent(order.category, event.type, actor)) {
    return refuse('ARO-E1210');
  }
  if (order.replacedBy !== null) {
    return refuse('ARO-E6004');
  }
  const decision = decide(order, event, actor);
  if ('ok' in decision) {
    return decision;
  }
  const next: OrderState = { ...order, ...decision.order, version: order.version + 1 };
  return {
    ok: true,
    order: next,
    history: {
      event: event.type,
      actor: actor.kind,
      fromStatus: order.status,
      toStatus: next.status,
    },
    prepareInvoice: decision.prepareInvoice ?? false,
    notice: decision.notice ?? null,
  };
}

/**
 * The statuses staff may move an order to next with moveStatus, complete or cancel, for the status
 * menu in the console (empty for a closed or replaced order).
 * @param order - the order
 */
export function nextOrderStatuses(order: OrderState): OrderStatus[] {
  if (isTerminalOrderStatus(order.status) || order.replacedBy !== null) {
    return [];
  }
  const moves = [...(ORDER_STATUS_MOVES[order.category][order.status] ?? [])];
  if (ORDER_COMPLETE_FROM[order.category].includes(order.status)) {
    moves.push('completed');
  }
  moves.push('canceled');
  return moves;
}
