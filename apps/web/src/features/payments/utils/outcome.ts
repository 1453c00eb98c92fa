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
