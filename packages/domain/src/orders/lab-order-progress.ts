/**
 * How a lab order follows its report (issue 30 §1: a lab order and its report are one story). The
 * laboratory's steps on the report move the order: results entered → processing (the tracker's
 * Testing), the report issued → reportReady (the tracker's Report). The moves are the examination
 * order's own forward moves (ORDER_STATUS_MOVES), taken only from a sample recorded (collected or
 * arrived) onwards, so no step of the collection is invented, and never backwards: a second results
 * save or an amended report's issue moves nothing.
 */
import type { OrderCategory } from './categories.ts';
import { ORDER_STATUS_MOVES } from './order-events.ts';
import type { OrderStatus } from './status.ts';

/** A step of the laboratory on a report that moves its order. */
export type LabReportStep = 'resultsEntered' | 'issued';

/** The order status each report step brings its lab order to. */
export const LAB_REPORT_STEP_ORDER_STATUS: Record<LabReportStep, OrderStatus> = {
  resultsEntered: 'processing',
  issued: 'reportReady',
};

/** The lab order's path once its sample is recorded, in order. */
const LAB_ORDER_PATH: readonly OrderStatus[] = [
  'sampleCollected',
  'sampleArrived',
  'processing',
  'reportReady',
];

/**
 * The moveStatus targets, in order, that bring a lab order to where a report step puts it; empty
 * when the order is not an examination, is already there or past it, or has no sample recorded yet
 * (new, confirming, preparing, collecting: the collection's own steps are the hospital's to record;
 * the tracker still follows the report's summaryStatus).
 * @param category - the order's category
 * @param status - the order's status now
 * @param step - the report step just taken
 */
export function labOrderMovesFor(
  category: OrderCategory,
  status: OrderStatus,
  step: LabReportStep,
): OrderStatus[] {
  if (category !== 'Examination') {
    return [];
  }
  const from = LAB_ORDER_PATH.indexOf(status);
  const to = LAB_ORDER_PATH.indexOf(LAB_REPORT_STEP_ORDER_STATUS[step]);
  if (from === -1 || from >= to) {
    return [];
  }
  const moves = LAB_ORDER_PATH.slice(from + 1, to + 1);
  // Each move is one of the examination order's own forward moves.
  let at = status;
  for (const next of moves) {
    if (!(ORDER_STATUS_MOVES.Examination[at] ?? []).includes(next)) {
      return [];
    }
    at = next;
  }
  return moves;
}
