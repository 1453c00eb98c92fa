import { useCallback } from 'react';
import { useQuery, useSubscription, type CombinedError } from 'urql';
import { isIgnoredLiveUpdate } from '@careline/domain/orders';
import { orderChangedSubscription, orderViewQuery, type OrderViewData } from '../order-view-documents.ts';

/** The order as read, and how to read it again. */
export type OrderViewDataState = {
  /** The read's error, while the order could not be read. */
  error: CombinedError | undefined;
  order: OrderViewData | null;
  /** Reads the order again from the network. */
  refetch: () => void;
};

/**
 * Loads the order and keeps it live (spec doc 3 §7 Subscriptions): a change of this order reads it
 * again; reflex_order updates are ignored (§4).
 * @param orderId - the order's id; '' reads nothing
 */
export function useOrderViewData(orderId: string): OrderViewDataState {
  const [result, reexecute] = useQuery({
    query: orderViewQuery,
    variables: { id: orderId },
    pause: orderId === '',
    requestPolicy: 'cache-and-network',
  });
  const order: OrderViewData | null = result.data?.serviceRequest ?? null;
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);

  useSubscription(
    { query: orderChangedSubscription, variables: { patientId: order ? [order.patientId] : [] }, pause: order === null },
    (_previous, event) => {
      const changed = event.subscribeServiceRequest;
      if (changed.id === orderId && !isIgnoredLiveUpdate(changed.intent)) {
        refetch();
      }
      return event;
    },
  );
  return { error: result.error, order, refetch };
}
