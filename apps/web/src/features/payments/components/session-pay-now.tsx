import { useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate } from '@careline/i18n/react';
import { prepareInvoiceMutation, type PreparedInvoice } from '../api/payment-documents.ts';
import { usePreparedInvoice, type AppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import type { PaymentNotStarted, PaymentTarget } from '../hooks/use-gateway-payment.ts';
import { wireMinor } from '../utils/money.ts';
import { appointmentReturnPath } from '../utils/payable.ts';
import { PayNow } from './pay-now.tsx';
import './payments.css';

/** An appointment the session screen booked. */
export type SessionBooking = { id: string; sessionId: string };

/** What booking answered: the appointment, or the server's reason it was not booked. */
export type SessionBookingAnswer = { appointment: SessionBooking } | { error: string };

export type SessionPayNowProps = {
  sessionId: string;
  /** The session's participation mode (a video session follows videoChannelling.payment). */
  participationMode: string | null;
  /** The profile the appointment is for, null until one is chosen. */
  patientId: string | null;
  /**
   * Books the appointment for the chosen profile (createAppointment), or answers the one this screen
   * booked for it already; the screen shows 'BOOKING ...' meanwhile and says why when it fails.
   */
  book: () => Promise<SessionBookingAnswer>;
  /** Opens the booked appointment's screen. */
  onBooked: (appointment: SessionBooking) => void;
  /** Nothing can be paid now: the session cannot be booked, or a booking is running. */
  disabled: boolean;
};

/**
 * Pay now in the session screen's booking step (spec doc 2 §4 Booking, pay-now path): the invoice is
 * prepared for the session and the chosen profile (§7 prepareInvoice, Session/{id} with the patient
 * reference) and shown; the pay buttons appear once it is calculated with a total above 0 (§5). A tap
 * on a way to pay books the appointment ('BOOKING ...'), invoices it (Appointment/{id}, the invoice the
 * server lets be paid) and pays that invoice through the same gateway flows as the appointment screen:
 * the card form, Genie, mobile bill, or the saved default card at one tap. Every gateway comes back to
 * the appointment's screen, which shows the outcome; a payment that does not go through leaves the
 * booking there, payable. The number is taken before any money is, so no payment is ever made for a
 * session that filled meanwhile; an invoice whose total changed meanwhile is shown, not charged.
 */
export function SessionPayNow({
  sessionId,
  participationMode,
  patientId,
  book,
  onBooked,
  disabled,
}: SessionPayNowProps) {
  const t = useTranslate();
  if (patientId === null) {
    return (
      <section className="pay-now" aria-labelledby="pay-now-title">
        <h2 id="pay-now-title" className="pay-now__title">
          {t('payments.method.title')}
        </h2>
        <p className="pay-now__hint">{t('payments.session.choosePatient')}</p>
      </section>
    );
  }
  return (
    <SessionPayNowFor
      // A profile of its own: nothing prepared or booked for another profile carries over.
      key={patientId}
      sessionId={sessionId}
      participationMode={participationMode}
      patientId={patientId}
      book={book}
      onBooked={onBooked}
      disabled={disabled}
    />
  );
}

function SessionPayNowFor({
  sessionId,
  participationMode,
  patientId,
  book,
  onBooked,
  disabled,
}: SessionPayNowProps & { patientId: string }) {
  const t = useTranslate();
  const sessionInvoice = usePreparedInvoice({ sessionId, patientId });
  const [, prepareInvoice] = useMutation(prepareInvoiceMutation);
  // Once booked, the appointment's own invoice is the one shown and paid.
  const [appointmentInvoice, setAppointmentInvoice] = useState<PreparedInvoice | null>(null);
  const booked = useRef<SessionBooking | null>(null);
  const shown: AppointmentInvoice =
    appointmentInvoice === null
      ? sessionInvoice
      : { state: REQUEST_STATE.DONE, invoice: appointmentInvoice, refresh: sessionInvoice.refresh };
  const shownRef = useRef(shown.invoice);
  useEffect(() => {
    shownRef.current = shown.invoice;
  });

  async function prepare(): Promise<PaymentTarget | PaymentNotStarted> {
    const before = shownRef.current;
    const answer = await book();
    if ('error' in answer) {
      return { failure: answer.error, announced: true };
    }
    booked.current = answer.appointment;
    const prepared = await prepareInvoice({
      input: { appointmentId: answer.appointment.id, instrumentType: 'credit_card' },
    });
    const invoice = prepared.data?.prepareInvoice ?? null;
    if (prepared.error || invoice === null) {
      return { failure: t('payments.invoice.error'), announced: false };
    }
    setAppointmentInvoice(invoice);
    // The patient agreed to the total shown: a different one is shown, never charged unseen.
    const total = wireMinor(invoice.total);
    if (
      before === null ||
      total === null ||
      total <= 0 ||
      total !== wireMinor(before.total) ||
      invoice.currency !== before.currency
    ) {
      return { failure: t('payments.session.invoiceChanged'), announced: false };
    }
    return {
      invoiceId: invoice.id,
      back: appointmentReturnPath(answer.appointment.sessionId, answer.appointment.id),
    };
  }

  return (
    <div className="session-pay-now">
      <PayNow
        invoice={shown}
        participationMode={participationMode}
        // Only a fallback: prepare answers the booked appointment's screen for every payment.
        back={`/view/session?${new URLSearchParams({ sessionId }).toString()}`}
        prepare={prepare}
        // A quick pay completed or pending, or back by the browser from a gateway's page: the booking
        // is on its own screen now (payable there when the payment did not go through).
        onPaid={() => {
          if (booked.current !== null) {
            onBooked(booked.current);
          }
        }}
        disabled={disabled}
      />
      <p className="pay-now__hint session-pay-now__note">{t('payments.session.booksFirst')}</p>
    </div>
  );
}
