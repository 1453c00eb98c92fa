/** Appointments: statuses, cancel, refund and feedback rules (spec doc 2 §4, §5, §8, §9). */

/** Appointment statuses and how they read (spec doc 2 §4 Appointment status). */
export const appointmentStatusLabels = {
  booked: 'Booked',
  arrived: 'Ongoing',
  cancelled: 'Cancelled',
  fulfilled: 'Completed',
  noshow: 'No Show',
} as const;
export type AppointmentStatus = keyof typeof appointmentStatusLabels | 'entered_in_error';

/** Shown for any status the table does not name (spec doc 2 §4). */
export const UNHANDLED_STATUS = 'Unhandled Status';

/**
 * The text of an appointment status (spec doc 2 §4): booked=Booked, arrived=Ongoing,
 * cancelled=Cancelled, fulfilled=Completed, noshow=No Show; any other 'Unhandled Status'.
 * @param status - the appointment's status code
 */
export function appointmentStatusLabel(status: string): string {
  return Object.hasOwn(appointmentStatusLabels, status)
    ? appointmentStatusLabels[status as keyof typeof appointmentStatusLabels]
    : UNHANDLED_STATUS;
}

/** Appointment messages, copied character for character (spec doc 2 §4, §8). */
export const appointmentTexts = {
  cancelledByYou: 'You have cancelled this appointment!',
  rescheduledByYou: 'You have rescheduled this appointment!',
  notPaid: 'Appointment not paid',
  paymentPending: 'Payment pending',
  retryBooking: 'Retry Booking',
  doctorCancelled: '{doctor} has cancelled session',
  booking: 'BOOKING ...',
  bookingFailed: 'Sorry, Unable to book at the moment',
  reserveFailed: 'Something went wrong....',
  noSessions: "We couldn't find any sessions for you!",
  noVisits: "Sorry, We didn't find any visits of you yet",
  selectRelationship: 'Select the relationship',
  feedbackThanks: 'Thank you for your feedback',
} as const;

/**
 * True when the hospital cancelled the appointment's session (issue 32 §2.5): the session is
 * practitioner_canceled, or its cancel declined the appointment (practitionerStatus 'declined', spec
 * doc 2 §4). Its paid appointments are refunded without a request and the patient is offered another
 * session of the doctor, so cancel, reschedule and a refund request are neither offered nor taken.
 * @param appointment - the appointment's practitioner status
 * @param session - its session's status
 */
export function sessionCancelledByHospital(appointment: { practitionerStatus: string | null }, session: { status: string }): boolean {
  return session.status === 'practitioner_canceled' || appointment.practitionerStatus === 'declined';
}

/** The cancel cut-off: no cancel within 24 hours of the session start (spec doc 2 §4 Cancel, §9). */
export const CANCEL_CUTOFF_MS = 24 * 60 * 60 * 1000;

/** Cancel block texts (spec doc 2 §4 Cancel). */
export const cancelTexts = {
  prefix: 'You cannot cancel this appointment because ...',
  alreadyStatus: 'the appointment is already {status}',
  within24Hours: 'the scheduled session time is within 24 hours from now.',
} as const;

/**
 * A blocked action's sentence: the spec writes the reason's place as '...' ('You cannot cancel this
 * appointment because ...'), so the reason takes the '...' and no dots are printed (issue 29 §1.4).
 * @param prefix - cancelTexts.prefix or refundTexts.prefix
 * @param reason - the reason, e.g. cancelBlockReason's, or a '{reason}' placeholder
 */
export function blockedSentence(prefix: string, reason: string): string {
  return prefix.replace(/\.\.\.$/, reason);
}

/** Why an appointment cannot be cancelled. */
export type CancelBlock = { reason: 'notBooked'; status: string } | { reason: 'within24Hours' };

/**
 * Why a cancel is blocked, or null when allowed (spec doc 2 §4 Cancel): the appointment must be
 * booked, and the session must start more than 24 hours from now. The feature flag is the caller's.
 * @param appointment - the appointment's status
 * @param sessionStart - when its session starts
 * @param now - the current time
 */
export function cancelBlock(appointment: { appointmentStatus: string }, sessionStart: Date, now: Date): CancelBlock | null {
  if (appointment.appointmentStatus !== 'booked') {
    return { reason: 'notBooked', status: appointment.appointmentStatus };
  }
  if (sessionStart.getTime() - now.getTime() <= CANCEL_CUTOFF_MS) {
    return { reason: 'within24Hours' };
  }
  return null;
}

/**
 * The sentence the patient reads for a blocked cancel (spec doc 2 §4): the prefix's '...' is the
 * place the reason goes, 'You cannot cancel this appointment because the appointment is already
 * Completed'. The status reads as its label (Completed, not fulfilled).
 * @param block - from cancelBlock
 */
export function cancelBlockReason(block: CancelBlock): string {
  return block.reason === 'notBooked'
    ? cancelTexts.alreadyStatus.replace('{status}', appointmentStatusLabel(block.status))
    : cancelTexts.within24Hours;
}

/** Refund block texts (spec doc 2 §4 Refund); the reasons are ours, the spec names only the cases. */
export const refundTexts = {
  prefix: 'You cannot request a refund because, ...',
  notPaid: 'the appointment is not paid',
  doctorPaid: 'the doctor has already been paid for it',
  alreadyRequested: 'a refund is already {status}',
  rescheduled: 'the appointment was rescheduled',
} as const;

export type RefundBlock = 'notPaid' | 'doctorPaid' | 'alreadyRequested' | 'rescheduled';

/** What the refund rule reads of an appointment. */
export type RefundCandidate = {
  paymentStatus: string;
  practitionerPaymentStatus: string | null;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
};

/**
 * Why a refund request is blocked, or null when allowed (spec doc 2 §4 Refund): not paid; doctor
 * payment already given; a refund status exists already; or the appointment was rescheduled.
 * @param appointment - its payment, doctor payment, refund and reschedule statuses
 */
export function refundBlock(appointment: RefundCandidate): RefundBlock | null {
  if (appointment.paymentStatus !== 'paid') {
    return 'notPaid';
  }
  if (appointment.practitionerPaymentStatus === 'paid') {
    return 'doctorPaid';
  }
  if (appointment.paymentRefundStatus) {
    return 'alreadyRequested';
  }
  if (appointment.appointmentRescheduleStatus === 'rescheduled') {
    return 'rescheduled';
  }
  return null;
}

/** Refund reason categories and subcategories, in the wizard's order (spec doc 2 §4 Refund reasons). */
export const refundReasons = [
  { category: 'Booked wrong', subcategories: ['wrong doctor session', 'date or time wrong', 'wrong person'] },
  { category: 'Doctor related', subcategories: ['doctor requested', 'not visited', 'cancelled'] },
  { category: 'Other', subcategories: ['cancelled 24 hours before', 'missed in queue', 'other'] },
] as const;

/** Charge categories a doctor-requested refund leaves out (spec doc 2 §4 Refund). */
export const DOCTOR_REQUESTED_EXCLUDED_CATEGORIES = [
  'hospital_fee',
  'hospital_fee_tax',
  'procedure_fee',
  'origin_channel',
  'payment_instrument',
  'scheme_discount_fee',
  'seasonal_discount_fee',
  'service_charge_fee',
] as const;

/** The refund-override code (spec doc 2 §4 Refund). */
export const REFUND_OVERRIDE_CODE = '00000007';

/**
 * The charge categories a refund request excludes: the hospital's own fees when the doctor asked
 * for the refund, none otherwise (spec doc 2 §4).
 * @param category - the reason category chosen in the wizard
 * @param subcategory - the subcategory chosen
 */
export function excludedChargeCategories(category: string, subcategory: string): readonly string[] {
  return category === 'Doctor related' && subcategory === 'doctor requested' ? DOCTOR_REQUESTED_EXCLUDED_CATEGORIES : [];
}

/**
 * True when the pair is one of the spec's refund reasons (spec doc 2 §4).
 * @param category - the category
 * @param subcategory - the subcategory
 */
export function isRefundReason(category: string, subcategory: string): boolean {
  return refundReasons.some(
    (reason) => reason.category === category && (reason.subcategories as readonly string[]).includes(subcategory),
  );
}

/** Feedback is locked 30 days after the appointment start (spec doc 2 §4 Feedback, §9: 2592000000 ms). */
export const FEEDBACK_WINDOW_MS = 2_592_000_000;

/** A rating of 10 opens the hospital's review link after 2 s (spec doc 2 §4, §9). */
export const REVIEW_LINK_DELAY_MS = 2000;

/** The top score, which opens the review link (spec doc 2 §4). */
export const REVIEW_LINK_RATING = 10;

/**
 * Whether feedback may be given (spec doc 2 §4 Feedback): after fulfilment, and not more than
 * 30 days after the appointment start.
 * @param appointment - status and start
 * @param now - the current time
 */
export function canGiveFeedback(appointment: { appointmentStatus: string; start: Date }, now: Date): boolean {
  return appointment.appointmentStatus === 'fulfilled' && now.getTime() - appointment.start.getTime() <= FEEDBACK_WINDOW_MS;
}

/**
 * True for a valid rating: an integer from 1 to 10 (spec doc 2 §5).
 * @param rating - the rating given
 */
export function isValidRating(rating: number): boolean {
  return Number.isInteger(rating) && rating >= 1 && rating <= 10;
}

/** The NPS label and colour of a score (spec doc 1 §4, doc 2 §4: 1-6 Not Good red, 7-8 Satisfied orange, 9-10 Great green). */
export function npsLabel(rating: number): { text: 'Not Good' | 'Satisfied' | 'Great'; colour: 'red' | 'orange' | 'green' } {
  if (rating >= 9) {
    return { text: 'Great', colour: 'green' };
  }
  if (rating >= 7) {
    return { text: 'Satisfied', colour: 'orange' };
  }
  return { text: 'Not Good', colour: 'red' };
}

/** The heartbeat is sent every 60 s while an appointment is open (spec doc 2 §9). */
export const HEARTBEAT_INTERVAL_MS = 60_000;

/** The named timestamps patchAppointment may set to now (spec doc 2 §7). */
export const heartbeatTimestampKeys = [
  'heartbeatLastSeen',
  'heartbeatLastPatientDocumentUploaded',
  'heartbeatLastPrescriptionSeen',
] as const;

/** Appointment history shows 8, then 8 more per load (spec doc 2 §2, §9). */
export const HISTORY_PAGE_SIZE = 8;

/** Sessions in chat: 3 at first, 3 more per See more (spec doc 2 §9). */
export const CHAT_SESSIONS_PAGE_SIZE = 3;

/**
 * The reserve (pay later) path is open when the tenant allows it, no appointment exists yet, the
 * total is above 0 and the session has no paid appointments (spec doc 2 §4 Booking step 4).
 * @param input - the flag, whether an appointment exists, the invoice total and the session's paid count
 */
export function canReserve(input: {
  reserveEnabled: boolean;
  appointmentExists: boolean;
  total: number;
  paidAppointments: number;
}): boolean {
  return input.reserveEnabled && !input.appointmentExists && input.total > 0 && input.paidAppointments === 0;
}

/**
 * A paid, cancelled appointment that was neither rescheduled nor refunded stays highlighted
 * (spec doc 2 §4 Appointment status).
 * @param appointment - payment, status, reschedule and refund statuses
 */
export function isHighlightedCancellation(appointment: {
  appointmentStatus: string;
  paymentStatus: string;
  appointmentRescheduleStatus: string | null;
  paymentRefundStatus: string | null;
}): boolean {
  return (
    appointment.paymentStatus === 'paid' &&
    appointment.appointmentStatus === 'cancelled' &&
    appointment.appointmentRescheduleStatus !== 'rescheduled' &&
    appointment.paymentRefundStatus !== 'refunded'
  );
}

/** Longest feedback comment (issue 8: feedback comment at most 1000 characters). */
export const FEEDBACK_COMMENT_MAX = 1000;

/**
 * True when a free text holds control characters other than tab and line breaks (the domain's
 * free-text rule, in text.ts).
 */
export { hasFreeTextControlCharacters as hasControlCharacters } from '../text.ts';

/**
 * The refund reason of a paid appointment whose session the hospital cancelled (issue 32 §2.5): spec doc 2
 * §4 Refund reasons names this case, 'Doctor related' / 'cancelled'. Only a doctor-requested refund keeps
 * charges back (DOCTOR_REQUESTED_EXCLUDED_CATEGORIES); a session the hospital called off is refunded whole,
 * since the patient chose none of it.
 */
export const SESSION_CANCEL_REFUND_REASON = { category: 'Doctor related', subcategory: 'cancelled' } as const;

/**
 * How a refund goes back: to the card, to the wallet it came from, or at the hospital's cash desk.
 * 'wallet' is for Genie once its adapter speaks a refund; until then a wallet payment is paid back at the desk.
 */
export type RefundWayBack = 'card' | 'wallet' | 'desk';

/**
 * The way a payment's money goes back when its session is cancelled (issue 32 §2.5): a card payment
 * to the card through the gateway's refund API; anything else (cash, and the Genie wallet and the
 * mobile bill, whose adapters speak no refund yet) at the hospital's cash desk.
 * @param paymentGatewayType - the gateway of the captured payment ('cyberSource', 'genie', 'cash', ...)
 */
export function refundWayBack(paymentGatewayType: string): RefundWayBack {
  return paymentGatewayType === 'cyberSource' ? 'card' : 'desk';
}
