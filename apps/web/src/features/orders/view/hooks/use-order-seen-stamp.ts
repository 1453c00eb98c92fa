import { useEffect, useRef } from 'react';
import { useMutation } from 'urql';
import { orderSeenPatch } from '@careline/domain/orders';
import { patchOrderMutation, type OrderViewData } from '../order-view-documents.ts';

/**
 * spec doc 3 §4: viewing marks heartbeatLinkSeen once and records heartbeatLastSeen, once per visit
 * and only on an order the screen shows (not one it redirects away from).
 * @param order - the order as read now
 * @param redirect - where the screen sends the patient instead, or null
 */
export function useOrderSeenStamp(order: OrderViewData | null, redirect: string | null): void {
  const [, patchOrder] = useMutation(patchOrderMutation);
  const stamped = useRef(false);
  useEffect(() => {
    if (!order || redirect !== null || stamped.current) {
      return;
    }
    stamped.current = true;
    const seen = orderSeenPatch(order.heartbeatLinkSeen, new Date());
    void patchOrder({
      id: order.id,
      expectedVersion: order.version,
      input: { ...(seen.heartbeatLinkSeen ? { heartbeatLinkSeen: true } : {}), timeStampKey: 'heartbeatLastSeen' },
    });
  }, [order, redirect, patchOrder]);
}
