/**
 * Order trackers and the payment status display (spec doc 3 §4 Trackers, Payment status display).
 */
import { historyStatus, type HistoryStatus } from '../payments/status.ts';
import type { OrderCategory } from './categories.ts';
import type { OrderPaymentStatus, OrderStatus } from './status.ts';
import { SAMPLE_COLLECTION_SCHEDULED_STATUSES, type SampleCollection } from './order-events.ts';

/** The steps of each category's tracker, in order (spec doc 3 §4 Trackers). */
export const ORDER_TRACKER_STEPS = {
  Procedure: ['New', 'Payment', 'Procedure', 'Report'],
  Examination: ['New', 'Payment', 'Testing', 'Report'],
  Finance: ['New', 'Documents', 'Confirm', 'Admitted'],
  // The spec shows no medication tracker; these steps follow its medication statuses (ours).
  Medication: ['New', 'Payment', 'Preparing', 'Delivering', 'Completed'],
} as const satisfies Record<OrderCategory, readonly string[]>;

/** The name of a tracker step, of any category. */
export type TrackerStepLabel = (typeof ORDER_TRACKER_STEPS)[OrderCategory][number];

/** One tracker step: done steps are green; the current one is the first not done of an open order. */
export type TrackerStep = { label: TrackerStepLabel; done: boolean; current: boolean };

/** A tracker as the order view shows it. */
export type OrderTracker = {
  steps: TrackerStep[];
  /** A canceled order's tracker stops: no step is current. */
  canceled: boolean;
  /** The scheduled home sample collection while it is under way, for the tracker's note and the box. */
  sampleCollection: SampleCollection | null;
};

/** What the trackers read of an order. */
export type TrackerInput = {
  category: OrderCategory;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  documentCount: number;
  sampleCollection: SampleCollection | null;
  /** The lab report's summaryStatus (print_ready, report, issued), when there is a report. */
  summaryStatus?: string | null;
  /** The status of the procedure's appointment, when one is linked ('fulfilled' when done). */
  procedureAppointmentStatus?: string | null;
};

/** Statuses past the doctor's confirmation of an admission. */
const ADMISSION_CONFIRMED: readonly OrderStatus[] = [
  'drConfirming',
  'preparing',
  'sampleCollecting',
  'processing',
  'completed',
];
const MEDICATION_PREPARED: readonly OrderStatus[] = ['delivering', 'completed'];

function stepsDone(input: TrackerInput): boolean[] {
  const paid = input.paymentStatus === 'paid';
  const completed = input.status === 'completed';
  const summary = input.summaryStatus ?? null;
  switch (input.category) {
    case 'Procedure':
      // Report: the procedure's report is ready when the hospital completes the order (ours: the
      // spec names the step only).
      return [
        true,
        paid,
        completed || input.procedureAppointmentStatus === 'fulfilled',
        completed || summary === 'print_ready',
      ];
    case 'Examination':
      // spec doc 3 §4: Testing when summaryStatus is print_ready or report; Report when print_ready.
      // issued (ours: the RP mark) comes after print_ready, so an issued report has passed both
      // (issue 30 §1). The order's own reportReady and completed count too, for reports filed
      // outside the app.
      return [
        true,
        paid,
        summary === 'print_ready' ||
          summary === 'report' ||
          summary === 'issued' ||
          // processing: results entered (summaryStatus report; issue 30 §1 moves the order there then).
          input.status === 'processing' ||
          input.status === 'reportReady' ||
          completed,
        summary === 'print_ready' || summary === 'issued' || completed,
      ];
    case 'Finance':
      // spec doc 3 §4: Confirm is green at drConfirming; it stays green through the admission.
      return [true, input.documentCount > 0, ADMISSION_CONFIRMED.includes(input.status), completed];
    case 'Medication':
      return [true, paid, MEDICATION_PREPARED.includes(input.status), completed, completed];
  }
}

/**
 * The tracker of an order (spec doc 3 §4 Trackers):
 * - Procedure: New, Payment (green when paid), Procedure (green when fulfilled), Report;
 * - Lab: New, Payment, Testing (summaryStatus print_ready or report), Report (print_ready; issued
 *   after it passed both);
 * - Admission: New, Documents (images attached), Confirm (drConfirming), Admitted (completed);
 * - Medication (ours): New, Payment, Preparing, Delivering, Completed.
 * @param input - category, status, payment, documents, sample collection and report state
 */
export function orderTracker(input: TrackerInput): OrderTracker {
  const labels = ORDER_TRACKER_STEPS[input.category];
  const done = stepsDone(input);
  const canceled = input.status === 'canceled';
  const currentIndex = canceled ? -1 : done.findIndex((isDone) => !isDone);
  return {
    steps: labels.map((label, index) => ({
      label,
      done: done[index] ?? false,
      current: index === currentIndex,
    })),
    canceled,
    sampleCollection: SAMPLE_COLLECTION_SCHEDULED_STATUSES.includes(input.status)
      ? input.sampleCollection
      : null,
  };
}

/**
 * How a payment's gateway decision reads (spec doc 3 §4 Payment status display, the same rule as
 * doc 2): ACCEPT is Success (green), DECLINE and ERROR are Failed (red); the invoice and 'View
 * invoice' options appear only for Success.
 * @param decision - the gateway's decision as recorded
 */
export function orderPaymentStatusDisplay(decision: string): HistoryStatus {
  return historyStatus(decision);
}
