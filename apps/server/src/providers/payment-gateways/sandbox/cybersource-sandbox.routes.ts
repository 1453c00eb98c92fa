import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Env } from '../../../config/env.ts';
import { acceptFormBodies } from '../form-body.ts';
import { SANDBOX_AUTO_SUBMIT_JS, SANDBOX_CSS, SANDBOX_ICON_SVG, SANDBOX_PREFIX } from './sandbox-pages.ts';
import { registerSandboxChallengeRoutes } from './cybersource-sandbox-challenge.routes.ts';
import { registerSandboxPayRoutes } from './cybersource-sandbox-pay.routes.ts';
import { registerSandboxPaymentRoutes } from './cybersource-sandbox-payments.routes.ts';
import { registerSandboxRefundRoutes } from './cybersource-sandbox-refunds.routes.ts';
import { registerSandboxSearchRoutes } from './cybersource-sandbox-search.routes.ts';
import { registerSandboxStepUpRoutes } from './cybersource-sandbox-step-up.routes.ts';
import { createCyberSourceSandbox } from './cybersource-sandbox.state.ts';

export { TEST_CARDS, CHALLENGE_CODE } from './test-cards.ts';

/**
 * The CyberSource sandbox gateway served by this server (issue 9 §4): it speaks Secure
 * Acceptance's signed protocol (silent order POST, hosted card page, 3-D Secure challenge, reason 104
 * for a reused transaction uuid) and the REST API's token charges, refunds and Transaction Search,
 * so development and tests run the real protocol end to end.
 */

/**
 * Whether the sandbox is served: PAYMENT_SANDBOX, by default on outside production. Never in
 * production, whatever PAYMENT_SANDBOX says: it answers ACCEPT for test cards, so it must not be
 * reachable where real money is meant to move.
 */
export function paymentSandboxOn(env: Env): boolean {
  return env.NODE_ENV !== 'production' && (env.PAYMENT_SANDBOX ?? true);
}

/**
 * Registers the sandbox under /sandbox/cybersource: POST /silent/pay, GET|POST /pay, GET|POST
 * /challenge, POST /cardinal/step-up and /cardinal/challenge, POST /pts/v2/payments, POST
 * /pts/v2/payments/:id/refunds, POST /tss/v2/searches and its three files. Every page a cardholder
 * sees has a Cancel. Captured payments (for refunds), the transactions answered (for the search)
 * and pending challenges live in memory, per process (cybersource-sandbox.state.ts); each page has
 * its route file.
 * @param app - the server
 * @param deps - tenants (the profiles and keys it checks against) and providers (gatewayHttp, appSecret)
 */
export async function registerCyberSourceSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  const sandbox = createCyberSourceSandbox(deps);
  await app.register(
    async (scope) => {
      // Browsers post forms; the REST API's JSON is read raw, since its digest is signed.
      acceptFormBodies(scope);
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (_request, body, done) => {
          done(null, body);
        },
      );

      scope.get('/assets/sandbox.css', async (_request, reply) =>
        reply.type('text/css; charset=utf-8').send(SANDBOX_CSS),
      );
      scope.get('/assets/icon.svg', async (_request, reply) =>
        reply.type('image/svg+xml').send(SANDBOX_ICON_SVG),
      );
      scope.get('/assets/auto-submit.js', async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').send(SANDBOX_AUTO_SUBMIT_JS),
      );
      registerSandboxPayRoutes(scope, sandbox);
      registerSandboxChallengeRoutes(scope, sandbox);
      registerSandboxStepUpRoutes(scope, sandbox);
      registerSandboxPaymentRoutes(scope, sandbox);
      registerSandboxRefundRoutes(scope, sandbox);
      registerSandboxSearchRoutes(scope, sandbox);
    },
    { prefix: SANDBOX_PREFIX },
  );
}
