/**
 * Display rules of the order lists (spec doc 3 §2 Order lists, §8, §9): the page sizes, the routes,
 * the texts and what a list shows.
 */
import { REQUEST_STATE, type RequestState } from '../shell/request-state.ts';
import { ORDER_ROUTES } from './categories.ts';
import { ORDER_TEXTS } from './texts.ts';

/** Order lists: 10 at first, and each Load More adds 9 (spec doc 3 §9). */
export const ORDER_LIST_FIRST_PAGE = 10;
export const ORDER_LIST_LOAD_MORE = 9;

/**
 * How many orders a list asks for after some Load More presses: 10, 19, 28, … (spec doc 3 §9).
 * @param loadMorePresses - how many times 'Load More Order' was pressed
 */
export function orderListLimit(loadMorePresses: number): number {
  return ORDER_LIST_FIRST_PAGE + ORDER_LIST_LOAD_MORE * Math.max(0, Math.floor(loadMorePresses));
}

/** The three order lists (spec doc 3 §2). */
export type OrderListKind = 'orders' | 'labTests' | 'procedures';

/** Where each list lives (spec doc 3 §2). */
export const ORDER_LIST_ROUTES: Record<OrderListKind, string> = {
  orders: ORDER_ROUTES.allOrders,
  labTests: ORDER_ROUTES.labTests,
  procedures: ORDER_ROUTES.procedures,
};

/**
 * A list's error and empty texts (spec doc 3 §2 Order lists, §8): the lab test list has its own,
 * the other lists read the orders' texts (the spec shows none of their own for procedures).
 * @param kind - orders, labTests or procedures
 */
export function orderListTexts(kind: OrderListKind): { error: string; empty: string } {
  return kind === 'labTests'
    ? { error: ORDER_TEXTS.labTestsLoadFailed, empty: ORDER_TEXTS.labTestsEmpty }
    : { error: ORDER_TEXTS.ordersLoadFailed, empty: ORDER_TEXTS.ordersEmpty };
}

/** What a list shows: loading, the error, the empty text, or its rows. */
export type OrderListState =
  | { kind: 'loading' }
  | { kind: 'error' | 'empty'; text: string }
  | { kind: 'rows'; showLoadMore: boolean };

/**
 * The list's state (spec doc 3 §2 Order lists): loading before the first answer, the error text on
 * failure, the empty text when there are none, else the rows with 'Load More Order' while the last
 * page came back full.
 * @param kind - which list
 * @param fetchState - 1 loading, 2 done, 3 error (spec doc 3 §4 Fetch state codes)
 * @param shown - rows received
 * @param limit - rows asked for (orderListLimit)
 */
export function orderListState(
  kind: OrderListKind,
  fetchState: RequestState,
  shown: number,
  limit: number,
): OrderListState {
  if (fetchState === REQUEST_STATE.FAILED) {
    return { kind: 'error', text: orderListTexts(kind).error };
  }
  if (fetchState !== REQUEST_STATE.DONE) {
    return { kind: 'loading' };
  }
  if (shown === 0) {
    return { kind: 'empty', text: orderListTexts(kind).empty };
  }
  return { kind: 'rows', showLoadMore: shown >= limit };
}
