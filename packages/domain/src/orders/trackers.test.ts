import { describe, expect, it } from 'vitest';
import {
  ORDER_TRACKER_STEPS,
  orderPaymentStatusDisplay,
  orderTracker,
  type TrackerInput,
} from './trackers.ts';

const COLLECTION = { userName: 'Kamal Silva', time: '2026-11-25T09:30:00+05:30' };

function input(overrides: Partial<TrackerInput>): TrackerInput {
  return {
    category: 'Examination',
    status: 'new',
    paymentStatus: 'pending',
    documentCount: 0,
    sampleCollection: null,
    ...overrides,
  };
}

/** Step states as a compact string: G green (done), C current, - waiting. */
function marks(tracker: ReturnType<typeof orderTracker>): string {
  return tracker.steps.map((step) => (step.done ? 'G' : step.current ? 'C' : '-')).join('');
}

describe('tracker steps (spec doc 3 §4 Trackers)', () => {
  it('Procedure: New, Payment, Procedure, Report; Lab: New, Payment, Testing, Report; Admission: New, Documents, Confirm, Admitted', () => {
    expect(ORDER_TRACKER_STEPS.Procedure).toEqual(['New', 'Payment', 'Procedure', 'Report']);
    expect(ORDER_TRACKER_STEPS.Examination).toEqual(['New', 'Payment', 'Testing', 'Report']);
    expect(ORDER_TRACKER_STEPS.Finance).toEqual(['New', 'Documents', 'Confirm', 'Admitted']);
    expect(ORDER_TRACKER_STEPS.Medication).toEqual([
      'New',
      'Payment',
      'Preparing',
      'Delivering',
      'Completed',
    ]);
  });

  it('labels each step', () => {
    expect(orderTracker(input({})).steps.map((step) => step.label)).toEqual([
      'New',
      'Payment',
      'Testing',
      'Report',
    ]);
  });
});

describe('lab tracker', () => {
  it.each([
    [{}, 'GC--'],
    [{ paymentStatus: 'paid' }, 'GGC-'],
    // processing: the results are entered (summaryStatus report), so Testing is complete (issue 30 §1).
    [{ paymentStatus: 'paid', status: 'processing' }, 'GGGC'],
    [{ paymentStatus: 'paid', status: 'sampleArrived' }, 'GGC-'],
    [{ paymentStatus: 'paid', summaryStatus: 'report' }, 'GGGC'],
    // issued comes after print_ready (issue 30 §1: the issued report's order shows Testing and Report done).
    [{ paymentStatus: 'paid', summaryStatus: 'issued' }, 'GGGG'],
    [{ paymentStatus: 'paid', status: 'reportReady', summaryStatus: 'issued' }, 'GGGG'],
    [{ paymentStatus: 'paid', summaryStatus: 'print_ready' }, 'GGGG'],
    [{ paymentStatus: 'paid', status: 'reportReady' }, 'GGGC'],
    [{ paymentStatus: 'paid', status: 'completed' }, 'GGGG'],
    // A cash order not yet paid still shows Payment waiting while testing goes on.
    [{ summaryStatus: 'report' }, 'GCG-'],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(marks(orderTracker(input(overrides)))).toBe(expected);
  });
});

describe('procedure tracker', () => {
  it.each([
    [{}, 'GC--'],
    [{ paymentStatus: 'paid' }, 'GGC-'],
    [{ paymentStatus: 'paid', procedureAppointmentStatus: 'fulfilled' }, 'GGGC'],
    [{ paymentStatus: 'paid', procedureAppointmentStatus: 'booked' }, 'GGC-'],
    [{ paymentStatus: 'paid', status: 'completed' }, 'GGGG'],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(marks(orderTracker(input({ category: 'Procedure', ...overrides })))).toBe(expected);
  });
});

describe('admission tracker', () => {
  it.each([
    [{}, 'GC--'],
    [{ documentCount: 2 }, 'GGC-'],
    [{ documentCount: 2, status: 'confirming' }, 'GGC-'],
    [{ documentCount: 2, status: 'drConfirming' }, 'GGGC'],
    [{ documentCount: 2, status: 'preparing' }, 'GGGC'],
    [{ documentCount: 2, status: 'completed' }, 'GGGG'],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(marks(orderTracker(input({ category: 'Finance', ...overrides })))).toBe(expected);
  });
});

describe('medication tracker (ours)', () => {
  it.each([
    [{}, 'GC---'],
    [{ paymentStatus: 'paid', status: 'preparing' }, 'GGC--'],
    [{ paymentStatus: 'paid', status: 'delivering' }, 'GGGC-'],
    [{ paymentStatus: 'paid', status: 'completed' }, 'GGGGG'],
  ] as const)('%o → %s', (overrides, expected) => {
    expect(marks(orderTracker(input({ category: 'Medication', ...overrides })))).toBe(expected);
  });
});

describe('tracker of a canceled order and the sample collection', () => {
  it('a canceled order has no current step', () => {
    const tracker = orderTracker(input({ status: 'canceled', paymentStatus: 'paid' }));
    expect(tracker.canceled).toBe(true);
    expect(marks(tracker)).toBe('GG--');
  });

  it('carries the scheduled collection while it is under way', () => {
    expect(
      orderTracker(input({ status: 'sampleCollecting', sampleCollection: COLLECTION }))
        .sampleCollection,
    ).toEqual(COLLECTION);
    expect(
      orderTracker(input({ status: 'sampleCollectingHome', sampleCollection: COLLECTION }))
        .sampleCollection,
    ).toEqual(COLLECTION);
    expect(
      orderTracker(input({ status: 'sampleCollected', sampleCollection: COLLECTION }))
        .sampleCollection,
    ).toBeNull();
  });
});

describe('payment status display (spec doc 3 §4)', () => {
  it.each([
    ['ACCEPT', 'Success', 'green', true],
    ['DECLINE', 'Failed', 'red', false],
    ['ERROR', 'Failed', 'red', false],
  ])('%s shows %s (%s); invoice options %s', (decision, label, tone, showInvoice) => {
    expect(orderPaymentStatusDisplay(decision)).toEqual({ label, tone, showInvoice });
  });
});
