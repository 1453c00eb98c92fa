import { errorCodes, useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { useErrorText } from '../../../lib/error-text.ts';
import { staffOrderQuery, subscribeStaffOrdersSubscription, type StaffOrderDetail } from '../api/orders-operations.ts';
import { newOrderActionKey } from '../order-rules.ts';

/** The order on show: loading, the order, or the error it failed with. */
export type OrderState = { status: 'loading' } | { status: 'ready'; view: StaffOrderDetail } | { status: 'error'; error: unknown };

/**
 * One order of the hospital, kept live: it is read again whenever subscribeStaffOrders tells of a
 * change to it (the patient's note, another member's move).
 * @param organizationId - the hospital
 * @param orderId - the order
 */
export function useOrder(organizationId: string, orderId: string) {
  const client = useClient();
  const [state, setState] = useState<OrderState>({ status: 'loading' });
  const [heard, setHeard] = useState(false);
  const serial = useRef(0);

  const reload = useCallback(async () => {
    serial.current += 1;
    const mine = serial.current;
    const result = await client.query(staffOrderQuery, { organizationId, id: orderId }, { requestPolicy: 'network-only' }).toPromise();
    if (mine !== serial.current) {
      // A later read is on its way: it decides what shows.
      return;
    }
    const view = result.data?.staffOrder;
    setState((previous) => {
      if (view) {
        return { status: 'ready', view };
      }
      // A failed reload keeps the order on show; only a first read shows the error.
      return previous.status === 'ready' ? previous : { status: 'error', error: result.error ?? null };
    });
  }, [client, organizationId, orderId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  useEffect(() => {
    const subscription = client
      .subscription(subscribeStaffOrdersSubscription, { organizationId, category: null })
      .subscribe((result) => {
        const changed = result.data?.subscribeStaffOrders;
        if (changed) {
          setHeard(true);
        }
        if (changed?.id === orderId) {
          void reload();
        }
      });
    return () => subscription.unsubscribe();
  }, [client, organizationId, orderId, reload]);

  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(() => void reload());
  return { state, reload, heard };
}

/** The progress and outcome of the order's actions. */
export type OrderActionState = {
  busy: string | null;
  error: string | null;
  notice: string | null;
  /** The action the error or notice belongs to, so it shows beside that action's form. */
  last: string | null;
};

/** What a change answers: urql's result of one of the staff order mutations. */
type ChangeResult = { error?: unknown; data?: unknown };

/**
 * Runs the order's actions one at a time: each with its progress, its notice or error (the text
 * after 'CODE:'), and the order read again afterwards. A change made on a version someone else
 * changed meanwhile (ARO-E6002) reloads the order and says so. A retry after a failure reuses the
 * submit's idempotency key, so a change the server made but could not answer is not made twice.
 * @param order - the order's version as read and how to read it again
 * @param conflictText - what to say when someone else changed the order
 */
export function useOrderActions(order: { version: number; reload: () => Promise<void> }, conflictText: string) {
  const errorText = useErrorText();
  const [state, setState] = useState<OrderActionState>({ busy: null, error: null, notice: null, last: null });
  const keys = useRef(new Map<string, string>());

  const run = useCallback(
    async (
      name: string,
      change: (args: { expectedVersion: number; idempotencyKey: string }) => Promise<ChangeResult>,
      done: (data: unknown) => string,
    ): Promise<boolean> => {
      const key = keys.current.get(name) ?? newOrderActionKey();
      keys.current.set(name, key);
      setState({ busy: name, error: null, notice: null, last: name });
      let result: ChangeResult;
      try {
        result = await change({ expectedVersion: order.version, idempotencyKey: key });
      } catch (error) {
        setState({ busy: null, error: errorText(error), notice: null, last: name });
        return false;
      }
      if (result.error || !result.data) {
        const conflict = errorCodes(result.error).includes('ARO-E6002');
        if (conflict) {
          keys.current.delete(name);
          await order.reload();
        }
        setState({ busy: null, error: conflict ? conflictText : errorText(result.error), notice: null, last: name });
        return false;
      }
      keys.current.delete(name);
      await order.reload();
      setState({ busy: null, error: null, notice: done(result.data), last: name });
      return true;
    },
    [conflictText, errorText, order],
  );

  /** Shows an error found before sending (a missing field, a refused file). */
  const refuse = useCallback((error: string, name: string | null = null) => setState({ busy: null, error, notice: null, last: name }), []);

  return { ...state, run, refuse };
}
