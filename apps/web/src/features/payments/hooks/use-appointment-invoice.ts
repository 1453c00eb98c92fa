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
 * Prepares the open invoice of an appointment when it is shown (spec doc 2 §4 Booking pay-now, §7
 * prepareInvoice with instrumentType credit_card): 1 while it is calculated, 2 with the invoice, 3 when
 * that failed. refresh asks again; an answer for an earlier request is dropped.
 * @param appointmentId - the appointment to invoice
 */
export function useAppointmentInvoice(appointmentId: string): AppointmentInvoice {
  const [, prepareInvoice] = useMutation(prepareInvoiceMutation);
  const [result, setResult] = useState<{ state: InvoiceState; invoice: PreparedInvoice | null }>({
    state: REQUEST_STATE.PENDING,
    invoice: null,
  });
  const latest = useRef(0);
  const refresh = useCallback(() => {
    const request = ++latest.current;
    setResult({ state: REQUEST_STATE.PENDING, invoice: null });
    void prepareInvoice({ input: { appointmentId, instrumentType: 'credit_card' } }).then(
      (answer) => {
        if (request !== latest.current) {
          return;
        }
        const invoice = answer.data?.prepareInvoice ?? null;
        setResult(
          answer.error || !invoice
            ? { state: REQUEST_STATE.FAILED, invoice: null }
            : { state: REQUEST_STATE.DONE, invoice },
        );
      },
    );
  }, [appointmentId, prepareInvoice]);
  useEffect(() => {
    refresh();
  }, [refresh]);
  return { ...result, refresh };
}
