import { errorString } from '@careline/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { cyberSource, DUPLICATE_REQUEST_REASON } from '../../providers/payment-gateways/cybersource.ts';
import { answerGateways, findRedirectBooking, settleRedirectBooking } from './redirect-answers.service.ts';
import { applyGatewayAnswer, matchAnswer, type AnswerSource } from './gateway-answers.service.ts';
import {
  AUTHENTICATED_PATH,
  GENIE_GATEWAY,
  GENIE_NOTIFY_PATH,
  GENIE_RETURN_PATH,
  MOBILE_BILL_GATEWAY,
  MOBILE_BILL_NOTIFY_PATH,
  MOBILE_BILL_RETURN_PATH,
  NOTIFY_PATH,
  RETURN_PATH,
  type PaymentsDeps,
  type RedirectGateway,
} from './payments.context.ts';
import { completePayerAuthentication } from './payer-authentication.service.ts';
import { genie } from '../../providers/payment-gateways/genie.ts';
import { mobileBill } from '../../providers/payment-gateways/mobile-bill.ts';

/** A gateway answer is a few dozen short fields; anything far larger is not one. */
const ANSWER_BODY_LIMIT = 64 * 1024;

function onlyStrings(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
      if (typeof value === 'string') {
        fields[name] = value;
      }
    }
  }
  return fields;
}

/**
 * A same-origin path with the outcome appended (issue 9 §3): `paymentStatus=Success|Failure&bookingId=<id>`,
 * or Pending for a Genie or mobile-bill payment that is not final yet (the page reads the recorded
 * answer of bookingId, REVIEW: 'Payment is pending').
 * @param path - the booking request's successUrl or failureUrl
 * @param status - Success, Failure or Pending
 * @param bookingId - the booking request
 */
export function returnLocation(path: string, status: 'Success' | 'Failure' | 'Pending', bookingId: string): string {
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const query = new URLSearchParams({ paymentStatus: status, bookingId }).toString();
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${query}${hash}`;
}

/** Where a patient's browser goes when its way back from a gateway is refused: their payment history. */
export const REFUSED_RETURN_LOCATION = '/profiles/my-payment-history';

/**
 * A browser back from a gateway that is refused (bad signature, unknown or foreign payment, changed
 * amount): nothing is credited, as for a notification, but the patient's browser is sent to their
 * payment history (which shows what was really recorded) instead of a raw error answer. No id of
 * the refused payment goes into the address.
 */
function refusedReturn(reply: FastifyReply): FastifyReply {
  return reply.redirect(REFUSED_RETURN_LOCATION, 303);
}

/**
 * The card gateway's answers (issue 9 §3; spec doc 2 §7 Payment gateways): POST
 * /payments/cybersource/return (the browser, redirected with 303 to the booking's successUrl or
 * failureUrl) and POST /payments/cybersource/notify (the gateway's server-to-server notification,
 * 200). Both read a form-urlencoded body, verify its signature with the settings of the hospital of
 * the booking request it names under the tenant the host names (issue 9 §2), match it to that
 * booking request (reference, transaction uuid, amount, currency) and credit it exactly once. A bad signature answers 403, an unknown reference or a
 * changed amount 400 (the browser's return: 303 to the payment history), and nothing is changed.
 * @param app - the server
 * @param deps - tenants, database and providers
 * @param publish - live updates (the appointment screen refreshes when a payment is credited)
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  publish: (topic: string, payload: unknown) => Promise<void>,
): Promise<void> {
  const depsOf = (request: FastifyRequest): PaymentsDeps => ({
    db: deps.database.db,
    tenant: deps.tenants.resolve(request.hostname),
    correlationId: request.id,
    providers: deps.providers,
    publish,
    log: request.log,
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply, source: AnswerSource) => {
    const paymentsDeps = depsOf(request);
    const fields = onlyStrings(request.body);
    // issue 9 §2: verified with the secret of the hospital of the payment the answer names.
    const gateways = await answerGateways(paymentsDeps, { reference: fields.req_reference_number ?? '' });
    const answer = cyberSource.readAnswer(gateways.cyberSource, fields);
    if (!answer) {
      request.log.warn({ source }, 'gateway answer refused: signature or fields not valid');
      return source === 'return' ? refusedReturn(reply) : reply.code(403).send({ error: errorString('ARO-E5011') });
    }
    const booking = await matchAnswer(paymentsDeps, answer, source);
    if (typeof booking === 'string') {
      request.log.warn({ source, refusal: booking, reference: answer.referenceNumber }, 'gateway answer refused');
      if (source === 'return') {
        return refusedReturn(reply);
      }
      return reply.code(400).send({ error: errorString(booking === 'amount' ? 'ARO-E5013' : 'ARO-E5012') });
    }
    const result = await applyGatewayAnswer(paymentsDeps, booking, answer, source);
    if (source === 'notify') {
      return reply.code(200).send({ status: result.outcome });
    }
    // A refused resubmission (reason 104) is no outcome of its own: the request's first answer decides.
    const resubmitted = result.outcome === 'duplicate' && answer.reasonCode === DUPLICATE_REQUEST_REASON;
    const accepted = resubmitted ? result.booking.status === 'completed' : answer.decision === 'ACCEPT';
    const path = (accepted ? booking.successUrl : booking.failureUrl) ?? '/';
    return reply.redirect(returnLocation(path, accepted ? 'Success' : 'Failure', booking.id), 303);
  };

  /**
   * The browser back from Genie or the carrier (GET, the outcome in the query, which proves nothing):
   * the payment is read back from the gateway's API (settleRedirectBooking), and that decides.
   */
  const redirectReturn = async (
    request: FastifyRequest<{ Querystring: Record<string, string | undefined> }>,
    reply: FastifyReply,
    gateway: RedirectGateway,
    named: string | undefined,
  ) => {
    const paymentsDeps = depsOf(request);
    const reference = request.query.reference ?? '';
    const booking =
      reference.length > 0 && reference.length <= 200 ? await findRedirectBooking(paymentsDeps, gateway, { reference }) : null;
    if (!booking || (named !== undefined && named !== booking.transactionUuid)) {
      request.log.warn({ reference, gateway }, 'payment return refused: no such payment');
      return refusedReturn(reply);
    }
    const settled = await settleRedirectBooking(paymentsDeps, booking, 'return');
    if (settled === 'reference' || settled === 'amount' || settled === 'signature') {
      request.log.warn({ reference, gateway, refusal: settled }, 'the gateway payment does not match its booking request');
      return refusedReturn(reply);
    }
    if (settled === 'open' || settled === 'unverified') {
      // Not final (or not readable) yet: never reported as failed; the notification settles it.
      return reply.redirect(returnLocation(booking.failureUrl ?? '/', 'Pending', booking.id), 303);
    }
    const accepted = settled.decision === 'ACCEPT';
    const path = (accepted ? booking.successUrl : booking.failureUrl) ?? '/';
    return reply.redirect(returnLocation(path, accepted ? 'Success' : settled.decision === 'REVIEW' ? 'Pending' : 'Failure', booking.id), 303);
  };

  /** A verified notification names the payment; it is read back from the gateway and credited once. */
  const redirectNotify = async (request: FastifyRequest, reply: FastifyReply, gateway: RedirectGateway, transactionId: string) => {
    const paymentsDeps = depsOf(request);
    const booking =
      transactionId && transactionId.length <= 200 ? await findRedirectBooking(paymentsDeps, gateway, { transactionId }) : null;
    if (!booking) {
      return reply.code(400).send({ error: errorString('ARO-E5012') });
    }
    const settled = await settleRedirectBooking(paymentsDeps, booking, 'notify');
    if (settled === 'unverified' || settled === 'open') {
      // The gateway could not be read, or its payment is not final yet: not handled, so that it
      // notifies again.
      return reply.code(503).send({ status: settled });
    }
    if (typeof settled === 'string') {
      return reply.code(400).send({ error: errorString(settled === 'amount' ? 'ARO-E5013' : 'ARO-E5012') });
    }
    return reply.code(200).send({ status: settled.outcome });
  };

  app.get<{ Querystring: Record<string, string | undefined> }>(GENIE_RETURN_PATH, (request, reply) =>
    redirectReturn(request, reply, GENIE_GATEWAY, request.query.transactionId),
  );
  app.get<{ Querystring: Record<string, string | undefined> }>(MOBILE_BILL_RETURN_PATH, (request, reply) =>
    redirectReturn(request, reply, MOBILE_BILL_GATEWAY, request.query.chargeId),
  );

  // Genie's webhook: its X-Signature headers verified with the API key of the hospital of the
  // transaction the body names (issue 9 §2; the headers do not cover the body, which only names it).
  app.post(GENIE_NOTIFY_PATH, { bodyLimit: ANSWER_BODY_LIMIT }, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const transactionId = typeof body.transactionId === 'string' ? body.transactionId : '';
    const gateways = await answerGateways(depsOf(request), { gateway: GENIE_GATEWAY, transactionId });
    if (!genie.webhookVerified(gateways.genie, request.headers)) {
      request.log.warn('Genie webhook refused: signature not valid');
      return reply.code(403).send({ error: errorString('ARO-E5011') });
    }
    return redirectNotify(request, reply, GENIE_GATEWAY, transactionId);
  });

  // The carrier's notification: signed over the exact body, so it is read raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: ANSWER_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(MOBILE_BILL_NOTIFY_PATH, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      let chargeId = '';
      try {
        const parsed = JSON.parse(raw) as Record<string, unknown>;
        chargeId = typeof parsed.chargeId === 'string' ? parsed.chargeId : '';
      } catch {
        chargeId = '';
      }
      // Verified with the secret of the hospital of the charge the body names (issue 9 §2).
      const settings = (await answerGateways(depsOf(request), { gateway: MOBILE_BILL_GATEWAY, transactionId: chargeId })).mobileBill;
      const path = request.url.split('?')[0] ?? request.url;
      if (!mobileBill.verified(settings, request.headers, { method: 'POST', path, body: raw })) {
        request.log.warn('mobile bill notification refused: signature not valid');
        return reply.code(403).send({ error: errorString('ARO-E5011') });
      }
      return redirectNotify(request, reply, MOBILE_BILL_GATEWAY, chargeId);
    });
  });

  await app.register(async (scope) => {
    // Only these routes read forms (the gateway posts application/x-www-form-urlencoded).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: ANSWER_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post(RETURN_PATH, (request, reply) => handle(request, reply, 'return'));
    scope.post(NOTIFY_PATH, (request, reply) => handle(request, reply, 'notify'));
    // The bank's 3-D Secure step-up returns here (spec doc 2 §7 authenticatePaymentGateway).
    scope.post(AUTHENTICATED_PATH, async (request, reply) => {
      const fields = onlyStrings(request.body);
      const reference = fields.MD ?? '';
      const transactionId = fields.TransactionId ?? '';
      if (!reference || !transactionId || reference.length > 200 || transactionId.length > 200) {
        return refusedReturn(reply);
      }
      const tenant = deps.tenants.resolve(request.hostname);
      const result = await completePayerAuthentication(
        { db: deps.database.db, tenant, correlationId: request.id, providers: deps.providers, publish, log: request.log },
        reference,
        transactionId,
      );
      if (result === 'reference') {
        request.log.warn({ reference }, '3-D Secure return refused: no such authenticating payment');
        return refusedReturn(reply);
      }
      const path = (result.accepted ? result.booking.successUrl : result.booking.failureUrl) ?? '/';
      return reply.redirect(returnLocation(path, result.accepted ? 'Success' : 'Failure', result.booking.id), 303);
    });
  });
}
