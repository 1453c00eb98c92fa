import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { paymentExpandedOnArrival, paymentHistoryBackPath, type PaymentHistoryRecord } from '../utils/payment-records.ts';
import { InvoiceModal } from './invoice-modal.tsx';
import { PaymentCard } from './payment-card.tsx';
import './payment-history.css';

/** What the history has to show: loading, failed, or the payments (newest first). */
export type PaymentHistoryState =
  | { kind: 'loading' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'ready'; records: readonly PaymentHistoryRecord[] };

type PaymentHistoryViewProps = {
  state: PaymentHistoryState;
  /** The screen's query: paymentId (expands that payment, back to /doctor) or orderId (spec doc 2 §2, doc 3 §2). */
  search: URLSearchParams;
  /** The tenant's currency. */
  currency: string;
  downloadInvoice: (paymentId: string) => Promise<void>;
  timeZone?: string;
};

/**
 * The payment history (/profiles/my-payment-history; spec doc 2 §2, doc 3 §2): 'Please wait / We are
 * loading your payment history' while it loads; 'We didn't find any payments of you yet' with 'Book an
 * appointment'; otherwise one collapsible card per payment, the one named by paymentId (or the
 * order's, by orderId) open on arrival; 'View invoice' opens the 'Payment Invoice' modal.
 */
export function PaymentHistoryView({ state, search, currency, downloadInvoice, timeZone }: PaymentHistoryViewProps) {
  const t = useTranslate();
  const records = useMemo(() => (state.kind === 'ready' ? state.records : []), [state]);
  const arrivalId = useMemo(() => paymentExpandedOnArrival(records, search), [records, search]);
  // A card's own choice wins; untouched cards follow the arrival rule.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const [invoiceRecord, setInvoiceRecord] = useState<PaymentHistoryRecord | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!arrivalId || !listRef.current) {
      return;
    }
    const card = Array.from(listRef.current.querySelectorAll<HTMLElement>('[data-payment-id]')).find(
      (item) => item.dataset.paymentId === arrivalId,
    );
    // jsdom and old browsers lack scrollIntoView.
    if (typeof card?.scrollIntoView === 'function') {
      card.scrollIntoView({ block: 'start' });
    }
  }, [arrivalId]);

  let content;
  if (state.kind === 'loading') {
    content = (
      <div className="payment-history__loading" role="status" aria-busy="true">
        <p className="payment-history__loading-title">{t('paymentHistory.loadingTitle')}</p>
        <p>{t('paymentHistory.loading')}</p>
        {[0, 1, 2].map((index) => (
          <div key={index} className="payment-history__skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        ))}
      </div>
    );
  } else if (state.kind === 'failed') {
    content = (
      <div className="payment-history__state" role="alert">
        <p>{t('paymentHistory.loadFailed')}</p>
        <Button onClick={state.retry}>{t('paymentHistory.tryAgain')}</Button>
      </div>
    );
  } else if (records.length === 0) {
    content = (
      <div className="payment-history__state">
        <p className="payment-history__empty">{t('paymentHistory.empty')}</p>
        <Link className="button button--primary button--block" to="/doctor">
          {t('paymentHistory.bookAppointment')}
        </Link>
      </div>
    );
  } else {
    content = (
      <ol ref={listRef} className="payment-history__list">
        {records.map((record) => (
          <li key={record.id} data-payment-id={record.id}>
            <PaymentCard
              record={record}
              expanded={toggled[record.id] ?? record.id === arrivalId}
              onToggle={() =>
                setToggled((current) => ({ ...current, [record.id]: !(current[record.id] ?? record.id === arrivalId) }))
              }
              currency={currency}
              onViewInvoice={setInvoiceRecord}
              timeZone={timeZone}
            />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <div className="payment-history">
      <header className="payment-history__header">
        <Link className="payment-history__back" to={paymentHistoryBackPath(search)}>
          <span aria-hidden="true">‹ </span>
          {t('paymentHistory.back')}
        </Link>
        <h1>{t('paymentHistory.title')}</h1>
      </header>
      {content}
      <InvoiceModal
        record={invoiceRecord}
        currency={currency}
        onClose={() => setInvoiceRecord(null)}
        downloadInvoice={downloadInvoice}
      />
    </div>
  );
}
