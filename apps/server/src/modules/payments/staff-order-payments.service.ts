import { AppError, type ErrorCode } from '@careline/domain/errors';
import { mayRequestOrderEvent, orderHeaderLabel } from '@careline/domain/orders';
import { minorToDecimal, toMinor } from '@careline/domain/payments';
import type { InvoiceItem } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { hospitalScope, requireId, staffActor } from '../staff/index.ts';
import { orderPaymentPort, type OrderPaid } from './order-payment-port.ts';
import { HOME_SERVICE_CLASS, orderPaymentRefusal, orderRequestReference, publishOrderPaid } from './order-payments.service.ts';
import { findLiveOrderBookingRequest, insertBookingRequest } from './booking-requests.repo.ts';
import {
  findOpenInvoice,
  insertOpenInvoice,
  lockInvoice,
  markInvoicePaid,
  supersedeOpenInvoice,
  upsertPayment,
} from './payments.repo.ts';
import { findAcceptedOrderPayment, findOrderReceiptNames } from './staff-payments.repo.ts';
import { newReceiptNumber, type ReceiptItem, type StaffPaymentsDeps } from './staff-payments.context.ts';

const CASH_GATEWAY = 'cash';

/** The receipt of an order's cash payment as the cashier prints it. Plain JSON (a retry answers the stored one). */
export type OrderCashReceipt = {
  receiptNumber: string;
  serviceRequestId: string;
  orderIdentifier: string | null;
  category: string;
  paymentId: string;
  hospitalName: string;
  patientName: string;
  items: ReceiptItem[];
  total: string;
  currency: string;
  /** ISO 8601 instant. */
  paidAt: string;
  cashierName: string;
};

const minorOf = (amount: number): number => (amount < 0 ? -toMinor((-amount).toFixed(2)) : toMinor(amount.toFixed(2)));
const major = (minor: number): number => Number(minorToDecimal(minor));

/**
 * Records a cash payment of an order of the hospital (issue 9 §9 'take a cash payment at the desk
 * for an appointment or order'; spec doc 3 §4: cash on delivery, which the hospital records), in one
 * transaction that locks the order: the order's open invoice for its charge as it stands (the
 * patient's, or a new one; a stale one is superseded), a completed 'cash' booking request, an ACCEPT
 * payment whose transaction reference is a new receipt number (request reference
 * ServiceRequest/{id}: in the patient's payment history), the invoice revenue_collected, and the
 * order paid through the domain's recordPayment (the category's staff or a cashier; a history line by
 * 'User/{id}'), then the audit row. The patient's order view is told live after commit. Another
 * hospital's order answers ARO-E2001; a paid order ARO-E5028 with its receipt; no charge ARO-E5024; a
 * closed one ARO-E5025; a payment in flight (a card page still open, one being processed) ARO-E5015;
 * an order changed since the cashier read it (expectedVersion, e.g. a new charge) ARO-E6002, nothing
 * recorded. With the same idempotency key a retry answers the first receipt.
 * @param deps - database, tenant, staff member, hospital, publish
 * @param serviceRequestId - the order
 * @param expectedVersion - the order's version the cashier saw (the charge they collected)
 * @param idempotencyKey - one key per submit, reused on retry
 */
export async function staffTakeOrderCashPayment(
  deps: StaffPaymentsDeps,
  serviceRequestId: string,
  expectedVersion: number,
  idempotencyKey: string | null,
): Promise<OrderCashReceipt> {
  const who = staffActor(deps, 'payments.orderCash');
  requireId(serviceRequestId);
  if (!Number.isSafeInteger(expectedVersion)) {
    throw new AppError('ARO-E6002');
  }
  const scope = hospitalScope(deps);
  if (!(await orderPaymentPort().findHospitalPayableOrder(deps.db, scope, serviceRequestId))) {
    throw new AppError('ARO-E2001');
  }
  const roles = deps.staff.memberships.filter((m) => m.organizationId === deps.organizationId).map((m) => m.role);
  // Set by the transaction that marked the order paid (a replayed key answers the stored receipt only).
  const paid: { order: OrderPaid | null } = { order: null };
  const receipt = await runOnce(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: idempotencyKey },
    'staffTakeOrderCashPayment',
    { organizationId: deps.organizationId, serviceRequestId, expectedVersion },
    async (tx): Promise<OrderCashReceipt> => {
      const order = await orderPaymentPort().findHospitalPayableOrder(tx, scope, serviceRequestId, true);
      if (!order) {
        throw new AppError('ARO-E2001');
      }
      // The category's staff (pharmacist for medicines, …) or a cashier records it (the domain's rule).
      if (!mayRequestOrderEvent(order.category, 'recordPayment', { kind: 'staff', roles })) {
        throw new AppError('ARO-E1210');
      }
      const refusal = orderPaymentRefusal(order);
      // A paid order answers its receipt (a second tap from a stale screen); any other change since the
      // cashier read the order (a new charge above all) is refused before money is recorded.
      if (refusal?.code !== 'ARO-E5023' && order.version !== expectedVersion) {
        throw new AppError('ARO-E6002');
      }
      if (refusal?.code === 'ARO-E5023') {
        const earlier = await findAcceptedOrderPayment(tx, deps.tenantId, order.id);
        throw earlier ? new AppError('ARO-E5028', { receipt: earlier.transactionReference }) : new AppError('ARO-E5023');
      }
      if (refusal) {
        throw refusal.status === undefined ? new AppError(refusal.code) : new AppError(refusal.code, { status: refusal.status });
      }
      const chargeMinor = order.chargingAmountMinor ?? 0;
      const owner = { tenantId: deps.tenantId, accountId: order.accountId };
      const requestReference = orderRequestReference(order.id);
      let invoice = await findOpenInvoice(tx, owner, requestReference);
      if (invoice) {
        await lockInvoice(tx, invoice.id);
        // A payment in flight (a card page still open, one being processed, Genie) is refused.
        if (await findLiveOrderBookingRequest(tx, invoice.id)) {
          throw new AppError('ARO-E5015');
        }
        if (minorOf(invoice.totalAmount) !== chargeMinor || invoice.serviceClass !== (order.initiatedFor === 'homecare' ? HOME_SERVICE_CLASS : null)) {
          await supersedeOpenInvoice(tx, invoice.id);
          invoice = null;
        }
      }
      if (!invoice) {
        const items: InvoiceItem[] = [
          {
            description: order.identifier ? `${orderHeaderLabel(order.category)} ${order.identifier}` : orderHeaderLabel(order.category),
            amount: major(chargeMinor),
            category: 'order_charge',
          },
        ];
        invoice =
          (await insertOpenInvoice(tx, {
            tenantId: deps.tenantId,
            accountId: order.accountId,
            patientId: order.patientId,
            organizationId: deps.organizationId,
            requestReference,
            serviceRequestId: order.id,
            items,
            values: [major(chargeMinor)],
            totalAmount: major(chargeMinor),
            currency: deps.currency,
            reasonCode: 'prepayment_collected',
            serviceClass: order.initiatedFor === 'homecare' ? HOME_SERVICE_CLASS : null,
            instrumentType: 'cash',
          })) ?? (await findOpenInvoice(tx, owner, requestReference));
      }
      if (!invoice) {
        throw new Error('open invoice vanished');
      }
      const now = new Date();
      const receiptNumber = newReceiptNumber(now);
      const booking = await insertBookingRequest(tx, {
        tenantId: deps.tenantId,
        accountId: order.accountId,
        patientId: order.patientId,
        invoiceId: invoice.id,
        organizationId: deps.organizationId,
        requestReference,
        paymentGatewayType: CASH_GATEWAY,
        status: 'completed',
        amount: invoice.totalAmount,
        currency: invoice.currency,
        externalReference: receiptNumber,
        creditedTransactionId: receiptNumber,
        completedAt: now,
      });
      const payment = await upsertPayment(tx, {
        tenantId: deps.tenantId,
        accountId: order.accountId,
        patientId: order.patientId,
        bookingRequestId: booking.id,
        invoiceId: invoice.id,
        organizationId: deps.organizationId,
        requestReference,
        paymentGatewayType: CASH_GATEWAY,
        status: 'ACCEPT',
        amount: invoice.totalAmount,
        currency: invoice.currency,
        message: 'Payment success',
        transactionReference: receiptNumber,
        transactionDate: now,
        response: { receiptNumber, cashierName: deps.staff.displayName, staffUserId: deps.staff.staffUserId },
      });
      if (!payment || !(await markInvoicePaid(tx, invoice.id, booking.id))) {
        throw new AppError('ARO-E5023');
      }
      const marked = await orderPaymentPort().markOrderPaid(tx, {
        tenantId: deps.tenantId,
        serviceRequestId: order.id,
        amountMinor: chargeMinor,
        method: 'cash',
        actor: { kind: 'staff', roles },
        actorReference: `User/${deps.staff.staffUserId}`,
        reason: `cash ${receiptNumber}`,
      });
      if ('refused' in marked) {
        throw new AppError(/^ARO-E\d{4}$/.test(marked.refused) ? (marked.refused as ErrorCode) : 'ARO-E5023');
      }
      paid.order = marked;
      const names = await findOrderReceiptNames(tx, scope, order.patientId);
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: 'payment.cash',
        correlationId: deps.correlationId,
        patientAccountId: order.accountId,
        patientId: order.patientId,
        details: {
          serviceRequestId: order.id,
          paymentId: payment.id,
          receiptNumber,
          amount: minorToDecimal(chargeMinor),
          currency: invoice.currency,
        },
      });
      return {
        receiptNumber,
        serviceRequestId: order.id,
        orderIdentifier: order.identifier,
        category: order.category,
        paymentId: payment.id,
        hospitalName: names.hospitalName,
        patientName: names.patientName,
        items: invoice.items.map((item) => ({
          description: item.description,
          amount: item.amount < 0 ? `-${minorToDecimal(minorOf(-item.amount))}` : minorToDecimal(minorOf(item.amount)),
        })),
        total: minorToDecimal(minorOf(invoice.totalAmount)),
        currency: invoice.currency,
        paidAt: now.toISOString(),
        cashierName: deps.staff.displayName,
      };
    },
  );
  if (paid.order) {
    await publishOrderPaid(deps, paid.order);
  }
  return receipt;
}
