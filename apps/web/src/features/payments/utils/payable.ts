import { VIDEO_PARTICIPATION_MODE } from '@careline/domain/consultations';
import type { FeatureFlags } from '@careline/domain/tenant';

/** What the pay section needs to know of an appointment (the appointment screen passes it). */
export type PayableAppointment = {
  id: string;
  sessionId: string;
  appointmentStatus: string;
  paymentStatus: string;
  appointmentRescheduleStatus: string | null;
  appointmentRescheduledFor: string | null;
  /** The session's participation mode: remote_presence_video_call for a video session (spec doc 2 §3). */
  participationMode: string | null;
};

/**
 * True when the appointment is waiting to be paid online: booked, payment pending, and not a reschedule
 * (spec doc 2 §4 Booking pay-now; Reschedule: the payment is transferred, so reschedules skip payment).
 * @param appointment - the appointment as the screen shows it
 */
export function awaitsPayment(appointment: PayableAppointment): boolean {
  return (
    appointment.appointmentStatus === 'booked' &&
    appointment.paymentStatus === 'pending' &&
    appointment.appointmentRescheduledFor === null &&
    appointment.appointmentRescheduleStatus !== 'rescheduled'
  );
}

/** The online payment ways this tenant offers for a session. */
export type OnlinePayment = { card: 'cyberSource' | null };

/**
 * The card gateway for a session, or null when online payment is off (spec doc 2 §5: 'Payment requires
 * channelling.payment (or videoChannelling.payment)'; §7 Payment gateways: cyberSource is the card
 * provider; masterCard, mobileBill and cash are flags without a body here).
 * @param features - the tenant's feature flags
 * @param participationMode - the session's participation mode
 */
export function cardGateway(
  features: FeatureFlags,
  participationMode: string | null,
): 'cyberSource' | null {
  const paymentOn =
    participationMode === VIDEO_PARTICIPATION_MODE
      ? features.videoChannelling.payment
      : features.channelling.payment;
  return paymentOn && features.paymentGateWay.cyberSource ? 'cyberSource' : null;
}

/**
 * 'genie' where the tenant takes Genie for this session's payment, else null (spec doc 2 §1: the
 * paymentGateWay.genie flag, off in the first tenant override; §5: payment needs channelling.payment
 * or videoChannelling.payment).
 * @param features - the tenant's feature flags
 * @param participationMode - the session's participation mode
 */
export function genieGateway(
  features: FeatureFlags,
  participationMode: string | null,
): 'genie' | null {
  const paymentOn =
    participationMode === VIDEO_PARTICIPATION_MODE
      ? features.videoChannelling.payment
      : features.channelling.payment;
  return paymentOn && features.paymentGateWay.genie ? 'genie' : null;
}

/**
 * 'mobileBill' where the tenant takes mobile bill for this session's payment, else null (spec doc 2
 * §1: the paymentGateWay.mobileBill flag, off in the first tenant override).
 * @param features - the tenant's feature flags
 * @param participationMode - the session's participation mode
 */
export function mobileBillGateway(
  features: FeatureFlags,
  participationMode: string | null,
): 'mobileBill' | null {
  const paymentOn =
    participationMode === VIDEO_PARTICIPATION_MODE
      ? features.videoChannelling.payment
      : features.channelling.payment;
  return paymentOn && features.paymentGateWay.mobileBill ? 'mobileBill' : null;
}

/**
 * The address the gateway's answer comes back to: this appointment's own screen, with no payment
 * outcome in it yet (the server appends paymentStatus and bookingId; spec doc 2 §2 /view/appointment).
 * @param sessionId - the appointment's session
 * @param appointmentId - the appointment
 */
export function appointmentReturnPath(sessionId: string, appointmentId: string): string {
  return `/view/appointment?${new URLSearchParams({ sessionId, appointmentId }).toString()}`;
}

/**
 * True when the tenant takes an online payment for a session of this participation mode: its card,
 * Genie or mobile-bill gateway is on, with channelling.payment (or videoChannelling.payment) (spec
 * doc 2 §1 feature flags, §5). The session screen offers pay now in its booking step then.
 * @param features - the tenant's feature flags
 * @param participationMode - the session's participation mode
 */
export function onlinePaymentOffered(features: FeatureFlags, participationMode: string | null): boolean {
  return (
    cardGateway(features, participationMode) !== null ||
    genieGateway(features, participationMode) !== null ||
    mobileBillGateway(features, participationMode) !== null
  );
}
