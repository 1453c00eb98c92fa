import type { FastifyInstance } from 'fastify';
import { challengePage, SANDBOX_PREFIX, stepUpReturnPage } from './sandbox-pages.ts';
import { CHALLENGE_CODE } from './test-cards.ts';
import { expiredPage, onlyStrings, sameToken } from './cybersource-sandbox.protocol.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/**
 * The bank's 3-D Secure step-up of a token charge: POST /cardinal/step-up and /cardinal/challenge,
 * whose Cancel sends the cardholder back as cancelled (issue 29 §2).
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxStepUpRoutes(scope: FastifyInstance, sandbox: CyberSourceSandbox): void {
  // 3-D Secure step-up of a token charge: the browser posts JWT (the access token) and MD.
  scope.post('/cardinal/step-up', async (request, reply) => {
    const body = onlyStrings(request.body);
    const now = Date.now();
    const found = [...sandbox.state.authentications.entries()].find(
      ([, pending]) =>
        pending.state === 'pending' &&
        pending.expiresAt >= now &&
        body.JWT !== undefined &&
        sameToken(pending.accessToken, body.JWT),
    );
    if (!found) {
      return expiredPage(reply);
    }
    found[1].md = (body.MD ?? '').slice(0, 1024);
    return reply
      .type('text/html; charset=utf-8')
      .send(challengePage(found[0], `${SANDBOX_PREFIX}/cardinal/challenge`));
  });
  scope.post('/cardinal/challenge', async (request, reply) => {
    const body = onlyStrings(request.body);
    const id = body.challenge_id ?? '';
    const pending = sandbox.state.authentications.get(id);
    if (!pending || pending.state !== 'pending' || pending.expiresAt < Date.now()) {
      return expiredPage(reply);
    }
    // Cancel on the bank's page (issue 29 §2): the validation answers challengeCancelCode 01.
    pending.state =
      body.sandbox_action === 'cancel'
        ? 'cancelled'
        : (body.challenge_code ?? '').trim() === CHALLENGE_CODE
          ? 'authenticated'
          : 'failed';
    return reply
      .type('text/html; charset=utf-8')
      .send(stepUpReturnPage({ TransactionId: id, MD: pending.md }, pending.returnUrl));
  });
}
