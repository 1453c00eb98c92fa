/*
 * The payments module's face (issue 28): the service functions and types other modules and the
 * composition root may use. Repos, schemas and the rest stay inside the module.
 */

export { registerOrderPaymentPort } from './order-payment-port.ts';
export type { MarkOrderPaidInput, OrderNotPaid, OrderPaid, OrderPaymentPort, PayableOrder } from './order-payment-port.ts';
export { closeOpenOrderInvoice } from './order-payments.service.ts';
export { listAccountPaymentMethods } from './payment-methods.service.ts';
export type { AccountPaymentMethods, PaymentMethodDeps, PaymentMethodView } from './payment-methods.service.ts';
export type { PaymentsCaller, PaymentsDeps } from './payments.context.ts';
export type { InvoiceView } from './payment-invoices.service.ts';
export { registerSessionRefundJobs, runSessionRefund, sessionRefundSmsText } from './session-refunds.service.ts';
export type { SessionRefundDeps, SessionRefundOutcome } from './session-refunds.service.ts';
