import { failureText } from '@careline/domain/payments';

/** A payment record's response as queryPaymentGatewayCallback answers it (docs/api-contract.md PaymentResponse). */
export type RecordedResponse = {
  status: string | null;
  /** The gateway's reason code, e.g. '476'. */
  reasonCode: string | null;
  /** The gateway's own message, which §8's texts quote ('Payment failed with system error: {message}'). */
  additionalInfo: string | null;
};

/**
 * What a failed payment shows under 'Problem with your payment' (spec doc 2 §8), from its recorded
 * response; no record at all reads as no answer from the bank.
 * @param response - the payment's response, or null when none was recorded
 */
export function paymentProblemText(response: RecordedResponse | null): string {
  return failureText({
    decision: response?.status ?? '',
    reasonCode: response?.reasonCode?.trim() ?? '',
    message: response?.additionalInfo ?? '',
  });
}

/** The payment history at one payment (spec doc 2 §2 /profiles/my-payment-history?paymentId). */
export function paymentHistoryPath(paymentId: string | null): string {
  return paymentId
    ? `/profiles/my-payment-history?${new URLSearchParams({ paymentId }).toString()}`
    : '/profiles/my-payment-history';
}

/**
 * Where a return from the gateway stands (spec doc 2 §2 paymentStatus, §8): 'checking' while the
 * outcome is read, 'accepted' once it is known to be paid, 'review' when the bank holds it ('Payment
 * is pending'), 'failed' for any other answer or none, and 'unconfirmed' when an address said Success
 * but nothing confirmed it in time (a crafted or stale link: nothing is announced).
 */
export type ReturnOutcome = 'checking' | 'accepted' | 'review' | 'failed' | 'unconfirmed';

/**
 * The outcome of a return to /view/appointment. The address alone never proves a payment: with a
 * booking id the recorded answer decides (ACCEPT, REVIEW, anything else); without one, Success waits
 * for the appointment itself to read paid, and Failure has no answer to show.
 * @param input.bookingId - the booking request in the address, or null
 * @param input.addressStatus - the paymentStatus in the address ('Success' or 'Failure')
 * @param input.reading - whether the recorded answer is still being read
 * @param input.decision - the recorded answer's status (ACCEPT, REVIEW, DECLINE…), or null when none
 * @param input.appointmentPaid - whether the appointment reads paymentStatus paid
 * @param input.gaveUp - whether the wait for the appointment to read paid is over
 */
export function returnOutcome(input: {
  bookingId: string | null;
  addressStatus: 'Success' | 'Failure';
  reading: boolean;
  decision: string | null;
  appointmentPaid: boolean;
  gaveUp: boolean;
}): ReturnOutcome {
  if (input.bookingId === null) {
    if (input.addressStatus === 'Failure') {
      return 'failed';
    }
    return input.appointmentPaid ? 'accepted' : input.gaveUp ? 'unconfirmed' : 'checking';
  }
  if (input.reading) {
    return 'checking';
  }
  const decision = input.decision?.trim().toUpperCase() ?? '';
  return decision === 'ACCEPT' ? 'accepted' : decision === 'REVIEW' ? 'review' : 'failed';
}
