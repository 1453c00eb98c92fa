import { AppError } from '@careline/domain/errors';
import { buildInvoiceLines, nothingToPay } from '@careline/domain/payments';
import type { Tx } from '../../db/client.ts';
import type { InvoiceItem } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { earnVisitPoints } from '../loyalty/index.ts';
import { hospitalScope, requireId, staffActor } from '../staff/index.ts';
import { pricedSince } from './payment-invoices.service.ts';
import { findChargingScheme, findOpenInvoice, insertOpenInvoice, markInvoicePaid, supersedeOpenInvoice, upsertPayment } from './payments.repo.ts';
import { insertBookingRequest } from './booking-requests.repo.ts';
import {
  findCashPayment,
  findDeskAppointment,
  listPendingDeskAppointments,
  markPendingAppointmentPaid,
} from './staff-payments.repo.ts';
import {
  CASH_GATEWAY,
  decimalOf,
  hospitalDayRange,
  major,
  minorOf,
  newReceiptNumber,
  publishAfterCommit,
  type ReceiptItem,
  type StaffPaymentsDeps,
} from './staff-payments.context.ts';

/*
 * The cashier's desk (issue 9 §9 Cashier's console): the day's appointments waiting for a cash
 * payment, and a cash payment taken with its receipt.
 */

/** Refund statuses whose money went back to the patient, or goes back at the hospital. */
const REFUNDED = ['approved', 'refunded'];

/** A cash receipt as the cashier prints it. Plain JSON (an idempotent retry answers the stored one). */
export type CashReceipt = {
  receiptNumber: string;
  appointmentId: string;
  paymentId: string;
  hospitalName: string;
  patientName: string;
  tokenNo: number;
  doctorName: string;
  sessionStart: string;
  items: ReceiptItem[];
  total: string;
  currency: string;
  /** ISO 8601 instant. */
  paidAt: string;
  cashierName: string;
};

/** An unpaid appointment of the day for the cash desk. */
export type DeskAppointmentView = {
  id: string;
  sessionId: string;
  sessionStart: Date;
  doctorName: string;
  tokenNo: number;
  patientName: string;
  appointmentStatus: string;
  paymentStatus: string;
  /** Its session has no charging scheme: it invoices 0 (spec doc 2 §5), there is no cash to take. */
  nothingToPay: boolean;
};

/**
 * The live, unpaid appointments of a hospital day's sessions, for the cash desk, each saying whether
 * there is anything to take for it (nothingToPay, the rule the patient's appointment follows); audited.
 * @param deps - database, tenant, staff member, hospital
 * @param date - the hospital day 'YYYY-MM-DD'
 */
export async function staffCashDesk(deps: StaffPaymentsDeps, date: string): Promise<DeskAppointmentView[]> {
  const who = staffActor(deps, 'payments.cash');
  const rows = await listPendingDeskAppointments(deps.db, hospitalScope(deps), hospitalDayRange(date));
  await recordAudit(deps.db, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'payments.cash-desk.read',
    correlationId: deps.correlationId,
    details: { date, appointments: rows.length },
  });
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.sessionId,
    sessionStart: row.sessionStart,
    doctorName: row.doctorName,
    tokenNo: row.tokenNo,
    patientName: row.patientName,
    appointmentStatus: row.appointmentStatus,
    paymentStatus: row.paymentStatus,
    nothingToPay: nothingToPay(row, row),
  }));
}

/** The appointment's open invoice (the patient's, reused unless priced since) or a new one from the session's scheme. */
async function openInvoiceFor(tx: Tx, deps: StaffPaymentsDeps, appointment: NonNullable<Awaited<ReturnType<typeof findDeskAppointment>>>) {
  const owner = { tenantId: deps.tenantId, accountId: appointment.accountId };
  const requestReference = `Appointment/${appointment.id}`;
  const open = await findOpenInvoice(tx, owner, requestReference);
  if (open && !pricedSince(open, appointment.chargingSchemeId)) {
    return open;
  }
  if (open) {
    // The patient's free invoice of before the hospital set the session's scheme: nothing was payable on it.
    await supersedeOpenInvoice(tx, open.id);
  }
  if (!appointment.chargingSchemeId) {
    throw new AppError('ARO-E5003');
  }
  const scheme = await findChargingScheme(tx, deps.tenantId, appointment.chargingSchemeId);
  if (!scheme || scheme.organizationId !== deps.organizationId) {
    throw new AppError('ARO-E5003');
  }
  let lines: ReturnType<typeof buildInvoiceLines>;
  try {
    lines = buildInvoiceLines(scheme.items);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('ARO-E5004');
    }
    throw error;
  }
  const items: InvoiceItem[] = lines.items.map((line) => ({ description: line.description, amount: major(line.amountMinor), category: line.category }));
  const inserted = await insertOpenInvoice(tx, {
    tenantId: deps.tenantId,
    accountId: appointment.accountId,
    patientId: appointment.patientId,
    organizationId: deps.organizationId,
    requestReference,
    appointmentId: appointment.id,
    sessionId: appointment.sessionId,
    chargingSchemeId: scheme.id,
    items,
    values: [major(lines.totalMinor)],
    totalAmount: major(lines.totalMinor),
    currency: scheme.currency || deps.currency,
    reasonCode: 'prepayment_collected',
    instrumentType: 'cash',
  });
  const invoice = inserted ?? (await findOpenInvoice(tx, owner, requestReference));
  if (!invoice) {
    throw new Error('open invoice vanished');
  }
  return invoice;
}

/**
 * Takes a cash payment at the desk for an unpaid appointment of the hospital (issue 9 §9), in one
 * transaction: the open invoice (the patient's, or one made from the session's charging scheme), a
 * completed 'cash' booking request, an ACCEPT payment whose transaction reference is a new receipt
 * number, the invoice revenue_collected, the appointment paid (only from pending: a double click,
 * even concurrent, charges once), loyalty points for a fulfilled visit, and the audit row. With the
 * same idempotency key a retry answers the first receipt; a second take with another key is refused
 * with the first receipt's number (ARO-E5041); a refunded appointment (refund approved or made) is
 * refused (ARO-E5051), and one of a session without a charging scheme, which has nothing to pay
 * (nothingToPay; the desk lists it so), with ARO-E5008.
 * @param deps - database, tenant, staff member, hospital, publish, loyalty
 * @param appointmentId - the appointment
 * @param idempotencyKey - one key per submit, reused on retry
 */
export async function staffTakeCashPayment(
  deps: StaffPaymentsDeps,
  appointmentId: string,
  idempotencyKey: string | null,
): Promise<CashReceipt> {
  const who = staffActor(deps, 'payments.cash');
  requireId(appointmentId);
  const found = await findDeskAppointment(deps.db, hospitalScope(deps), appointmentId);
  if (!found) {
    throw new AppError('ARO-E2001');
  }
  const receipt = await runOnce(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: idempotencyKey },
    'staffTakeCashPayment',
    { organizationId: deps.organizationId, appointmentId },
    async (tx): Promise<CashReceipt> => {
      if (found.appointmentStatus === 'cancelled' || found.appointmentStatus === 'entered_in_error') {
        throw new AppError('ARO-E5042', { status: found.appointmentStatus });
      }
      // issue 29 §1.6: the money went back (or goes back at the hospital): never collected again.
      if (REFUNDED.includes(found.paymentRefundStatus ?? '')) {
        throw new AppError('ARO-E5051');
      }
      // A free session's appointment invoices 0 (spec doc 2 §5): no cash is taken, no receipt made, nothing changes.
      if (nothingToPay(found, found)) {
        throw new AppError('ARO-E5008');
      }
      // The guard: only the call that moves it from pending goes on; its twin waits for the row lock.
      if (!(await markPendingAppointmentPaid(tx, deps.tenantId, appointmentId))) {
        const cash = await findCashPayment(tx, deps.tenantId, appointmentId);
        if (cash) {
          throw new AppError('ARO-E5041', { receipt: cash.transactionReference });
        }
        throw new AppError('ARO-E5040');
      }
      const invoice = await openInvoiceFor(tx, deps, found);
      const now = new Date();
      const receiptNumber = newReceiptNumber(now);
      const booking = await insertBookingRequest(tx, {
        tenantId: deps.tenantId,
        accountId: found.accountId,
        patientId: found.patientId,
        invoiceId: invoice.id,
        organizationId: deps.organizationId,
        requestReference: invoice.requestReference,
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
        accountId: found.accountId,
        patientId: found.patientId,
        bookingRequestId: booking.id,
        invoiceId: invoice.id,
        organizationId: deps.organizationId,
        requestReference: invoice.requestReference,
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
        throw new AppError('ARO-E5040');
      }
      if (deps.loyalty) {
        await earnVisitPoints(tx, { tenantId: deps.tenantId, appointmentId, actor: who, correlationId: deps.correlationId, settings: deps.loyalty });
      }
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: 'payment.cash',
        correlationId: deps.correlationId,
        patientAccountId: found.accountId,
        patientId: found.patientId,
        details: { appointmentId, paymentId: payment.id, receiptNumber, amount: decimalOf(minorOf(invoice.totalAmount)), currency: invoice.currency },
      });
      return {
        receiptNumber,
        appointmentId,
        paymentId: payment.id,
        hospitalName: found.hospitalName,
        patientName: found.patientName,
        tokenNo: found.tokenNo,
        doctorName: found.doctorName,
        sessionStart: found.sessionStart.toISOString(),
        items: invoice.items.map((item) => ({ description: item.description, amount: decimalOf(minorOf(item.amount)) })),
        total: decimalOf(minorOf(invoice.totalAmount)),
        currency: invoice.currency,
        paidAt: now.toISOString(),
        cashierName: deps.staff.displayName,
      };
    },
  );
  await publishAfterCommit(deps, found.sessionId);
  return receipt;
}
