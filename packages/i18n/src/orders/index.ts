import { lazyCatalogue } from '../lazy-catalogue.ts';
import type { OrdersMessageId } from './en.ts';

export type { OrdersMessageId } from './en.ts';

// The order screens' texts, in their own chunks (English included): /login never fetches them.
const orders = lazyCatalogue<OrdersMessageId>({
  en: () => import('./compiled/en.ts').then((module) => module.messages),
  si: () => import('./compiled/si.ts').then((module) => module.messages),
  ta: () => import('./compiled/ta.ts').then((module) => module.messages),
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
