import type { Tx } from '../../db/client.ts';

/*
 * What the orders module asks of the payments module when an order's charge, place or life changes
 * (spec doc 3 §4 Order payment): the order's open invoice is closed in the change's transaction, or
 * the change is refused while a payment of it is in flight (ARO-E5015). Payments owns invoices; the
 * composition root fills this hook from the payments module (app.ts: registerOrderInvoiceCloser),
 * so that neither module imports the other.
 */

/**
 * Closes (supersedes) the open invoice of an order, in the change's transaction (the order locked),
 * or throws ARO-E5015 while a payment of it is in flight.
 */
export type OrderInvoiceCloser = (
  tx: Tx,
  owner: { tenantId: string; accountId: string },
  serviceRequestId: string,
  options: { pageOpen: boolean },
) => Promise<void>;

let registered: OrderInvoiceCloser | null = null;

/**
 * Gives the orders module the payments module's closer of an order's open invoice (the composition
 * root calls it once per app; the same closer again is fine).
 * @param closer - payments' closeOpenOrderInvoice
 */
export function registerOrderInvoiceCloser(closer: OrderInvoiceCloser): void {
  registered = closer;
}

/**
 * Closes the open invoice of an order whose charge, place or life changed, through the registered
 * closer (payments' closeOpenOrderInvoice); throws ARO-E5015 while a payment of it is in flight.
 * @param tx - the change's transaction (the order locked)
 * @param owner - tenant and the order's account
 * @param serviceRequestId - the order
 * @param options - pageOpen: count an open card or Genie page within the blocking window as in flight
 */
export async function closeOpenOrderInvoice(
  tx: Tx,
  owner: { tenantId: string; accountId: string },
  serviceRequestId: string,
  options: { pageOpen: boolean },
): Promise<void> {
  if (!registered) {
    throw new Error('the order invoice closer is not registered (app.ts registerOrderInvoiceCloser)');
  }
  await registered(tx, owner, serviceRequestId, options);
}
