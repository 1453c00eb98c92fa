import { describe, expect, it } from 'vitest';
import {
  appointmentStatusLabel,
  canGiveFeedback,
  canReserve,
  cancelBlock,
  cancelBlockReason,
  blockedSentence,
  cancelTexts,
  DOCTOR_REQUESTED_EXCLUDED_CATEGORIES,
  excludedChargeCategories,
  FEEDBACK_WINDOW_MS,
  isHighlightedCancellation,
  isRefundReason,
  isValidRating,
  npsLabel,
  refundBlock,
  refundReasons,
  refundTexts,
  refundWayBack,
  SESSION_CANCEL_REFUND_REASON,
  sessionCancelledByHospital,
  type RefundCandidate,
} from './appointment-rules.ts';

const now = new Date('2026-11-23T08:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('appointment status (spec doc 2 §4)', () => {
  it.each([
    ['booked', 'Booked'],
    ['arrived', 'Ongoing'],
    ['cancelled', 'Cancelled'],
    ['fulfilled', 'Completed'],
    ['noshow', 'No Show'],
    ['entered_in_error', 'Unhandled Status'],
    ['proposed', 'Unhandled Status'],
    ['toString', 'Unhandled Status'],
  ])('%s reads %s', (status, label) => {
    expect(appointmentStatusLabel(status)).toBe(label);
  });

  it('a paid, cancelled, not rescheduled and not refunded appointment stays highlighted', () => {
    const base = { appointmentStatus: 'cancelled', paymentStatus: 'paid', appointmentRescheduleStatus: null, paymentRefundStatus: null };
    expect(isHighlightedCancellation(base)).toBe(true);
    expect(isHighlightedCancellation({ ...base, paymentRefundStatus: 'requested' })).toBe(true);
    expect(isHighlightedCancellation({ ...base, paymentRefundStatus: 'refunded' })).toBe(false);
    expect(isHighlightedCancellation({ ...base, appointmentRescheduleStatus: 'rescheduled' })).toBe(false);
    expect(isHighlightedCancellation({ ...base, paymentStatus: 'pending' })).toBe(false);
    expect(isHighlightedCancellation({ ...base, appointmentStatus: 'booked' })).toBe(false);
  });
});

describe('cancel (spec doc 2 §4 Cancel)', () => {
  it.each([
    ['booked', 25, null],
    ['booked', 24.01, null],
    ['booked', 24, { reason: 'within24Hours' }],
    ['booked', 2, { reason: 'within24Hours' }],
    ['booked', -1, { reason: 'within24Hours' }],
    ['fulfilled', 48, { reason: 'notBooked', status: 'fulfilled' }],
    ['cancelled', 48, { reason: 'notBooked', status: 'cancelled' }],
    ['arrived', 48, { reason: 'notBooked', status: 'arrived' }],
  ] as const)('%s, session in %s hours → %o', (appointmentStatus, inHours, block) => {
    expect(cancelBlock({ appointmentStatus }, hours(inHours), now)).toEqual(block);
  });

  it('says why in the spec’s words', () => {
    expect(cancelTexts.prefix).toBe('You cannot cancel this appointment because ...');
    // issue 29 §1.4: the '...' is where the reason goes, not a text to print.
    expect(blockedSentence(cancelTexts.prefix, cancelBlockReason({ reason: 'within24Hours' }))).toBe(
      'You cannot cancel this appointment because the scheduled session time is within 24 hours from now.',
    );
    expect(cancelBlockReason({ reason: 'within24Hours' })).toBe('the scheduled session time is within 24 hours from now.');
    expect(cancelBlockReason({ reason: 'notBooked', status: 'fulfilled' })).toBe('the appointment is already Completed');
    expect(cancelBlockReason({ reason: 'notBooked', status: 'cancelled' })).toBe('the appointment is already Cancelled');
  });
});

describe('refund (spec doc 2 §4 Refund)', () => {
  const paid: RefundCandidate = {
    paymentStatus: 'paid',
    practitionerPaymentStatus: null,
    paymentRefundStatus: null,
    appointmentRescheduleStatus: null,
  };
  it.each([
    [paid, null],
    [{ ...paid, paymentStatus: 'pending' }, 'notPaid'],
    [{ ...paid, practitionerPaymentStatus: 'paid' }, 'doctorPaid'],
    [{ ...paid, paymentRefundStatus: 'requested' }, 'alreadyRequested'],
    [{ ...paid, paymentRefundStatus: 'approved' }, 'alreadyRequested'],
    [{ ...paid, appointmentRescheduleStatus: 'rescheduled' }, 'rescheduled'],
  ] as const)('%o → %s', (appointment, block) => {
    expect(refundBlock(appointment)).toBe(block);
  });

  it('keeps the prefix and the reasons of the spec', () => {
    expect(refundTexts.prefix).toBe('You cannot request a refund because, ...');
    expect(blockedSentence(refundTexts.prefix, refundTexts.notPaid)).toBe(
      'You cannot request a refund because, the appointment is not paid',
    );
    expect(refundReasons).toEqual([
      { category: 'Booked wrong', subcategories: ['wrong doctor session', 'date or time wrong', 'wrong person'] },
      { category: 'Doctor related', subcategories: ['doctor requested', 'not visited', 'cancelled'] },
      { category: 'Other', subcategories: ['cancelled 24 hours before', 'missed in queue', 'other'] },
    ]);
    expect(isRefundReason('Other', 'missed in queue')).toBe(true);
    expect(isRefundReason('Other', 'wrong person')).toBe(false);
  });

  it('a doctor-requested refund excludes the hospital’s own charge categories, others exclude none', () => {
    expect(excludedChargeCategories('Doctor related', 'doctor requested')).toEqual(DOCTOR_REQUESTED_EXCLUDED_CATEGORIES);
    expect(DOCTOR_REQUESTED_EXCLUDED_CATEGORIES).toHaveLength(8);
    expect(excludedChargeCategories('Doctor related', 'not visited')).toEqual([]);
    expect(excludedChargeCategories('Booked wrong', 'wrong person')).toEqual([]);
  });
});

describe('feedback (spec doc 2 §4 Feedback, §5)', () => {
  const start = new Date('2026-10-01T08:00:00Z');
  it('is open after fulfilment for 30 days (2592000000 ms) from the start, then locked', () => {
    expect(FEEDBACK_WINDOW_MS).toBe(2592000000);
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(canGiveFeedback({ appointmentStatus: 'fulfilled', start }, at(1000))).toBe(true);
    expect(canGiveFeedback({ appointmentStatus: 'fulfilled', start }, at(FEEDBACK_WINDOW_MS))).toBe(true);
    expect(canGiveFeedback({ appointmentStatus: 'fulfilled', start }, at(FEEDBACK_WINDOW_MS + 1))).toBe(false);
    expect(canGiveFeedback({ appointmentStatus: 'booked', start }, at(1000))).toBe(false);
  });

  it.each([
    [0, false],
    [1, true],
    [10, true],
    [11, false],
    [7.5, false],
  ])('rating %s valid = %s', (rating, valid) => {
    expect(isValidRating(rating)).toBe(valid);
  });

  it.each([
    [1, 'Not Good', 'red'],
    [6, 'Not Good', 'red'],
    [7, 'Satisfied', 'orange'],
    [8, 'Satisfied', 'orange'],
    [9, 'Great', 'green'],
    [10, 'Great', 'green'],
  ])('score %i reads %s in %s', (rating, text, colour) => {
    expect(npsLabel(rating)).toEqual({ text, colour });
  });
});

describe('reserve path (spec doc 2 §4 Booking step 4)', () => {
  const open = { reserveEnabled: true, appointmentExists: false, total: 1500, paidAppointments: 0 };
  it.each([
    [open, true],
    [{ ...open, reserveEnabled: false }, false],
    [{ ...open, appointmentExists: true }, false],
    [{ ...open, total: 0 }, false],
    [{ ...open, paidAppointments: 1 }, false],
  ])('%o → %s', (input, allowed) => {
    expect(canReserve(input)).toBe(allowed);
  });
});

describe('a session the hospital cancelled (issue 32 §2.5)', () => {
  it.each([
    [null, 'practitioner_canceled', true],
    ['declined', 'practitioner_canceled', true],
    // The cancel declines the appointment in the same transaction; either says so.
    ['declined', 'scheduled', true],
    [null, 'scheduled', false],
    [null, 'started', false],
    [null, 'completed', false],
  ] as const)('practitionerStatus %s, session %s → %s', (practitionerStatus, status, cancelled) => {
    expect(sessionCancelledByHospital({ practitionerStatus }, { status })).toBe(cancelled);
  });
});

describe('refundWayBack (issue 32 §2.5)', () => {
  it.each([
    ['cyberSource', 'card'],
    ['cash', 'desk'],
    ['genie', 'desk'],
    ['mobileBill', 'desk'],
  ] as const)('a %s payment goes back %s', (gateway, way) => {
    expect(refundWayBack(gateway)).toBe(way);
  });

  it('refunds a session the hospital cancelled whole: the spec\'s Doctor related / cancelled keeps no charge back', () => {
    const { category, subcategory } = SESSION_CANCEL_REFUND_REASON;
    expect(isRefundReason(category, subcategory)).toBe(true);
    expect(excludedChargeCategories(category, subcategory)).toEqual([]);
    expect(excludedChargeCategories('Doctor related', 'doctor requested')).toEqual(DOCTOR_REQUESTED_EXCLUDED_CATEGORIES);
  });
});
