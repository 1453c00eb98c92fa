import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { useToast } from '../../../components/toast.tsx';
import { paymentOutcomeQuery } from '../api/payment-documents.ts';
import { paymentProblemText, returnOutcome, type RecordedResponse } from '../utils/outcome.ts';

/** The query parameters the gateway's return adds to the appointment's address (spec doc 2 §2). */
export const PAYMENT_STATUS_PARAM = 'paymentStatus';
export const BOOKING_ID_PARAM = 'bookingId';

/**
 * How long a return without a booking id waits for the appointment to read paid before it stops
 * checking (and announces nothing).
 */
export const PAID_WAIT_MS = 10_000;

export type PaymentReturnProps = {
  /** Whether the appointment reads paymentStatus paid. */
  paid: boolean;
  /** Reads the appointment again: once a payment is confirmed, or to confirm one. */
  onSettled: () => void;
};

/**
 * Back from the gateway on /view/appointment (spec doc 2 §2 paymentStatus Success or Failure). The
 * address alone proves nothing (a link can say Success for an unpaid appointment), so the outcome is
 * read first ('Checking your payment'): the booking's recorded answer (queryPaymentGatewayCallback),
 * or without a booking id the appointment itself read again. ACCEPT (or paid) shows 'Payment
 * success' once and takes the outcome out of the address (replace, so a reload or Back does not say
 * it again); REVIEW shows 'Payment is pending'; any other answer shows 'Problem with your payment'
 * with its text (spec doc 2 §8), and the appointment stays payable.
 */
export function PaymentReturn({ paid, onSettled }: PaymentReturnProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const t = useTranslate();
  const status = searchParams.get(PAYMENT_STATUS_PARAM);
  // Pending (a Genie or mobile-bill payment not final yet): the recorded answer (REVIEW) decides.
  const addressStatus =
    status === 'Success' || status === 'Failure' ? status : status === 'Pending' ? 'Failure' : null;
  const bookingId = searchParams.get(BOOKING_ID_PARAM);
  const [result] = useQuery({
    query: paymentOutcomeQuery,
    variables: { bookingId },
    pause: addressStatus === null || bookingId === null,
    requestPolicy: 'network-only',
  });
  const waitsForAppointment = addressStatus === 'Success' && bookingId === null;
  const [gaveUp, setGaveUp] = useState(false);
  const rereadStarted = useRef(false);
  const announced = useRef(false);
  const record = result.data?.queryPaymentGatewayCallback[0] ?? null;
  const outcome =
    addressStatus === null
      ? null
      : returnOutcome({
          bookingId,
          addressStatus,
          reading: result.fetching || (result.data === undefined && result.error === undefined),
          decision: record?.response.status ?? null,
          appointmentPaid: paid,
          gaveUp,
        });

  // Without a booking id only the appointment can confirm the payment: read it again, and wait for a while.
  useEffect(() => {
    if (!waitsForAppointment || paid || rereadStarted.current) {
      return;
    }
    rereadStarted.current = true;
    onSettled();
  }, [waitsForAppointment, paid, onSettled]);
  useEffect(() => {
    if (!waitsForAppointment || paid) {
      return undefined;
    }
    const timer = setTimeout(() => setGaveUp(true), PAID_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitsForAppointment, paid]);

  useEffect(() => {
    if ((outcome !== 'accepted' && outcome !== 'unconfirmed') || announced.current) {
      return;
    }
    announced.current = true;
    if (outcome === 'accepted') {
      toast.show(t('payments.success'), 'success');
      // The appointment is read again once, unless it already was to confirm the payment.
      if (!rereadStarted.current) {
        onSettled();
      }
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYMENT_STATUS_PARAM);
        next.delete(BOOKING_ID_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, toast, t, onSettled, setSearchParams]);

  switch (outcome) {
    case 'checking':
      return (
        <p className="payment-checking" role="status">
          {t('payments.checkingOutcome')}
        </p>
      );
    case 'review':
      // spec doc 2 §8 'Payment is pending': the bank holds it; neither failed nor to be paid again.
      return (
        <p className="payment-pending" role="status">
          {t('payments.pending')}
        </p>
      );
    case 'failed':
      return <PaymentProblem response={record?.response ?? null} />;
    case 'accepted':
    case 'unconfirmed':
    case null:
      return null;
  }
}

/** 'Problem with your payment' and what the gateway said for the booking request (spec doc 2 §8). */
function PaymentProblem({ response }: { response: RecordedResponse | null }) {
  const t = useTranslate();
  const tx = useTranslateText();
  return (
    <section className="payment-problem" aria-labelledby="payment-problem-title">
      <h2 id="payment-problem-title" className="payment-problem__title">
        {t('payments.problemHeading')}
      </h2>
      <div role="alert">
        <p className="payment-problem__text">{tx(paymentProblemText(response))}</p>
        <p className="payment-problem__hint">{t('payments.stillPayable')}</p>
      </div>
    </section>
  );
}
