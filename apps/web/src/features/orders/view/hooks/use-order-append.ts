import { useCallback, useRef, type RefObject } from 'react';
import { useClient, useMutation } from 'urql';
import { errorCodes, errorText } from '../../../../lib/graphql';
import { orderViewQuery, patchOrderMutation, type OrderViewData } from '../order-view-documents.ts';
import { newKey, type AppendAttempt, type PatchInput } from './order-patch.ts';

/** Sends one append; answers null when done, else the refusal's text (the part after 'CODE:'). */
export type AppendToOrder = (input: PatchInput, attempt: AppendAttempt) => Promise<string | null>;

/**
 * Appends to the order (a note, a photo). Notes and photos only add to the order: another change
 * meanwhile (a staff action bumps the version, ARO-E6002) does not conflict with them, so the order is
 * read again and the append sent once more with the new version.
 * @param order - the order as read now
 * @param refetch - reads the order again
 */
export function useOrderAppend(
  order: OrderViewData | null,
  refetch: () => void,
): { append: AppendToOrder; latestOrder: RefObject<OrderViewData | null> } {
  const client = useClient();
  const [, patchOrder] = useMutation(patchOrderMutation);
  const latestOrder = useRef(order);
  latestOrder.current = order;
  const append = useCallback<AppendToOrder>(
    async (input, attempt) => {
      const current = latestOrder.current;
      if (!current) {
        return null;
      }
      const send = () => patchOrder({ id: current.id, expectedVersion: attempt.expectedVersion, input, idempotencyKey: attempt.key });
      let answer = await send();
      if (answer.error && errorCodes(answer.error).includes('ARO-E6002')) {
        const fresh = await client.query(orderViewQuery, { id: current.id }, { requestPolicy: 'network-only' }).toPromise();
        const version = fresh.data?.serviceRequest?.version;
        if (typeof version === 'number') {
          // The refused call changed nothing: a new key for the new version.
          attempt.expectedVersion = version;
          attempt.key = newKey();
          answer = await send();
        }
      }
      if (answer.error) {
        if (errorCodes(answer.error).includes('ARO-E6002')) {
          refetch();
        }
        return errorText(answer.error);
      }
      refetch();
      return null;
    },
    [client, patchOrder, refetch],
  );
  return { append, latestOrder };
}
