/**
 * The order state machine: who may do what to an order, and what it becomes (issue 10 Build 4, 5
 * and the staff console list; spec doc 3 §4, §6). The spec shows the statuses but says 'Which
 * transitions are allowed, and who triggers them, is not shown': the edges and roles here are ours,
 * as a hospital would work an order. Every refusal is a 'CODE:message' from the error catalogue.
 */
import { hasControlCharacters as hasFreeTextControl } from '../consultations/appointment-rules.ts';
import { errorString, type ErrorCode } from '../errors.ts';
import { hasControlCharacters, type StaffRole } from '../staff/staff.ts';
import type { OrderCategory } from './categories.ts';
import { hasAddress, type OrderAddress } from './plain.ts';

export { hasAddress, type OrderAddress };
import {
  ORDER_CANCEL_REASONS,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES_BY_CATEGORY,
  isTerminalOrderStatus,
  orderStatusLabel,
  type OrderStatus,
} from './status.ts';
import {
  ORDER_COMPLETE_FROM,
  ORDER_EVENT_ACTORS,
  ORDER_NOTE_MAX,
  ORDER_STAFF_ROLES,
  ORDER_STATUS_MOVES,
  REQUEST_CHANGEABLE_STATUSES,
  type OrderActor,
  type OrderEvent,
  type OrderEventType,
  type OrderNotice,
  type OrderRefusal,
  type OrderState,
  type OrderTransition,
} from './order-events.ts';

/** Cashiers also record payments taken at the desk (issue 9 cash desk). */
const PAYMENT_RECORDING_ROLES: readonly StaffRole[] = ['cashier'];

/** Statuses from which a home sample collection may be scheduled or rescheduled. */
const SAMPLE_SCHEDULE_FROM: readonly OrderStatus[] = [
  'confirming',
  'preparing',
  'sampleCollecting',
  'sampleCollectingHome',
];

type Change = { order: Partial<OrderState>; prepareInvoice?: boolean; notice?: OrderNotice | null };

/**
 * A refusal as its catalogue code and the values of its placeholders, before its 'CODE:message' string
 * is written: the rules a patient's screen asks (requestChangeBlock) answer this, so the screen does not
 * ship the error catalogue to learn only whether an action is open (issue 33 §3).
 */
export type OrderRefusalReason = { code: ErrorCode; vars?: Record<string, string> };

function refuse(code: ErrorCode, vars: Record<string, string> = {}): OrderRefusal {
  return { ok: false, code, error: errorString(code, vars) };
}

function reasonRefusal(reason: OrderRefusalReason): OrderRefusal {
  return refuse(reason.code, reason.vars);
}

function moveRefusal(from: OrderStatus, to: OrderStatus): OrderRefusal {
  return refuse('ARO-E6003', { from: orderStatusLabel(from), to: orderStatusLabel(to) });
}

function terminalReason(order: OrderState): OrderRefusalReason | null {
  return isTerminalOrderStatus(order.status)
    ? { code: 'ARO-E6001', vars: { status: orderStatusLabel(order.status) } }
    : null;
}

function terminalRefusal(order: OrderState): OrderRefusal | null {
  const reason = terminalReason(order);
  return reason ? reasonRefusal(reason) : null;
}

function isValidTime(value: string): boolean {
  return value.trim() !== '' && !Number.isNaN(Date.parse(value));
}

/**
 * Whether a category's work waits for its charge to be set before it leaves confirming. An admission
 * does not: the doctor confirms it before the hospital names the deposit (paid by bank transfer, spec
 * doc 3 §4 Order payment). Completing waits for the payment of any charge set, admissions included
 * (orderChargeOwed): an admission is not Admitted beside 'Amount to pay' and 'No payments yet'.
 */
function chargeBeforeWork(category: OrderCategory): boolean {
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

/** complete's 'owes': a charge above 0 not paid yet, whatever the category (spec doc 3 §4 Order payment). */
function orderChargeOwed(order: Pick<OrderState, 'chargingAmountMinor' | 'paymentStatus'>): boolean {
  return (order.chargingAmountMinor ?? 0) > 0 && order.paymentStatus !== 'paid';
}

/** What to do first when a move waits for a precondition (the console points the member to it). */
export type OrderMoveFirstStep = 'setCharge' | 'scheduleSampleCollection' | 'takePayment';

/** A move that cannot be made now: the refusal the server gives, and what to do first. */
export type OrderMoveBlock = OrderRefusal & { firstStep: OrderMoveFirstStep };

/** The order facts the preconditions of a move read. */
export type OrderMoveFacts = Pick<
  OrderState,
  'category' | 'status' | 'initiatedFor' | 'chargingAmountMinor' | 'paymentStatus' | 'sampleCollection'
>;

/**
 * The preconditions of a status move beyond its edge (ORDER_STATUS_MOVES, ORDER_COMPLETE_FROM): the
 * charge is set before the work leaves confirming (ARO-E6007, not for admissions), a home sample
 * collection is scheduled before sampleCollecting (ARO-E6013), and a charge set is paid before
 * completed (ARO-E6008, every category: cash, card, Genie or an admission's bank transfer). The
 * server's transition checks exactly these (transitionOrder), and the console offers a move disabled
 * with this reason while one holds (staffOrderMoves). Null when the move may be made now.
 * @param order - the order's category, status, place, charge, payment and sample collection
 * @param to - the status asked for (moveStatus's target, or completed for complete)
 */
export function orderMoveBlock(order: OrderMoveFacts, to: OrderStatus): OrderMoveBlock | null {
  if (to === 'canceled') {
    return null;
  }
  if (chargeBeforeWork(order.category) && order.status === 'confirming' && order.chargingAmountMinor === null) {
    return { ...refuse('ARO-E6007'), firstStep: 'setCharge' };
  }
  if (to === 'sampleCollecting' && order.initiatedFor === 'homecare' && order.sampleCollection === null) {
    return { ...refuse('ARO-E6013'), firstStep: 'scheduleSampleCollection' };
  }
  if (to === 'completed' && orderChargeOwed(order)) {
    return { ...refuse('ARO-E6008'), firstStep: 'takePayment' };
  }
  return null;
}

function withoutStep(block: OrderMoveBlock): OrderRefusal {
  return { ok: false, code: block.code, error: block.error };
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
 * The order view shows 'Click to change' and the modals only while this is null; transitionOrder
 * writes the refusal's 'CODE:message' from it.
 * @param order - the order
 * @param change - 'address' for 'Change homecare address', 'initiatedFor' for 'Are you sure want to Change request?'
 */
export function requestChangeBlock(
  order: OrderState,
  change: 'address' | 'initiatedFor',
): OrderRefusalReason | null {
  if (order.replacedBy !== null) {
    return { code: 'ARO-E6004' };
  }
  const terminal = terminalReason(order);
  if (terminal) {
    return terminal;
  }
  if (change === 'address' && order.initiatedFor !== 'homecare') {
    return { code: 'ARO-E6015' };
  }
  if (change === 'initiatedFor' && order.category === 'Finance') {
    return { code: 'ARO-E6019' };
  }
  if (!REQUEST_CHANGEABLE_STATUSES.includes(order.status)) {
    return { code: 'ARO-E6016' };
  }
  if (change === 'initiatedFor' && order.paymentStatus === 'paid') {
    return { code: 'ARO-E6006' };
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
        chargeBeforeWork(order.category) &&
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
      const block = orderMoveBlock(order, event.to);
      if (block) {
        return withoutStep(block);
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
      // Cash owed (orderCashOwed) is taken first (staffTakeOrderCashPayment: payment, receipt, invoice, audit);
      // completing never marks an order paid by itself.
      const block = orderMoveBlock(order, 'completed');
      if (block) {
        return withoutStep(block);
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
        return reasonRefusal(block);
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
        return reasonRefusal(block);
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
export function nextOrderStatuses(order: Pick<OrderState, 'category' | 'status' | 'replacedBy'>): OrderStatus[] {
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

/** A status the console offers: the move, and why it cannot be made now (null when it can). */
export type OrderMoveOffer = { to: OrderStatus; block: OrderMoveBlock | null };

/**
 * The status moves the console offers (nextOrderStatuses), each with the precondition that holds it
 * back now (orderMoveBlock): shown disabled with the reason and what to do first, never a button
 * that fails for a reason known before the click.
 * @param order - the order
 */
export function staffOrderMoves(order: OrderMoveFacts & Pick<OrderState, 'replacedBy'>): OrderMoveOffer[] {
  return nextOrderStatuses(order).map((to) => ({ to, block: orderMoveBlock(order, to) }));
}
