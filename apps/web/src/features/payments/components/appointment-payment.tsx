import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { maskCardNumber } from '@careline/domain/payments';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorCodes, errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { completeBookingMutation, initiateBookingMutation } from '../api/payment-documents.ts';
import { useAppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { gatewayFormFields, postGatewayForm } from '../utils/gateway-form.ts';
import { formatWireAmount, wireMinor } from '../utils/money.ts';
import { paymentHistoryPath } from '../utils/outcome.ts';
import {
  appointmentReturnPath,
  awaitsPayment,
  cardGateway,
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
  const { state, invoice, refresh } = useAppointmentInvoice(appointment.id);
  const [, initiateBooking] = useMutation(initiateBookingMutation);
  const [, completeBooking] = useMutation(completeBookingMutation);
  const [cardOpen, setCardOpen] = useState(false);
  const [quickPaying, setQuickPaying] = useState(false);
  const quickPayStarted = useRef(false);
  const lastCardKey = useRef<PayKey | null>(null);
  const lastQuickKey = useRef<PayKey | null>(null);

  const gateway = cardGateway(tenant.features, appointment.participationMode);
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
      {gateway === null ? (
        <div className="pay-now__offline" role="note">
          <p>{t('payments.noOnline')}</p>
          <p>{t('payments.visitHospital')}</p>
        </div>
      ) : payable ? (
        <div className="pay-now__methods">
          {savedCard ? (
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
          <div className="pay-now__method">
            <Button
              block
              variant={savedCard ? 'secondary' : 'primary'}
              disabled={quickPaying}
              onClick={() => setCardOpen(true)}
              aria-describedby="pay-now-card-hint"
            >
              {t('payments.method.payByCard')}
            </Button>
            <p id="pay-now-card-hint" className="pay-now__hint">
              {t('payments.method.cardHint', { gateway: gatewayNames[gateway] })}
            </p>
          </div>
        </div>
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
