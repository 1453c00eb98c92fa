import { useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { staffOrdersQuery, subscribeStaffOrdersSubscription, type StaffOrderRow } from '../api/orders-operations.ts';
import { ORDER_QUEUE_PAGE_SIZE, mergeLiveOrder, type LiveListChange, type OrderQueue } from '../order-rules.ts';

/** What the queue on show holds. */
export type OrderQueueState = {
  status: 'loading' | 'ready' | 'error';
  rows: StaffOrderRow[];
  endCursor: string | null;
  hasMore: boolean;
  error: unknown;
  loadingMore: boolean;
};

/** A live change to announce: what happened to which order. */
export type OrderQueueAnnouncement = { change: Exclude<LiveListChange, null>; row: StaffOrderRow; serial: number };

const initial: OrderQueueState = { status: 'loading', rows: [], endCursor: null, hasMore: false, error: null, loadingMore: false };

/**
 * One queue of a hospital's orders with paging, kept live: subscribeStaffOrders brings each order
 * after every change, and it is added, updated or taken off the queue on show (order-rules
 * mergeLiveOrder) without a reload.
 * @param filter - the hospital, the queue, the category (null: all the member works) and the search
 */
export function useOrderQueue(filter: { organizationId: string; queue: OrderQueue; category: string | null; search: string }) {
  const client = useClient();
  const { organizationId, queue, category, search } = filter;
  const [state, setState] = useState<OrderQueueState>(initial);
  const [announcement, setAnnouncement] = useState<OrderQueueAnnouncement | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const current = useRef({ state, queue, category, search });
  current.current = { state, queue, category, search };

  const shownFilter = useRef('');
  useEffect(() => {
    let live = true;
    // Another queue, category or search starts from the loading state; a reload keeps the list on show.
    const filterKey = JSON.stringify([organizationId, queue, category, search]);
    if (filterKey !== shownFilter.current) {
      shownFilter.current = filterKey;
      setState(initial);
    }
    void client
      .query(staffOrdersQuery, { organizationId, queue, category, search: search.trim() || null, first: ORDER_QUEUE_PAGE_SIZE }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) {
          return;
        }
        const page = result.data?.staffOrders;
        if (result.error || !page) {
          setState((previous) => ({ ...previous, status: 'error', error: result.error ?? null }));
          return;
        }
        setState({ status: 'ready', rows: page.nodes, endCursor: page.endCursor, hasMore: page.hasMore, error: null, loadingMore: false });
      });
    return () => {
      live = false;
    };
  }, [client, organizationId, queue, category, search, reloadKey]);

  const loadMore = useCallback(async () => {
    const shown = current.current.state;
    if (shown.status !== 'ready' || !shown.hasMore || shown.loadingMore) {
      return;
    }
    setState((previous) => ({ ...previous, loadingMore: true }));
    const result = await client
      .query(
        staffOrdersQuery,
        { organizationId, queue, category, search: search.trim() || null, first: ORDER_QUEUE_PAGE_SIZE, after: shown.endCursor },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    const page = result.data?.staffOrders;
    setState((previous) => {
      if (!page) {
        return { ...previous, loadingMore: false, error: result.error ?? null };
      }
      const known = new Set(previous.rows.map((row) => row.id));
      return {
        ...previous,
        rows: [...previous.rows, ...page.nodes.filter((row) => !known.has(row.id))],
        endCursor: page.endCursor,
        hasMore: page.hasMore,
        loadingMore: false,
        error: null,
      };
    });
  }, [client, organizationId, queue, category, search]);

  // Live: every order of the hospital (of the category on show) after each change.
  const [heard, setHeard] = useState(false);
  useEffect(() => {
    setHeard(false);
    let serial = 0;
    const subscription = client
      .subscription(subscribeStaffOrdersSubscription, { organizationId, category })
      .subscribe((result) => {
        const incoming = result.data?.subscribeStaffOrders;
        if (!incoming) {
          return;
        }
        setHeard(true);
        const now = current.current;
        if (now.state.status !== 'ready') {
          return;
        }
        const merged = mergeLiveOrder(now.state.rows, incoming, { queue: now.queue, category: now.category, search: now.search });
        current.current = { ...now, state: { ...now.state, rows: merged.rows } };
        setState((previous) => ({ ...previous, rows: merged.rows }));
        if (merged.change) {
          serial += 1;
          setAnnouncement({ change: merged.change, row: incoming, serial });
        }
      });
    return () => subscription.unsubscribe();
  }, [client, organizationId, category]);

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);
  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(reload);
  return { state, loadMore, reload, announcement, heard };
}
