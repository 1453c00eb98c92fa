import { describe, expect, it } from 'vitest';
import { REQUEST_STATE } from '../shell/request-state.ts';
import {
  CHANGE_REQUEST_CHOICES,
  CHAT_UPLOAD_STEPS,
  ORDER_RELATIONSHIP_PROMPT_DELAY_MS,
  ORDER_UPLOAD_STATE,
  addressLabel,
  admissionPaymentRows,
  isIgnoredLiveUpdate,
  orderSeenPatch,
  orderSpecialPanels,
  showPaymentSuccess,
  canReplyToNote,
  canUpdateAddress,
  homeBannerText,
  isPatientNote,
  orderCallLink,
  orderDetailDisplay,
  orderEndBanner,
  orderItemListLabel,
  orderViewRedirect,
  requestedDateLabel,
  sampleCollectionBox,
  shouldPromptRelationship,
  showNotesBlock,
  type OrderDetailInput,
} from './display.ts';
import {
  ORDER_LIST_FIRST_PAGE,
  ORDER_LIST_LOAD_MORE,
  ORDER_LIST_ROUTES,
  orderListLimit,
  orderListState,
  orderListTexts,
} from './list-display.ts';
import {
  canPayNow,
  isPaymentInProgress,
  orderPaymentGateway,
  payButtonLabel,
  payableAmountMinor,
  paymentMethodLine,
  shouldPrepareInvoice,
  showPayButton,
} from './payment-display.ts';

const COLLECTION = { userName: 'Kamal Silva', time: '2026-11-25T09:30:00+05:30' };
const HOME = {
  addressLineOne: '12 Galle Road',
  addressLineTwo: 'Kollupitiya',
  addressLineThree: 'Near the temple',
  addressCity: 'Colombo',
};

describe('order creation (spec doc 3 §2, §9)', () => {
  it('prompts for a relationship 5000 ms after creation when the profile has none', () => {
    expect(ORDER_RELATIONSHIP_PROMPT_DELAY_MS).toBe(5000);
    expect(shouldPromptRelationship(null)).toBe(true);
    expect(shouldPromptRelationship(' ')).toBe(true);
    expect(shouldPromptRelationship('Mother')).toBe(false);
  });

  it('upload and chat states are the spec codes (doc 3 §4 Creation flow)', () => {
    expect(ORDER_UPLOAD_STATE).toEqual({ IDLE: 0, UPLOADING: 1, FAILED: 3 });
    expect(CHAT_UPLOAD_STEPS).toEqual([
      'uploading image',
      'creating digital document',
      'success',
      'failed',
    ]);
  });
});

describe('order lists (spec doc 3 §2, §9)', () => {
  it('show 10 first and 9 more per Load More Order', () => {
    expect(ORDER_LIST_FIRST_PAGE).toBe(10);
    expect(ORDER_LIST_LOAD_MORE).toBe(9);
    expect([0, 1, 2, 5].map(orderListLimit)).toEqual([10, 19, 28, 55]);
    expect(orderListLimit(-1)).toBe(10);
  });

  it('live at /history/orders, /history/examination and /history/procedure', () => {
    expect(ORDER_LIST_ROUTES).toEqual({
      orders: '/history/orders',
      labTests: '/history/examination',
      procedures: '/history/procedure',
    });
  });

  it.each([
    ['orders', 'There is a problem loading your orders', "We didn't find any orders of you"],
    [
      'labTests',
      'There is a problem loading your Lab Tests',
      "We didn't find any Lab Tests of you",
    ],
    ['procedures', 'There is a problem loading your orders', "We didn't find any orders of you"],
  ] as const)('%s: error %j, empty %j', (kind, error, empty) => {
    expect(orderListTexts(kind)).toEqual({ error, empty });
    expect(orderListState(kind, REQUEST_STATE.FAILED, 0, 10)).toEqual({
      kind: 'error',
      text: error,
    });
    expect(orderListState(kind, REQUEST_STATE.DONE, 0, 10)).toEqual({ kind: 'empty', text: empty });
  });

  it('loads, then shows Load More Order only after a full page', () => {
    expect(orderListState('orders', REQUEST_STATE.PENDING, 0, 10)).toEqual({ kind: 'loading' });
    expect(orderListState('orders', REQUEST_STATE.IDLE, 0, 10)).toEqual({ kind: 'loading' });
    expect(orderListState('orders', REQUEST_STATE.DONE, 10, 10)).toEqual({
      kind: 'rows',
      showLoadMore: true,
    });
    expect(orderListState('orders', REQUEST_STATE.DONE, 15, 19)).toEqual({
      kind: 'rows',
      showLoadMore: false,
    });
  });
});

describe('order view redirects (spec doc 3 §2)', () => {
  it('someone else’s order goes to /accessDenied; a replaced order to its replacement', () => {
    expect(orderViewRedirect({ patientId: 'p9', replacedBy: null }, ['p1', 'p2'])).toBe(
      '/accessDenied',
    );
    expect(orderViewRedirect({ patientId: 'p9', replacedBy: 'o2' }, ['p1'])).toBe('/accessDenied');
    expect(orderViewRedirect({ patientId: 'p1', replacedBy: 'o2' }, ['p1'])).toBe(
      '/order/view?orderId=o2',
    );
    expect(orderViewRedirect({ patientId: 'p1', replacedBy: null }, ['p1'])).toBeNull();
  });
});

describe('order view blocks (spec doc 3 §2)', () => {
  it.each([
    ['Examination', 'homecare', 'Home Sample Collection', 'Sample Collection Address'],
    ['Medication', 'homecare', 'Request to home', 'Homecare Address'],
    ['Procedure', 'homecare', 'Request to home', 'Homecare Address'],
    ['Examination', 'appointment', null, null],
    ['Procedure', 'appointment', null, null],
  ] as const)('%s %s: banner %j, address label %j', (category, initiatedFor, banner, label) => {
    expect(homeBannerText(category, initiatedFor)).toBe(banner);
    expect(addressLabel(category, initiatedFor)).toBe(label);
  });

  it.each([
    ['Examination', 'Sample Collection Requested Date'],
    ['Procedure', 'Procedure Requested Date'],
    ['Finance', 'Encounter Requested Date'],
    ['Medication', null],
  ] as const)('%s requested date: %j', (category, label) => {
    expect(requestedDateLabel(category)).toBe(label);
  });

  it.each([
    ['Examination', 2, 'Test List'],
    ['Procedure', 3, 'Procedure List'],
    ['Examination', 1, null],
    ['Procedure', 0, null],
    ['Medication', 4, null],
  ] as const)('%s with %i details: %j', (category, count, label) => {
    expect(orderItemListLabel(category, count)).toBe(label);
  });

  it('shows the sample collection box while sampleCollecting, with the collector and time', () => {
    expect(sampleCollectionBox('sampleCollecting', COLLECTION)).toEqual({
      title: 'Sample collection scheduled',
      collectorName: 'Kamal Silva',
      meetText: 'will meet you at home at',
      time: '2026-11-25T09:30:00+05:30',
      timeFormat: 'hh:mm A',
    });
    expect(sampleCollectionBox('sampleCollectingHome', COLLECTION)?.title).toBe(
      'Sample collection scheduled',
    );
    expect(sampleCollectionBox('sampleCollecting', null)).toBeNull();
    expect(sampleCollectionBox('preparing', COLLECTION)).toBeNull();
    expect(sampleCollectionBox('sampleCollected', COLLECTION)).toBeNull();
  });

  it.each([
    [
      'Medication',
      'completed',
      { tone: 'green', text: 'Completed', requestAnother: 'Request Another Medication' },
    ],
    [
      'Examination',
      'canceled',
      { tone: 'red', text: 'Canceled', requestAnother: 'Request Another Examination' },
    ],
    [
      'Procedure',
      'completed',
      { tone: 'green', text: 'Completed', requestAnother: 'Request Another Procedure' },
    ],
    ['Finance', 'canceled', { tone: 'red', text: 'Admission Canceled', requestAnother: null }],
    ['Finance', 'completed', { tone: 'green', text: 'Completed', requestAnother: null }],
    ['Medication', 'delivering', null],
  ] as const)('%s %s banner', (category, status, banner) => {
    expect(orderEndBanner(category, status)).toEqual(banner);
  });

  it('hides the notes block on completed orders only (spec doc 3 §7)', () => {
    expect(showNotesBlock('completed')).toBe(false);
    expect(showNotesBlock('canceled')).toBe(true);
    expect(showNotesBlock('new')).toBe(true);
  });

  it('Reply needs text and a loaded order (spec doc 3 §5)', () => {
    expect(canReplyToNote('Thanks', true)).toBe(true);
    expect(canReplyToNote('  ', true)).toBe(false);
    expect(canReplyToNote('Thanks', false)).toBe(false);
  });

  it('notes by Patient/ are the patient’s, others the hospital’s (spec doc 3 §6)', () => {
    expect(isPatientNote('Patient/123')).toBe(true);
    expect(isPatientNote('User/9')).toBe(false);
    expect(isPatientNote('patient/123')).toBe(false);
  });

  it('Update in Change homecare address needs a change and no save in progress (spec doc 3 §5)', () => {
    expect(canUpdateAddress(HOME, HOME, false)).toBe(false);
    expect(canUpdateAddress(HOME, { ...HOME, addressCity: 'Kandy' }, false)).toBe(true);
    expect(canUpdateAddress(HOME, { ...HOME, addressCity: 'Kandy' }, true)).toBe(false);
  });

  it('the change request offers a hospital visit or home sample collection', () => {
    expect(CHANGE_REQUEST_CHOICES).toEqual([
      { value: 'appointment', label: 'Book a visit to hospital' },
      { value: 'homecare', label: 'Request home sample collection' },
    ]);
  });
});

describe('order payment (spec doc 3 §2, §4, §5)', () => {
  it.each([
    [
      'genie',
      null,
      true,
      { text: 'Pay by Genie', maskedCard: null, changeText: 'Click to change' },
    ],
    ['cash', null, false, { text: 'Cash on delivery', maskedCard: null, changeText: null }],
    [
      'card',
      '4111-1111-1111-1111',
      true,
      { text: 'Pay by card', maskedCard: '411111XXXXXXXXXX', changeText: 'Click to change' },
    ],
    ['card', null, true, { text: 'Pay by card', maskedCard: null, changeText: 'Click to change' }],
  ] as const)('%s line', (method, card, changeable, line) => {
    expect(paymentMethodLine(method, card, changeable)).toEqual(line);
  });

  it('cash is selected automatically for a cash order; cyberSource is the default', () => {
    expect(orderPaymentGateway('cash')).toBe('cash');
    expect(orderPaymentGateway('genie')).toBe('genie');
    expect(orderPaymentGateway('card')).toBe('cyberSource');
  });

  it('prepares the invoice when a charge is set and unpaid, and again when it changes', () => {
    expect(
      shouldPrepareInvoice({ chargingAmountMinor: 5000, paymentStatus: 'pending' }, null),
    ).toBe(true);
    expect(
      shouldPrepareInvoice({ chargingAmountMinor: 5000, paymentStatus: 'pending' }, 5000),
    ).toBe(false);
    expect(
      shouldPrepareInvoice({ chargingAmountMinor: 6000, paymentStatus: 'pending' }, 5000),
    ).toBe(true);
    expect(shouldPrepareInvoice({ chargingAmountMinor: 6000, paymentStatus: 'paid' }, null)).toBe(
      false,
    );
    expect(
      shouldPrepareInvoice({ chargingAmountMinor: null, paymentStatus: 'pending' }, null),
    ).toBe(false);
    expect(shouldPrepareInvoice({ chargingAmountMinor: 0, paymentStatus: 'pending' }, null)).toBe(
      false,
    );
  });

  it('pays the last invoice value', () => {
    expect(payableAmountMinor([250000, 225000])).toBe(225000);
    expect(payableAmountMinor([])).toBe(0);
  });

  const payable = {
    paymentEnabled: true,
    invoicePrepared: true,
    chargingAmountMinor: 5000,
    invoiceLineTotalMinor: 5000,
    paymentStatus: 'pending',
    status: 'confirming',
  } as const;

  it.each([
    [{}, true],
    [{ paymentEnabled: false }, false],
    [{ invoicePrepared: false }, false],
    [{ chargingAmountMinor: 0 }, false],
    [{ chargingAmountMinor: null }, false],
    [{ invoiceLineTotalMinor: 0 }, false],
    [{ paymentStatus: 'paid' }, false],
    [{ status: 'canceled' }, false],
  ] as const)('Pay button with %o: %s', (overrides, shown) => {
    expect(showPayButton({ ...payable, ...overrides })).toBe(shown);
  });

  it('PAY NOW needs a cvv or a default method, and not cash', () => {
    expect(canPayNow({ cvv: '123', hasDefaultPaymentMethod: false, method: 'card' })).toBe(true);
    expect(canPayNow({ cvv: '', hasDefaultPaymentMethod: true, method: 'card' })).toBe(true);
    expect(canPayNow({ cvv: '', hasDefaultPaymentMethod: false, method: 'card' })).toBe(false);
    expect(canPayNow({ cvv: '123', hasDefaultPaymentMethod: true, method: 'cash' })).toBe(false);
  });

  it('payment is in progress from initiate done until complete is done', () => {
    expect(isPaymentInProgress(REQUEST_STATE.DONE, REQUEST_STATE.PENDING)).toBe(true);
    expect(isPaymentInProgress(REQUEST_STATE.DONE, REQUEST_STATE.IDLE)).toBe(true);
    expect(isPaymentInProgress(REQUEST_STATE.DONE, REQUEST_STATE.DONE)).toBe(false);
    expect(isPaymentInProgress(REQUEST_STATE.PENDING, REQUEST_STATE.IDLE)).toBe(false);
  });

  it('pay buttons read PROCESSING PAYMENT... while busy', () => {
    expect(payButtonLabel('payAndBookNow', false)).toBe('Pay and book now');
    expect(payButtonLabel('payNow', false)).toBe('PAY NOW');
    expect(payButtonLabel('payNow', true)).toBe('PROCESSING PAYMENT...');
    expect(payButtonLabel('payAndBookNow', true)).toBe('PROCESSING PAYMENT...');
  });

  it('lists the successful admission payments, newest first', () => {
    const rows = admissionPaymentRows([
      {
        decision: 'ACCEPT',
        transactionDate: new Date('2026-11-01T10:00:00Z'),
        amountMinor: 100000,
      },
      {
        decision: 'DECLINE',
        transactionDate: new Date('2026-11-02T10:00:00Z'),
        amountMinor: 50000,
      },
      { decision: 'accept', transactionDate: new Date('2026-11-03T10:00:00Z'), amountMinor: 25000 },
      { decision: 'ACCEPT', transactionDate: null, amountMinor: 1000 },
    ]);
    expect(rows.map((row) => row.amountMinor)).toEqual([25000, 100000, 1000]);
    expect(rows[0]?.dateFormat).toBe('Do,(ddd) MMM YYYY hh:mm A');
    expect(rows[2]?.date).toBeNull();
  });
});

describe("'Call <hospital>' (spec doc 3 §2)", () => {
  const config = {
    contacts: {
      fallback: '+94 11 000 0000',
      byOrganization: { org1: { medication: '+94 11 234 5678' } },
    },
  };

  it('uses the organization number for the order kind, else the default', () => {
    expect(orderCallLink(config, 'org1', 'Asiri Central', 'Medication')).toEqual({
      text: 'Call Asiri Central',
      href: 'tel:+94112345678',
    });
    expect(orderCallLink(config, 'org1', 'Asiri Central', 'Examination')).toEqual({
      text: 'Call Asiri Central',
      href: 'tel:+94110000000',
    });
    expect(orderCallLink(config, null, 'Asiri', 'Finance').href).toBe('tel:+94110000000');
  });
});

describe('orderDetailDisplay (every block at once)', () => {
  const base: OrderDetailInput = {
    category: 'Examination',
    status: 'sampleCollecting',
    initiatedFor: 'homecare',
    paymentStatus: 'pending',
    paymentMethod: 'card',
    chargingAmountMinor: 250000,
    estimatedTime: null,
    sampleCollection: COLLECTION,
    orderDetailCount: 2,
    paymentEnabled: true,
    termsEnabled: true,
    invoicePrepared: true,
    invoiceLineTotalMinor: 250000,
  };

  it('a home lab test being collected', () => {
    expect(orderDetailDisplay(base)).toEqual({
      header: 'Examination Order',
      homeBanner: 'Home Sample Collection',
      sampleCollectionBox: sampleCollectionBox('sampleCollecting', COLLECTION),
      addressLabel: 'Sample Collection Address',
      requestedDateLabel: 'Sample Collection Requested Date',
      itemListLabel: 'Test List',
      showInvoice: true,
      showEstimatedTime: false,
      showPayButton: true,
      showTermsLink: true,
      showNotes: true,
      endBanner: null,
      showAdmissionPaymentHistory: false,
    });
  });

  it('a completed medication order collected at the hospital', () => {
    const display = orderDetailDisplay({
      ...base,
      category: 'Medication',
      status: 'completed',
      initiatedFor: 'appointment',
      paymentStatus: 'paid',
      estimatedTime: '2026-11-25T16:00:00+05:30',
      sampleCollection: null,
      orderDetailCount: 1,
      termsEnabled: false,
    });
    expect(display).toMatchObject({
      header: 'Medication Order',
      homeBanner: null,
      sampleCollectionBox: null,
      addressLabel: null,
      requestedDateLabel: null,
      itemListLabel: null,
      showInvoice: true,
      showEstimatedTime: true,
      showPayButton: false,
      showTermsLink: false,
      showNotes: false,
      endBanner: { tone: 'green', text: 'Completed', requestAnother: 'Request Another Medication' },
    });
  });

  it('a canceled admission', () => {
    expect(
      orderDetailDisplay({
        ...base,
        category: 'Finance',
        status: 'canceled',
        chargingAmountMinor: null,
        sampleCollection: null,
      }),
    ).toMatchObject({
      header: 'Admission',
      homeBanner: 'Request to home',
      showInvoice: false,
      showPayButton: false,
      endBanner: { tone: 'red', text: 'Admission Canceled', requestAnother: null },
      showAdmissionPaymentHistory: true,
    });
  });
});

describe('other transitions (spec doc 3 §2, §4)', () => {
  it("shows 'Payment success' for paymentStatus=Success only", () => {
    expect(showPaymentSuccess('Success')).toBe(true);
    expect(showPaymentSuccess('Failed')).toBe(false);
    expect(showPaymentSuccess(null)).toBe(false);
  });

  it('viewing marks heartbeatLinkSeen once and always records heartbeatLastSeen', () => {
    const now = new Date('2026-11-24T08:00:00Z');
    expect(orderSeenPatch(false, now)).toEqual({
      heartbeatLinkSeen: true,
      heartbeatLastSeen: '2026-11-24T08:00:00.000Z',
    });
    expect(orderSeenPatch(true, now)).toEqual({ heartbeatLastSeen: '2026-11-24T08:00:00.000Z' });
  });

  it('ignores live updates of reflex_order orders', () => {
    expect(isIgnoredLiveUpdate('reflex_order')).toBe(true);
    expect(isIgnoredLiveUpdate('order')).toBe(false);
  });
});

describe('special panels of the order view (spec doc 3 §1, §2, §4)', () => {
  const base = {
    category: 'Medication' as const,
    status: 'new' as const,
    initiatedFrom: 'heartbeat',
    initiatedFor: 'homecare' as const,
    communicationStatus: 'initial' as const,
    paymentStatus: 'pending' as const,
    paymentMethod: 'card' as const,
  };

  it('nurseApp orders show the relationship panel', () => {
    expect(orderSpecialPanels({ ...base, initiatedFrom: 'nurseApp' })).toEqual([{ kind: 'nurseApp' }]);
    expect(orderSpecialPanels(base)).toEqual([]);
  });

  it('an open, unpaid admission shows the bank transfer payment message', () => {
    expect(orderSpecialPanels({ ...base, category: 'Finance' })).toEqual([{ kind: 'admissionPayment' }]);
    expect(orderSpecialPanels({ ...base, category: 'Finance', paymentStatus: 'paid' })).toEqual([]);
    expect(orderSpecialPanels({ ...base, category: 'Finance', status: 'canceled' })).toEqual([]);
  });

  it('medication shows its confirming sub-state and its delivery mode', () => {
    expect(
      orderSpecialPanels({ ...base, status: 'confirming', communicationStatus: 'performerReplied', paymentMethod: 'cash' }),
    ).toEqual([{ kind: 'medicationConfirming', waitingFor: 'patient', payment: 'cashOnDelivery' }]);
    expect(orderSpecialPanels({ ...base, status: 'delivering', initiatedFor: 'appointment' })).toEqual([
      { kind: 'medicationDelivery', mode: 'collectAtHospital' },
    ]);
  });
});
