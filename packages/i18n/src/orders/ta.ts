import { ordersCreateTa } from './create/ta.ts';
import { ordersViewTa } from './view/ta.ts';
import { ordersListsTa } from './lists/ta.ts';
import { ordersPaymentTa } from './payment/ta.ts';

/** Tamil: exactly the keys of ./en.ts. */
export const ordersTa = {
  ...ordersCreateTa,
  ...ordersViewTa,
  ...ordersListsTa,
  ...ordersPaymentTa,
};
