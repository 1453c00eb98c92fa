import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { useAppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { useGatewayPayment } from '../hooks/use-gateway-payment.ts';
import { savedCardText } from '../utils/card-text.ts';
import { formatWireAmount, wireMinor } from '../utils/money.ts';
import {
  appointmentReturnPath,
  awaitsPayment,
  cardGateway,
  genieGateway,
  mobileBillGateway,
  type PayableAppointment,
} from '../utils/payable.ts';
import { CardFormModal } from './card-form-modal.tsx';
import { InvoicePanel } from './invoice-panel.tsx';
import { PaymentReturn } from './payment-return.tsx';
import './payments.css';

/** The card gateway's name as the patient reads it (DESIGN.md: a payment says which gateway opens). */
const gatewayNames = { cyberSource: 'CyberSource' } as const;

/** The terms above the current screen (spec doc 2 §2 #/paymentTermsAndConditions). */
const PAYMENT_TERMS_HASH = '#/paymentTermsAndConditions';

/** Server errors a payment shows as they are: a payment for this invoice is still being processed. */
const SHOWN_CODES: readonly string[] = ['ARO-E5015'];

export type AppointmentPaymentProps = {
  appointment: PayableAppointment;
  /** Reads the appointment again once it is paid. */
  onPaid: () => void;
};

/**
 * The payments part of /view/appointment: the gateway's return (toast or 'Problem with your
 * payment'), and for a booked appointment whose payment is pending, the invoice and pay now (spec doc
 * 2 §2 Appointment detail: payment method choice, invoice; §4 Booking pay-now).
 */
export function AppointmentPayment({ appointment, onPaid }: AppointmentPaymentProps) {
  return (
    <>
      <PaymentReturn paid={appointment.paymentStatus === 'paid'} onSettled={onPaid} />
      {awaitsPayment(appointment) ? <PayNow appointment={appointment} onPaid={onPaid} /> : null}
    </>
  );
}

/**
 * The invoice and the ways to pay it: a saved default card at one tap (completeBooking), a card
 * through the gateway (initiateBooking and the hidden form), or the hospital's counter when the
 * tenant takes no online payment (spec doc 2 §5, §7).
 */
function PayNow({ appointment, onPaid }: AppointmentPaymentProps) {
  const t = useTranslate();
  const tenant = useTenant();
  const { account } = useSession();
  const { pathname, search } = useLocation();
  const { state, invoice, refresh } = useAppointmentInvoice(appointment.id);
  const [cardOpen, setCardOpen] = useState(false);

  const gateway = cardGateway(tenant.features, appointment.participationMode);
  const genie = genieGateway(tenant.features, appointment.participationMode);
  const mobileBill = mobileBillGateway(tenant.features, appointment.participationMode);
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
  // default card; §8 the outcome's texts. Every gateway comes back to this screen (spec doc 2 §2
  // /view/appointment?sessionId&appointmentId).
  const payment = useGatewayPayment({
    invoiceId: invoice?.id ?? null,
    cardGateway: gateway,
    back: appointmentReturnPath(appointment.sessionId, appointment.id),
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
  const paying = payment.active !== null;

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
