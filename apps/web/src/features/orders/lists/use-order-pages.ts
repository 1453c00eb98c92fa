import { useCallback, useMemo, useState } from 'react';
import { useClient, useQuery, useSubscription } from 'urql';
import { ORDER_LIST_FIRST_PAGE, ORDER_LIST_LOAD_MORE } from '@careline/domain/orders';
import { REQUEST_STATE, type RequestState } from '@careline/domain/shell';
import type { ResultOf } from '../../../lib/graphql/lazy-graphql.ts';
import {
  orderListLiveSubscription,
  orderListPageQuery,
  type OrderListItem,
  type OrderListPage,
} from './order-list-documents.ts';
import { acceptsLiveOrder, mergeLiveOrders, type OrderListFilter } from './order-list-rules.ts';

/** The pages after the first, kept for one filter (a new filter starts over). */
type Extra = { key: string; pages: OrderListPage[]; loading: boolean; failed: boolean };

const emptyExtra = (key: string): Extra => ({ key, pages: [], loading: false, failed: false });

/** The latest version of each order the subscription sent for a filter, and how many updates came. */
type LiveOrders = { key: string; orders: OrderListItem[]; count: number };
const noLiveOrders: LiveOrders = { key: '', orders: [], count: 0 };

/** What a list screen reads of its orders. */
export type OrderPages = {
  /** 1 loading, 2 done, 3 failed: the first page's (spec doc 3 §4 Fetch state codes). */
  fetchState: RequestState;
  rows: OrderListItem[];
  /** How many orders the pages loaded (live ones left out). */
  loadedCount: number;
  /** How many times Load More brought a page. */
  loadMorePresses: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  /** How many live updates changed the rows (for the polite announcement). */
  liveCount: number;
  loadMore: () => void;
  retry: () => void;
};

/**
 * The orders of a list (spec doc 3 §2 Order lists, §9): the first 10, 9 more per Load More (the
 * server's cursor), and live updates from subscribeServiceRequest merged in without a reload.
 * @param filter - the list's categories and profiles
 * @param pause - true until the account is known
 */
export function useOrderPages(filter: OrderListFilter, pause: boolean): OrderPages {
  const client = useClient();
  const key = JSON.stringify(filter);
  // Rebuilt from the key, so new arrays with the same content keep the same variables (no refetch).
  const variables = useMemo(() => {
    const parsed = JSON.parse(key) as OrderListFilter;
    return {
      category: parsed.categories === null ? null : [...parsed.categories],
      patientId: parsed.patientIds === null ? null : [...parsed.patientIds],
    };
  }, [key]);
  const [first, reexecute] = useQuery({
    query: orderListPageQuery,
    variables: { ...variables, first: ORDER_LIST_FIRST_PAGE },
    pause,
    requestPolicy: 'cache-and-network',
  });
  const [stored, setExtra] = useState<Extra>(() => emptyExtra(key));
  const extra = stored.key === key ? stored : emptyExtra(key);

  // The live orders, folded as they come (urql's subscription reducer), for this filter only.
  const [liveResult] = useSubscription<ResultOf<typeof orderListLiveSubscription>, LiveOrders>(
    { query: orderListLiveSubscription, variables: { patientId: variables.patientId }, pause },
    (previous, event) => {
      const base = previous?.key === key ? previous : { key, orders: [], count: 0 };
      const order = event.subscribeServiceRequest;
      if (!acceptsLiveOrder(order, filter)) {
        return base;
      }
      return {
        key,
        orders: [...base.orders.filter((item) => item.id !== order.id), order],
        count: base.count + 1,
      };
    },
  );
  const live = liveResult.data?.key === key ? liveResult.data : noLiveOrders;

  const firstPage = first.data?.serviceRequests ?? null;
  const lastPage = extra.pages.at(-1) ?? firstPage;
  const hasMore = lastPage?.hasMore ?? false;
  const loaded = useMemo(
    () => (firstPage ? [firstPage, ...extra.pages].flatMap((page) => page.nodes) : []),
    [firstPage, extra.pages],
  );
  const rows = useMemo(
    () => mergeLiveOrders(loaded, live.orders, !hasMore),
    [loaded, live.orders, hasMore],
  );

  const after = lastPage?.endCursor ?? null;
  const loadMore = useCallback(() => {
    if (after === null) {
      return;
    }
    setExtra((current) => ({
      ...(current.key === key ? current : emptyExtra(key)),
      loading: true,
      failed: false,
    }));
    void client
      .query(
        orderListPageQuery,
        { ...variables, first: ORDER_LIST_LOAD_MORE, after },
        { requestPolicy: 'network-only' },
      )
      .toPromise()
      .then((result) => {
        const page = result.data?.serviceRequests;
        setExtra((current) => {
          if (current.key !== key) {
            return current;
          }
          return page
            ? { ...current, pages: [...current.pages, page], loading: false }
            : { ...current, loading: false, failed: true };
        });
      });
  }, [after, client, key, variables]);

  const retry = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);

  let fetchState: RequestState = REQUEST_STATE.PENDING;
  if (firstPage) {
    fetchState = REQUEST_STATE.DONE;
  } else if (first.error && !first.fetching) {
    fetchState = REQUEST_STATE.FAILED;
  }
  return {
    fetchState,
    rows,
    loadedCount: loaded.length,
    loadMorePresses: extra.pages.length,
    hasMore,
    loadingMore: extra.loading,
    loadMoreFailed: extra.failed,
    liveCount: live.count,
    loadMore,
    retry,
  };
}
