import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useTenant } from '../../../lib/tenant';
import { downloadInvoicePdf } from '../api/invoice-pdf.ts';
import { PAYMENT_HISTORY_LIMIT, paymentHistoryQuery } from '../api/payment-history.ts';
import { PaymentHistoryView, type PaymentHistoryState } from './payment-history-view.tsx';

type PaymentHistoryScreenProps = {
  /** Saves a payment's Invoice.pdf; the authorised download of api/invoice-pdf.ts by default. */
  downloadInvoice?: (paymentId: string) => Promise<void>;
  /** For tests: the zone dates are shown in. */
  timeZone?: string;
};

/** /profiles/my-payment-history (spec doc 2 §2, doc 3 §2): the account's payments from queryPaymentGatewayCallback. */
export function PaymentHistoryScreen({ downloadInvoice = downloadInvoicePdf, timeZone }: PaymentHistoryScreenProps) {
  const [search] = useSearchParams();
  const tenant = useTenant();
  const [result, reexecute] = useQuery({
    query: paymentHistoryQuery,
    variables: { limit: PAYMENT_HISTORY_LIMIT },
    requestPolicy: 'network-only',
  });
  const state = useMemo<PaymentHistoryState>(() => {
    if (result.data) {
      return { kind: 'ready', records: result.data.queryPaymentGatewayCallback };
    }
    if (result.error) {
      return { kind: 'failed', retry: () => reexecute({ requestPolicy: 'network-only' }) };
    }
    return { kind: 'loading' };
  }, [result.data, result.error, reexecute]);
  return (
    <PaymentHistoryView
      state={state}
      search={search}
      currency={tenant.currency}
      downloadInvoice={(paymentId) => downloadInvoice(paymentId)}
      timeZone={timeZone}
    />
  );
}
