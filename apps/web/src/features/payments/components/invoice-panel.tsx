import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { formatWireAmount, wireMinor } from '../utils/money.ts';

/** An invoice as the panel shows it: wire amounts ('2500.00'), the currency and the total. */
export type InvoiceView = {
  items: readonly { description: string; amount: string }[];
  total: string;
  currency: string;
};

/** The invoice fetch's states (spec doc 2 §4 Request states: 1 loading, 2 done, 3 error). */
export type InvoiceState =
  typeof REQUEST_STATE.PENDING | typeof REQUEST_STATE.DONE | typeof REQUEST_STATE.FAILED;

export type InvoicePanelProps = {
  state: InvoiceState;
  invoice: InvoiceView | null;
  /** Asks for the invoice again (after an error). */
  onRefresh: () => void;
};

/**
 * The invoice of a payment: its items and total with 2 decimals and the currency (spec doc 2 §5);
 * a skeleton while it is calculated, 'Error while calculating invoice, please refresh' when that
 * failed, and 'Can not pay Rs 00.00' for a zero total.
 */
export function InvoicePanel({ state, invoice, onRefresh }: InvoicePanelProps) {
  const t = useTranslate();
  return (
    <section
      className="invoice-panel"
      aria-labelledby="invoice-panel-title"
      aria-busy={state === REQUEST_STATE.PENDING}
    >
      <h3 id="invoice-panel-title" className="invoice-panel__title">
        {t('payments.invoice.title')}
      </h3>
      {state === REQUEST_STATE.PENDING ? (
        <>
          <p className="visually-hidden" role="status">
            {t('payments.invoice.loading')}
          </p>
          <div className="invoice-panel__skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        </>
      ) : null}
      {state === REQUEST_STATE.FAILED ? (
        <div className="invoice-panel__error" role="alert">
          <p>{t('payments.invoice.error')}</p>
          <Button variant="secondary" onClick={onRefresh}>
            {t('payments.invoice.refresh')}
          </Button>
        </div>
      ) : null}
      {state === REQUEST_STATE.DONE && invoice ? (
        <>
          <dl className="invoice-panel__items">
            {invoice.items.map((item, index) => (
              <div key={`${index}-${item.description}`} className="invoice-panel__item">
                <dt>{item.description}</dt>
                <dd>{formatWireAmount(item.amount, invoice.currency)}</dd>
              </div>
            ))}
            <div className="invoice-panel__item invoice-panel__item--total">
              <dt>{t('payments.invoice.total')}</dt>
              <dd>{formatWireAmount(invoice.total, invoice.currency)}</dd>
            </div>
          </dl>
          {/* spec doc 2 §5: nothing to pay online for a zero total. */}
          {wireMinor(invoice.total) === 0 ? (
            <p className="invoice-panel__zero">{t('payments.invoice.zeroTotal')}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
