import { errorString } from '@careline/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import {
  applyGatewayAnswer,
  matchAnswer,
  NOTIFY_PATH,
  RETURN_PATH,
  type AnswerSource,
  type PaymentsDeps,
} from './payments.service.ts';

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
 * A same-origin path with the outcome appended (issue 9 §3): `paymentStatus=Success|Failure&bookingId=<id>`.
 * @param path - the booking request's successUrl or failureUrl
 * @param status - Success or Failure
 * @param bookingId - the booking request
 */
export function returnLocation(path: string, status: 'Success' | 'Failure', bookingId: string): string {
  const hashAt = path.indexOf('#');
  const base = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const query = new URLSearchParams({ paymentStatus: status, bookingId }).toString();
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${query}${hash}`;
}

/**
 * The card gateway's answers (issue 9 §3; spec doc 2 §7 Payment gateways): POST
 * /payments/cybersource/return (the browser, redirected with 303 to the booking's successUrl or
 * failureUrl) and POST /payments/cybersource/notify (the gateway's server-to-server notification,
 * 200). Both read a form-urlencoded body, verify its signature with the settings of the tenant the
 * host names, match it to that tenant's booking request (reference, transaction uuid, amount,
 * currency) and credit it exactly once. A bad signature answers 403, an unknown reference or a
 * changed amount 400, and nothing is changed.
 * @param app - the server
 * @param deps - tenants, database and providers
 * @param publish - live updates (the appointment screen refreshes when a payment is credited)
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  publish: (topic: string, payload: unknown) => Promise<void>,
): Promise<void> {
  const handle = async (request: FastifyRequest, reply: FastifyReply, source: AnswerSource) => {
    const tenant = deps.tenants.resolve(request.hostname);
    const answer = cyberSource.readAnswer(tenant.gateways.cyberSource, onlyStrings(request.body));
    if (!answer) {
      request.log.warn({ source }, 'gateway answer refused: signature or fields not valid');
      return reply.code(403).send({ error: errorString('ARO-E5011') });
    }
    const paymentsDeps: PaymentsDeps = {
      db: deps.database.db,
      tenant,
      correlationId: request.id,
      providers: deps.providers,
      publish,
      log: request.log,
    };
    const booking = await matchAnswer(paymentsDeps, answer, source);
    if (typeof booking === 'string') {
      request.log.warn({ source, refusal: booking, reference: answer.referenceNumber }, 'gateway answer refused');
      return reply.code(400).send({ error: errorString(booking === 'amount' ? 'ARO-E5013' : 'ARO-E5012') });
    }
    const result = await applyGatewayAnswer(paymentsDeps, booking, answer, source);
    if (source === 'notify') {
      return reply.code(200).send({ status: result.outcome });
    }
    const accepted = answer.decision === 'ACCEPT';
    const path = (accepted ? booking.successUrl : booking.failureUrl) ?? '/';
    return reply.redirect(returnLocation(path, accepted ? 'Success' : 'Failure', booking.id), 303);
  };

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
  });
}
