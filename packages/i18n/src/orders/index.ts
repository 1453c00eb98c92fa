import { lazyCatalogue } from '../lazy-catalogue.ts';
import type { OrdersCreateMessageId } from './create/message-ids.ts';
import type { OrdersListsMessageId } from './lists/message-ids.ts';
import type { OrdersPaymentMessageId } from './payment/message-ids.ts';
import type { OrdersViewMessageId } from './view/message-ids.ts';

/**
 * A key of the order catalogue (spec doc 3 §1, §2, §4, §7-§9): one part per screen group, each its own
 * PO files (create/, view/, lists/, payment/), keys starting with 'orders.<part>.'.
 */
export type OrdersMessageId =
  | OrdersCreateMessageId
  | OrdersViewMessageId
  | OrdersListsMessageId
  | OrdersPaymentMessageId;

// The order screens' texts, in their own chunks (English included): /login never fetches them. Each
// language's four parts come in one chunk (messages-<locale>.ts).
const orders = lazyCatalogue<OrdersMessageId>({
  en: () => import('./messages-en.ts').then((module) => module.messages),
  si: () => import('./messages-si.ts').then((module) => module.messages),
  ta: () => import('./messages-ta.ts').then((module) => module.messages),
});

/** Merges the order texts of a language into the app's Lingui instance, once. */
export const loadOrdersMessages = orders.load;

/** True once the order texts of a language are in the instance. */
export const hasOrdersMessages = orders.has;

/**
 * A typed translate function over the order and shared keys; re-renders on a language switch.
 * It suspends (nearest Suspense boundary) while the active language's order texts load.
 */
export const useOrdersTranslate = orders.useTranslate;
