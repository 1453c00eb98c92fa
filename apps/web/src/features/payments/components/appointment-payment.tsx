import { useAppointmentInvoice } from '../hooks/use-appointment-invoice.ts';
import { appointmentReturnPath, awaitsPayment, type PayableAppointment } from '../utils/payable.ts';
import { PayNow } from './pay-now.tsx';
import { PaymentReturn } from './payment-return.tsx';
import './payments.css';

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
