import { useCallback, useRef, type RefObject } from 'react';
import type { OrderViewData } from '../order-view-documents.ts';
import { newKey, type AppendAttempt } from './order-patch.ts';
import type { AppendToOrder } from './use-order-append.ts';

/**
 * Sends a note (spec doc 3 §7 Notes block behaviour). A note sent again after a failure (the same
 * text) is the same attempt: the same key and version.
 * @param append - the order's append
 * @param latestOrder - the order as read last
 */
export function useOrderNote(
  append: AppendToOrder,
  latestOrder: RefObject<OrderViewData | null>,
): (text: string) => Promise<string | null> {
  const noteAttempt = useRef<(AppendAttempt & { text: string }) | null>(null);
  return useCallback(
    async (text: string): Promise<string | null> => {
      const current = latestOrder.current;
      if (!current) {
        return null;
      }
      if (noteAttempt.current?.text !== text) {
        noteAttempt.current = { text, key: newKey(), expectedVersion: current.version };
      }
      const refusal = await append({ note: text }, noteAttempt.current);
      if (refusal === null) {
        noteAttempt.current = null;
      }
      return refusal;
    },
    [append, latestOrder],
  );
}
