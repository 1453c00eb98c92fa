import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostedCardPage } from './sandbox-pages.ts';
import { answer, charge, profileFor } from './cybersource-sandbox.answer.ts';
import {
  cardFrom,
  merchantFields,
  onlyStrings,
  OUTCOMES,
  refuseSignature,
  signedSubset,
  type Fields,
} from './cybersource-sandbox.protocol.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/* The sandbox's payment pages (issue 9 §4): the silent order POST and the hosted checkout. */

/** The hosted checkout: the card page first, then the card it posts back. */
function hostedPay(
  sandbox: CyberSourceSandbox,request: FastifyRequest, reply: FastifyReply, body: Fields): FastifyReply {
  const profile = profileFor(sandbox, body);
  if (!profile) {
    return refuseSignature(reply);
  }
  if (body.sandbox_action === 'cancel') {
    return answer(sandbox, request, reply, profile, signedSubset(body), OUTCOMES.CANCEL, null);
  }
  if (body.sandbox_step !== 'card') {
    return reply.type('text/html; charset=utf-8').send(hostedCardPage(merchantFields(body), []));
  }
  return charge(sandbox, request, reply, profile, body, cardFrom(body, true));
}

/**
 * POST /silent/pay (the merchant's own card form) and GET|POST /pay (the sandbox's card page).
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxPayRoutes(scope: FastifyInstance, sandbox: CyberSourceSandbox): void {
  // Silent order POST: the merchant's signed fields and the card fields, from the merchant's own form.
  scope.post('/silent/pay', async (request, reply) => {
    const body = onlyStrings(request.body);
    const profile = profileFor(sandbox, body);
    if (!profile) {
      return refuseSignature(reply);
    }
    return charge(sandbox, request, reply, profile, body, cardFrom(body, false));
  });

  // Hosted checkout: the sandbox's own card page.
  scope.get('/pay', async (request, reply) =>
    hostedPay(sandbox, request, reply, onlyStrings(request.query)),
  );
  scope.post('/pay', async (request, reply) =>
    hostedPay(sandbox, request, reply, onlyStrings(request.body)),
  );
}
