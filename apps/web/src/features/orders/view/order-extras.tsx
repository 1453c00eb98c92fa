import { useQuery } from 'urql';
import { admissionPaymentRows, orderCallLink, type OrderCategory } from '@careline/domain/orders';
import { formatMinor, toMinor } from '@careline/domain/payments';
import { useLingui } from '@careline/i18n/react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useTenant } from '../../../lib/tenant';
import { orderPaymentsQuery } from './order-view-documents.ts';
import { longDateTime } from './order-view-model.ts';

/**
 * The 'Call <hospital>' link (spec doc 3 §2, §9): a tel: link to the hospital's number for the order's
 * kind (medication, examination, procedure or admission), else the tenant's fallback number.
 */
export function OrderCallLink({
  organizationId,
  hospitalName,
  category,
}: {
  organizationId: string | null;
  hospitalName: string;
  category: OrderCategory;
}) {
  const t = useOrdersTranslate();
  const tenant = useTenant();
  const link = orderCallLink(tenant, organizationId, hospitalName, category);
  return (
    <a className="button button--secondary button--block order-call" href={link.href}>
      {t('orders.view.text.callHospital', { hospital: hospitalName })}
    </a>
  );
}

function minorOf(amount: string | null | undefined): number {
  try {
    return amount ? toMinor(amount) : 0;
  } catch {
    return 0;
  }
}

/**
 * 'Admission Payment History' (spec doc 3 §2): the admission's successful payments with their date
 * ('Do,(ddd) MMM YYYY hh:mm A', or 'Not Available') and amount, from the payments made for
 * ServiceRequest/{id}.
 */
export function AdmissionPaymentHistory({ orderId }: { orderId: string }) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  const tenant = useTenant();
  const [result] = useQuery({
    query: orderPaymentsQuery,
    variables: { requestReference: `ServiceRequest/${orderId}` },
    requestPolicy: 'cache-and-network',
  });
  const rows = admissionPaymentRows(
    (result.data?.queryPaymentGatewayCallback ?? []).map((payment) => ({
      decision: payment.response.status ?? '',
      transactionDate: payment.response.transactionDate ? new Date(payment.response.transactionDate) : null,
      amountMinor: minorOf(payment.response.amount),
    })),
  );
  let body;
  if (result.fetching && !result.data) {
    body = (
      <div className="order-skeleton" aria-hidden="true" />
    );
  } else if (result.error && !result.data) {
    body = <p role="alert">{t('orders.view.payments.loadFailed')}</p>;
  } else if (rows.length === 0) {
    body = <p>{t('orders.view.payments.none')}</p>;
  } else {
    body = (
      <table className="order-payments">
        <thead>
          <tr>
            <th scope="col">{t('orders.view.payments.date')}</th>
            <th scope="col">{t('orders.view.payments.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.date?.toISOString() ?? 'none'}-${String(index)}`}>
              <td>{longDateTime(row.date?.toISOString(), i18n.locale) ?? t('orders.view.text.notAvailable')}</td>
              <td>{formatMinor(row.amountMinor, tenant.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <section className="order-card" aria-labelledby="order-admission-payments-title" aria-busy={result.fetching || undefined}>
      <h2 id="order-admission-payments-title" className="order-card__title">
        {t('orders.view.text.admissionPaymentHistory')}
      </h2>
      {body}
    </section>
  );
}
