import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { shouldPrepareInvoice, type OrderPaymentStatus } from '@careline/domain/orders';
import { REQUEST_STATE } from '@careline/domain/shell';
import { errorCodes } from '../../../lib/graphql';
import {
  prepareOrderInvoiceMutation,
  type PreparedOrderInvoice,
} from '../api/order-payment-documents.ts';
import type { InvoiceState } from '../components/invoice-panel.tsx';

/** Refusals that mean the order has nothing to pay now (paid, no charge, closed): no error to show. */
const NOTHING_TO_PAY_CODES: readonly string[] = ['ARO-E5023', 'ARO-E5024', 'ARO-E5025'];

/** What an invoice was prepared for: the charge and where the order is carried out (class HH at home). */
type PreparedFor = { amountMinor: number | null; initiatedFor: string | null };

/** An order's invoice and where its preparation stands. */
export type OrderInvoice = {
  /** null: no invoice is needed (no charge, or paid) or the server said there is nothing to pay. */
  state: InvoiceState | null;
  invoice: PreparedOrderInvoice | null;
  refresh: () => void;
};

/**
 * Prepares the invoice of an order after it loads, when a charging amount is set and the order is
 * not paid, and again whenever the amount or the order's place changes (spec doc 3 §4 Order payment;
 * the domain's shouldPrepareInvoice): a switch between a visit and a home request (serviceClass HH)
 * closes the open invoice, so the new one is prepared. 1 while it is prepared, 2 with the invoice, 3
 * when that failed; refresh asks again. An answer for an earlier request is dropped.
 * @param order - the order's id, charging amount (minor units), payment status and place (initiatedFor)
 */
export function useOrderInvoice(order: {
  id: string;
  chargingAmountMinor: number | null;
  paymentStatus: OrderPaymentStatus;
  /** homecare or appointment; null when the view does not say (then only the amount counts). */
  initiatedFor?: string | null;
}): OrderInvoice {
  const [, prepareInvoice] = useMutation(prepareOrderInvoiceMutation);
  const [result, setResult] = useState<{
    state: InvoiceState | null;
    invoice: PreparedOrderInvoice | null;
    preparedFor: PreparedFor | null;
  }>({ state: null, invoice: null, preparedFor: null });
  const latest = useRef(0);
  const { id, chargingAmountMinor, paymentStatus } = order;
  const initiatedFor = order.initiatedFor ?? null;

  const prepare = useCallback(
    (preparedFor: PreparedFor) => {
      const request = ++latest.current;
      setResult({ state: REQUEST_STATE.PENDING, invoice: null, preparedFor: null });
      void prepareInvoice({
        input: { serviceRequestId: id, instrumentType: 'credit_card' },
      }).then((answer) => {
        if (request !== latest.current) {
          return;
        }
        const invoice = answer.data?.prepareInvoice ?? null;
        if (invoice && !answer.error) {
          setResult({ state: REQUEST_STATE.DONE, invoice, preparedFor });
          return;
        }
        const nothingToPay = errorCodes(answer.error).some((code) =>
          NOTHING_TO_PAY_CODES.includes(code),
        );
        setResult({
          state: nothingToPay ? null : REQUEST_STATE.FAILED,
          invoice: null,
          // Asked once for this amount and place: a refusal is not asked again until the order changes.
          preparedFor,
        });
      });
    },
    [id, prepareInvoice],
  );

  // An invoice prepared for the other place counts as none: the amount rule is the domain's.
  const preparedAmount =
    result.preparedFor !== null && result.preparedFor.initiatedFor === initiatedFor
      ? result.preparedFor.amountMinor
      : null;
  const needed = shouldPrepareInvoice({ chargingAmountMinor, paymentStatus }, preparedAmount);
  const pending = result.state === REQUEST_STATE.PENDING;
  useEffect(() => {
    if (needed && !pending) {
      prepare({ amountMinor: chargingAmountMinor, initiatedFor });
    }
  }, [needed, pending, prepare, chargingAmountMinor, initiatedFor]);

  const refresh = useCallback(
    () => prepare({ amountMinor: chargingAmountMinor, initiatedFor }),
    [prepare, chargingAmountMinor, initiatedFor],
  );
  const visible = (chargingAmountMinor ?? 0) > 0 && paymentStatus !== 'paid';
  return {
    state: visible ? result.state : null,
    invoice: visible ? result.invoice : null,
    refresh,
  };
}
