import { useRef, type RefObject } from 'react';
import type { OrderViewData } from '../order-view-documents.ts';

/** What the first answer said about the order's earlier visits. */
export type OrderFirstLook = { lastSeen: string | null; linkSeen: boolean };

/**
 * What the first answer said, before this visit's own stamps change it: the notes' unread baseline
 * and whether the order had been opened before (for the relationship prompt).
 * @param order - the order as read now, or null before the first answer
 */
export function useOrderFirstLook(order: OrderViewData | null): RefObject<OrderFirstLook | null> {
  const firstLook = useRef<OrderFirstLook | null>(null);
  if (order && firstLook.current === null) {
    firstLook.current = { lastSeen: order.heartbeatLastSeen ?? null, linkSeen: order.heartbeatLinkSeen };
  }
  return firstLook;
}
