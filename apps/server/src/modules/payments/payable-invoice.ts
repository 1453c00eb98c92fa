import { sessionCancelledByHospital } from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import { toMinor } from '@careline/domain/payments';
import type { Tx } from '../../db/client.ts';
import type { ServerTenant } from '../tenants/index.ts';
import { notFound } from '../staff/index.ts';
import { blockingUntil, findBlockingBookingRequest } from './booking-requests.repo.ts';
import {
  findOwnedAppointmentCharge,
  findOwnedInvoice,
  findSessionCharge,
  lockInvoice,
  type BookingRequestRow,
  type InvoiceRow,
} from './payments.repo.ts';
import { orderPaymentPort } from './order-payment-port.ts';
import { requirePayableOrder } from './order-payments.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import {
  CARD_GATEWAY,
  GENIE_GATEWAY,
  MOBILE_BILL_GATEWAY,
  owner,
  type PaymentsCaller,
  type RedirectGateway,
} from './payments.context.ts';

/*
 * Whether an invoice may be paid online now, and through which gateway (spec doc 2 §7 initiateBooking,
 * completeBooking; issue 9 §3): shared by the gateway start-ups and quick pay with a saved card.
 */

/** A same-origin path: one leading '/', not '//' or '/\', no control characters or spaces. */
export function isSameOriginPath(url: string): boolean {
  // \s covers spaces and line breaks; other control characters are checked by code point.
  if (!/^\/(?![/\\])[^\s\\]*$/.test(url)) {
    return false;
  }
  return [...url].every((char) => {
    const code = char.charCodeAt(0);
    return code > 0x1f && code !== 0x7f;
  });
}

/**
 * The online gateway initiateBooking may use: the card gateway, or Genie where the tenant's flag is
 * on (spec doc 2 §1: the first tenant override turns genie off).
 */
export function requireOnlineGateway(tenant: ServerTenant, gateway: string): typeof CARD_GATEWAY | RedirectGateway {
  if (gateway === GENIE_GATEWAY) {
    if (!tenant.publicConfig.features.paymentGateWay.genie) {
      throw new AppError('ARO-E5020', { gateway: 'Genie' });
    }
    return GENIE_GATEWAY;
  }
  if (gateway === MOBILE_BILL_GATEWAY) {
    if (!tenant.publicConfig.features.paymentGateWay.mobileBill) {
      throw new AppError('ARO-E5020', { gateway: 'mobile bill' });
    }
    return MOBILE_BILL_GATEWAY;
  }
  requireCardGateway(tenant, gateway);
  return CARD_GATEWAY;
}

/**
 * Checks that the gateway asked for is the card gateway and the tenant's card payments are on
 * (ARO-E5006, ARO-E5005).
 * @param tenant - the tenant's flags
 * @param gateway - the gateway asked for
 */
export function requireCardGateway(tenant: ServerTenant, gateway: string): void {
  if (gateway !== CARD_GATEWAY) {
    throw new AppError('ARO-E5006', { gateway: gateway.slice(0, 40) || 'this gateway' });
  }
  if (!tenant.publicConfig.features.paymentGateWay.cyberSource) {
    throw new AppError('ARO-E5005');
  }
}

/**
 * The refusal of a second payment of an invoice while one is processed (spec doc 2 §7, issue 9 §3):
 * ARO-E5030 with the time the block ends by itself (a 3-D Secure step-up's expiry, a wallet page's
 * window), as an ISO 8601 time the app shows in the hospital's time; ARO-E5015 where no end is
 * known (a charge in flight, REVIEW, an unknown outcome).
 * @param booking - the request that blocks the invoice
 */
export function stillProcessingError(booking: BookingRequestRow): AppError {
  const until = blockingUntil(booking);
  return until ? new AppError('ARO-E5030', { until: until.toISOString() }) : new AppError('ARO-E5015');
}

/**
 * The account's invoice, open and payable online under the tenant's flags, locked for the
 * transaction (SELECT … FOR UPDATE) so that no second booking request starts while one of the
 * invoice is charging, pending (REVIEW) or of unknown outcome (ARO-E5015, issue 9 §3: nothing is
 * ever charged twice), or waits for a 3-D Secure step-up or a wallet page (ARO-E5030 with until
 * when, issue 29 §2; releaseUnansweredPayment asks the gateway first). Only an invoice of a booked appointment is payable: a Session/ invoice of a
 * temporary booking buys nothing yet (ARO-E5016), a cancelled appointment is not paid (ARO-E5010).
 * An order's invoice is checked against its order (order-payments.service.ts requirePayableOrder).
 * @param db - the transaction that creates the booking request
 * @param caller - tenant and signed-in account
 * @param invoiceId - the invoice
 * @param gateway - the gateway the booking request goes to
 */
export async function payableInvoice(db: Tx, caller: PaymentsCaller, invoiceId: string, gateway: string): Promise<InvoiceRow> {
  if (!UUID.test(invoiceId)) {
    throw notFound();
  }
  // An order's invoice: the order is locked first (as creditInvoice and the hospital's changes do),
  // so a charge changed meanwhile either commits before this reads it or waits for the booking.
  const unlocked = await findOwnedInvoice(db, owner(caller), invoiceId);
  if (unlocked?.serviceRequestId) {
    await orderPaymentPort().lockOrderForPayment(db, caller.tenant.id, unlocked.serviceRequestId);
  }
  await lockInvoice(db, invoiceId);
  const invoice = await findOwnedInvoice(db, owner(caller), invoiceId);
  if (!invoice) {
    throw notFound();
  }
  if (invoice.reasonCode !== 'prepayment_collected') {
    throw new AppError('ARO-E5007');
  }
  if (toMinor(invoice.totalAmount.toFixed(2)) <= 0) {
    throw new AppError('ARO-E5008');
  }
  if (invoice.serviceRequestId) {
    // An order's invoice (spec doc 3 §4 Order payment, §5): the order decides, not a session.
    await requirePayableOrder(db, caller.tenant, owner(caller), invoice, gateway);
    const blocking = await findBlockingBookingRequest(db, invoice.id);
    if (blocking) {
      throw stillProcessingError(blocking);
    }
    return invoice;
  }
  // A temporary booking's confirmation is not wired to its invoice yet: paying it would buy nothing.
  if (!invoice.appointmentId) {
    throw new AppError('ARO-E5016');
  }
  const features = caller.tenant.publicConfig.features;
  if (invoice.sessionId) {
    const session = await findSessionCharge(db, caller.tenant.id, invoice.sessionId);
    const video = session?.participationMode === 'remote_presence_video_call';
    if (!(video ? features.videoChannelling.payment : features.channelling.payment)) {
      throw new AppError('ARO-E5005');
    }
  }
  if (invoice.appointmentId) {
    const appointment = await findOwnedAppointmentCharge(db, owner(caller), invoice.appointmentId);
    if (!appointment) {
      throw notFound();
    }
    if (appointment.paymentStatus === 'paid') {
      throw new AppError('ARO-E5001');
    }
    // issue 32 §2.5: the hospital cancelled its session; its patients are refunded, never charged after.
    if (
      appointment.appointmentStatus === 'cancelled' ||
      appointment.appointmentStatus === 'entered_in_error' ||
      sessionCancelledByHospital(appointment, appointment)
    ) {
      throw new AppError('ARO-E5010');
    }
  }
  const blocking = await findBlockingBookingRequest(db, invoice.id);
  if (blocking) {
    throw stillProcessingError(blocking);
  }
  return invoice;
}
