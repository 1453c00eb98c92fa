import { ORDER_TEXTS } from '@careline/domain/orders';
import type { OrdersMessageId } from '@careline/i18n/orders';

/**
 * The catalogue key of each spec text the order payment block shows (spec doc 3 §2: the payment
 * method line, the pay buttons, the terms link; §8 the quick pay outcomes). The domain's rules answer
 * these English texts (paymentMethodLine, payButtonLabel); the block shows them in the active language.
 */
export const ORDER_PAYMENT_TEXT_KEYS: Readonly<Record<string, OrdersMessageId>> = {
  [ORDER_TEXTS.payByGenie]: 'orders.payment.text.payByGenie',
  [ORDER_TEXTS.cashOnDelivery]: 'orders.payment.text.cashOnDelivery',
  [ORDER_TEXTS.payByCard]: 'orders.payment.text.payByCard',
  [ORDER_TEXTS.clickToChange]: 'orders.payment.text.clickToChange',
  [ORDER_TEXTS.payAndBookNow]: 'orders.payment.text.payAndBookNow',
  [ORDER_TEXTS.payNow]: 'orders.payment.text.payNow',
  [ORDER_TEXTS.processingPayment]: 'orders.payment.text.processingPayment',
  [ORDER_TEXTS.termsLink]: 'orders.payment.text.termsLink',
  [ORDER_TEXTS.paymentSuccess]: 'orders.payment.text.paymentSuccess',
  [ORDER_TEXTS.unableToProcessPayment]: 'orders.payment.text.unableToProcessPayment',
};

/**
 * The catalogue key of a spec text of the block; throws for a text the catalogue does not hold, so a
 * new rule's text cannot reach the screen untranslated.
 * @param english - the text a domain rule answered
 */
export function orderPaymentTextKey(english: string): OrdersMessageId {
  const key = ORDER_PAYMENT_TEXT_KEYS[english];
  if (!key) {
    throw new Error(`no catalogue key for the order payment text '${english}'`);
  }
  return key;
}
