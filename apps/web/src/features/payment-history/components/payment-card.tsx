import { useId } from 'react';
import { failureText } from '@careline/domain/payments';
import { useLingui, useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { formatPaymentDate } from '../utils/payment-date.ts';
import {
  cardTypeText,
  maskedCardText,
  payerNameText,
  paymentAmountText,
  paymentStatusView,
  paymentSubject,
  presentText,
  type PaymentHistoryRecord,
} from '../utils/payment-records.ts';

type PaymentCardProps = {
  record: PaymentHistoryRecord;
  expanded: boolean;
  onToggle: () => void;
  /** The tenant's currency, for a payment whose invoice does not say. */
  currency: string;
  onViewInvoice: (record: PaymentHistoryRecord) => void;
  /** For tests: the zone dates are shown in; the hospital's by default. */
  timeZone?: string;
};

/**
 * One payment of the history, a collapsible card (spec doc 2 §2): the header button (aria-expanded)
 * shows what was paid, where, when, how much and the status chip; the body shows the gateway's answer,
 * its message in the catalogue's words (spec doc 2 §8; the bank's own text stays in the record, issue
 * 29 §1.4). Missing fields read 'Not Available'; only a Success shows 'View invoice' (spec doc 2 §4).
 */
export function PaymentCard({ record, expanded, onToggle, currency, onViewInvoice, timeZone }: PaymentCardProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const bodyId = useId();
  const notAvailable = t('paymentHistory.notAvailable');
  const or = (value: string | null) => value ?? notAvailable;
  const status = paymentStatusView(record);
  const statusLabel = statusText(status.label, t, notAvailable);
  const subject = paymentSubject(record.requestReference);
  const response = record.response;
  const date = formatPaymentDate(response.transactionDate ?? record.createdTime, i18n.locale, timeZone);
  const amount = paymentAmountText(response.amount ?? record.invoice?.total, record.invoice?.currency ?? currency);
  const hospital = presentText(record.organizationName);
  const message = response.status
    ? tx(failureText({ decision: response.status, reasonCode: response.reasonCode ?? '', message: response.additionalInfo ?? '' }))
    : null;

  return (
    <article className={`payment-card payment-card--${subject.kind}`}>
      <h2 className="payment-card__heading">
        <button
          type="button"
          className="payment-card__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="payment-card__title">
            <span className="payment-card__subject">{t(`paymentHistory.subject.${subject.kind}`)}</span>
            <span className="payment-card__hospital">{or(hospital)}</span>
          </span>
          <span className="payment-card__summary">
            <span className="payment-card__date">{or(date)}</span>
            <span className="payment-card__amount">{or(amount)}</span>
          </span>
          <span className={`payment-status payment-status--${status.tone}`}>{statusLabel}</span>
          <span className="payment-card__chevron" aria-hidden="true" />
        </button>
      </h2>
      <div id={bodyId} className="payment-card__body" hidden={!expanded}>
        <dl className="payment-card__fields">
          <Field label={t('paymentHistory.field.date')} value={or(date)} />
          <Field label={t('paymentHistory.field.amount')} value={or(amount)} />
          <Field label={t('paymentHistory.field.status')} value={statusLabel} />
          <Field label={t('paymentHistory.field.hospital')} value={or(hospital)} />
          <Field label={t('paymentHistory.field.reference')} value={or(presentText(response.transactionReference))} />
          <Field
            label={t('paymentHistory.field.card')}
            value={or(
              [cardTypeText(response.cardType), maskedCardText(response.cardNumber)].filter(Boolean).join(' ') || null,
            )}
          />
          <Field label={t('paymentHistory.field.cardExpiry')} value={or(presentText(response.cardExpiry))} />
          <Field label={t('paymentHistory.field.payer')} value={or(payerNameText(response))} />
          <Field label={t('paymentHistory.field.message')} value={or(message)} />
        </dl>
        {status.showInvoice ? (
          <Button variant="secondary" onClick={() => onViewInvoice(record)}>
            {t('paymentHistory.viewInvoice')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The chip's words: Success and Failed (spec doc 2 §4), REVIEW as 'Payment is pending' and CANCEL as
 * Cancelled (spec doc 2 §8), a missing decision 'Not Available', any other as the gateway gave it.
 */
function statusText(label: string, t: ReturnType<typeof useTranslate>, notAvailable: string): string {
  switch (label === 'Success' || label === 'Failed' || label === 'Not Available' ? label : label.toUpperCase()) {
    case 'Success':
      return t('paymentHistory.status.success');
    case 'Failed':
      return t('paymentHistory.status.failed');
    case 'REVIEW':
      return t('paymentHistory.status.pending');
    case 'CANCEL':
      return t('paymentHistory.status.cancelled');
    case 'Not Available':
      return notAvailable;
    default:
      return label;
  }
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="payment-card__field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
