import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { maskCardNumber } from '@careline/domain/payments';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorCodes, errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import {
  authenticatePaymentGatewayMutation,
  completeBookingMutation,
  initiateBookingMutation,
} from '../api/payment-documents.ts';
import { useAppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { goToBank, readBankRedirect } from '../utils/bank-redirect.ts';
import { gatewayFormFields, openGatewayPage, postGatewayForm } from '../utils/gateway-form.ts';
import { formatWireAmount, wireMinor } from '../utils/money.ts';
import { paymentHistoryPath } from '../utils/outcome.ts';
import {
  appointmentReturnPath,
  awaitsPayment,
  cardGateway,
  genieGateway,
  mobileBillGateway,
  type PayableAppointment,
} from '../utils/payable.ts';
import { newPayKey, payKeyFor, type PayKey } from '../utils/pay-key.ts';
import { CardFormModal, type CardPayment } from './card-form-modal.tsx';
import { InvoicePanel } from './invoice-panel.tsx';
import { PaymentReturn } from './payment-return.tsx';
import './payments.css';

/** The card gateway's name as the patient reads it (DESIGN.md: a payment says which gateway opens). */
const gatewayNames = { cyberSource: 'CyberSource' } as const;

/**
 * A saved card as shown: the first 6 digits, then masked (spec doc 2 §5); a number the server already
 * masked is shown as it came.
 */
function savedCardText(cardNumber: string | null): string {
  const text = cardNumber ?? '';
  return /^\d+$/.test(text) ? maskCardNumber(text) : text;
}

/** The terms above the current screen (spec doc 2 §2 #/paymentTermsAndConditions). */
const PAYMENT_TERMS_HASH = '#/paymentTermsAndConditions';

/** Server errors a quick pay shows as they are: a payment for this invoice is still being processed. */
const QUICK_PAY_SHOWN_CODES: readonly string[] = ['ARO-E5015'];

/**
 * The text of a quick pay's error when the server's own message is the one to show (spec doc 1 §8
 * 'CODE:message'), else null for 'Unable to process payment!'.
 */
function quickPayErrorText(error: unknown): string | null {
  return errorCodes(error).some((code) => QUICK_PAY_SHOWN_CODES.includes(code))
    ? errorText(error)
    : null;
}

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
  const tx = useTranslateText();
  const tenant = useTenant();
  const { account } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { state, invoice, refresh } = useAppointmentInvoice(appointment.id);
  const [, initiateBooking] = useMutation(initiateBookingMutation);
  const [, completeBooking] = useMutation(completeBookingMutation);
  const [, authenticatePaymentGateway] = useMutation(authenticatePaymentGatewayMutation);
  const [cardOpen, setCardOpen] = useState(false);
  const [quickPaying, setQuickPaying] = useState(false);
  const quickPayStarted = useRef(false);
  const lastCardKey = useRef<PayKey | null>(null);
  const lastQuickKey = useRef<PayKey | null>(null);

  const gateway = cardGateway(tenant.features, appointment.participationMode);
  const genie = genieGateway(tenant.features, appointment.participationMode);
  const mobileBill = mobileBillGateway(tenant.features, appointment.participationMode);
  // The gateway whose page is being opened (Genie or mobile bill), if any.
  const [redirecting, setRedirecting] = useState<'genie' | 'mobileBill' | null>(null);
  const lastRedirectKey = useRef<PayKey | null>(null);
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

  /** spec doc 2 §7 initiateBooking, then the hidden form to the gateway; the text of a failure, or null. */
  async function payByCard(card: CardPayment): Promise<string | null> {
    if (!invoice || !gateway) {
      return t('payments.card.failed');
    }
    const key = payKeyFor(lastCardKey.current, [invoice.id, card.savePaymentMethod], newPayKey);
    lastCardKey.current = key;
    // The gateway's answer comes back to this screen (spec doc 2 §2 /view/appointment?sessionId&appointmentId).
    const back = appointmentReturnPath(appointment.sessionId, appointment.id);
    const answer = await initiateBooking({
      input: {
        id: invoice.id,
        successUrl: back,
        failureUrl: back,
        paymentGatewayType: gateway,
        savePaymentMethod: card.savePaymentMethod,
      },
      idempotencyKey: key.key,
    });
    const request = answer.data?.initiateBooking;
    if (answer.error || !request) {
      return errorText(answer.error);
    }
    lastCardKey.current = null;
    postGatewayForm(request.formUrl, gatewayFormFields(request, card));
    return null;
  }

  /**
   * spec doc 2 §7 initiateBooking with Genie (or mobile bill), then the gateway's page with token,
   * paymentMethod, chargeTotal and related fields; it brings the patient back to this screen.
   */
  async function payByRedirect(redirectGateway: 'genie' | 'mobileBill') {
    if (!invoice || redirecting !== null) {
      return;
    }
    setRedirecting(redirectGateway);
    const key = payKeyFor(lastRedirectKey.current, [invoice.id, redirectGateway], newPayKey);
    lastRedirectKey.current = key;
    const back = appointmentReturnPath(appointment.sessionId, appointment.id);
    const answer = await initiateBooking({
      input: {
        id: invoice.id,
        successUrl: back,
        failureUrl: back,
        paymentGatewayType: redirectGateway,
      },
      idempotencyKey: key.key,
    });
    const request = answer.data?.initiateBooking;
    if (answer.error || !request) {
      if ((answer.error?.graphQLErrors.length ?? 0) > 0) {
        lastRedirectKey.current = null;
      }
      setRedirecting(null);
      const shown = quickPayErrorText(answer.error);
      toast.show(shown === null ? t('payments.unableToProcess') : tx(shown), 'error');
      return;
    }
    lastRedirectKey.current = null;
    if (openGatewayPage(request.formUrl, request.signature.parameter) === null) {
      setRedirecting(null);
      toast.show(t('payments.unableToProcess'), 'error');
    }
  }

  /**
   * spec doc 2 §7 completeBooking with the saved default card; §8: 'Payment success' when completed,
   * else 'Payment failed' (declined) or 'Unable to process payment!', then the payment history at it.
   */
  async function quickPay() {
    if (!invoice || !gateway || !savedCard || quickPayStarted.current) {
      return;
    }
    quickPayStarted.current = true;
    setQuickPaying(true);
    const key = payKeyFor(lastQuickKey.current, [invoice.id, savedCard.id], newPayKey);
    lastQuickKey.current = key;
    const answer = await completeBooking({
      input: { id: invoice.id, paymentGatewayType: gateway, paymentMethodId: savedCard.id },
      idempotencyKey: key.key,
    });
    const waiting = answer.data?.completeBooking ?? null;
    if (waiting?.status === 'authenticating' && waiting.bookingId) {
      // spec doc 2 §7: the bank wants its cardholder first (3-D Secure); its page opens after 1 s and
      // comes back to this screen with the outcome, as the card form's payment does.
      lastQuickKey.current = null;
      const back = appointmentReturnPath(appointment.sessionId, appointment.id);
      const authentication = await authenticatePaymentGateway({
        id: waiting.bookingId,
        successUrl: back,
        failureUrl: back,
      });
      const redirect = readBankRedirect(authentication.data?.authenticatePaymentGateway);
      if (redirect !== null) {
        goToBank(redirect);
        return;
      }
      quickPayStarted.current = false;
      setQuickPaying(false);
      const shown = quickPayErrorText(authentication.error);
      toast.show(shown === null ? t('payments.unableToProcess') : tx(shown), 'error');
      return;
    }
    quickPayStarted.current = false;
    setQuickPaying(false);
    const completed = answer.data?.completeBooking ?? null;
    // The server answered (a result, or its own error): that request is over, so a later tap is a new
    // one; only a request lost on the way (no answer at all) is retried with the same key.
    if (completed !== null || (answer.error?.graphQLErrors.length ?? 0) > 0) {
      lastQuickKey.current = null;
    }
    switch (completed?.status ?? '') {
      case 'completed':
        toast.show(t('payments.success'), 'success');
        onPaid();
        return;
      case 'pending':
        // spec doc 2 §8 'Payment is pending' where the credit is pending: the appointment is read again.
        toast.show(t('payments.pending'), 'info');
        onPaid();
        return;
      case 'failed':
        toast.show(t('payments.failed'), 'error');
        break;
      default: {
        const shown = quickPayErrorText(answer.error);
        toast.show(shown === null ? t('payments.unableToProcess') : tx(shown), 'error');
      }
    }
    if (completed?.id) {
      void navigate(paymentHistoryPath(completed.id));
    }
  }

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
                onClick={() => void quickPay()}
                aria-describedby="pay-now-saved-hint"
              >
                {quickPaying
                  ? t('payments.method.processing')
                  : t('payments.method.savedCard', {
                      amount,
                      card: savedCardText(savedCard.cardNumber),
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
                disabled={quickPaying || redirecting !== null}
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
                disabled={quickPaying || redirecting === 'mobileBill'}
                onClick={() => void payByRedirect('genie')}
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
                disabled={quickPaying || redirecting === 'genie'}
                onClick={() => void payByRedirect('mobileBill')}
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
          onPay={payByCard}
        />
      ) : null}
    </section>
  );
}
