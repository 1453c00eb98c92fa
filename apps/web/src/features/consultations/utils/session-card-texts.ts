import type { appointmentStatusLabels, CancelBlock } from '@careline/domain/consultations';
import type { ConsultationsMessageId } from '@careline/i18n/consultations';

/** A catalogue key with its placeholder values. */
export type TextRef = { id: ConsultationsMessageId; values?: Record<string, string | number> };

const statusKeys: Record<keyof typeof appointmentStatusLabels, ConsultationsMessageId> = {
  booked: 'consultations.status.booked',
  arrived: 'consultations.status.arrived',
  cancelled: 'consultations.status.cancelled',
  fulfilled: 'consultations.status.fulfilled',
  noshow: 'consultations.status.noshow',
};

/**
 * The catalogue key of an appointment status (spec doc 2 §4: booked=Booked … any other 'Unhandled Status').
 * @param status - the appointment's status code
 */
export function appointmentStatusKey(status: string): ConsultationsMessageId {
  return Object.hasOwn(statusKeys, status)
    ? statusKeys[status as keyof typeof statusKeys]
    : 'consultations.status.unhandled';
}

/**
 * The reason of a blocked cancel (spec doc 2 §4 Cancel), after 'You cannot cancel this appointment because ...'.
 * The status inside it is given as its key, to be shown in the active language.
 * @param block - from cancelBlock
 */
export function cancelBlockText(block: CancelBlock): { id: ConsultationsMessageId; statusKey?: ConsultationsMessageId } {
  return block.reason === 'notBooked'
    ? { id: 'consultations.appointment.cancelAlready', statusKey: appointmentStatusKey(block.status) }
    : { id: 'consultations.appointment.cancelWithin24Hours' };
}

const refundKeys: Record<string, ConsultationsMessageId> = {
  requested: 'consultations.refund.requested',
  approved: 'consultations.refund.approved',
  refunded: 'consultations.refund.refunded',
  rejected: 'consultations.refund.rejected',
};

/**
 * How an appointment's refund status reads (spec doc 2 §4 Appointment status: requested; approved,
 * collect at the hospital; refunded, shown as paid; others shown as they are).
 * @param status - the appointment's paymentRefundStatus
 * @returns the catalogue key, or the status itself to show as it is
 */
export function refundStatusText(status: string): { id: ConsultationsMessageId } | { raw: string } {
  const id = Object.hasOwn(refundKeys, status) ? refundKeys[status] : undefined;
  return id === undefined ? { raw: status } : { id };
}
