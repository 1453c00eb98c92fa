import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { AppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { useGatewayPayment, type GatewayPaymentOptions } from '../hooks/use-gateway-payment.ts';
import { savedCardText } from '../utils/card-text.ts';
import { formatWireAmount, wireMinor } from '../utils/money.ts';
import { cardGateway, genieGateway, mobileBillGateway } from '../utils/payable.ts';
import { CardFormModal } from './card-form-modal.tsx';
import { InvoicePanel } from './invoice-panel.tsx';
import './payments.css';

/** The card gateway's name as the patient reads it (DESIGN.md: a payment says which gateway opens). */
const gatewayNames = { cyberSource: 'CyberSource' } as const;

/** The terms above the current screen (spec doc 2 §2 #/paymentTermsAndConditions). */
const PAYMENT_TERMS_HASH = '#/paymentTermsAndConditions';

/** Server errors a payment shows as they are: a payment for this invoice is still being processed. */
const SHOWN_CODES: readonly string[] = ['ARO-E5015', 'ARO-E5030'];

export type PayNowProps = {
  /** The invoice shown, as prepared for the screen (useAppointmentInvoice, usePreparedInvoice). */
  invoice: AppointmentInvoice;
  /** The session's participation mode: a video session's payment follows videoChannelling.payment. */
  participationMode: string | null;
  /** Where every gateway brings the patient back, unless prepare answers another place. */
  back: string;
  /** After a quick pay completed or is pending, and back from a gateway's page by the browser's Back. */
  onPaid: () => void;
  /** Runs as a payment starts (the session screen books the appointment first). */
  prepare?: GatewayPaymentOptions['prepare'];
  /** Turns every way to pay off (e.g. while the screen books or cannot book). */
  disabled?: boolean;
};

/**
 * The invoice and the ways to pay it: a saved default card at one tap (completeBooking), a card
 * through the gateway (initiateBooking and the hidden form), or the hospital's counter when the
 * tenant takes no online payment (spec doc 2 §5, §7).
 */
export function PayNow({
  invoice: prepared,
  participationMode,
  back,
  onPaid,
  prepare,
  disabled = false,
}: PayNowProps) {
  const t = useTranslate();
  const tenant = useTenant();
  const { account } = useSession();
  const { pathname, search } = useLocation();
  const { state, invoice, refresh } = prepared;
  const [cardOpen, setCardOpen] = useState(false);

  const gateway = cardGateway(tenant.features, participationMode);
  const genie = genieGateway(tenant.features, participationMode);
  const mobileBill = mobileBillGateway(tenant.features, participationMode);
  const totalMinor = invoice ? wireMinor(invoice.total) : null;
  // spec doc 2 §5: pay buttons only once the invoice is calculated (state 2) and its total is above 0.
  const payable =
    state === REQUEST_STATE.DONE && invoice !== null && totalMinor !== null && totalMinor > 0;
  const amount = invoice ? formatWireAmount(invoice.total, invoice.currency) : '';
  const defaultMethodId = account?.defaultPaymentMethod ?? null;
  const savedCard =
    defaultMethodId === null
      ? null
      : (account?.paymentMethods.find((method) => method.id === defaultMethodId) ?? null);

  // spec doc 2 §7 initiateBooking (card form, Genie, mobile bill) and completeBooking with the saved
  // default card; §8 the outcome's texts. Every gateway comes back to the appointment's screen (spec
  // doc 2 §2 /view/appointment?sessionId&appointmentId).
  const payment = useGatewayPayment({
    invoiceId: invoice?.id ?? null,
    cardGateway: gateway,
    back,
    prepare,
    texts: {
      cardFailed: t('payments.card.failed'),
      success: t('payments.success'),
      pending: t('payments.pending'),
      failed: t('payments.failed'),
      unableToProcess: t('payments.unableToProcess'),
    },
    shownCodes: SHOWN_CODES,
    onPaid,
  });
  const quickPaying = payment.active === 'quick';
  // The gateway whose page is being opened (Genie or mobile bill), if any.
  const redirecting =
    payment.active === 'genie' || payment.active === 'mobileBill' ? payment.active : null;
  const paying = payment.active !== null || disabled;

  return (
    <section className="pay-now" aria-labelledby="pay-now-title">
      <h2 id="pay-now-title" className="pay-now__title">
        {t('payments.method.title')}
      </h2>
      <InvoicePanel state={state} invoice={invoice} onRefresh={refresh} />
      {gateway === null && genie === null && mobileBill === null ? (
        <div className="pay-now__offline" role="note">
          <p>{t('payments.noOnline')}</p>
          <p>{t('payments.visitHospital')}</p>
        </div>
      ) : payable ? (
        <div className="pay-now__methods">
          {savedCard && gateway !== null ? (
            <div className="pay-now__method">
              <Button
                block
                loading={quickPaying}
                disabled={paying && !quickPaying}
                onClick={() => void payment.quickPay(savedCard.id)}
                aria-describedby="pay-now-saved-hint"
              >
                {quickPaying
                  ? t('payments.method.processing')
                  : t('payments.method.savedCard', {
                      amount,
                      card: savedCardText(savedCard.cardNumber) ?? '',
                    })}
              </Button>
              <p id="pay-now-saved-hint" className="pay-now__hint">
                {t('payments.method.savedCardHint')}
              </p>
            </div>
          ) : null}
          {gateway !== null ? (
            <div className="pay-now__method">
              <Button
                block
                variant={savedCard ? 'secondary' : 'primary'}
                disabled={paying}
                onClick={() => setCardOpen(true)}
                aria-describedby="pay-now-card-hint"
              >
                {t('payments.method.payByCard')}
              </Button>
              <p id="pay-now-card-hint" className="pay-now__hint">
                {t('payments.method.cardHint', { gateway: gatewayNames[gateway] })}
              </p>
            </div>
          ) : null}
          {genie !== null ? (
            <div className="pay-now__method">
              <Button
                block
                variant="secondary"
                loading={redirecting === 'genie'}
                disabled={paying && redirecting !== 'genie'}
                onClick={() => void payment.payByRedirect('genie')}
                aria-describedby="pay-now-genie-hint"
              >
                {t('payments.method.payByGenie')}
              </Button>
              <p id="pay-now-genie-hint" className="pay-now__hint">
                {t('payments.method.genieHint')}
              </p>
            </div>
          ) : null}
          {mobileBill !== null ? (
            <div className="pay-now__method">
              <Button
                block
                variant="secondary"
                loading={redirecting === 'mobileBill'}
                disabled={paying && redirecting !== 'mobileBill'}
                onClick={() => void payment.payByRedirect('mobileBill')}
                aria-describedby="pay-now-mobile-bill-hint"
              >
                {t('payments.method.payByMobileBill')}
              </Button>
              <p id="pay-now-mobile-bill-hint" className="pay-now__hint">
                {t('payments.method.mobileBillHint')}
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
      {/* doc 3 §4: 'By continuing, you agree to the Terms & Conditions', shown when enabled in features. */}
      {payable &&
      (gateway !== null || genie !== null || mobileBill !== null) &&
      tenant.features.paymentTermsAndConditions.enabled ? (
        <p className="pay-now__hint pay-now__terms">
          <Link to={{ pathname, search, hash: PAYMENT_TERMS_HASH }}>{t('terms.heading')}</Link>
        </p>
      ) : null}
      {gateway !== null ? (
        <CardFormModal
          open={cardOpen}
          amount={amount}
          gatewayName={gatewayNames[gateway]}
          onClose={() => setCardOpen(false)}
          onPay={payment.payByCard}
        />
      ) : null}
    </section>
  );
}
