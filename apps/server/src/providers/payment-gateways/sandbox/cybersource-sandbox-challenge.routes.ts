import type { FastifyInstance } from 'fastify';
import { challengePage, refusedPage } from './sandbox-pages.ts';
import { CHALLENGE_CODE } from './test-cards.ts';
import { answer } from './cybersource-sandbox.answer.ts';
import { onlyStrings, OUTCOMES } from './cybersource-sandbox.protocol.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/**
 * The bank's one-time code of a hosted or silent payment (3-D Secure): GET|POST /challenge. The
 * page's Cancel answers CANCEL (issue 29 §2), as the real gateway does when the customer cancels.
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxChallengeRoutes(scope: FastifyInstance, sandbox: CyberSourceSandbox): void {
  // 3-D Secure: the bank's one-time code.
  scope.get('/challenge', async (request, reply) => {
    const id = onlyStrings(request.query).id ?? '';
    const pending = sandbox.state.challenges.get(id);
    if (!pending || pending.expiresAt < Date.now()) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          refusedPage(
            'Verification expired',
            'This payment verification is unknown or has expired. Start the payment again.',
          ),
        );
    }
    return reply.type('text/html; charset=utf-8').send(challengePage(id));
  });
  scope.post('/challenge', async (request, reply) => {
    const body = onlyStrings(request.body);
    const id = body.challenge_id ?? '';
    const pending = sandbox.state.challenges.get(id);
    if (!pending || pending.expiresAt < Date.now()) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          refusedPage(
            'Verification expired',
            'This payment verification is unknown or has expired. Start the payment again.',
          ),
        );
    }
    sandbox.state.challenges.delete(id);
    // Cancel on the bank's page: the merchant's cancel page gets Secure Acceptance's CANCEL answer.
    const outcome =
      body.sandbox_action === 'cancel'
        ? OUTCOMES.CANCEL
        : (body.challenge_code ?? '').trim() === CHALLENGE_CODE
          ? OUTCOMES.ACCEPT
          : OUTCOMES.AUTH_FAILED;
    return answer(sandbox, request, reply, pending.profile, pending.request, outcome, pending.card);
  });
}
