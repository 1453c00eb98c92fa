import { describe, expect, it } from 'vitest';
import {
  CLOSED_RECORD_STATUSES,
  ORDER_CANCEL_REASONS,
  ORDER_COMMUNICATION_STATUSES,
  ORDER_PAYMENT_METHODS,
  ORDER_STATUSES_BY_CATEGORY,
  DEFAULT_ORDER_PAYMENT_METHOD,
  INITIAL_ORDER_STATUS,
  isOrderClosed,
  isOrderStatusOf,
  latestActiveOrder,
  medicationConfirmingSubstate,
  medicationDeliveryMode,
  orderStatusLabel,
} from './status.ts';

describe('order statuses (spec doc 3 §4)', () => {
  it('medication: new, canceled, confirming, preparing, delivering, completed', () => {
    expect([...ORDER_STATUSES_BY_CATEGORY.Medication].sort()).toEqual(
      ['new', 'canceled', 'confirming', 'preparing', 'delivering', 'completed'].sort(),
    );
  });

  it('examination and procedure: new, canceled, confirming, preparing, sampleCollecting, processing, completed', () => {
    const shared = [
      'new',
      'canceled',
      'confirming',
      'preparing',
      'sampleCollecting',
      'processing',
      'completed',
    ];
    for (const category of ['Examination', 'Procedure'] as const) {
      expect(ORDER_STATUSES_BY_CATEGORY[category]).toEqual(expect.arrayContaining(shared));
    }
    expect(ORDER_STATUSES_BY_CATEGORY.Examination).toEqual(
      expect.arrayContaining([
        'sampleCollectingHome',
        'sampleCollected',
        'sampleArrived',
        'reportReady',
      ]),
    );
    expect(ORDER_STATUSES_BY_CATEGORY.Procedure).not.toContain('delivering');
  });

  it('an admission (encounter) has its own states only: drConfirming, no sample states (issue 30 §2.4)', () => {
    expect(ORDER_STATUSES_BY_CATEGORY.Finance).toEqual([
      'new',
      'confirming',
      'drConfirming',
      'preparing',
      'processing',
      'completed',
      'canceled',
    ]);
  });

  it('every status extension starts as new', () => {
    expect(INITIAL_ORDER_STATUS).toBe('new');
  });

  it('isOrderStatusOf checks the category', () => {
    expect(isOrderStatusOf('Medication', 'delivering')).toBe(true);
    expect(isOrderStatusOf('Examination', 'delivering')).toBe(false);
    expect(isOrderStatusOf('Finance', 'drConfirming')).toBe(true);
  });

  it.each([
    ['completed', 'Completed'],
    ['canceled', 'Canceled'],
    ['sampleCollecting', 'Sample Collecting'],
    ['onHold', 'onHold'],
    ['', ''],
  ])('%j reads %j on order cards (unknown values as-is)', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it('cancel reasons, payment methods and communication statuses are the spec codes (doc 3 §3, §4)', () => {
    expect(ORDER_CANCEL_REASONS).toEqual(['outOfStock', 'patientNoResponse', 'patientRequested']);
    expect(ORDER_PAYMENT_METHODS).toEqual(['cash', 'genie', 'card']);
    expect(DEFAULT_ORDER_PAYMENT_METHOD).toBe('card');
    expect(ORDER_COMMUNICATION_STATUSES).toEqual(['initial', 'patientReplied', 'performerReplied']);
  });
});

describe('closed orders (spec doc 3 §4, §9)', () => {
  it.each([
    ['completed', true],
    ['entered_in_error', true],
    ['aborted', true],
    ['draft', false],
    ['active', false],
    ['revoked', false],
  ])('%s closed: %s', (status, closed) => {
    expect(isOrderClosed(status)).toBe(closed);
  });

  it('lists completed, entered_in_error and aborted', () => {
    expect(CLOSED_RECORD_STATUSES).toEqual(['completed', 'entered_in_error', 'aborted']);
  });

  it('the latest active order is shown', () => {
    const orders = [
      { id: 'a', status: 'draft', createdTime: new Date('2026-11-01T10:00:00Z') },
      { id: 'b', status: 'completed', createdTime: new Date('2026-11-20T10:00:00Z') },
      { id: 'c', status: 'active', createdTime: new Date('2026-11-10T10:00:00Z') },
      { id: 'd', status: 'aborted', createdTime: new Date('2026-11-22T10:00:00Z') },
    ];
    expect(latestActiveOrder(orders)?.id).toBe('c');
    expect(latestActiveOrder(orders.filter((order) => order.id === 'b'))).toBeNull();
  });
});

describe('medication sub-states (spec doc 3 §4)', () => {
  it.each([
    ['initial', 'pending', 'card', { waitingFor: 'hospital', payment: 'pending' }],
    ['performerReplied', 'pending', 'cash', { waitingFor: 'patient', payment: 'cashOnDelivery' }],
    ['patientReplied', 'paid', 'cash', { waitingFor: 'hospital', payment: 'paid' }],
    ['performerReplied', 'paid', 'genie', { waitingFor: 'patient', payment: 'paid' }],
  ] as const)(
    'confirming with %s, %s, %s',
    (communicationStatus, paymentStatus, paymentMethod, expected) => {
      expect(
        medicationConfirmingSubstate({ communicationStatus, paymentStatus, paymentMethod }),
      ).toEqual(expected);
    },
  );

  it('delivering: appointment collects at the hospital, homecare delivers to the home', () => {
    expect(medicationDeliveryMode('appointment')).toBe('collectAtHospital');
    expect(medicationDeliveryMode('homecare')).toBe('deliverToHome');
  });
});
