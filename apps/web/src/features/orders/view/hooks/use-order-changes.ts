import { useCallback, useState } from 'react';
import { useMutation } from 'urql';
import type { InitiatedFor, OrderAddress } from '@careline/domain/orders';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useToast } from '../../../../components/toast.tsx';
import { errorCodes, errorText } from '../../../../lib/graphql';
import { patchOrderMutation, type OrderViewData } from '../order-view-documents.ts';
import { newKey, type PatchInput } from './order-patch.ts';

/** Which change modal is open. */
export type OrderChangeModal = 'address' | 'request' | null;

/** The change modals' state and what their Save does. */
export type OrderChanges = {
  modal: OrderChangeModal;
  setModal: (modal: OrderChangeModal) => void;
  saveAddress: (next: OrderAddress) => Promise<string | null>;
  saveRequest: (next: { to: InitiatedFor; address: OrderAddress | null }) => Promise<string | null>;
};

/**
 * The patient's change requests (spec doc 3 §2 Change address, Change request; §8): each Save patches
 * the order at the version shown, closes its modal and says so; a refusal stays in the modal.
 * @param order - the order as read now
 * @param refetch - reads the order again
 */
export function useOrderChanges(order: OrderViewData | null, refetch: () => void): OrderChanges {
  const t = useOrdersTranslate();
  const toast = useToast();
  const [, patchOrder] = useMutation(patchOrderMutation);
  const [modal, setModal] = useState<OrderChangeModal>(null);
  const patch = useCallback(
    async (input: PatchInput): Promise<string | null> => {
      if (!order) {
        return null;
      }
      const answer = await patchOrder({ id: order.id, expectedVersion: order.version, input, idempotencyKey: newKey() });
      if (answer.error) {
        // spec doc 3 §8: the part after 'CODE:' is shown; a stale version reads the order again.
        if (errorCodes(answer.error).includes('ARO-E6002')) {
          refetch();
        }
        return errorText(answer.error);
      }
      refetch();
      return null;
    },
    [order, patchOrder, refetch],
  );
  const saveAddress = async (next: OrderAddress) => {
    const refusal = await patch(next);
    if (refusal === null) {
      setModal(null);
      toast.show(t('orders.view.addressUpdated'), 'success');
    }
    return refusal;
  };
  const saveRequest = async (next: { to: InitiatedFor; address: OrderAddress | null }) => {
    const refusal = await patch({ serviceRequestInitiatedFor: next.to, ...(next.address ?? {}) });
    if (refusal === null) {
      setModal(null);
      toast.show(t('orders.view.requestUpdated'), 'success');
    }
    return refusal;
  };
  return { modal, setModal, saveAddress, saveRequest };
}
