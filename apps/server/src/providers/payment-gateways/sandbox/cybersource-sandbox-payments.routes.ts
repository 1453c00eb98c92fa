import { randomBytes } from 'node:crypto';
import { toMinor } from '@careline/domain/payments';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PREFIX } from './sandbox-pages.ts';
import { readSandboxToken } from './sandbox-token.ts';
import { findTestCard } from './test-cards.ts';
import { AMOUNT, CHALLENGE_TTL_MS, expired, invalid, newTransactionId, signedDateTime, unauthorised } from './cybersource-sandbox.protocol.ts';
import { restProfile } from './cybersource-sandbox.rest-auth.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/**
 * The REST API's token charge (authorise and capture, with 3-D Secure enrolment and validation):
 * POST /pts/v2/payments.
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxPaymentRoutes(scope: FastifyInstance, sandbox: CyberSourceSandbox): void {
  // REST: charge a payment token (authorise and capture).
  scope.post('/pts/v2/payments', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const profile = restProfile(sandbox, request, raw);
    if (!profile) {
      return unauthorised(reply);
    }
    let sent: {
      clientReferenceInformation?: { code?: unknown };
      processingInformation?: { actionList?: unknown };
      paymentInformation?: { customer?: { customerId?: unknown } };
      orderInformation?: { amountDetails?: { totalAmount?: unknown; currency?: unknown } };
      consumerAuthenticationInformation?: {
        returnUrl?: unknown;
        authenticationTransactionId?: unknown;
      };
    };
    try {
      sent = JSON.parse(raw) as typeof sent;
    } catch {
      return invalid(reply, 'INVALID_DATA', 'Declined - The request is not valid JSON');
    }
    const code = sent?.clientReferenceInformation?.code;
    const amount = sent?.orderInformation?.amountDetails?.totalAmount;
    const currency = sent?.orderInformation?.amountDetails?.currency;
    const token = sent?.paymentInformation?.customer?.customerId;
    if (
      typeof amount !== 'string' ||
      !AMOUNT.test(amount) ||
      typeof currency !== 'string' ||
      !/^[A-Z]{3}$/.test(currency)
    ) {
      return invalid(
        reply,
        'MISSING_FIELD',
        'Declined - The request is missing one or more fields',
      );
    }
    const card =
      typeof token === 'string' ? readSandboxToken(sandbox.deps.providers.appSecret, token) : null;
    if (!card || card.merchantId !== profile.merchantId) {
      return invalid(
        reply,
        'INVALID_DATA',
        'Declined - One or more fields in the request contains invalid data',
      );
    }
    const id = newTransactionId();
    const base = {
      id,
      submitTimeUtc: signedDateTime(new Date()),
      clientReferenceInformation: { code: typeof code === 'string' ? code : '' },
      orderInformation: { amountDetails: { totalAmount: amount, currency } },
    };
    // Every authorisation answered is found again by Transaction Search (issue 29 §2).
    const record = (transactionId: string, result: 'CAPTURED' | 'HELD' | 'AUTH_DECLINED' | 'ERROR', reasonCode: string) =>
      sandbox.state.recordTransaction({
        id: transactionId,
        merchantId: profile.merchantId,
        reference: typeof code === 'string' ? code : '',
        amount,
        currency,
        submitTimeUtc: base.submitTimeUtc,
        reasonCode,
        applications: [
          { name: 'ics_auth', rCode: result === 'CAPTURED' || result === 'HELD' ? '1' : result === 'ERROR' ? '-1' : '0', reasonCode },
          ...(result === 'CAPTURED' ? [{ name: 'ics_bill' as const, rCode: '1' as const, reasonCode }] : []),
        ],
      });
    if (expired(card.expiry, new Date())) {
      record(id, 'AUTH_DECLINED', '202');
      return reply.code(201).send({
        ...base,
        status: 'DECLINED',
        errorInformation: { reason: 'EXPIRED_CARD', message: 'Decline - Expired card.' },
      });
    }
    const actions = Array.isArray(sent?.processingInformation?.actionList)
      ? (sent.processingInformation.actionList as unknown[])
      : [];
    const payerAuth = sent?.consumerAuthenticationInformation;
    let outcome = findTestCard(card.maskedNumber)?.outcome ?? 'ACCEPT';
    if (actions.includes('VALIDATE_CONSUMER_AUTHENTICATION')) {
      // After the step-up: authorise only what was authenticated, once.
      const authId = payerAuth?.authenticationTransactionId;
      const pending = typeof authId === 'string' ? sandbox.state.authentications.get(authId) : undefined;
      if (
        typeof authId !== 'string' ||
        !pending ||
        pending.expiresAt < Date.now() ||
        pending.state === 'pending' ||
        pending.merchantId !== profile.merchantId ||
        pending.token !== token ||
        pending.amount !== amount ||
        pending.currency !== currency
      ) {
        return invalid(
          reply,
          'INVALID_DATA',
          'Declined - The authentication transaction is unknown or not completed',
        );
      }
      sandbox.state.authentications.delete(authId);
      if (pending.state === 'cancelled') {
        // issue 29 §2: the cardholder pressed Cancel at the bank (3-D Secure challengeCancelCode 01).
        record(id, 'AUTH_DECLINED', '476');
        return reply.code(201).send({
          ...base,
          status: 'AUTHENTICATION_FAILED',
          consumerAuthenticationInformation: { challengeCancelCode: '01', paresStatus: 'N' },
          errorInformation: {
            reason: 'CONSUMER_AUTHENTICATION_FAILED',
            message: 'Decline - The cardholder cancelled the authentication.',
          },
        });
      }
      if (pending.state === 'failed') {
        record(id, 'AUTH_DECLINED', '476');
        return reply.code(201).send({
          ...base,
          status: 'AUTHENTICATION_FAILED',
          errorInformation: {
            reason: 'CONSUMER_AUTHENTICATION_FAILED',
            message: 'Decline - The payer could not be authenticated.',
          },
        });
      }
      outcome = 'ACCEPT';
    } else if (outcome === 'CHALLENGE') {
      // The bank of a 3-D Secure card wants its cardholder for every charge.
      const returnUrl = payerAuth?.returnUrl;
      if (
        !actions.includes('CONSUMER_AUTHENTICATION') ||
        typeof returnUrl !== 'string' ||
        returnUrl === ''
      ) {
        return reply.code(201).send({
          ...base,
          status: 'DECLINED',
          errorInformation: {
            reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
            message: 'Decline - The cardholder must be authenticated (3-D Secure).',
          },
        });
      }
      const now = Date.now();
      sandbox.state.dropExpiredAuthentications(now);
      const authenticationTransactionId = randomBytes(10).toString('hex');
      const accessToken = randomBytes(24).toString('base64url');
      sandbox.state.authentications.set(authenticationTransactionId, {
        merchantId: profile.merchantId,
        token: token as string,
        amount,
        currency,
        returnUrl,
        accessToken,
        md: '',
        state: 'pending',
        expiresAt: now + CHALLENGE_TTL_MS,
      });
      return reply.code(201).send({
        ...base,
        status: 'PENDING_AUTHENTICATION',
        errorInformation: {
          reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
          message:
            'The cardholder is enrolled in Payer Authentication. Please authenticate the cardholder before continuing with the transaction.',
        },
        consumerAuthenticationInformation: {
          veresEnrolled: 'Y',
          authenticationTransactionId,
          accessToken,
          stepUpUrl: `${SANDBOX_PREFIX}/cardinal/step-up`,
          acsUrl: `${SANDBOX_PREFIX}/cardinal/step-up`,
        },
      });
    }
    if (outcome === 'ERROR') {
      record(id, 'ERROR', '150');
      return reply.code(502).send({
        submitTimeUtc: base.submitTimeUtc,
        status: 'SERVER_ERROR',
        reason: 'SYSTEM_ERROR',
        message: 'Error - General system failure.',
      });
    }
    if (outcome === 'DECLINE') {
      record(id, 'AUTH_DECLINED', '203');
      return reply.code(201).send({
        ...base,
        status: 'DECLINED',
        errorInformation: {
          reason: 'PROCESSOR_DECLINED',
          message: 'Decline - General decline of the card.',
        },
      });
    }
    sandbox.state.captured.set(id, {
      merchantId: profile.merchantId,
      currency,
      capturedMinor: toMinor(amount),
      refundedMinor: 0,
    });
    record(id, outcome === 'REVIEW' ? 'HELD' : 'CAPTURED', outcome === 'REVIEW' ? '480' : '100');
    return reply.code(201).send({
      ...base,
      status: outcome === 'REVIEW' ? 'AUTHORIZED_PENDING_REVIEW' : 'AUTHORIZED',
      orderInformation: {
        amountDetails: { totalAmount: amount, authorizedAmount: amount, currency },
      },
      paymentInformation: { card: { type: card.cardType } },
    });
  });
}
