import {
  ORDER_STATUS_FIELDS,
  isOrderCategory,
  transitionOrder,
  type OrderPaymentMethod,
  type OrderPaymentStatus,
  type OrderState,
  type OrderStatus,
} from '@careline/domain/orders';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { serviceRequests } from '../../db/schema/index.ts';
import type { MarkOrderPaidInput, OrderNotPaid, OrderPaymentPort, PayableOrder } from '../payments/index.ts';
import { publishOrderChanged, type OrderChangedEvent } from './orders.live.ts';
import {
  findOwnedServiceRequest,
  insertOrderEvents,
  updateServiceRequestAtVersion,
  type Owner,
  type ServiceRequestRow,
} from './orders.repo.ts';

/*
 * The order side of paying an order (spec doc 3 §4 Order payment; issue 9: order payment uses the
 * payments module). The payments module asks here what an order charges and marks it paid, each in
 * the caller's transaction, so that a credited payment and the paid order commit together. It reaches
 * these through its order payment port, which the composition root fills with {@link orderPaymentSide}.
 */


/** Minor units of a numeric(14,2) amount read as a number (exact: the column has 2 decimals). */
function minorOf(amount: number | null): number | null {
  return amount === null ? null : Math.round(amount * 100);
}

function payableOf(row: ServiceRequestRow): PayableOrder | null {
  if (!isOrderCategory(row.category)) {
    return null;
  }
  return {
    id: row.id,
    tenantId: row.tenantId,
    accountId: row.accountId,
    patientId: row.patientId,
    organizationId: row.organizationId,
    intent: row.intent,
    category: row.category,
    status: row[ORDER_STATUS_FIELDS[row.category]] as OrderStatus,
    identifier: row.identifier,
    chargingAmountMinor: minorOf(row.serviceRequestChargingAmount),
    paymentStatus: row.serviceRequestPaymentStatus as OrderPaymentStatus,
    paymentMethod: row.serviceRequestPaymentMethod as OrderPaymentMethod,
    initiatedFor: row.serviceRequestInitiatedFor,
    replacedById: row.replacedById,
    version: row.version,
  };
}

/**
 * An order of the account as its invoice needs it, or null (another account's order, a hidden one
 * and a missing one all look the same: spec doc 3 §6).
 * @param db - database or transaction
 * @param owner - tenant and the signed-in account
 * @param serviceRequestId - the order
 * @param lock - lock the row for the rest of the transaction
 */
export async function findOwnedPayableOrder(
  db: DbOrTx,
  owner: Owner,
  serviceRequestId: string,
  lock = false,
): Promise<PayableOrder | null> {
  const row = await findOwnedServiceRequest(db, owner, serviceRequestId, lock);
  return row ? payableOf(row) : null;
}

/**
 * An order of a hospital of the tenant as its payment needs it, or null (another hospital's order
 * looks missing to its staff). Locks the row when asked.
 * @param db - database or transaction
 * @param scope - tenant and the hospital
 * @param serviceRequestId - the order
 * @param lock - lock the row for the rest of the transaction
 */
export async function findHospitalPayableOrder(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  serviceRequestId: string,
  lock = false,
): Promise<PayableOrder | null> {
  const query = db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.id, serviceRequestId),
        eq(serviceRequests.tenantId, scope.tenantId),
        eq(serviceRequests.organizationId, scope.organizationId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ? payableOf(row) : null;
}

async function lockOrder(tx: Tx, tenantId: string, serviceRequestId: string): Promise<ServiceRequestRow | null> {
  const [row] = await tx
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, serviceRequestId), eq(serviceRequests.tenantId, tenantId)))
    .for('update');
  return row ?? null;
}

/**
 * Locks an order row for the transaction. Payment paths lock the order before its invoice, as they
 * lock an appointment before its invoice, so two payments of one order never deadlock.
 * @param tx - transaction
 * @param tenantId - the tenant
 * @param serviceRequestId - the order
 */
export async function lockOrderForPayment(tx: Tx, tenantId: string, serviceRequestId: string): Promise<void> {
  await lockOrder(tx, tenantId, serviceRequestId);
}

/** A paid order: what to publish to the patient's and the hospital's live screens after commit. */
export type OrderPaid = {
  order: OrderChangedEvent & { organizationId: string | null; category: string };
  accountId: string;
  tenantId: string;
};

/**
 * Marks an order paid by a payment, in the payment's transaction (spec doc 3 §4 Order payment;
 * §3 serviceRequestPaymentStatus paid): through the domain's state machine (recordPayment, which
 * refuses a closed, replaced or already paid order), only when the amount paid is the order's charge
 * as it stands; writes serviceRequestPaymentStatus paid and the method, version + 1, and a line of
 * the order-events history. A refusal changes nothing.
 * @param tx - the payment's transaction
 * @param input - tenant, order, amount paid (minor units), method, the actor and its reference
 */
export async function markOrderPaid(
  tx: Tx,
  input: MarkOrderPaidInput,
): Promise<OrderPaid | OrderNotPaid> {
  const row = await lockOrder(tx, input.tenantId, input.serviceRequestId);
  const order = row ? payableOf(row) : null;
  if (!row || !order) {
    return { refused: 'missing' };
  }
  if (order.chargingAmountMinor !== input.amountMinor) {
    return { refused: 'amount' };
  }
  const state: OrderState = {
    category: order.category,
    status: order.status,
    version: order.version,
    initiatedFor: order.initiatedFor as OrderState['initiatedFor'],
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    chargingAmountMinor: order.chargingAmountMinor,
    canceledReason: null,
    communicationStatus: row.orderCommunicationStatus as OrderState['communicationStatus'],
    estimatedTime: null,
    sampleCollection: null,
    address: { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' },
    replacedBy: row.replacedById,
    documentCount: 0,
  };
  const result = transitionOrder(state, { type: 'recordPayment', method: input.method }, input.actor);
  if (!result.ok) {
    return { refused: result.code };
  }
  const updated = await updateServiceRequestAtVersion(
    tx,
    row.id,
    row.version,
    {
      serviceRequestPaymentStatus: result.order.paymentStatus,
      serviceRequestPaymentMethod: result.order.paymentMethod,
      version: result.order.version,
    },
    null,
  );
  if (!updated) {
    return { refused: 'version' };
  }
  await insertOrderEvents(tx, [
    {
      tenantId: input.tenantId,
      serviceRequestId: row.id,
      fromStatus: result.history.fromStatus,
      toStatus: result.history.toStatus,
      event: result.history.event,
      actorReference: input.actorReference,
      reason: input.reason,
    },
  ]);
  return {
    // The hospital and category too, so the payment reaches the staff console's queue live.
    order: { id: row.id, patientId: row.patientId, intent: row.intent, organizationId: row.organizationId, category: row.category },
    accountId: row.accountId,
    tenantId: row.tenantId,
  };
}

/**
 * Tells the patient's live screens that an order was paid, after commit; a lost publish is logged.
 * @param deps - publish and log
 * @param paid - the paid order
 */
export async function publishOrderPaid(
  deps: { publish: (topic: string, payload: unknown) => Promise<void>; log?: FastifyBaseLogger },
  paid: OrderPaid,
): Promise<void> {
  await publishOrderChanged({ publish: deps.publish, log: deps.log ?? silentLog }, paid.tenantId, paid.accountId, paid.order);
}

/** For callers without a request logger: a lost publish is then not logged. */
const silentLog: FastifyBaseLogger = pino({ level: 'silent' });

/** The order side of paying an order, as the payments module's order payment port takes it. */
export const orderPaymentSide = {
  findOwnedPayableOrder,
  findHospitalPayableOrder,
  lockOrderForPayment,
  markOrderPaid,
  publishOrderPaid,
} satisfies OrderPaymentPort;
