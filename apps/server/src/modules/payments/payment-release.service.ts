import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import { recordAudit } from '../audit/index.ts';
import { ranBefore } from '../idempotency/index.ts';
import { gatewaysFor } from '../tenants/index.ts';
import {
  findBlockingBookingRequest,
  REDIRECT_GATEWAYS,
  releaseAuthenticatingBooking,
} from './booking-requests.repo.ts';
import { findOwnedInvoice, type BookingRequestRow } from './payments.repo.ts';
import { settleRedirectBooking } from './redirect-answers.service.ts';
import { CARD_GATEWAY, owner, type PaymentsCaller } from './payments.context.ts';

/*
 * A payment whose answer never came back (issue 29 §2): the patient left the bank's 3-D Secure page,
 * or the wallet's or carrier's page, without an answer, and pays again. The attempt that blocks the
 * invoice is asked at its gateway and released at once when nothing was captured; otherwise the
 * refusal says until when the invoice stays blocked.
 */

/** Marks a Genie or mobile-bill request whose gateway payment is still being created (gateway-start.service.ts). */
const CREATING_PREFIX = 'creating:';

/**
 * Before another payment of an invoice of the account starts (initiateBooking, completeBooking):
 * the request that blocks it, if its answer never came back, is asked at its gateway outside any
 * transaction (a slow gateway holds no lock) and released when nothing was captured:
 * - a quick pay waiting for its 3-D Secure step-up: CyberSource's Transaction Search by our
 *   reference; nothing authorised or captured releases it ('failed': the step-up, if finished later,
 *   authorises nothing); anything found, or no answer, keeps it until the step-up expires;
 * - a Genie or mobile-bill page: the payment read back from the gateway's API, and settled as its
 *   answer would be (cancelled or declined: released; paid: credited); still open keeps it until
 *   its window ends.
 * A charge in flight, REVIEW and an unknown outcome are never released here. Nothing is done for a
 * retry with a key that already ran (its request is its own, runOnce answers it again), for another
 * account's invoice or a malformed id (the payment then refuses them as before).
 * @param caller - tenant, signed-in account, providers
 * @param invoiceId - the invoice about to be paid
 * @param idempotencyKey - the payment's key, if any
 */
export async function releaseUnansweredPayment(
  caller: PaymentsCaller,
  invoiceId: string,
  idempotencyKey: string | null,
): Promise<void> {
  if (!UUID.test(invoiceId)) {
    return;
  }
  if (
    await ranBefore(caller.db, {
      tenantId: caller.tenant.id,
      accountId: caller.accountId,
      key: idempotencyKey,
    })
  ) {
    return;
  }
  const invoice = await findOwnedInvoice(caller.db, owner(caller), invoiceId);
  const booking = invoice ? await findBlockingBookingRequest(caller.db, invoice.id) : null;
  if (!booking || booking.tenantId !== caller.tenant.id || booking.accountId !== caller.accountId) {
    return;
  }
  if (booking.paymentGatewayType === CARD_GATEWAY && booking.status === 'authenticating') {
    await releaseAbandonedStepUp(caller, booking);
    return;
  }
  const redirect = REDIRECT_GATEWAYS.some((gateway) => gateway === booking.paymentGatewayType);
  if (
    redirect &&
    booking.status === 'initiated' &&
    booking.transactionUuid &&
    !booking.transactionUuid.startsWith(CREATING_PREFIX)
  ) {
    const settled = await settleRedirectBooking(caller, booking, 'query');
    if (typeof settled === 'object' && settled.outcome === 'failed') {
      await auditRelease(caller, booking, `the gateway answered ${settled.decision}`);
    }
  }
}

/** A quick pay left at the bank's step-up: released when the gateway holds nothing for it. */
async function releaseAbandonedStepUp(
  caller: PaymentsCaller,
  booking: BookingRequestRow,
): Promise<void> {
  const settings = gatewaysFor(caller.tenant, booking.organizationId).cyberSource;
  const search = await cyberSource.searchTransactions(
    caller.providers.gatewayHttp,
    settings,
    booking.externalReference,
  );
  if (search.found !== 'nothing') {
    caller.log.warn(
      {
        bookingRequestId: booking.id,
        found: search.found,
        ...(search.found === 'unknown' ? { reason: search.reason } : {}),
      },
      'a payment left at the 3-D Secure step-up is kept: the gateway did not say that nothing was captured',
    );
    return;
  }
  if (await releaseAuthenticatingBooking(caller.db, booking.id)) {
    await auditRelease(caller, booking, 'nothing captured at the gateway');
  }
}

async function auditRelease(
  caller: PaymentsCaller,
  booking: BookingRequestRow,
  reason: string,
): Promise<void> {
  await recordAudit(caller.db, {
    tenantId: caller.tenant.id,
    actor: { kind: 'patient', accountId: caller.accountId },
    action: 'payment.release',
    correlationId: caller.correlationId,
    patientId: booking.patientId,
    organizationId: booking.organizationId,
    details: {
      bookingRequestId: booking.id,
      invoiceId: booking.invoiceId,
      gateway: booking.paymentGatewayType,
      reason,
    },
  });
}
