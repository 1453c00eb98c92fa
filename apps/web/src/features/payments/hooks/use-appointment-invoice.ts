import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { prepareInvoiceMutation, type PreparedInvoice } from '../api/payment-documents.ts';
import type { InvoiceState } from '../components/invoice-panel.tsx';

/** The invoice of an appointment and where its calculation stands (spec doc 2 §4 Request states). */
export type AppointmentInvoice = {
  state: InvoiceState;
  invoice: PreparedInvoice | null;
  refresh: () => void;
};

/**
 * What an invoice is prepared for (spec doc 2 §7 prepareInvoice: request Appointment/{id}, or
 * Session/{id} with the patient reference).
 */
export type InvoiceRequest = { appointmentId: string } | { sessionId: string; patientId: string };

/**
 * Prepares the open invoice of an appointment when it is shown (spec doc 2 §4 Booking pay-now, §7
 * prepareInvoice with instrumentType credit_card): 1 while it is calculated, 2 with the invoice, 3 when
 * that failed. refresh asks again; an answer for an earlier request is dropped.
 * @param appointmentId - the appointment to invoice
 */
export function useAppointmentInvoice(appointmentId: string): AppointmentInvoice {
  return usePreparedInvoice({ appointmentId });
}

/**
 * Prepares the open invoice of a request (an appointment, or a session for one profile) while it is
 * shown, as useAppointmentInvoice does; with no request (null) nothing is asked and the state stays 1.
 * The request is compared by its ids, so a new object for the same ids asks nothing again.
 * @param request - what to invoice, or null
 */
export function usePreparedInvoice(request: InvoiceRequest | null): AppointmentInvoice {
  const [, prepareInvoice] = useMutation(prepareInvoiceMutation);
  const [result, setResult] = useState<{ state: InvoiceState; invoice: PreparedInvoice | null }>({
    state: REQUEST_STATE.PENDING,
    invoice: null,
  });
  const latest = useRef(0);
  const appointmentId = request !== null && 'appointmentId' in request ? request.appointmentId : null;
  const sessionId = request !== null && 'sessionId' in request ? request.sessionId : null;
  const patientId = request !== null && 'patientId' in request ? request.patientId : null;
  const refresh = useCallback(() => {
    const asked = ++latest.current;
    setResult({ state: REQUEST_STATE.PENDING, invoice: null });
    if (appointmentId === null && (sessionId === null || patientId === null)) {
      return;
    }
    const input =
      appointmentId !== null
        ? { appointmentId, instrumentType: 'credit_card' }
        : { sessionId, patientId, instrumentType: 'credit_card' };
    void prepareInvoice({ input }).then((answer) => {
      if (asked !== latest.current) {
        return;
      }
      const invoice = answer.data?.prepareInvoice ?? null;
      setResult(
        answer.error || !invoice
          ? { state: REQUEST_STATE.FAILED, invoice: null }
          : { state: REQUEST_STATE.DONE, invoice },
      );
    });
  }, [appointmentId, sessionId, patientId, prepareInvoice]);
  useEffect(() => {
    refresh();
  }, [refresh]);
  return { ...result, refresh };
}
