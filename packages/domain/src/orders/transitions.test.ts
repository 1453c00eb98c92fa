import { describe, expect, it } from 'vitest';
import type { OrderCategory } from './categories.ts';
import { ORDER_STATUSES, ORDER_STATUSES_BY_CATEGORY, type OrderStatus } from './status.ts';
import type { StaffRole } from '../staff/staff.ts';
import {
  ORDER_EVENT_TYPES,
  ORDER_HISTORY_EVENTS,
  isOrderHistoryEvent,
  type OrderActor,
  type OrderEvent,
  type OrderEventType,
  type OrderState,
} from './order-events.ts';
import {
  mayRequestOrderEvent,
  nextOrderStatuses,
  orderCashOwed,
  orderMoveBlock,
  requestChangeBlock,
  staffOrderMoves,
  transitionOrder,
} from './transitions.ts';

const HOME = {
  addressLineOne: '12 Galle Road',
  addressLineTwo: 'Kollupitiya',
  addressLineThree: 'Near the temple',
  addressCity: 'Colombo',
};
const OTHER_HOME = { ...HOME, addressLineOne: '14 Galle Road' };
const EMPTY_ADDRESS = {
  addressLineOne: '',
  addressLineTwo: ' ',
  addressLineThree: '',
  addressCity: '',
};
const COLLECTION = { userName: 'Kamal Silva', time: '2026-11-25T09:30:00+05:30' };

const patient: OrderActor = { kind: 'patient' };
const system: OrderActor = { kind: 'system' };
const staffOf: Record<OrderCategory, OrderActor> = {
  Medication: { kind: 'staff', roles: ['pharmacist'] },
  Examination: { kind: 'staff', roles: ['labTechnician'] },
  Procedure: { kind: 'staff', roles: ['nurse'] },
  Finance: { kind: 'staff', roles: ['doctor'] },
};

function order(overrides: Partial<OrderState> = {}): OrderState {
  return {
    category: 'Examination',
    status: 'new',
    version: 3,
    initiatedFor: 'homecare',
    paymentStatus: 'pending',
    paymentMethod: 'card',
    chargingAmountMinor: 250000,
    canceledReason: null,
    communicationStatus: 'initial',
    estimatedTime: null,
    sampleCollection: null,
    address: HOME,
    replacedBy: null,
    documentCount: 1,
    ...overrides,
  };
}

/** The well-formed event of each type, its usual actor, and the order facts it needs. */
const CASES: Record<
  Exclude<OrderEventType, 'moveStatus'>,
  { event: OrderEvent; actor: (c: OrderCategory) => OrderActor; order: Partial<OrderState> }
> = {
  setCharge: {
    event: { type: 'setCharge', amountMinor: 300000 },
    actor: (c) => staffOf[c],
    order: { chargingAmountMinor: null },
  },
  setEstimatedTime: {
    event: { type: 'setEstimatedTime', time: '2026-11-25T16:00:00+05:30' },
    actor: (c) => staffOf[c],
    order: {},
  },
  scheduleSampleCollection: {
    event: {
      type: 'scheduleSampleCollection',
      userName: 'Kamal Silva',
      time: '2026-11-25T09:30:00+05:30',
    },
    actor: (c) => staffOf[c],
    order: {},
  },
  complete: {
    event: { type: 'complete' },
    actor: (c) => staffOf[c],
    order: { paymentStatus: 'paid' },
  },
  cancel: {
    event: { type: 'cancel', reason: 'patientRequested' },
    actor: (c) => staffOf[c],
    order: {},
  },
  replace: {
    event: { type: 'replace', replacementId: 'order-2' },
    actor: (c) => staffOf[c],
    order: {},
  },
  recordPayment: {
    event: { type: 'recordPayment', method: 'card' },
    actor: () => system,
    order: {},
  },
  choosePaymentMethod: {
    event: { type: 'choosePaymentMethod', method: 'cash' },
    actor: () => patient,
    order: {},
  },
  changeAddress: {
    event: { type: 'changeAddress', address: OTHER_HOME },
    actor: () => patient,
    order: {},
  },
  changeInitiatedFor: {
    event: { type: 'changeInitiatedFor', to: 'appointment' },
    actor: () => patient,
    order: {},
  },
  addNote: {
    event: { type: 'addNote', text: 'Please call before coming' },
    actor: () => patient,
    order: {},
  },
  attachDocument: {
    event: { type: 'attachDocument', documentId: 'doc-2' },
    actor: () => patient,
    order: {},
  },
};

/**
 * Every status × event of a category: 'status=next' when allowed ('.' keeps the status), or
 * 'status=ARO-Exxxx' when refused. Each row names every status of the category.
 */
const TABLE: Record<OrderCategory, Record<Exclude<OrderEventType, 'moveStatus'>, string>> = {
  Medication: {
    setCharge:
      'new=confirming confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
    setEstimatedTime:
      'new=. confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
    scheduleSampleCollection:
      'new=ARO-E6014 confirming=ARO-E6014 preparing=ARO-E6014 delivering=ARO-E6014 completed=ARO-E6014 canceled=ARO-E6014',
    complete:
      'new=ARO-E6003 confirming=ARO-E6003 preparing=ARO-E6003 delivering=completed completed=ARO-E6001 canceled=ARO-E6001',
    cancel:
      'new=canceled confirming=canceled preparing=canceled delivering=canceled completed=ARO-E6001 canceled=ARO-E6001',
    replace: 'new=. confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
    recordPayment:
      'new=. confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
    choosePaymentMethod:
      'new=. confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
    changeAddress:
      'new=. confirming=. preparing=. delivering=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    changeInitiatedFor:
      'new=. confirming=. preparing=. delivering=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    addNote: 'new=. confirming=. preparing=. delivering=. completed=ARO-E6021 canceled=.',
    attachDocument:
      'new=. confirming=. preparing=. delivering=. completed=ARO-E6001 canceled=ARO-E6001',
  },
  Examination: {
    setCharge:
      'new=confirming confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6001 canceled=ARO-E6001',
    setEstimatedTime:
      'new=ARO-E6010 confirming=ARO-E6010 preparing=ARO-E6010 sampleCollecting=ARO-E6010 sampleCollectingHome=ARO-E6010 sampleCollected=ARO-E6010 sampleArrived=ARO-E6010 processing=ARO-E6010 reportReady=ARO-E6010 completed=ARO-E6010 canceled=ARO-E6010',
    scheduleSampleCollection:
      'new=ARO-E6003 confirming=sampleCollecting preparing=sampleCollecting sampleCollecting=sampleCollecting sampleCollectingHome=sampleCollecting sampleCollected=ARO-E6003 sampleArrived=ARO-E6003 processing=ARO-E6003 reportReady=ARO-E6003 completed=ARO-E6001 canceled=ARO-E6001',
    complete:
      'new=ARO-E6003 confirming=ARO-E6003 preparing=ARO-E6003 sampleCollecting=ARO-E6003 sampleCollectingHome=ARO-E6003 sampleCollected=ARO-E6003 sampleArrived=ARO-E6003 processing=ARO-E6003 reportReady=completed completed=ARO-E6001 canceled=ARO-E6001',
    cancel:
      'new=canceled confirming=canceled preparing=canceled sampleCollecting=canceled sampleCollectingHome=canceled sampleCollected=canceled sampleArrived=canceled processing=canceled reportReady=canceled completed=ARO-E6001 canceled=ARO-E6001',
    replace:
      'new=. confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6001 canceled=ARO-E6001',
    recordPayment:
      'new=. confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6001 canceled=ARO-E6001',
    choosePaymentMethod:
      'new=. confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6001 canceled=ARO-E6001',
    changeAddress:
      'new=. confirming=. preparing=. sampleCollecting=ARO-E6016 sampleCollectingHome=ARO-E6016 sampleCollected=ARO-E6016 sampleArrived=ARO-E6016 processing=ARO-E6016 reportReady=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    changeInitiatedFor:
      'new=. confirming=. preparing=. sampleCollecting=ARO-E6016 sampleCollectingHome=ARO-E6016 sampleCollected=ARO-E6016 sampleArrived=ARO-E6016 processing=ARO-E6016 reportReady=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    addNote:
      'new=. confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6021 canceled=.',
    attachDocument:
      'new=. confirming=. preparing=. sampleCollecting=. sampleCollectingHome=. sampleCollected=. sampleArrived=. processing=. reportReady=. completed=ARO-E6001 canceled=ARO-E6001',
  },
  Procedure: {
    setCharge:
      'new=confirming confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    setEstimatedTime:
      'new=ARO-E6010 confirming=ARO-E6010 preparing=ARO-E6010 sampleCollecting=ARO-E6010 processing=ARO-E6010 completed=ARO-E6010 canceled=ARO-E6010',
    scheduleSampleCollection:
      'new=ARO-E6003 confirming=sampleCollecting preparing=sampleCollecting sampleCollecting=sampleCollecting processing=ARO-E6003 completed=ARO-E6001 canceled=ARO-E6001',
    complete:
      'new=ARO-E6003 confirming=ARO-E6003 preparing=ARO-E6003 sampleCollecting=ARO-E6003 processing=completed completed=ARO-E6001 canceled=ARO-E6001',
    cancel:
      'new=canceled confirming=canceled preparing=canceled sampleCollecting=canceled processing=canceled completed=ARO-E6001 canceled=ARO-E6001',
    replace:
      'new=. confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    recordPayment:
      'new=. confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    choosePaymentMethod:
      'new=. confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    changeAddress:
      'new=. confirming=. preparing=. sampleCollecting=ARO-E6016 processing=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    changeInitiatedFor:
      'new=. confirming=. preparing=. sampleCollecting=ARO-E6016 processing=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    addNote:
      'new=. confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6021 canceled=.',
    attachDocument:
      'new=. confirming=. preparing=. sampleCollecting=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
  },
  Finance: {
    setCharge:
      'new=confirming confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    setEstimatedTime:
      'new=ARO-E6010 confirming=ARO-E6010 drConfirming=ARO-E6010 preparing=ARO-E6010 processing=ARO-E6010 completed=ARO-E6010 canceled=ARO-E6010',
    scheduleSampleCollection:
      'new=ARO-E6014 confirming=ARO-E6014 drConfirming=ARO-E6014 preparing=ARO-E6014 processing=ARO-E6014 completed=ARO-E6014 canceled=ARO-E6014',
    complete:
      'new=ARO-E6003 confirming=ARO-E6003 drConfirming=completed preparing=completed processing=completed completed=ARO-E6001 canceled=ARO-E6001',
    cancel:
      'new=canceled confirming=canceled drConfirming=canceled preparing=canceled processing=canceled completed=ARO-E6001 canceled=ARO-E6001',
    replace:
      'new=. confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    recordPayment:
      'new=. confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    choosePaymentMethod:
      'new=. confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
    changeAddress:
      'new=. confirming=. drConfirming=ARO-E6016 preparing=. processing=ARO-E6016 completed=ARO-E6001 canceled=ARO-E6001',
    changeInitiatedFor:
      'new=ARO-E6019 confirming=ARO-E6019 drConfirming=ARO-E6019 preparing=ARO-E6019 processing=ARO-E6019 completed=ARO-E6001 canceled=ARO-E6001',
    addNote:
      'new=. confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6021 canceled=.',
    attachDocument:
      'new=. confirming=. drConfirming=. preparing=. processing=. completed=ARO-E6001 canceled=ARO-E6001',
  },
};

function parseRow(row: string): Map<string, string> {
  return new Map(row.split(/\s+/).map((cell) => cell.split('=') as [string, string]));
}

const CATEGORIES: OrderCategory[] = ['Medication', 'Examination', 'Procedure', 'Finance'];

describe('transitionOrder: every status × event (table)', () => {
  for (const category of CATEGORIES) {
    const statuses = ORDER_STATUSES_BY_CATEGORY[category];
    for (const [eventType, row] of Object.entries(TABLE[category]) as [
      keyof typeof CASES,
      string,
    ][]) {
      const expected = parseRow(row);
      it(`${category} ${eventType}: the row names every status of the category`, () => {
        expect([...expected.keys()].sort()).toEqual([...statuses].sort());
      });
      it.each(statuses.map((status) => [status, expected.get(status) ?? '?']))(
        `${category} ${eventType} in %s → %s`,
        (status, outcome) => {
          const testCase = CASES[eventType];
          const current = order({ category, status, ...testCase.order });
          const result = transitionOrder(
            current,
            testCase.event,
            testCase.actor(category),
            current.version,
          );
          if (outcome.startsWith('ARO-')) {
            expect(result).toMatchObject({ ok: false, code: outcome });
            expect(result.ok ? '' : result.error).toMatch(new RegExp(`^${outcome}:.+`));
          } else {
            expect(result.ok).toBe(true);
            if (result.ok) {
              const next = outcome === '.' ? status : outcome;
              expect(result.order.status).toBe(next);
              expect(result.order.version).toBe(current.version + 1);
              expect(result.history).toEqual({
                event: eventType,
                actor: testCase.actor(category).kind,
                fromStatus: status,
                toStatus: next,
              });
            }
          }
        },
      );
    }
  }
});

/** The forward moves staff make with moveStatus; every other status × target pair is refused. */
const MOVES: Record<OrderCategory, string> = {
  Medication: 'new>confirming confirming>preparing preparing>delivering',
  Examination:
    'new>confirming confirming>preparing confirming>sampleCollecting preparing>sampleCollecting preparing>sampleCollected sampleCollecting>sampleCollectingHome sampleCollecting>sampleCollected sampleCollectingHome>sampleCollected sampleCollected>sampleArrived sampleArrived>processing processing>reportReady',
  Procedure:
    'new>confirming confirming>preparing preparing>sampleCollecting preparing>processing sampleCollecting>processing',
  Finance: 'new>confirming confirming>drConfirming drConfirming>preparing preparing>processing',
};

describe('transitionOrder moveStatus: every status × target (table)', () => {
  for (const category of CATEGORIES) {
    const allowed = new Set(MOVES[category].split(' '));
    const pairs = ORDER_STATUSES_BY_CATEGORY[category].flatMap((from) =>
      ORDER_STATUSES.map((to) => [from, to] as const),
    );
    it.each(pairs)(`${category} %s → %s`, (from, to) => {
      const current = order({ category, status: from, sampleCollection: COLLECTION });
      const result = transitionOrder(
        current,
        { type: 'moveStatus', to },
        staffOf[category],
        current.version,
      );
      if (allowed.has(`${from}>${to}`)) {
        expect(result).toMatchObject({ ok: true, order: { status: to } });
      } else if (from === 'completed' || from === 'canceled') {
        expect(result).toMatchObject({ ok: false, code: 'ARO-E6001' });
      } else {
        expect(result).toMatchObject({ ok: false, code: 'ARO-E6003' });
      }
    });
  }

  it('names both statuses in the refusal', () => {
    const result = transitionOrder(
      order({ status: 'new' }),
      { type: 'moveStatus', to: 'completed' },
      staffOf.Examination,
    );
    expect(result).toEqual({
      ok: false,
      code: 'ARO-E6003',
      error: 'ARO-E6003:This order cannot move from New to Completed',
    });
  });

  it('a completed order says so', () => {
    const result = transitionOrder(
      order({ status: 'completed' }),
      { type: 'moveStatus', to: 'processing' },
      staffOf.Examination,
    );
    expect(result.ok ? '' : result.error).toBe(
      'ARO-E6001:This order is already Completed and cannot be changed',
    );
  });

  it('leaving confirming needs a charge, except for admissions', () => {
    const move = { type: 'moveStatus', to: 'preparing' } as const;
    for (const category of ['Medication', 'Examination', 'Procedure'] as const) {
      const result = transitionOrder(
        order({ category, status: 'confirming', chargingAmountMinor: null }),
        move,
        staffOf[category],
      );
      expect(result).toMatchObject({
        ok: false,
        code: 'ARO-E6007',
        error: 'ARO-E6007:Set the charging amount first',
      });
    }
    const admission = transitionOrder(
      order({ category: 'Finance', status: 'confirming', chargingAmountMinor: null }),
      { type: 'moveStatus', to: 'drConfirming' },
      staffOf.Finance,
    );
    expect(admission).toMatchObject({ ok: true, order: { status: 'drConfirming' } });
  });

  it('a home request reaches sampleCollecting only with the collector and time scheduled', () => {
    const move = { type: 'moveStatus', to: 'sampleCollecting' } as const;
    expect(
      transitionOrder(order({ status: 'preparing' }), move, staffOf.Examination),
    ).toMatchObject({
      ok: false,
      code: 'ARO-E6013',
    });
    expect(
      transitionOrder(
        order({ status: 'preparing', initiatedFor: 'appointment' }),
        move,
        staffOf.Examination,
      ),
    ).toMatchObject({
      ok: true,
      order: { status: 'sampleCollecting' },
    });
  });

  it.each([
    ['Examination', 'sampleCollecting', 'sampleCollectingHome', 'sampleCollectorOnTheWay'],
    ['Examination', 'processing', 'reportReady', 'orderReady'],
    ['Medication', 'preparing', 'delivering', 'orderReady'],
    ['Medication', 'new', 'confirming', null],
  ] as const)('%s %s → %s sends %s', (category, from, to, notice) => {
    const result = transitionOrder(
      order({ category, status: from, sampleCollection: COLLECTION }),
      { type: 'moveStatus', to },
      staffOf[category],
    );
    expect(result).toMatchObject({ ok: true, notice });
  });
});

describe('transitionOrder: who may ask', () => {
  const staffWrongRole: OrderActor = { kind: 'staff', roles: ['receptionist'] };
  const admin: OrderActor = { kind: 'staff', roles: ['admin'] };
  const cashier: OrderActor = { kind: 'staff', roles: ['cashier'] };
  const otherCategoryStaff: OrderActor = { kind: 'staff', roles: ['pharmacist'] };
  // Examination, in confirming with a charge: every event's own rules pass for the right actor.
  const rows: [
    OrderEventType,
    OrderEvent,
    Partial<
      Record<
        'patient' | 'staff' | 'admin' | 'cashier' | 'wrongRole' | 'otherCategory' | 'system',
        boolean
      >
    >,
  ][] = [
    ['setCharge', { type: 'setCharge', amountMinor: 1000 }, { staff: true, admin: true }],
    [
      'scheduleSampleCollection',
      { type: 'scheduleSampleCollection', ...COLLECTION },
      { staff: true, admin: true },
    ],
    ['moveStatus', { type: 'moveStatus', to: 'preparing' }, { staff: true, admin: true }],
    ['cancel', { type: 'cancel', reason: 'patientNoResponse' }, { staff: true, admin: true }],
    [
      'replace',
      { type: 'replace', replacementId: 'order-2' },
      { staff: true, admin: true, patient: true },
    ],
    [
      'recordPayment',
      { type: 'recordPayment', method: 'cash' },
      { staff: true, admin: true, cashier: true, system: true },
    ],
    ['choosePaymentMethod', { type: 'choosePaymentMethod', method: 'genie' }, { patient: true }],
    [
      'changeAddress',
      { type: 'changeAddress', address: OTHER_HOME },
      { patient: true, staff: true, admin: true },
    ],
    [
      'changeInitiatedFor',
      { type: 'changeInitiatedFor', to: 'appointment' },
      { patient: true, staff: true, admin: true },
    ],
    ['addNote', { type: 'addNote', text: 'Noted' }, { patient: true, staff: true, admin: true }],
    [
      'attachDocument',
      { type: 'attachDocument', documentId: 'doc-9' },
      { patient: true, staff: true, admin: true },
    ],
  ];
  const actors = {
    patient,
    staff: staffOf.Examination,
    admin,
    cashier,
    wrongRole: staffWrongRole,
    otherCategory: otherCategoryStaff,
    system,
  } as const;
  for (const [type, event, allowedFor] of rows) {
    it.each(Object.entries(actors))(`${type} by %s`, (name, actor) => {
      const result = transitionOrder(order({ status: 'confirming' }), event, actor);
      if (allowedFor[name as keyof typeof allowedFor]) {
        expect(result.ok).toBe(true);
      } else {
        expect(result).toEqual({
          ok: false,
          code: 'ARO-E1210',
          error: 'ARO-E1210:You do not have permission for this action',
        });
      }
    });
  }

  it('complete and setEstimatedTime are staff only', () => {
    const medication = order({
      category: 'Medication',
      status: 'delivering',
      paymentStatus: 'paid',
    });
    expect(transitionOrder(medication, { type: 'complete' }, patient)).toMatchObject({
      code: 'ARO-E1210',
    });
    expect(transitionOrder(medication, { type: 'complete' }, system)).toMatchObject({
      code: 'ARO-E1210',
    });
    expect(
      transitionOrder(
        medication,
        { type: 'setEstimatedTime', time: '2026-11-25T16:00:00Z' },
        patient,
      ),
    ).toMatchObject({
      code: 'ARO-E1210',
    });
    expect(transitionOrder(medication, { type: 'complete' }, staffOf.Medication)).toMatchObject({
      ok: true,
    });
  });

  it('doctors and nurses work admissions', () => {
    const admission = order({ category: 'Finance', status: 'confirming' });
    const move = { type: 'moveStatus', to: 'drConfirming' } as const;
    expect(transitionOrder(admission, move, { kind: 'staff', roles: ['doctor'] }).ok).toBe(true);
    expect(transitionOrder(admission, move, { kind: 'staff', roles: ['nurse'] }).ok).toBe(true);
    expect(
      transitionOrder(admission, move, { kind: 'staff', roles: ['pharmacist'] }),
    ).toMatchObject({ code: 'ARO-E1210' });
  });

  it('the patient replaces only a lab test, while new or confirming', () => {
    const replace = { type: 'replace', replacementId: 'order-2' } as const;
    expect(transitionOrder(order({ status: 'new' }), replace, patient)).toMatchObject({
      ok: true,
      order: { replacedBy: 'order-2' },
    });
    expect(transitionOrder(order({ status: 'preparing' }), replace, patient)).toMatchObject({
      code: 'ARO-E1210',
    });
    expect(transitionOrder(order({ category: 'Medication' }), replace, patient)).toMatchObject({
      code: 'ARO-E1210',
    });
  });
});

describe('transitionOrder: locking and replaced orders', () => {
  it('refuses a stale version with the "changed by someone else" message and changes nothing', () => {
    const current = order({ status: 'confirming', version: 7 });
    const result = transitionOrder(
      current,
      { type: 'moveStatus', to: 'preparing' },
      staffOf.Examination,
      6,
    );
    expect(result).toEqual({
      ok: false,
      code: 'ARO-E6002',
      error: 'ARO-E6002:This order was changed by someone else. Please reload and try again',
    });
    expect(current.status).toBe('confirming');
  });

  it('of two staff moving the same version, the second loses', () => {
    const current = order({ status: 'confirming', version: 7 });
    const first = transitionOrder(
      current,
      { type: 'moveStatus', to: 'preparing' },
      staffOf.Examination,
      7,
    );
    expect(first).toMatchObject({ ok: true, order: { version: 8, status: 'preparing' } });
    if (first.ok) {
      const second = transitionOrder(
        first.order,
        { type: 'cancel', reason: 'patientRequested' },
        staffOf.Examination,
        7,
      );
      expect(second).toMatchObject({ ok: false, code: 'ARO-E6002' });
    }
  });

  it('refuses every event on a replaced order', () => {
    const replaced = order({ replacedBy: 'order-2' });
    for (const testCase of Object.values(CASES)) {
      expect(
        transitionOrder(replaced, testCase.event, testCase.actor('Examination')),
      ).toMatchObject({
        ok: false,
        code: 'ARO-E6004',
        error: 'ARO-E6004:This order was replaced by another order. Please open the new order',
      });
    }
  });
});

describe('transitionOrder: event rules', () => {
  const lab = staffOf.Examination;

  it.each([0, -100, 12.5, Number.NaN])('setCharge refuses %s minor units', (amountMinor) => {
    expect(transitionOrder(order(), { type: 'setCharge', amountMinor }, lab)).toMatchObject({
      code: 'ARO-E6005',
      error: 'ARO-E6005:The charging amount must be above 0 with at most 2 decimals',
    });
  });

  it('setCharge prepares the invoice when the amount changes, and is refused once paid', () => {
    const same = transitionOrder(
      order({ status: 'confirming', chargingAmountMinor: 1000 }),
      { type: 'setCharge', amountMinor: 1000 },
      lab,
    );
    expect(same).toMatchObject({ ok: true, prepareInvoice: false, notice: 'invoiceReady' });
    const changed = transitionOrder(
      order({ status: 'confirming', chargingAmountMinor: 1000 }),
      { type: 'setCharge', amountMinor: 1500 },
      lab,
    );
    expect(changed).toMatchObject({
      ok: true,
      prepareInvoice: true,
      order: { chargingAmountMinor: 1500 },
    });
    expect(
      transitionOrder(
        order({ paymentStatus: 'paid' }),
        { type: 'setCharge', amountMinor: 1500 },
        lab,
      ),
    ).toMatchObject({
      code: 'ARO-E6006',
      error: 'ARO-E6006:This order is already paid',
    });
  });

  it('setEstimatedTime needs a valid time', () => {
    const medication = order({ category: 'Medication', status: 'preparing' });
    expect(
      transitionOrder(
        medication,
        { type: 'setEstimatedTime', time: 'tomorrow' },
        staffOf.Medication,
      ),
    ).toMatchObject({
      code: 'ARO-E6011',
    });
    expect(
      transitionOrder(
        medication,
        { type: 'setEstimatedTime', time: '2026-11-25T16:00:00Z' },
        staffOf.Medication,
      ),
    ).toMatchObject({
      ok: true,
      order: { estimatedTime: '2026-11-25T16:00:00Z' },
    });
  });

  it('scheduleSampleCollection records the collector and time, for home requests only', () => {
    const scheduled = transitionOrder(
      order({ status: 'confirming' }),
      { type: 'scheduleSampleCollection', userName: ' Kamal Silva ', time: COLLECTION.time },
      lab,
    );
    expect(scheduled).toMatchObject({
      ok: true,
      notice: 'sampleCollectionScheduled',
      order: { status: 'sampleCollecting', sampleCollection: COLLECTION },
    });
    const visit = order({ status: 'confirming', initiatedFor: 'appointment' });
    expect(
      transitionOrder(visit, { type: 'scheduleSampleCollection', ...COLLECTION }, lab),
    ).toMatchObject({
      code: 'ARO-E6014',
      error: 'ARO-E6014:This order has no home sample collection',
    });
    expect(
      transitionOrder(
        order({ status: 'confirming' }),
        { type: 'scheduleSampleCollection', userName: ' ', time: COLLECTION.time },
        lab,
      ),
    ).toMatchObject({
      code: 'ARO-E6012',
      error: "ARO-E6012:Enter the sample collector's name",
    });
    expect(
      transitionOrder(
        order({ status: 'confirming' }),
        { type: 'scheduleSampleCollection', userName: 'Kamal', time: '' },
        lab,
      ),
    ).toMatchObject({
      code: 'ARO-E6011',
      error: 'ARO-E6011:Enter a valid date and time',
    });
    expect(
      transitionOrder(
        order({ status: 'confirming', chargingAmountMinor: null }),
        { type: 'scheduleSampleCollection', ...COLLECTION },
        lab,
      ),
    ).toMatchObject({ code: 'ARO-E6007' });
  });

  it('complete: an order with a charge owed must be paid first, cash included', () => {
    const medication = { category: 'Medication', status: 'delivering' } as const;
    for (const paymentMethod of ['card', 'genie', 'cash'] as const) {
      const current = order({ ...medication, paymentMethod });
      expect(transitionOrder(current, { type: 'complete' }, staffOf.Medication)).toEqual({
        ok: false,
        code: 'ARO-E6008',
        error: 'ARO-E6008:This order is not paid yet',
      });
    }
    // Admin too: completing never marks cash as taken (no payment, receipt or audit behind it).
    expect(
      transitionOrder(
        order({ ...medication, paymentMethod: 'cash' }),
        { type: 'complete' },
        { kind: 'staff', roles: ['admin'] },
      ),
    ).toMatchObject({ ok: false, code: 'ARO-E6008' });
    expect(
      transitionOrder(
        order({ category: 'Examination', status: 'reportReady', paymentMethod: 'cash' }),
        { type: 'complete' },
        staffOf.Examination,
      ),
    ).toMatchObject({ ok: false, code: 'ARO-E6008' });
    // Once the cash is taken (recordPayment), completing keeps the payment as it is.
    const paidCash = order({ ...medication, paymentMethod: 'cash', paymentStatus: 'paid' });
    const completed = transitionOrder(paidCash, { type: 'complete' }, staffOf.Medication);
    expect(completed).toMatchObject({
      ok: true,
      notice: 'orderCompleted',
      order: { status: 'completed', paymentStatus: 'paid', paymentMethod: 'cash' },
    });
    expect(
      transitionOrder(
        order({ ...medication, paymentMethod: 'cash', chargingAmountMinor: 0 }),
        { type: 'complete' },
        staffOf.Medication,
      ),
    ).toMatchObject({ ok: true, order: { status: 'completed' } });
    expect(
      transitionOrder(
        order({ ...medication, chargingAmountMinor: null }),
        { type: 'complete' },
        staffOf.Medication,
      ),
    ).toMatchObject({
      ok: true,
      order: { paymentStatus: 'pending' },
    });
    // An admission too (issue 30 §2.4): not Admitted beside 'Amount to pay' and 'No payments yet'.
    expect(
      transitionOrder(
        order({ category: 'Finance', status: 'drConfirming' }),
        { type: 'complete' },
        staffOf.Finance,
      ),
    ).toEqual({ ok: false, code: 'ARO-E6008', error: 'ARO-E6008:This order is not paid yet' });
    expect(
      transitionOrder(
        order({ category: 'Finance', status: 'drConfirming', paymentStatus: 'paid' }),
        { type: 'complete' },
        staffOf.Finance,
      ),
    ).toMatchObject({ ok: true, order: { status: 'completed', paymentStatus: 'paid' } });
    // An admission with no charge named has nothing to pay.
    expect(
      transitionOrder(
        order({ category: 'Finance', status: 'drConfirming', chargingAmountMinor: null }),
        { type: 'complete' },
        staffOf.Finance,
      ),
    ).toMatchObject({ ok: true, order: { status: 'completed', paymentStatus: 'pending' } });
  });

  it('cancel needs a reason from the list and records it', () => {
    expect(transitionOrder(order(), { type: 'cancel', reason: 'outOfStock' }, lab)).toMatchObject({
      ok: true,
      notice: 'orderCanceled',
      order: { status: 'canceled', canceledReason: 'outOfStock' },
    });
    const bad = { type: 'cancel', reason: 'changedMind' } as unknown as OrderEvent;
    expect(transitionOrder(order(), bad, lab)).toMatchObject({
      code: 'ARO-E6009',
      error: 'ARO-E6009:Choose a cancel reason from the list',
    });
  });

  it('replace needs the replacement id', () => {
    expect(transitionOrder(order(), { type: 'replace', replacementId: ' ' }, lab)).toMatchObject({
      code: 'ARO-E2002',
    });
  });

  it('recordPayment needs an unpaid charge', () => {
    expect(
      transitionOrder(
        order({ chargingAmountMinor: null }),
        { type: 'recordPayment', method: 'card' },
        system,
      ),
    ).toMatchObject({
      code: 'ARO-E6007',
    });
    expect(
      transitionOrder(
        order({ paymentStatus: 'paid' }),
        { type: 'recordPayment', method: 'card' },
        system,
      ),
    ).toMatchObject({
      code: 'ARO-E6006',
    });
    expect(
      transitionOrder(order(), { type: 'recordPayment', method: 'genie' }, system),
    ).toMatchObject({
      ok: true,
      order: { paymentStatus: 'paid', paymentMethod: 'genie' },
    });
  });

  it('choosePaymentMethod: one of cash, genie, card, before payment', () => {
    expect(
      transitionOrder(
        order({ paymentStatus: 'paid' }),
        { type: 'choosePaymentMethod', method: 'cash' },
        patient,
      ),
    ).toMatchObject({
      code: 'ARO-E6006',
    });
    const bad = { type: 'choosePaymentMethod', method: 'bitcoin' } as unknown as OrderEvent;
    expect(transitionOrder(order(), bad, patient)).toMatchObject({ code: 'ARO-E6026' });
  });

  it('changeAddress: a home request, something filled in, and a change', () => {
    expect(
      transitionOrder(
        order({ initiatedFor: 'appointment' }),
        { type: 'changeAddress', address: OTHER_HOME },
        patient,
      ),
    ).toMatchObject({
      code: 'ARO-E6015',
      error: 'ARO-E6015:Only a home request has a homecare address',
    });
    expect(
      transitionOrder(order(), { type: 'changeAddress', address: EMPTY_ADDRESS }, patient),
    ).toMatchObject({
      code: 'ARO-E6018',
      error: 'ARO-E6018:Enter the address',
    });
    expect(
      transitionOrder(
        order(),
        { type: 'changeAddress', address: { ...HOME, addressCity: ' Colombo ' } },
        patient,
      ),
    ).toMatchObject({
      code: 'ARO-E6017',
    });
    expect(
      transitionOrder(
        order(),
        { type: 'changeAddress', address: { ...OTHER_HOME, addressCity: ' Kandy ' } },
        patient,
      ),
    ).toMatchObject({
      ok: true,
      order: { address: { ...OTHER_HOME, addressCity: 'Kandy' } },
    });
  });

  it('changeInitiatedFor: visit ↔ home, with an address for home, not once paid', () => {
    const toVisit = transitionOrder(
      order({ status: 'confirming' }),
      { type: 'changeInitiatedFor', to: 'appointment' },
      patient,
    );
    expect(toVisit).toMatchObject({
      ok: true,
      prepareInvoice: true,
      order: { initiatedFor: 'appointment' },
    });
    const visit = order({
      initiatedFor: 'appointment',
      address: EMPTY_ADDRESS,
      chargingAmountMinor: null,
    });
    expect(
      transitionOrder(visit, { type: 'changeInitiatedFor', to: 'homecare' }, patient),
    ).toMatchObject({ code: 'ARO-E6018' });
    expect(
      transitionOrder(
        visit,
        { type: 'changeInitiatedFor', to: 'homecare', address: HOME },
        patient,
      ),
    ).toMatchObject({
      ok: true,
      prepareInvoice: false,
      order: { initiatedFor: 'homecare', address: HOME },
    });
    expect(
      transitionOrder(order(), { type: 'changeInitiatedFor', to: 'homecare' }, patient),
    ).toMatchObject({
      code: 'ARO-E6017',
      error: 'ARO-E6017:Nothing to change: the request is already like this',
    });
    expect(
      transitionOrder(
        order({ paymentStatus: 'paid' }),
        { type: 'changeInitiatedFor', to: 'appointment' },
        patient,
      ),
    ).toMatchObject({
      code: 'ARO-E6006',
    });
  });

  it('addNote sets the communication status by author and checks the text', () => {
    expect(transitionOrder(order(), { type: 'addNote', text: 'Hello' }, patient)).toMatchObject({
      ok: true,
      notice: null,
      order: { communicationStatus: 'patientReplied' },
    });
    expect(transitionOrder(order(), { type: 'addNote', text: 'Ready at 4' }, lab)).toMatchObject({
      ok: true,
      notice: 'staffReplied',
      order: { communicationStatus: 'performerReplied' },
    });
    expect(
      transitionOrder(order(), { type: 'addNote', text: 'Line one\nline two' }, patient).ok,
    ).toBe(true);
    for (const text of ['   ', 'x'.repeat(1001), 'bad\u0000text']) {
      expect(transitionOrder(order(), { type: 'addNote', text }, patient)).toMatchObject({
        code: 'ARO-E6020',
        error: 'ARO-E6020:Type a note of at most 1000 characters',
      });
    }
    expect(
      transitionOrder(order({ status: 'completed' }), { type: 'addNote', text: 'Thanks' }, lab),
    ).toMatchObject({
      code: 'ARO-E6021',
      error: 'ARO-E6021:Notes are closed on a completed order',
    });
  });

  it('attachDocument: staff may attach results to a completed order, not to a canceled one', () => {
    const attach = { type: 'attachDocument', documentId: 'doc-3' } as const;
    expect(
      transitionOrder(order({ status: 'completed', documentCount: 2 }), attach, lab),
    ).toMatchObject({
      ok: true,
      order: { documentCount: 3 },
    });
    expect(transitionOrder(order({ status: 'canceled' }), attach, lab)).toMatchObject({
      code: 'ARO-E6001',
    });
    expect(
      transitionOrder(order(), { type: 'attachDocument', documentId: '' }, patient),
    ).toMatchObject({
      code: 'ARO-E6029',
      error: 'ARO-E6029:Choose a document to attach',
    });
  });
});

describe('orderCashOwed (the staff console offers Take cash while it holds)', () => {
  const cashOrder = (overrides: Partial<OrderState> = {}) =>
    order({ category: 'Medication', status: 'delivering', paymentMethod: 'cash', ...overrides });
  it('holds for an open cash order with an unpaid charge', () => {
    expect(orderCashOwed(cashOrder())).toBe(true);
    expect(orderCashOwed(cashOrder({ category: 'Examination', status: 'reportReady' }))).toBe(true);
  });
  it('holds whatever method the patient chose (a card or Genie payment never made)', () => {
    expect(orderCashOwed(cashOrder({ paymentMethod: 'card' }))).toBe(true);
    expect(orderCashOwed(cashOrder({ paymentMethod: 'genie' }))).toBe(true);
    expect(orderCashOwed(cashOrder({ category: 'Procedure', status: 'processing', paymentMethod: 'card' }))).toBe(true);
  });
  it('is what complete refuses for, whatever the method (ARO-E6008)', () => {
    for (const paymentMethod of ['card', 'genie', 'cash'] as const) {
      const owed = cashOrder({ paymentMethod });
      expect(orderCashOwed(owed)).toBe(true);
      expect(transitionOrder(owed, { type: 'complete' }, staffOf.Medication)).toMatchObject({ ok: false, code: 'ARO-E6008' });
    }
  });
  it('the staff who work a category, cashiers and admins record its payment; no other role', () => {
    const staff = (roles: StaffRole[]) => ({ kind: 'staff' as const, roles });
    expect(mayRequestOrderEvent('Examination', 'recordPayment', staff(['labTechnician']))).toBe(true);
    expect(mayRequestOrderEvent('Procedure', 'recordPayment', staff(['nurse']))).toBe(true);
    expect(mayRequestOrderEvent('Finance', 'recordPayment', staff(['doctor']))).toBe(true);
    expect(mayRequestOrderEvent('Examination', 'recordPayment', staff(['cashier']))).toBe(true);
    expect(mayRequestOrderEvent('Examination', 'recordPayment', staff(['pharmacist']))).toBe(false);
    expect(mayRequestOrderEvent('Medication', 'recordPayment', staff(['labTechnician']))).toBe(false);
  });
  it.each([
    ['paid', { paymentStatus: 'paid' }],
    ['no charge', { chargingAmountMinor: null }],
    ['a zero charge', { chargingAmountMinor: 0 }],
    ['completed', { status: 'completed' }],
    ['canceled', { status: 'canceled' }],
    ['replaced', { replacedBy: 'order-2' }],
    ['a paid admission', { category: 'Finance', status: 'drConfirming', paymentStatus: 'paid' }],
  ] as const)('not when %s', (_name, overrides) => {
    expect(orderCashOwed(cashOrder(overrides))).toBe(false);
  });
  it('holds for an admission with its charge unpaid: completing it waits for the payment too', () => {
    expect(orderCashOwed(cashOrder({ category: 'Finance', status: 'drConfirming' }))).toBe(true);
  });
  it('is exactly when completing is refused for the cash', () => {
    const owed = cashOrder();
    expect(transitionOrder(owed, { type: 'complete' }, staffOf.Medication)).toMatchObject({
      ok: false,
      code: 'ARO-E6008',
    });
  });
});

describe('requestChangeBlock (the modals show only while null)', () => {
  it.each([
    [order(), 'address', null],
    [order({ status: 'preparing' }), 'initiatedFor', null],
    [order({ status: 'sampleCollecting' }), 'address', 'ARO-E6016'],
    [order({ initiatedFor: 'appointment' }), 'address', 'ARO-E6015'],
    [order({ initiatedFor: 'appointment' }), 'initiatedFor', null],
    [order({ paymentStatus: 'paid' }), 'address', null],
    [order({ paymentStatus: 'paid' }), 'initiatedFor', 'ARO-E6006'],
    [order({ category: 'Finance' }), 'initiatedFor', 'ARO-E6019'],
    [order({ status: 'canceled' }), 'address', 'ARO-E6001'],
    [order({ replacedBy: 'order-2' }), 'address', 'ARO-E6004'],
  ] as const)('%#: %o %s → %s', (current, change, code) => {
    const block = requestChangeBlock(current, change);
    expect(block?.code ?? null).toBe(code);
  });
});

describe('nextOrderStatuses (the console status menu)', () => {
  it.each([
    ['Medication', 'new', ['confirming', 'canceled']],
    ['Medication', 'delivering', ['completed', 'canceled']],
    ['Examination', 'sampleCollecting', ['sampleCollectingHome', 'sampleCollected', 'canceled']],
    ['Examination', 'reportReady', ['completed', 'canceled']],
    ['Finance', 'drConfirming', ['preparing', 'completed', 'canceled']],
    ['Procedure', 'completed', []],
    ['Procedure', 'canceled', []],
  ] as const)('%s %s → %j', (category, status, next) => {
    expect(nextOrderStatuses(order({ category, status: status as OrderStatus }))).toEqual(next);
  });

  it('a replaced order has none', () => {
    expect(nextOrderStatuses(order({ replacedBy: 'order-2' }))).toEqual([]);
  });
});

/**
 * The preconditions a move may wait for, as order facts: everything in place (a home request with
 * its charge paid and the collection scheduled), then each precondition missing on its own.
 */
const FACTS = {
  ready: { initiatedFor: 'homecare', chargingAmountMinor: 250000, paymentStatus: 'paid', sampleCollection: COLLECTION },
  noCharge: { initiatedFor: 'homecare', chargingAmountMinor: null, paymentStatus: 'pending', sampleCollection: COLLECTION },
  unpaid: { initiatedFor: 'homecare', chargingAmountMinor: 250000, paymentStatus: 'pending', sampleCollection: COLLECTION },
  unscheduled: { initiatedFor: 'homecare', chargingAmountMinor: 250000, paymentStatus: 'paid', sampleCollection: null },
  visit: { initiatedFor: 'appointment', chargingAmountMinor: 250000, paymentStatus: 'paid', sampleCollection: null },
} as const satisfies Record<string, Partial<OrderState>>;

/**
 * What the console offers in each status, 'status=to,to:CODE' (a move held back by CODE, shown
 * disabled with its reason): the ready row names every status; another precondition lists only the
 * statuses where it changes the offer.
 */
const OFFERS: Record<OrderCategory, Record<keyof typeof FACTS, string>> = {
  Medication: {
    ready: 'new=confirming,canceled confirming=preparing,canceled preparing=delivering,canceled delivering=completed,canceled completed= canceled=',
    noCharge: 'confirming=preparing:ARO-E6007,canceled',
    unpaid: 'delivering=completed:ARO-E6008,canceled',
    unscheduled: '',
    visit: '',
  },
  Examination: {
    ready:
      'new=confirming,canceled confirming=preparing,sampleCollecting,canceled preparing=sampleCollecting,sampleCollected,canceled sampleCollecting=sampleCollectingHome,sampleCollected,canceled sampleCollectingHome=sampleCollected,canceled sampleCollected=sampleArrived,canceled sampleArrived=processing,canceled processing=reportReady,canceled reportReady=completed,canceled completed= canceled=',
    noCharge: 'confirming=preparing:ARO-E6007,sampleCollecting:ARO-E6007,canceled',
    unpaid: 'reportReady=completed:ARO-E6008,canceled',
    unscheduled: 'confirming=preparing,sampleCollecting:ARO-E6013,canceled preparing=sampleCollecting:ARO-E6013,sampleCollected,canceled',
    visit: '',
  },
  Procedure: {
    ready:
      'new=confirming,canceled confirming=preparing,canceled preparing=sampleCollecting,processing,canceled sampleCollecting=processing,canceled processing=completed,canceled completed= canceled=',
    noCharge: 'confirming=preparing:ARO-E6007,canceled',
    unpaid: 'processing=completed:ARO-E6008,canceled',
    unscheduled: 'preparing=sampleCollecting:ARO-E6013,processing,canceled',
    visit: '',
  },
  // An admission has no sample states; it leaves confirming without a charge (the doctor confirms it
  // first), and is completed (Admitted) only once a charge set is paid.
  Finance: {
    ready:
      'new=confirming,canceled confirming=drConfirming,canceled drConfirming=preparing,completed,canceled preparing=processing,completed,canceled processing=completed,canceled completed= canceled=',
    noCharge: '',
    unpaid:
      'drConfirming=preparing,completed:ARO-E6008,canceled preparing=processing,completed:ARO-E6008,canceled processing=completed:ARO-E6008,canceled',
    unscheduled: '',
    visit: '',
  },
};

function offersOf(category: OrderCategory, facts: keyof typeof FACTS): Map<string, string> {
  const rows = new Map(parseRow(OFFERS[category].ready));
  if (facts !== 'ready' && OFFERS[category][facts] !== '') {
    for (const [status, offer] of parseRow(OFFERS[category][facts])) {
      rows.set(status, offer);
    }
  }
  return rows;
}

function eventFor(to: OrderStatus): OrderEvent {
  if (to === 'completed') {
    return { type: 'complete' };
  }
  return to === 'canceled' ? { type: 'cancel', reason: 'patientRequested' } : { type: 'moveStatus', to };
}

describe('staffOrderMoves: every kind × status × precondition (table)', () => {
  for (const category of CATEGORIES) {
    it(`${category}: the ready row names every status of the kind, and only its own`, () => {
      expect([...parseRow(OFFERS[category].ready).keys()].sort()).toEqual([...ORDER_STATUSES_BY_CATEGORY[category]].sort());
    });
    const cells = (Object.keys(FACTS) as (keyof typeof FACTS)[]).flatMap((facts) =>
      ORDER_STATUSES_BY_CATEGORY[category].map((status) => [facts, status, offersOf(category, facts).get(status) ?? '?'] as const),
    );
    it.each(cells)(`${category} %s in %s offers %s`, (facts, status, expected) => {
      const current = order({ category, status, ...FACTS[facts] });
      const offers = staffOrderMoves(current);
      expect(offers.map(({ to, block }) => (block ? `${to}:${block.code}` : to)).join(',')).toBe(expected);
      // The offer is the server's check: an offered move is allowed exactly when it has no block, and
      // a blocked one is refused with the same 'CODE:message' the console shows beforehand.
      for (const { to, block } of offers) {
        const result = transitionOrder(current, eventFor(to), staffOf[category], current.version);
        if (block === null) {
          expect(result.ok, `${to}`).toBe(true);
        } else {
          expect(result, `${to}`).toEqual({ ok: false, code: block.code, error: block.error });
          expect(block.error).toMatch(new RegExp(`^${block.code}:.+`));
        }
      }
    });
  }

  it('names what to do first for each precondition', () => {
    const facts = (overrides: Partial<OrderState>) => order({ ...FACTS.ready, ...overrides });
    expect(orderMoveBlock(facts({ status: 'confirming', chargingAmountMinor: null }), 'preparing')).toMatchObject({
      code: 'ARO-E6007',
      firstStep: 'setCharge',
    });
    expect(orderMoveBlock(facts({ status: 'preparing', sampleCollection: null }), 'sampleCollecting')).toEqual({
      ok: false,
      code: 'ARO-E6013',
      error: 'ARO-E6013:Schedule the sample collection first: the collector and the time',
      firstStep: 'scheduleSampleCollection',
    });
    expect(orderMoveBlock(facts({ status: 'reportReady', paymentStatus: 'pending' }), 'completed')).toMatchObject({
      code: 'ARO-E6008',
      firstStep: 'takePayment',
    });
    expect(orderMoveBlock(facts({ status: 'reportReady', paymentStatus: 'pending' }), 'canceled')).toBeNull();
  });

  it('an admission never goes to a lab state, whatever its facts', () => {
    for (const to of ['sampleCollecting', 'sampleCollectingHome', 'sampleCollected', 'sampleArrived', 'reportReady'] as const) {
      for (const from of ORDER_STATUSES_BY_CATEGORY.Finance) {
        const current = order({ category: 'Finance', status: from, ...FACTS.ready });
        expect(transitionOrder(current, { type: 'moveStatus', to }, staffOf.Finance).ok, `${from} → ${to}`).toBe(false);
      }
    }
    expect(
      transitionOrder(
        order({ category: 'Finance', status: 'preparing' }),
        { type: 'scheduleSampleCollection', userName: 'Kamal Silva', time: COLLECTION.time },
        staffOf.Finance,
      ),
    ).toMatchObject({ ok: false, code: 'ARO-E6014' });
  });
});

describe('the order-events history: one list of the events it has words for', () => {
  it('is the creation, then every event type', () => {
    expect(ORDER_HISTORY_EVENTS).toEqual(['create', ...ORDER_EVENT_TYPES]);
    expect(new Set(ORDER_HISTORY_EVENTS).size).toBe(ORDER_HISTORY_EVENTS.length);
  });

  it.each([
    ['create', true],
    ['setCharge', true],
    ['attachDocument', true],
    ['reflexOrder', false],
    ['', false],
    ['Create', false],
  ] as const)('%s is a history event: %s', (event, known) => {
    expect(isOrderHistoryEvent(event)).toBe(known);
  });
});
