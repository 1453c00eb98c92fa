import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { useToast } from '../../../components/toast.tsx';
import { paymentOutcomeQuery } from '../api/payment-documents.ts';
import { paymentProblemText } from '../utils/outcome.ts';

/** The query parameters the gateway's return adds to the appointment's address (spec doc 2 §2). */
export const PAYMENT_STATUS_PARAM = 'paymentStatus';
export const BOOKING_ID_PARAM = 'bookingId';

export type PaymentReturnProps = {
  /** Called once a successful payment is announced, to read the appointment again. */
  onSettled: () => void;
};

/**
 * Back from the gateway on /view/appointment (spec doc 2 §2 paymentStatus Success or Failure):
 * Success shows 'Payment success' once and takes the outcome out of the address (replace, so a reload
 * or Back does not say it again); Failure shows 'Problem with your payment' with the text of the
 * gateway's answer for that booking (spec doc 2 §8), and the appointment stays payable.
 */
export function PaymentReturn({ onSettled }: PaymentReturnProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const t = useTranslate();
  const status = searchParams.get(PAYMENT_STATUS_PARAM);
  const bookingId = searchParams.get(BOOKING_ID_PARAM);
  const announced = useRef(false);
  useEffect(() => {
    if (status !== 'Success' || announced.current) {
      return;
    }
    announced.current = true;
    toast.show(t('payments.success'), 'success');
    onSettled();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_STATUS_PARAM);
        next.delete(BOOKING_ID_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [status, toast, t, onSettled, setSearchParams]);
  return status === 'Failure' ? <PaymentProblem bookingId={bookingId} /> : null;
}

/** 'Problem with your payment' and what the gateway said for the booking request (spec doc 2 §8). */
function PaymentProblem({ bookingId }: { bookingId: string | null }) {
  const t = useTranslate();
  const tx = useTranslateText();
  const [result] = useQuery({
    query: paymentOutcomeQuery,
    variables: { bookingId },
    pause: bookingId === null,
    requestPolicy: 'network-only',
  });
  const checking = bookingId !== null && !result.data && !result.error;
  const record = result.data?.queryPaymentGatewayCallback[0] ?? null;
  return (
    <section className="payment-problem" aria-labelledby="payment-problem-title">
      <h2 id="payment-problem-title" className="payment-problem__title">
        {t('payments.problemHeading')}
      </h2>
      {checking ? (
        <p role="status">{t('payments.checkingOutcome')}</p>
      ) : (
        <div role="alert">
          <p className="payment-problem__text">
            {tx(paymentProblemText(record?.response ?? null))}
          </p>
          <p className="payment-problem__hint">{t('payments.stillPayable')}</p>
        </div>
      )}
    </section>
  );
}
