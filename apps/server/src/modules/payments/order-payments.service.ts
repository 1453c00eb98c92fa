import { AppError } from '@careline/domain/errors';
import {
  isOrderPaymentEnabled,
  isTerminalOrderStatus,
  orderHeaderLabel,
  orderStatusLabel,
  type OrderPaymentMethod,
} from '@careline/domain/orders';
import { minorToDecimal, toMinor } from '@careline/domain/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { InvoiceItem } from '../../db/schema/payments.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { orderPaymentPort, type OrderPaid, type PayableOrder } from './order-payment-port.ts';
import { findBlockingBookingRequest, findLiveOrderBookingRequest } from './booking-requests.repo.ts';
import { findOpenInvoice, insertOpenInvoice, lockInvoice, supersedeOpenInvoice, type InvoiceRow } from './payments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/*
 * Invoices and payments of orders (spec doc 3 §4 Order payment, §5, §7 Prepare invoice; issue 9:
 * 'prepareInvoice computes the invoice for an appointment, session, procedure codes or order'). An
 * order's invoice has one line, the order's charging amount as the hospital set it (a client amount
 * is never used), request reference 'ServiceRequest/{id}', service class HH for a home request and
 * reason code prepayment_collected. It is paid through the same booking requests, gateways and
 * exactly-once crediting as an appointment's; the order side is the order payment port
 * (order-payment-port.ts, filled from orders/orders.payment.ts by the composition root).
 */

/** An order's invoice reference (spec doc 3 §3 Payment: request.0.ref ServiceRequest/{id}). */
export function orderRequestReference(serviceRequestId: string): string {
  return `ServiceRequest/${serviceRequestId}`;
}

/** spec doc 3 §7 Prepare invoice: serviceClass HH for home. */
export const HOME_SERVICE_CLASS = 'HH';

type Owner = { tenantId: string; accountId: string };

const minorOf = (amount: number): number => (amount < 0 ? -toMinor((-amount).toFixed(2)) : toMinor(amount.toFixed(2)));
const major = (minor: number): number => Number(minorToDecimal(minor));

/**
 * Why an order cannot be paid (ARO-E5023 paid already, ARO-E5025 completed, canceled or replaced,
 * ARO-E5024 no charge yet), or null when it can.
 * @param order - the order
 */
export function orderPaymentRefusal(
  order: PayableOrder,
): { code: 'ARO-E5023' | 'ARO-E5024' | 'ARO-E5025'; status?: string } | null {
  if (order.paymentStatus === 'paid') {
    return { code: 'ARO-E5023' };
  }
  if (isTerminalOrderStatus(order.status)) {
    return { code: 'ARO-E5025', status: orderStatusLabel(order.status) };
  }
  if (order.replacedById !== null) {
    return { code: 'ARO-E5025', status: 'replaced' };
  }
  if (order.chargingAmountMinor === null || order.chargingAmountMinor <= 0) {
    return { code: 'ARO-E5024' };
  }
  return null;
}

function refusalError(order: PayableOrder): AppError | null {
  const refusal = orderPaymentRefusal(order);
  if (!refusal) {
    return null;
  }
  return refusal.status === undefined ? new AppError(refusal.code) : new AppError(refusal.code, { status: refusal.status });
}

/**
 * The open invoice of an order of the account, prepared from the order's charging amount (spec doc
 * 3 §4 Order payment, §7 Prepare invoice), in one transaction that locks the order: the open invoice
 * is answered again while it still matches the charge and the place (service class HH for home);
 * when the hospital changed the charge it is superseded and a new one is made, unless a payment of
 * it is still being processed (ARO-E5015). Another account's order, a hidden one and a missing one
 * answer ARO-E2001; a paid order ARO-E5023, a closed or replaced one ARO-E5025, no charge ARO-E5024.
 * @param db - database
 * @param tenant - the tenant (its currency)
 * @param owner - tenant and the signed-in account
 * @param input - the order, and the instrument type asked for (default credit_card)
 */
export async function prepareOrderInvoice(
  db: Db,
  tenant: ServerTenant,
  owner: Owner,
  input: { serviceRequestId: string; instrumentType: string | null },
): Promise<InvoiceRow> {
  if (!UUID.test(input.serviceRequestId)) {
    throw new AppError('ARO-E2001');
  }
  return db.transaction(async (tx) => {
    const order = await orderPaymentPort().findOwnedPayableOrder(tx, owner, input.serviceRequestId, true);
    if (!order) {
      throw new AppError('ARO-E2001');
    }
    const refused = refusalError(order);
    if (refused) {
      throw refused;
    }
    const chargeMinor = order.chargingAmountMinor ?? 0;
    const requestReference = orderRequestReference(order.id);
    const serviceClass = order.initiatedFor === 'homecare' ? HOME_SERVICE_CLASS : null;
    const open = await findOpenInvoice(tx, owner, requestReference);
    if (open) {
      await lockInvoice(tx, open.id);
      if (minorOf(open.totalAmount) === chargeMinor && open.serviceClass === serviceClass) {
        return open;
      }
      // A payment of the old amount may still be credited: the invoice is not replaced under it.
      if (await findBlockingBookingRequest(tx, open.id)) {
        throw new AppError('ARO-E5015');
      }
      await supersedeOpenInvoice(tx, open.id);
    }
    const items: InvoiceItem[] = [
      {
        description: order.identifier ? `${orderHeaderLabel(order.category)} ${order.identifier}` : orderHeaderLabel(order.category),
        amount: major(chargeMinor),
        category: 'order_charge',
      },
    ];
    const inserted = await insertOpenInvoice(tx, {
      tenantId: owner.tenantId,
      accountId: owner.accountId,
      patientId: order.patientId,
      organizationId: order.organizationId,
      requestReference,
      serviceRequestId: order.id,
      items,
      values: [major(chargeMinor)],
      totalAmount: major(chargeMinor),
      currency: tenant.publicConfig.currency,
      reasonCode: 'prepayment_collected',
      serviceClass,
      instrumentType: input.instrumentType ?? 'credit_card',
    });
    const invoice = inserted ?? (await findOpenInvoice(tx, owner, requestReference));
    if (!invoice) {
      throw new Error('open invoice vanished');
    }
    return invoice;
  });
}

/**
 * Closes (supersedes) the open invoice of an order whose charge, place or life changed, in the
 * change's transaction, after the order row is locked (the lock order of every payment path: order,
 * then invoice). A payment of it still being processed refuses the change (ARO-E5015): its money
 * would land on a closed invoice. With `pageOpen` (a hospital's change, the patient's visit/home switch) a card or Genie page opened
 * within the blocking window counts as in flight too. The next prepareInvoice makes a new invoice
 * from the order as it then stands. Nothing to close is fine.
 * @param tx - the change's transaction (the order locked)
 * @param owner - tenant and the order's account
 * @param serviceRequestId - the order
 * @param options - pageOpen: count an 'initiated' page within the window as in flight
 */
export async function closeOpenOrderInvoice(
  tx: Tx,
  owner: Owner,
  serviceRequestId: string,
  options: { pageOpen: boolean },
): Promise<void> {
  const open = await findOpenInvoice(tx, owner, orderRequestReference(serviceRequestId));
  if (!open) {
    return;
  }
  await lockInvoice(tx, open.id);
  const live = options.pageOpen ? await findLiveOrderBookingRequest(tx, open.id) : await findBlockingBookingRequest(tx, open.id);
  if (live) {
    throw new AppError('ARO-E5015');
  }
  await supersedeOpenInvoice(tx, open.id);
}

/**
 * Checks that an order's open invoice may be paid online now, in the booking's transaction (the
 * invoice is locked): the order is the account's, open, unpaid, payment is enabled for its category
 * (spec doc 3 §5), its method is not cash (spec doc 3 §5: PAY NOW is not for cash), the gateway is
 * one orders take (cyberSource or genie: spec doc 3 §4), and the invoice is for the charge as it
 * stands (ARO-E5026 when the hospital changed it since: prepare the invoice again).
 * @param tx - the booking's transaction
 * @param tenant - the tenant's flags
 * @param owner - tenant and the signed-in account
 * @param invoice - the open invoice, locked
 * @param gateway - the gateway asked for
 */
export async function requirePayableOrder(
  tx: Tx,
  tenant: ServerTenant,
  owner: Owner,
  invoice: InvoiceRow,
  gateway: string,
): Promise<void> {
  const order = invoice.serviceRequestId ? await orderPaymentPort().findOwnedPayableOrder(tx, owner, invoice.serviceRequestId) : null;
  if (!order) {
    throw new AppError('ARO-E2001');
  }
  const refused = refusalError(order);
  if (refused) {
    throw refused;
  }
  if (!isOrderPaymentEnabled(tenant.publicConfig.features, order.category)) {
    throw new AppError('ARO-E5005');
  }
  if (gateway !== 'cyberSource' && gateway !== 'genie') {
    throw new AppError('ARO-E5020', { gateway: gateway === 'mobileBill' ? 'mobile bill' : gateway.slice(0, 40) });
  }
  if (order.paymentMethod === 'cash') {
    throw new AppError('ARO-E5027');
  }
  if (order.chargingAmountMinor !== minorOf(invoice.totalAmount)) {
    throw new AppError('ARO-E5026');
  }
}

/**
 * The order payment method a gateway's payment stands for (spec doc 3 §3 serviceRequestPaymentMethod).
 * @param gateway - the booking request's gateway
 */
export function orderMethodOfGateway(gateway: string): OrderPaymentMethod {
  if (gateway === 'genie') {
    return 'genie';
  }
  return gateway === 'cash' ? 'cash' : 'card';
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
  await orderPaymentPort().publishOrderPaid(deps, paid);
}
