import { AppError } from '@careline/domain/errors';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import { notFound } from '../staff/index.ts';
import {
  claimAuthenticatedCharge,
  findBookingRequestByReference,
  findOwnedBookingRequest,
  setBookingReturnPaths,
} from './booking-requests.repo.ts';
import { findOwnedPaymentMethod, type BookingRequestRow } from './payments.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { isSameOriginPath } from './payable-invoice.ts';
import {
  CARD_GATEWAY,
  CHARGE_POLL_MS,
  CHARGE_WAIT_MS,
  owner,
  type PaymentsCaller,
  type PaymentsDeps,
} from './payments.context.ts';
import { chargeSavedCard } from './saved-cards.service.ts';

/*
 * The bank's 3-D Secure step-up of a quick pay (spec doc 2 §7 authenticatePaymentGateway) and its
 * answer, which authorises the charge once.
 */

/** Where the browser goes after a step-up when authenticatePaymentGateway was given no paths. */
const DEFAULT_AUTHENTICATED_PATH = '/profiles/my-payment-history';

/** What authenticatePaymentGateway answers (spec doc 2 §7): the bank's page, as HTML or a URL. */
export type PaymentAuthenticationView = {
  authentication: { redirectHtml?: string; redirectUrl?: string };
};

/**
 * The bank's 3-D Secure step-up of a quick pay waiting for it (spec doc 2 §7
 * authenticatePaymentGateway): an HTML form that posts the access token to the bank's page. The
 * bank sends the browser back to /payments/cybersource/authenticated, which authorises the charge
 * once and redirects to successUrl or failureUrl with paymentStatus and bookingId.
 * @param caller - tenant, signed-in account
 * @param input - the booking request (completeBooking's bookingId) and the same-origin return paths
 */
export async function authenticatePaymentGateway(
  caller: PaymentsCaller,
  input: { bookingId: string; successUrl: string | null; failureUrl: string | null },
): Promise<PaymentAuthenticationView> {
  if (!UUID.test(input.bookingId)) {
    throw notFound();
  }
  const successUrl = input.successUrl ?? DEFAULT_AUTHENTICATED_PATH;
  const failureUrl = input.failureUrl ?? input.successUrl ?? DEFAULT_AUTHENTICATED_PATH;
  if (!isSameOriginPath(successUrl) || !isSameOriginPath(failureUrl)) {
    throw new AppError('ARO-E5009');
  }
  const booking = await findOwnedBookingRequest(caller.db, owner(caller), input.bookingId);
  if (!booking) {
    throw notFound();
  }
  const authentication = booking.authentication;
  if (booking.status !== 'authenticating' || !authentication) {
    throw new AppError('ARO-E5018');
  }
  if (Date.parse(authentication.expiresAt) <= Date.now()) {
    throw new AppError('ARO-E5019');
  }
  await setBookingReturnPaths(caller.db, booking.id, { successUrl, failureUrl });
  return {
    authentication: {
      redirectHtml: cyberSource.stepUpHtml(
        {
          url: authentication.stepUpUrl,
          accessToken: authentication.accessToken,
          authenticationTransactionId: authentication.authenticationTransactionId,
        },
        booking.externalReference,
      ),
    },
  };
}

/**
 * The bank's answer to a 3-D Secure step-up (POST /payments/cybersource/authenticated, MD and
 * TransactionId): the one call that claims the authenticating request authorises the charge
 * through the gateway (which refuses an authentication that did not pass) and credits it exactly
 * once; a replay changes nothing and answers the outcome as it stands.
 * @param deps - database, tenant, providers
 * @param reference - MD: the request's external reference
 * @param authenticationTransactionId - the step-up's transaction id
 */
export async function completePayerAuthentication(
  deps: PaymentsDeps,
  reference: string,
  authenticationTransactionId: string,
): Promise<{ booking: BookingRequestRow; accepted: boolean } | 'reference'> {
  const booking = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
  if (
    !booking ||
    booking.paymentGatewayType !== CARD_GATEWAY ||
    booking.authentication?.authenticationTransactionId !== authenticationTransactionId
  ) {
    return 'reference';
  }
  const claimed = await claimAuthenticatedCharge(deps.db, booking.id, authenticationTransactionId);
  if (!claimed) {
    // A twin return (a double submit of the bank's page) while the first is authorising: wait for its
    // outcome, as a twin quick pay does, instead of answering Failure for a charge that may succeed.
    let now = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
    for (let waited = 0; now?.status === 'charging' && waited < CHARGE_WAIT_MS; waited += CHARGE_POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, CHARGE_POLL_MS));
      now = await findBookingRequestByReference(deps.db, deps.tenant.id, reference);
    }
    return { booking: now ?? booking, accepted: now?.status === 'completed' };
  }
  const method = claimed.paymentMethodId
    ? await findOwnedPaymentMethod(deps.db, { tenantId: deps.tenant.id, accountId: claimed.accountId }, claimed.paymentMethodId)
    : null;
  const answer = await chargeSavedCard(deps, claimed, method?.gatewayToken ?? null, {
    action: 'validate',
    authenticationTransactionId,
  });
  return { booking: claimed, accepted: answer.decision === 'ACCEPT' };
}
