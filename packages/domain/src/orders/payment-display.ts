/**
 * Payment display rules of the order view (spec doc 3 §2 Order detail screen; §4 Order payment): the
 * payment method line, the gateway, when an invoice is prepared, the pay button and its label.
 */
import { maskCardNumber } from '../payments/card-rules.ts';
import { REQUEST_STATE, type RequestState } from '../shell/request-state.ts';
import { isTerminalOrderStatus, type OrderPaymentMethod, type OrderPaymentStatus, type OrderStatus } from './status.ts';
import { ORDER_TEXTS } from './texts.ts';

/** The payment method line (spec doc 3 §2). */
export type PaymentMethodLine = {
  text: string;
  maskedCard: string | null;
  changeText: string | null;
};

/**
 * The payment method line (spec doc 3 §2): 'Pay by Genie', 'Cash on delivery', or 'Pay by card'
 * with the first six digits shown and the rest masked, plus 'Click to change' while the method may
 * still change (unpaid, open order).
 * @param method - the order's payment method
 * @param cardNumber - the chosen card's number (masked or not), if known
 * @param changeable - whether the patient may still choose another method
 */
export function paymentMethodLine(
  method: OrderPaymentMethod,
  cardNumber: string | null,
  changeable: boolean,
): PaymentMethodLine {
  const changeText = changeable ? ORDER_TEXTS.clickToChange : null;
  switch (method) {
    case 'genie':
      return { text: ORDER_TEXTS.payByGenie, maskedCard: null, changeText };
    case 'cash':
      return { text: ORDER_TEXTS.cashOnDelivery, maskedCard: null, changeText };
    case 'card':
      return {
        text: ORDER_TEXTS.payByCard,
        maskedCard: cardNumber ? maskCardNumber(cardNumber) : null,
        changeText,
      };
  }
}

/**
 * The gateway an order's payment goes to (spec doc 3 §4 Order payment): cash is selected
 * automatically when the order's method is cash; genie for genie; the card gateway cyberSource
 * (the default) otherwise.
 * @param method - the order's payment method
 */
export function orderPaymentGateway(method: OrderPaymentMethod): 'cyberSource' | 'genie' | 'cash' {
  if (method === 'cash') {
    return 'cash';
  }
  return method === 'genie' ? 'genie' : 'cyberSource';
}

/**
 * Whether the invoice must be prepared (again) (spec doc 3 §4 Order payment): a charging amount is
 * set, the order is not paid, and the invoice was not prepared for this amount.
 * @param order - charging amount (minor units) and payment status
 * @param preparedForMinor - the amount the current invoice was prepared for, null if none
 */
export function shouldPrepareInvoice(
  order: { chargingAmountMinor: number | null; paymentStatus: OrderPaymentStatus },
  preparedForMinor: number | null,
): boolean {
  return (
    order.chargingAmountMinor !== null &&
    order.chargingAmountMinor > 0 &&
    order.paymentStatus !== 'paid' &&
    order.chargingAmountMinor !== preparedForMinor
  );
}

/**
 * The amount to pay: the last invoice value (spec doc 3 §3 Invoice, §5); 0 when there is none.
 * @param valuesMinor - the invoice's value list, in minor units
 */
export function payableAmountMinor(valuesMinor: readonly number[]): number {
  return valuesMinor.at(-1) ?? 0;
}

/**
 * Whether the Pay button shows (spec doc 3 §5): payment is enabled for the category, the invoice
 * is prepared, the charge and the invoice line total are above 0, and the order is unpaid. A
 * completed or canceled order is not paid for either.
 * @param input - the category's payment flag, invoice state, charge, line total, payment and order status
 */
export function showPayButton(input: {
  paymentEnabled: boolean;
  invoicePrepared: boolean;
  chargingAmountMinor: number | null;
  invoiceLineTotalMinor: number;
  paymentStatus: OrderPaymentStatus;
  status: OrderStatus;
}): boolean {
  return (
    input.paymentEnabled &&
    input.invoicePrepared &&
    (input.chargingAmountMinor ?? 0) > 0 &&
    input.invoiceLineTotalMinor > 0 &&
    input.paymentStatus !== 'paid' &&
    !isTerminalOrderStatus(input.status)
  );
}

/**
 * Whether PAY NOW may be pressed (spec doc 3 §5): a cvv or a default payment method, and the
 * method is not cash.
 * @param input - the cvv typed, whether a default method is saved, and the order's method
 */
export function canPayNow(input: {
  cvv: string;
  hasDefaultPaymentMethod: boolean;
  method: OrderPaymentMethod;
}): boolean {
  return (input.cvv !== '' || input.hasDefaultPaymentMethod) && input.method !== 'cash';
}

/**
 * Payment in progress (spec doc 3 §4 Order payment): initiating the booking is done (state 2) and
 * completing it is not yet done.
 * @param initiateState - the initiate booking request's state
 * @param completeState - the complete booking request's state
 */
export function isPaymentInProgress(
  initiateState: RequestState,
  completeState: RequestState,
): boolean {
  return initiateState === REQUEST_STATE.DONE && completeState !== REQUEST_STATE.DONE;
}

/**
 * A pay button's label (spec doc 3 §2): 'Pay and book now' or 'PAY NOW', and 'PROCESSING
 * PAYMENT...' while busy.
 * @param button - payAndBookNow or payNow
 * @param busy - whether a payment is in progress
 */
export function payButtonLabel(button: 'payAndBookNow' | 'payNow', busy: boolean): string {
  if (busy) {
    return ORDER_TEXTS.processingPayment;
  }
  return button === 'payNow' ? ORDER_TEXTS.payNow : ORDER_TEXTS.payAndBookNow;
}
