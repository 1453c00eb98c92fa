/**
 * The catalogue keys of the spec texts that history, refund and feedback show: the rules in
 * packages/domain give English, the consultations catalogue holds it in every language.
 */
import {
  npsLabel,
  type appointmentStatusLabels,
  type refundReasons,
  type RefundBlock,
} from '@careline/domain/consultations';
import { nothingToPay } from '@careline/domain/payments';
import type { ConsultationsMessageId } from '@careline/i18n/consultations';
import type { HistoryGroupKey } from './history-groups.ts';

type StatusKey = keyof typeof appointmentStatusLabels;

const statusKeys: Record<StatusKey, ConsultationsMessageId> = {
  booked: 'history.status.booked',
  arrived: 'history.status.arrived',
  cancelled: 'history.status.cancelled',
  fulfilled: 'history.status.fulfilled',
  noshow: 'history.status.noshow',
};

/**
 * The key of an appointment status's label (spec doc 2 §4: any status the table does not name
 * reads 'Unhandled Status').
 * @param status - the appointment's status code
 */
export function appointmentStatusKey(status: string): ConsultationsMessageId {
  return Object.hasOwn(statusKeys, status) ? statusKeys[status as StatusKey] : 'history.status.unhandled';
}

/** The chip colour of a status: what is live stands out, what is over is quiet. */
export function appointmentStatusTone(status: string): 'info' | 'success' | 'danger' | 'muted' {
  switch (status) {
    case 'booked':
      return 'info';
    case 'arrived':
    case 'fulfilled':
      return 'success';
    case 'cancelled':
    case 'noshow':
      return 'danger';
    default:
      return 'muted';
  }
}

/**
 * The payment chip of a history card (issue 29 §1.3; spec doc 2 §4 Appointment status: 'Appointment
 * not paid', 'Payment pending', refunded shown as paid), or null for a cancelled or rescheduled
 * appointment that was never paid, or one of a free session (nothingToPay: nothing is owed on either).
 * @param appointment - the appointment's statuses and its session's charging scheme
 */
export function historyPaymentChip(appointment: {
  appointmentStatus: string;
  paymentStatus: string;
  paymentRefundStatus?: string | null;
  session?: { chargingSchemeId: string | null } | null;
}): { key: ConsultationsMessageId; tone: 'success' | 'warning' } | null {
  if (appointment.paymentStatus === 'paid' || appointment.paymentRefundStatus === 'refunded') {
    return { key: 'history.payment.paid', tone: 'success' };
  }
  if (appointment.appointmentStatus === 'cancelled' || appointment.appointmentStatus === 'entered_in_error') {
    return null;
  }
  if (appointment.session && nothingToPay(appointment, appointment.session)) {
    return null;
  }
  return appointment.paymentStatus === 'pending'
    ? { key: 'consultations.appointment.paymentPending', tone: 'warning' }
    : { key: 'consultations.appointment.notPaid', tone: 'warning' };
}

export const historyGroupKeysText: Record<HistoryGroupKey, ConsultationsMessageId> = {
  today: 'history.group.today',
  upcoming: 'history.group.upcoming',
  past: 'history.group.past',
};

export const refundBlockKeys: Record<RefundBlock, ConsultationsMessageId> = {
  notPaid: 'refund.block.notPaid',
  doctorPaid: 'refund.block.doctorPaid',
  alreadyRequested: 'refund.block.alreadyRequested',
  rescheduled: 'refund.block.rescheduled',
};

export type RefundCategory = (typeof refundReasons)[number]['category'];
export type RefundSubcategory = (typeof refundReasons)[number]['subcategories'][number];

export const refundCategoryKeys: Record<RefundCategory, ConsultationsMessageId> = {
  'Booked wrong': 'refund.category.bookedWrong',
  'Doctor related': 'refund.category.doctorRelated',
  Other: 'refund.category.other',
};

export const refundSubcategoryKeys: Record<RefundSubcategory, ConsultationsMessageId> = {
  'wrong doctor session': 'refund.reason.wrongDoctorSession',
  'date or time wrong': 'refund.reason.dateOrTimeWrong',
  'wrong person': 'refund.reason.wrongPerson',
  'doctor requested': 'refund.reason.doctorRequested',
  'not visited': 'refund.reason.notVisited',
  cancelled: 'refund.reason.cancelled',
  'cancelled 24 hours before': 'refund.reason.cancelled24HoursBefore',
  'missed in queue': 'refund.reason.missedInQueue',
  other: 'refund.reason.other',
};

const npsKeys: Record<ReturnType<typeof npsLabel>['text'], ConsultationsMessageId> = {
  'Not Good': 'feedback.label.notGood',
  Satisfied: 'feedback.label.satisfied',
  Great: 'feedback.label.great',
};

/**
 * The label key and colour of a rating (spec doc 2 §4: 1-6 Not Good red, 7-8 Satisfied orange,
 * 9-10 Great green).
 * @param rating - 1 to 10
 */
export function npsLabelKey(rating: number): { key: ConsultationsMessageId; colour: 'red' | 'orange' | 'green' } {
  const label = npsLabel(rating);
  return { key: npsKeys[label.text], colour: label.colour };
}
