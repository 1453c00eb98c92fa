// The payments module's face (minimal, issue 28: what other modules use today; the payments branch writes the real one).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { listAccountPaymentMethods, type PaymentMethodView } from './payment-methods.service.ts';
