import { useState, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useTenant } from '../../../lib/tenant';
import { appointmentPaymentsQuery, type AppointmentPaymentRecord } from '../api/payment-documents.ts';
import { savedCardText } from '../utils/card-text.ts';
import { formatWireAmount } from '../utils/money.ts';
import { acceptedPayment, APPOINTMENT_PAYMENTS_LIMIT, paymentMethodKey } from '../utils/payment-proof.ts';

/** Shows a paid payment's invoice (the payment history's 'Payment Invoice', composed in app/routes.tsx). */
export type InvoiceSlot = (record: AppointmentPaymentRecord, close: () => void) => ReactNode;

type AppointmentPaymentProofProps = {
  appointmentId: string;
  /** Opens the invoice; without it there is no 'View invoice'. */
  invoiceSlot?: InvoiceSlot;
};

/**
 * The proof of a paid appointment (issue 29 §1.3): 'Paid', the amount, the way it was paid and
 * 'View invoice', from the appointment's accepted payment (queryPaymentGatewayCallback by
 * Appointment/{id}, the account's own only). A field the record lacks reads 'Not Available' (spec
 * doc 2 §4 Payment status mapping); while it loads, the section keeps its shape.
 */
export function AppointmentPaymentProof({ appointmentId, invoiceSlot }: AppointmentPaymentProofProps) {
  const t = useTranslate();
  const tenant = useTenant();
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [result] = useQuery({
    query: appointmentPaymentsQuery,
    variables: { requestReference: `Appointment/${appointmentId}`, limit: APPOINTMENT_PAYMENTS_LIMIT },
    requestPolicy: 'cache-and-network',
  });
  const loading = !result.data && !result.error;
  const record = acceptedPayment(result.data?.queryPaymentGatewayCallback ?? []);
  const notAvailable = t('paymentHistory.notAvailable');
  const amountText = record?.response.amount
    ? formatWireAmount(record.response.amount, record.invoice?.currency ?? tenant.currency)
    : record?.invoice
      ? formatWireAmount(record.invoice.total, record.invoice.currency)
      : null;
  const methodKey = paymentMethodKey(record?.response.paymentGatewayType);
  const card = savedCardText(record?.response.cardNumber);
  const method = methodKey ? [t(methodKey), card].filter(Boolean).join(' ') : null;

  return (
    <section className="payment-proof" aria-labelledby="payment-proof-title" aria-busy={loading}>
      <h2 id="payment-proof-title" className="payment-proof__title">
        {t('payments.proof.title')}
      </h2>
      <dl className="payment-proof__facts">
        <div>
          <dt>{t('paymentHistory.field.status')}</dt>
          <dd>
            <span className="payment-proof__chip">{t('payments.proof.paid')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('paymentHistory.field.amount')}</dt>
          <dd>{loading ? <span className="payment-proof__skeleton" aria-hidden="true" /> : (amountText ?? notAvailable)}</dd>
        </div>
        <div>
          <dt>{t('payments.proof.method')}</dt>
          <dd>{loading ? <span className="payment-proof__skeleton" aria-hidden="true" /> : (method ?? notAvailable)}</dd>
        </div>
      </dl>
      {record?.invoice && invoiceSlot ? (
        <Button variant="secondary" block onClick={() => setInvoiceOpen(true)}>
          {t('paymentHistory.viewInvoice')}
        </Button>
      ) : null}
      {invoiceOpen && record && invoiceSlot ? invoiceSlot(record, () => setInvoiceOpen(false)) : null}
    </section>
  );
}
