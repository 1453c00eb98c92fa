/**
 * Order statuses per category, their labels, closed orders and the medication sub-states
 * (spec doc 3 §3 Status extensions, §4 Order statuses).
 */
import type { InitiatedFor, OrderCategory } from './categories.ts';

/** Every order status value of spec doc 3 §4, substatuses and drConfirming included. */
export const ORDER_STATUSES = [
  'new',
  'confirming',
  'drConfirming',
  'preparing',
  'delivering',
  'sampleCollecting',
  'sampleCollectingHome',
  'sampleCollected',
  'sampleArrived',
  'processing',
  'reportReady',
  'completed',
  'canceled',
] as const;
/** An order status, as the category's status extension holds it. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses each category can take (spec doc 3 §4 Order statuses): medication has delivering;
 * examination and procedure have sampleCollecting and processing; the substatuses
 * sampleCollectingHome, sampleCollected, sampleArrived and reportReady are the lab's (examination);
 * drConfirming is seen on encounters (admissions) only. The spec's shared list names sampleCollecting
 * for encounters too, but an admission takes no sample and its tracker is New, Documents, Confirm,
 * Admitted (issue 30 §2.4: each order kind has only its own states). Every status extension starts as new.
 */
export const ORDER_STATUSES_BY_CATEGORY: Record<OrderCategory, readonly OrderStatus[]> = {
  Medication: ['new', 'confirming', 'preparing', 'delivering', 'completed', 'canceled'],
  Examination: [
    'new',
    'confirming',
    'preparing',
    'sampleCollecting',
    'sampleCollectingHome',
    'sampleCollected',
    'sampleArrived',
    'processing',
    'reportReady',
    'completed',
    'canceled',
  ],
  Procedure: [
    'new',
    'confirming',
    'preparing',
    'sampleCollecting',
    'processing',
    'completed',
    'canceled',
  ],
  Finance: [
    'new',
    'confirming',
    'drConfirming',
    'preparing',
    'processing',
    'completed',
    'canceled',
  ],
};

/** Where a category's order status starts (spec doc 3 §3: all status extensions start as new). */
export const INITIAL_ORDER_STATUS: OrderStatus = 'new';

/** Statuses an order never leaves. */
export const TERMINAL_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'canceled'];

/**
 * Whether a string is a status of the category.
 * @param category - the order's category
 * @param value - the candidate status
 */
export function isOrderStatusOf(category: OrderCategory, value: string): value is OrderStatus {
  return (ORDER_STATUSES_BY_CATEGORY[category] as readonly string[]).includes(value);
}

/**
 * Whether an order status is terminal: completed or canceled.
 * @param status - the category's order status
 */
export function isTerminalOrderStatus(status: string): boolean {
  return (TERMINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * Labels of the status values. 'Completed' and 'Canceled' are the spec's banner texts (doc 3 §2); the
 * spec names the other codes but shows no label for them, so those labels are ours.
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  new: 'New',
  confirming: 'Confirming',
  drConfirming: 'Doctor Confirming',
  preparing: 'Preparing',
  delivering: 'Delivering',
  sampleCollecting: 'Sample Collecting',
  sampleCollectingHome: 'Sample Collector On The Way',
  sampleCollected: 'Sample Collected',
  sampleArrived: 'Sample Arrived',
  processing: 'Processing',
  reportReady: 'Report Ready',
  completed: 'Completed',
  canceled: 'Canceled',
};

/**
 * The text of a status on order cards: its label, and any unknown value as-is (spec doc 3 §4).
 * @param status - the status value as stored
 */
export function orderStatusLabel(status: string): string {
  return Object.hasOwn(ORDER_STATUS_LABELS, status)
    ? ORDER_STATUS_LABELS[status as OrderStatus]
    : status;
}

/** Cancel reasons (spec doc 3 §4: medication canceled with outOfStock, patientNoResponse, patientRequested). */
export const ORDER_CANCEL_REASONS = [
  'outOfStock',
  'patientNoResponse',
  'patientRequested',
] as const;
/** Why an order was canceled (orderCanceledReason). */
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/** Labels of the cancel reasons; the spec shows the codes only, so the labels are ours. */
export const ORDER_CANCEL_REASON_LABELS: Record<OrderCancelReason, string> = {
  outOfStock: 'Out of stock',
  patientNoResponse: 'No response from the patient',
  patientRequested: 'Requested by the patient',
};

/** Record statuses (the order's own status field) that close an order (spec doc 3 §4, §9). */
export const CLOSED_RECORD_STATUSES = ['completed', 'entered_in_error', 'aborted'] as const;

/**
 * Whether an order is closed, not active (spec doc 3 §4: completed, entered_in_error or aborted).
 * @param recordStatus - the order's status field (draft, active, revoked, completed, …)
 */
export function isOrderClosed(recordStatus: string): boolean {
  return (CLOSED_RECORD_STATUSES as readonly string[]).includes(recordStatus);
}

/**
 * The latest active order, shown where one order is shown (spec doc 3 §4: 'The latest active order
 * is shown'); null when every order is closed. Ties on createdTime keep the first given.
 * @param orders - orders with their record status and creation time
 */
export function latestActiveOrder<T extends { status: string; createdTime: Date }>(
  orders: readonly T[],
): T | null {
  let latest: T | null = null;
  for (const order of orders) {
    if (isOrderClosed(order.status)) {
      continue;
    }
    if (latest === null || order.createdTime.getTime() > latest.createdTime.getTime()) {
      latest = order;
    }
  }
  return latest;
}

/** Payment status of an order (spec doc 3 §3 serviceRequestPaymentStatus). */
export const ORDER_PAYMENT_STATUSES = ['paid', 'pending'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/** Payment methods of an order (spec doc 3 §3 serviceRequestPaymentMethod); card at creation. */
export const ORDER_PAYMENT_METHODS = ['cash', 'genie', 'card'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];
/** The payment method an order is created with (spec doc 3 §3 Creation payload). */
export const DEFAULT_ORDER_PAYMENT_METHOD: OrderPaymentMethod = 'card';

/** Communication status of an order's notes (spec doc 3 §3 orderCommunicationStatus). */
export const ORDER_COMMUNICATION_STATUSES = [
  'initial',
  'patientReplied',
  'performerReplied',
] as const;
export type OrderCommunicationStatus = (typeof ORDER_COMMUNICATION_STATUSES)[number];

/** What a medication order in confirming waits for (spec doc 3 §4 Order statuses). */
export type MedicationConfirmingSubstate = {
  /** Who has the next word in the notes: the patient after a hospital reply, else the hospital. */
  waitingFor: 'patient' | 'hospital';
  /** paid, cashOnDelivery (payment method cash) or pending. */
  payment: 'paid' | 'cashOnDelivery' | 'pending';
};

/**
 * The sub-state of a medication order in confirming (spec doc 3 §4): from orderCommunicationStatus
 * (performerReplied, patientReplied), the payment status (paid, pending) and the payment method
 * (cash means cash on delivery).
 * @param order - communication status, payment status and payment method
 */
export function medicationConfirmingSubstate(order: {
  communicationStatus: OrderCommunicationStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
}): MedicationConfirmingSubstate {
  let payment: MedicationConfirmingSubstate['payment'] = 'pending';
  if (order.paymentStatus === 'paid') {
    payment = 'paid';
  } else if (order.paymentMethod === 'cash') {
    payment = 'cashOnDelivery';
  }
  return {
    waitingFor: order.communicationStatus === 'performerReplied' ? 'patient' : 'hospital',
    payment,
  };
}

/**
 * How a medication order in delivering reaches the patient (spec doc 3 §4): initiatedFor
 * appointment means collect at the hospital, homecare means deliver to the home.
 * @param initiatedFor - the order's serviceRequestInitiatedFor
 */
export function medicationDeliveryMode(
  initiatedFor: InitiatedFor,
): 'collectAtHospital' | 'deliverToHome' {
  return initiatedFor === 'appointment' ? 'collectAtHospital' : 'deliverToHome';
}
