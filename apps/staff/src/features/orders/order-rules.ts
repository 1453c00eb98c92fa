import {
  ORDER_CATEGORIES,
  ORDER_STAFF_ROLES,
  isOrderCategory,
  isOrderStatusOf,
  isTerminalOrderStatus,
  mayRequestOrderEvent,
  orderCashOwed,
  orderMoveBlock,
  setOrderChargeInput,
  type OrderCategory,
  type OrderMoveBlock,
} from '@careline/domain/orders';
import type { StaffRole } from '@careline/domain/staff';
import { hospitalClock, hospitalDayOf } from '../../lib/hospital-time.ts';

// The console's rules for the order screens. The order rules themselves (which moves exist, who may
// do what) are the domain's and the server's: the server answers nextStatuses and
// canScheduleSampleCollection for each order, and the domain's orderMoveBlock says which of those
// moves wait for something first (the very check the server makes); these only decide where an order shows.

/** A queue of the console (the server's StaffOrderQueue). */
export type OrderQueue = 'NEW' | 'IN_PROGRESS' | 'DONE';

/** The queues in the order of their tabs. */
export const ORDER_QUEUES: readonly OrderQueue[] = ['NEW', 'IN_PROGRESS', 'DONE'];

/** Orders per page of a queue. */
export const ORDER_QUEUE_PAGE_SIZE = 20;

/** How long the search waits after the last key before asking the server. */
export const ORDER_SEARCH_DEBOUNCE_MS = 400;

/**
 * The categories a member works in a hospital, from their roles there (the domain's
 * ORDER_STAFF_ROLES: pharmacists medication, lab technicians examinations, nurses procedures and
 * admissions, doctors admissions, admins all), in the domain's order.
 * @param roles - the member's roles in the hospital
 */
export function workedOrderCategories(roles: readonly StaffRole[]): OrderCategory[] {
  return ORDER_CATEGORIES.filter((category) => ORDER_STAFF_ROLES[category].some((role) => roles.includes(role)));
}

/**
 * The queue an order belongs to, as the server files it: done when completed, canceled or
 * replaced; new in status new; in progress otherwise.
 * @param order - its category's status and its replacement, if any
 */
export function queueOfOrder(order: { orderStatus: string; replacedBy?: string | null }): OrderQueue {
  if ((order.replacedBy ?? null) !== null || isTerminalOrderStatus(order.orderStatus)) {
    return 'DONE';
  }
  return order.orderStatus === 'new' ? 'NEW' : 'IN_PROGRESS';
}

/** The digits of a mobile number as the search compares them: no spaces or signs, no leading 0. */
function mobileDigits(text: string): string {
  return text.replace(/[\s()+-]/g, '').replace(/^0+/, '');
}

/**
 * Whether an order matches the search as the server's search does (part of the order number, of the
 * patient's name or of the mobile number), for orders that arrive live while a search is on.
 * @param row - the order number, the patient's name and mobile number
 * @param search - the search text; empty matches everything
 */
export function matchesOrderSearch(
  row: { identifier: string | null; patientName: string; mobileNo: string | null },
  search: string,
): boolean {
  const text = search.trim().toLowerCase();
  if (text === '') {
    return true;
  }
  if ((row.identifier ?? '').toLowerCase().includes(text) || row.patientName.toLowerCase().includes(text)) {
    return true;
  }
  const digits = mobileDigits(text);
  return /^\d{3,}$/.test(digits) && row.mobileNo !== null && row.mobileNo.includes(digits);
}

/** What a live delivery did to the list on show. */
export type LiveListChange = 'added' | 'updated' | 'left' | null;

/** The fields of a listed order that live merging reads. */
export type ListedOrder = {
  id: string;
  order: { identifier: string | null; category: string; orderStatus: string; replacedBy?: string | null; createdTime: string };
  patient: { name: string; mobileNo: string | null };
};

/**
 * A live delivery merged into the queue on show: a changed order is replaced in place, or leaves
 * when it no longer belongs there (moved to another queue); a new one that belongs is added in its
 * place by creation time, newest first.
 * @param rows - the orders on show, newest first
 * @param incoming - the order as it is now
 * @param filter - the queue, the category (null: all the member works) and the search on show
 */
export function mergeLiveOrder<T extends ListedOrder>(
  rows: readonly T[],
  incoming: T,
  filter: { queue: OrderQueue; category: string | null; search: string },
): { rows: T[]; change: LiveListChange } {
  const belongs =
    queueOfOrder(incoming.order) === filter.queue &&
    (filter.category === null || incoming.order.category === filter.category) &&
    matchesOrderSearch(
      { identifier: incoming.order.identifier, patientName: incoming.patient.name, mobileNo: incoming.patient.mobileNo },
      filter.search,
    );
  const index = rows.findIndex((row) => row.id === incoming.id);
  if (index >= 0) {
    if (!belongs) {
      return { rows: rows.filter((row) => row.id !== incoming.id), change: 'left' };
    }
    const next = [...rows];
    next[index] = incoming;
    return { rows: next, change: 'updated' };
  }
  if (!belongs) {
    return { rows: [...rows], change: null };
  }
  const at = rows.findIndex((row) => Date.parse(row.order.createdTime) < Date.parse(incoming.order.createdTime));
  const next = [...rows];
  next.splice(at < 0 ? next.length : at, 0, incoming);
  return { rows: next, change: 'added' };
}

/**
 * The charging amount as the server takes it ('1500.00'), or null when it is not a positive amount
 * with at most 2 decimals (the domain's setOrderChargeInput).
 * @param text - what the member typed, e.g. '1,500.5'
 */
export function chargeAmountText(text: string): string | null {
  const cleaned = text.replace(/[,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
    return null;
  }
  const parsed = setOrderChargeInput.safeParse({ amount: cleaned });
  if (!parsed.success) {
    return null;
  }
  const minor = parsed.data.amount;
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * Whether the order has cash owed for the hospital to take now (the domain's orderCashOwed: an open
 * order with an unpaid charge, whatever method the patient chose; exactly what holds completing
 * back, ARO-E6008), from the order as the server answered it; an unknown category or status never
 * does. A payment still in flight is the server's to refuse (ARO-E5015).
 * @param order - the order's category, status, replacement, charge (major units) and payment status
 */
export function staffOrderCashOwed(order: {
  category: string;
  orderStatus: string;
  replacedBy?: string | null;
  serviceRequestChargingAmount?: number | null;
  serviceRequestPaymentStatus: string;
}): boolean {
  const { category, orderStatus: status } = order;
  if (!isOrderCategory(category) || !isOrderStatusOf(category, status)) {
    return false;
  }
  const amount = order.serviceRequestChargingAmount;
  return orderCashOwed({
    category,
    status,
    replacedBy: order.replacedBy ?? null,
    chargingAmountMinor: amount === null || amount === undefined ? null : Math.round(amount * 100),
    paymentStatus: order.serviceRequestPaymentStatus === 'paid' ? 'paid' : 'pending',
  });
}

/**
 * Why a move the server offers cannot be made now (the domain's orderMoveBlock, which the server's
 * transition checks too: the charge set before leaving confirming, the home sample collection
 * scheduled before Sample Collecting, the charge paid before Completed), with what to do first; null
 * when it can be made, or for a category or status the console does not know (the server decides).
 * @param order - the order as the server answered it
 * @param to - a status of its nextStatuses
 */
export function staffOrderMoveBlock(
  order: {
    category: string;
    orderStatus: string;
    serviceRequestInitiatedFor: string;
    serviceRequestChargingAmount?: number | null;
    serviceRequestPaymentStatus: string;
    sampleCollectionUserName?: string | null;
    sampleCollectionTime?: string | null;
  },
  to: string,
): OrderMoveBlock | null {
  const { category, orderStatus: status } = order;
  if (!isOrderCategory(category) || !isOrderStatusOf(category, status) || !isOrderStatusOf(category, to)) {
    return null;
  }
  const amount = order.serviceRequestChargingAmount;
  const userName = order.sampleCollectionUserName ?? null;
  const time = order.sampleCollectionTime ?? null;
  return orderMoveBlock(
    {
      category,
      status,
      initiatedFor: order.serviceRequestInitiatedFor === 'appointment' ? 'appointment' : 'homecare',
      chargingAmountMinor: amount === null || amount === undefined ? null : Math.round(amount * 100),
      paymentStatus: order.serviceRequestPaymentStatus === 'paid' ? 'paid' : 'pending',
      sampleCollection: userName && time ? { userName, time: String(time) } : null,
    },
    to,
  );
}

/**
 * Whether the member's roles in the order's hospital record payments of its category (the domain's
 * recordPayment rule: the staff who work the category, cashiers and admins), as the server checks.
 * @param category - the order's category
 * @param roles - the member's roles in the hospital
 */
export function recordsOrderPayment(category: string, roles: readonly StaffRole[]): boolean {
  return isOrderCategory(category) && mayRequestOrderEvent(category, 'recordPayment', { kind: 'staff', roles });
}

/** A fresh idempotency key for one submit (reused when the same submit is retried). */
export function newOrderActionKey(): string {
  return `staff-order-${crypto.randomUUID()}`;
}

/**
 * A date and time in hospital time, 'YYYY-MM-DD HH:MM' (the console's dense form).
 * @param iso - an instant
 */
export function hospitalDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${hospitalDayOf(at)} ${hospitalClock(at)}`;
}
