/**
 * Payment outcomes and their texts (spec doc 2 §2 Payment history, §4 Card form status and Payment
 * status mapping, §8 error catalogue).
 */

/** The gateway's decision on a payment (CyberSource Secure Acceptance `decision`). */
export type GatewayDecision = 'ACCEPT' | 'REVIEW' | 'DECLINE' | 'ERROR' | 'CANCEL';

/** Payment texts, copied character for character (spec doc 2 §4, §8). */
export const PAYMENT_TEXTS = {
  success: 'Payment success',
  failed: 'Payment failed',
  unableToProcess: 'Unable to process payment!',
  pending: 'Payment is pending',
  problemHeading: 'Problem with your payment',
  authFailed: 'Payment failed, unable to authenticate your request from bank',
  noResponse: 'Payment failed, unable to get any response from bank',
  timeout: 'Payment failed with request timeout: {message}',
  systemError: 'Payment failed with system error: {message}',
  unknownError: 'Payment failed with unknown system error',
  notAvailable: 'Not Available',
  noOnline: "We don't accept online payments yet.",
  visitHospital: 'Visit hospital to make payments',
} as const;

/** Payment history, invoice and saved-card screen texts (spec doc 2 §2, §5). */
export const PAYMENT_SCREEN_TEXTS = {
  historyLoadingTitle: 'Please wait',
  historyLoading: 'We are loading your payment history',
  historyEmpty: "We didn't find any payments of you yet",
  bookAppointment: 'Book an appointment',
  invoiceTitle: 'Payment Invoice',
  downloadPdf: 'Download as PDF',
  viewInvoice: 'View invoice',
  invoiceFileName: 'Invoice.pdf',
  zeroTotal: 'Can not pay Rs 00.00',
  invoiceError: 'Error while calculating invoice, please refresh',
  methodsLoadFailed: 'Sorry {name}, There is a problem loading your payment methods',
  methodsEmpty: "We didn't find any payment methods of you",
} as const;

/** Card form states, in the order the form passes through them (spec doc 2 §4 Card form status). */
export const CARD_FORM_STATUS = ['INITIALISING', 'READY', 'PAYMENT_PROCESSING', 'ERROR'] as const;
/** A card form state. */
export type CardFormStatus = (typeof CARD_FORM_STATUS)[number];

/** A payment's history status: label 'Success', 'Failed', 'Not Available' or the decision as given. */
export type HistoryStatus = {
  label: string;
  tone: 'green' | 'red' | 'neutral';
  showInvoice: boolean;
};

/**
 * How a payment reads in the history (spec doc 2 §4 Payment status mapping): ACCEPT is Success
 * (green) with its invoice; DECLINE and ERROR are Failed (red); any other decision shows as given,
 * neutral, and a missing one as 'Not Available'. Only Success shows the invoice and 'View invoice'.
 * @param decision - the gateway's decision as recorded
 */
export function historyStatus(decision: string): HistoryStatus {
  const code = decision.trim().toUpperCase();
  if (code === 'ACCEPT') {
    return { label: 'Success', tone: 'green', showInvoice: true };
  }
  if (code === 'DECLINE' || code === 'ERROR') {
    return { label: 'Failed', tone: 'red', showInvoice: false };
  }
  return {
    label: code === '' ? PAYMENT_TEXTS.notAvailable : decision.trim(),
    tone: 'neutral',
    showInvoice: false,
  };
}

/** CyberSource reason codes for a failed payer authentication (3-D Secure). */
const AUTH_FAILED_REASONS = new Set(['475', '476']);
/** CyberSource reason codes for a request that timed out at the gateway. */
const TIMEOUT_REASONS = new Set(['151', '152']);
/** CyberSource reason code for a general system failure. */
const SYSTEM_FAILURE_REASON = '150';

const withMessage = (template: string, message: string): string =>
  template.replace('{message}', message);

/**
 * The text a payment answer shows under 'Problem with your payment' (spec doc 2 §8). The mapping
 * from the gateway's answer, first rule that fits:
 * - no decision at all (no answer, or an empty one) → 'Payment failed, unable to get any response from bank';
 * - ACCEPT → 'Payment success'; REVIEW → 'Payment is pending' (the bank holds it for review);
 * - reason 475 or 476 (payer authentication, 3-D Secure, failed) → 'Payment failed, unable to
 *   authenticate your request from bank';
 * - reason 151 or 152 (the gateway timed out) → 'Payment failed with request timeout: {message}';
 * - reason 150, or decision ERROR → 'Payment failed with system error: {message}' when there is a
 *   message, else 'Payment failed with unknown system error';
 * - DECLINE or CANCEL → 'Payment failed': the catalogue's text, never the bank's own words, which
 *   stay in the payment's record and the logs (issue 29 §1.4);
 * - any other decision → 'Payment failed with unknown system error'.
 * A {message} with no gateway message reads 'reason code N'.
 * @param answer - the gateway's decision, reason code and message
 */
export function failureText(answer: {
  decision: string;
  reasonCode: string;
  message: string;
}): string {
  const decision = answer.decision.trim().toUpperCase();
  const reason = answer.reasonCode.trim();
  const message = answer.message.trim();
  if (decision === '') {
    return PAYMENT_TEXTS.noResponse;
  }
  if (decision === 'ACCEPT') {
    return PAYMENT_TEXTS.success;
  }
  if (decision === 'REVIEW') {
    return PAYMENT_TEXTS.pending;
  }
  if (AUTH_FAILED_REASONS.has(reason)) {
    return PAYMENT_TEXTS.authFailed;
  }
  if (TIMEOUT_REASONS.has(reason)) {
    return withMessage(PAYMENT_TEXTS.timeout, message || `reason code ${reason}`);
  }
  if (decision === 'ERROR' || reason === SYSTEM_FAILURE_REASON) {
    return message ? withMessage(PAYMENT_TEXTS.systemError, message) : PAYMENT_TEXTS.unknownError;
  }
  if (decision === 'DECLINE' || decision === 'CANCEL') {
    return PAYMENT_TEXTS.failed;
  }
  return PAYMENT_TEXTS.unknownError;
}
