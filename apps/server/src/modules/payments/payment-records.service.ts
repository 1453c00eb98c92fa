import { minorToDecimal, toMinor } from '@careline/domain/payments';
import { listOwnedPayments } from './payments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { invoiceView, type InvoiceView } from './payment-invoices.service.ts';
import { owner, type PaymentsCaller } from './payments.context.ts';

/* The account's payment history (spec doc 2 §2, §7 queryPaymentGatewayCallback). */

/** Most payment records one queryPaymentGatewayCallback returns. */
export const PAYMENT_RECORDS_MAX = 100;

/** The response fields of a payment record (spec doc 3 §3 Payment). */
export type PaymentResponseView = {
  amount: string | null;
  status: string | null;
  message: string | null;
  additionalInfo: string | null;
  reasonCode: string | null;
  transactionDate: Date | null;
  transactionReference: string | null;
  cardType: string | null;
  cardNumber: string | null;
  cardExpiry: string | null;
  firstName: string | null;
  lastName: string | null;
  paymentGatewayType: string | null;
};

/** One payment of payment history (spec doc 2 §2, §3 Payment record). */
export type PaymentRecordView = {
  id: string;
  bookingId: string;
  requestReference: string;
  organizationId: string | null;
  organizationName: string | null;
  patientId: string | null;
  createdTime: Date;
  response: PaymentResponseView;
  invoice: InvoiceView | null;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The account's payments, newest first, with the gateway's response and, for a successful one,
 * the paid invoice (spec doc 2 §7 queryPaymentGatewayCallback: my payments; §2 payment history).
 * Another account's payment, booking or reference answers like an unknown one: [].
 * @param caller - tenant and signed-in account
 * @param filter - optional paymentId, bookingId, requestReference; limit (at most {@link PAYMENT_RECORDS_MAX})
 */
export async function queryPaymentRecords(
  caller: PaymentsCaller,
  filter: { paymentId: string | null; bookingId: string | null; requestReference: string | null; limit: number },
): Promise<PaymentRecordView[]> {
  const limit = Math.max(0, Math.min(Math.trunc(filter.limit), PAYMENT_RECORDS_MAX));
  if (
    limit === 0 ||
    (filter.paymentId !== null && !UUID.test(filter.paymentId)) ||
    (filter.bookingId !== null && !UUID.test(filter.bookingId))
  ) {
    return [];
  }
  const rows = await listOwnedPayments(caller.db, owner(caller), { ...filter, limit });
  return rows.map(({ payment, organizationName, invoice }) => {
    const response = payment.response;
    return {
      id: payment.id,
      bookingId: payment.bookingRequestId,
      requestReference: payment.requestReference,
      organizationId: payment.organizationId,
      organizationName,
      patientId: payment.patientId,
      createdTime: payment.createdAt,
      response: {
        amount: minorToDecimal(toMinor(payment.amount.toFixed(2))),
        status: payment.status,
        message: payment.message,
        additionalInfo: text(response.additionalInfo),
        reasonCode: text(response.reasonCode),
        transactionDate: payment.transactionDate,
        transactionReference: text(response.transactionReference),
        cardType: text(response.cardType),
        cardNumber: text(response.cardNumber),
        cardExpiry: text(response.cardExpiry),
        firstName: text(response.firstName),
        lastName: text(response.lastName),
        paymentGatewayType: payment.paymentGatewayType,
      },
      invoice: payment.status === 'ACCEPT' && invoice ? invoiceView(invoice) : null,
    };
  });
}
