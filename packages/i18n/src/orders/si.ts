import { ordersCreateSi } from './create/si.ts';
import { ordersViewSi } from './view/si.ts';
import { ordersListsSi } from './lists/si.ts';
import { ordersPaymentSi } from './payment/si.ts';

/** Sinhala: exactly the keys of ./en.ts. */
export const ordersSi = {
  ...ordersCreateSi,
  ...ordersViewSi,
  ...ordersListsSi,
  ...ordersPaymentSi,
};
