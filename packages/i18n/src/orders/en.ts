import { ordersCreateEn } from './create/en.ts';
import { ordersViewEn } from './view/en.ts';
import { ordersListsEn } from './lists/en.ts';
import { ordersPaymentEn } from './payment/en.ts';

/**
 * The patient app's order texts (spec doc 3 §1, §2, §4, §7-§9), a separate catalogue loaded with the
 * order screens so that /login does not carry them. One part per screen group, each with its own
 * si and ta; keys start with 'orders.<part>.'. After editing run `npm run i18n:compile`.
 */
export const ordersEn = {
  ...ordersCreateEn,
  ...ordersViewEn,
  ...ordersListsEn,
  ...ordersPaymentEn,
};

/** A key of the order catalogue. */
export type OrdersMessageId = keyof typeof ordersEn;
