/** English texts of an order's invoice and payment block (spec doc 3 §2, §4 Order payment). Keys start with 'orders.payment.'. */
export const ordersPaymentEn = {
  // The spec's own texts (ORDER_TEXTS in @careline/domain/orders), keyed 'orders.payment.text.<key>'.
  'orders.payment.text.payByGenie': 'Pay by Genie',
  'orders.payment.text.cashOnDelivery': 'Cash on delivery',
  'orders.payment.text.payByCard': 'Pay by card',
  'orders.payment.text.clickToChange': 'Click to change',
  'orders.payment.text.payAndBookNow': 'Pay and book now',
  'orders.payment.text.payNow': 'PAY NOW',
  'orders.payment.text.processingPayment': 'PROCESSING PAYMENT...',
  'orders.payment.text.termsLink': 'By continuing, you agree to the Terms & Conditions',
  'orders.payment.text.paymentSuccess': 'Payment success',
  'orders.payment.text.unableToProcessPayment': 'Unable to process payment!',
  // Our words around them (DESIGN.md: say what happens next).
  'orders.payment.title': 'Payment',
  'orders.payment.methodLabel': 'Payment method',
  'orders.payment.cardNumber': 'Card {card}',
  'orders.payment.paid': 'Paid',
  'orders.payment.amountToPay': 'Amount to pay',
  'orders.payment.payNowHint': 'Your saved card {card} is charged at once.',
  'orders.payment.newCardHint': 'Pay with a card on the {gateway} page. Your order is marked paid when the bank confirms.',
  'orders.payment.genieHint': 'Genie opens to confirm the payment, then brings you back to this order.',
  'orders.payment.cashHint': 'Pay the hospital in cash when your order is delivered or collected. The hospital records your payment.',
  'orders.payment.chooserTitle': 'Choose how to pay',
  'orders.payment.chooserHint': 'You can change this until the order is paid.',
  'orders.payment.chooserSaving': 'Saving your choice',
  'orders.payment.chooserFailed': 'Could not change the payment method. Please try again',
  'orders.payment.notPayableOnline': 'This hospital does not take online payments for this order. Please pay at the hospital.',
};
