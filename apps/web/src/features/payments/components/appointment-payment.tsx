import { useAppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { AppointmentPaymentProof, type InvoiceSlot } from './appointment-payment-proof.tsx';
import { appointmentReturnPath, awaitsPayment, type PayableAppointment } from '../utils/payable.ts';
import { PayNow } from './pay-now.tsx';
import { PaymentReturn } from './payment-return.tsx';
import './payments.css';

export type AppointmentPaymentProps = {
  appointment: PayableAppointment;
  /** Reads the appointment again once it is paid. */
  onPaid: () => void;
  /** Opens a paid invoice (the payment history's 'Payment Invoice', composed in app/routes.tsx). */
  invoiceSlot?: InvoiceSlot;
};

/**
 * The payments part of /view/appointment: the gateway's return (toast or 'Problem with your
 * payment'), and for a booked appointment whose payment is pending, the invoice and pay now (spec doc
 * 2 §2 Appointment detail: payment method choice, invoice; §4 Booking pay-now); once paid, the proof
 * of payment with its invoice (issue 29 §1.3).
 */
export function AppointmentPayment({ appointment, onPaid, invoiceSlot }: AppointmentPaymentProps) {
  return (
    <>
      <PaymentReturn paid={appointment.paymentStatus === 'paid'} onSettled={onPaid} />
      {/* issue 29 §1.3: the proof of payment, with the invoice. */}
      {appointment.paymentStatus === 'paid' ? (
        <AppointmentPaymentProof appointmentId={appointment.id} invoiceSlot={invoiceSlot} />
      ) : null}
      {awaitsPayment(appointment) ? <AppointmentPayNow appointment={appointment} onPaid={onPaid} /> : null}
    </>
  );
}

/** Pay now for the appointment's own invoice, back to its screen (spec doc 2 §4 Booking pay-now). */
function AppointmentPayNow({ appointment, onPaid }: AppointmentPaymentProps) {
  const invoice = useAppointmentInvoice(appointment.id);
  return (
    <PayNow
      invoice={invoice}
      participationMode={appointment.participationMode}
      back={appointmentReturnPath(appointment.sessionId, appointment.id)}
      onPaid={onPaid}
    />
  );
}
