import type {
  OrderActor,
  OrderCategory,
  OrderPaymentMethod,
  OrderPaymentStatus,
  OrderStatus,
} from '@careline/domain/orders';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, Tx } from '../../db/client.ts';

/*
 * What the payments module asks of the orders module when an order is invoiced and paid (spec doc 3
 * §4 Order payment; issue 9: order payment uses the payments module). Payments owns invoices and the
 * payment of orders; the order side (reading an order's charge, locking it, marking it paid in the
 * payment's transaction, telling its live screens) is this port, which the composition root fills
 * from the orders module (app.ts: registerOrderPaymentPort), so that neither module imports the other.
 */

/** What an invoice and a payment need of an order. */
export type PayableOrder = {
  id: string;
  tenantId: string;
  accountId: string;
  patientId: string;
  organizationId: string | null;
  intent: string;
  category: OrderCategory;
  /** The category's order status. */
  status: OrderStatus;
  identifier: string | null;
  /** serviceRequestChargingAmount in exact minor units; null until the hospital sets it. */
  chargingAmountMinor: number | null;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: OrderPaymentMethod;
  /** homecare or appointment: a home request is invoiced as home service (class HH). */
  initiatedFor: string;
  /** The replacement order, once replaced: the replacement is paid instead. */
  replacedById: string | null;
  version: number;
};

/**
 * Why a payment did not mark its order paid ('missing', 'amount', 'version', or the state machine's
 * error code): the money is kept for the cashier to reconcile.
 */
export type OrderNotPaid = { refused: string };

/** A paid order: what to publish to the patient's and the hospital's live screens after commit. */
export type OrderPaid = {
  order: { id: string; patientId: string; intent: string; organizationId: string | null; category: string };
  accountId: string;
  tenantId: string;
};

/** What marks an order paid: tenant, order, amount paid (minor units), method, the actor and its reference. */
export type MarkOrderPaidInput = {
  tenantId: string;
  serviceRequestId: string;
  amountMinor: number;
  method: OrderPaymentMethod;
  actor: OrderActor;
  actorReference: string;
  /** Kept on the history line: the gateway and its transaction or receipt. */
  reason: string | null;
};

/** The order side of paying an order, as the orders module provides it. */
export type OrderPaymentPort = {
  /** An order of the account (tenant and account), or null; locked when asked. */
  findOwnedPayableOrder: (
    db: DbOrTx,
    owner: { tenantId: string; accountId: string },
    serviceRequestId: string,
    lock?: boolean,
  ) => Promise<PayableOrder | null>;
  /** An order of a hospital of the tenant, or null; locked when asked. */
  findHospitalPayableOrder: (
    db: DbOrTx,
    scope: { tenantId: string; organizationId: string },
    serviceRequestId: string,
    lock?: boolean,
  ) => Promise<PayableOrder | null>;
  /** Locks the order row (payment paths lock the order before its invoice). */
  lockOrderForPayment: (tx: Tx, tenantId: string, serviceRequestId: string) => Promise<void>;
  /** Marks the order paid in the payment's transaction, or says why not (nothing changed then). */
  markOrderPaid: (tx: Tx, input: MarkOrderPaidInput) => Promise<OrderPaid | OrderNotPaid>;
  /** Tells the order's live screens after commit; a lost publish is logged. */
  publishOrderPaid: (
    deps: { publish: (topic: string, payload: unknown) => Promise<void>; log?: FastifyBaseLogger },
    paid: OrderPaid,
  ) => Promise<void>;
};

let registered: OrderPaymentPort | null = null;

/**
 * Gives the payments module the order side of paying an order (the composition root calls it once
 * per app; the same port again is fine).
 * @param port - the orders module's order payment side
 */
export function registerOrderPaymentPort(port: OrderPaymentPort): void {
  registered = port;
}

/** The registered order side of paying an order; throws when the app was built without it. */
export function orderPaymentPort(): OrderPaymentPort {
  if (!registered) {
    throw new Error('the order payment port is not registered (app.ts registerOrderPaymentPort)');
  }
  return registered;
}
