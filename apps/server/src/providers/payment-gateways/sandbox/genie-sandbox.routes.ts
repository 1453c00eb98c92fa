import { randomUUID } from 'node:crypto';
import { minorToDecimal } from '@careline/domain/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { HttpRequester } from '../gateway.ts';
import {
  GENIE_SIGNATURE_HEADERS,
  genieRequestSignature,
  genieWebhookSignature,
  type GenieSettings,
  type GenieState,
} from '../genie.ts';
import { acceptFormBodies } from '../form-body.ts';
import { escapeHtml, ownServerUrl, refusedPage, sandboxPage } from './sandbox-pages.ts';
import { allGatewaySettings } from '../../../modules/tenants/index.ts';

/**
 * The Genie sandbox served by this server (issue 9 §4: 'Genie gets a sandbox of the same kind'): it
 * speaks the Genie Business Connect protocol that genie.ts follows — signed transaction requests,
 * the API key as Authorization, a payment page, the browser sent back to redirectUrl, and a webhook
 * signed with X-Signature headers — so development and tests run it end to end. Served only where
 * the CyberSource sandbox is (never in production), and only for tenants whose Genie merchantUrl
 * points at it.
 */

/** Where the Genie sandbox serves its API and pages. */
export const GENIE_SANDBOX_PREFIX = '/sandbox/genie';

/** Whether a tenant's Genie settings point at this sandbox. */
export function isGenieSandbox(settings: GenieSettings): boolean {
  return (
    settings.merchantUrl === GENIE_SANDBOX_PREFIX ||
    settings.merchantUrl.startsWith(`${GENIE_SANDBOX_PREFIX}/`)
  );
}

type SandboxTransaction = {
  id: string;
  apiKey: string;
  localId: string;
  amount: number;
  currency: string;
  redirectUrl: string;
  webhook: string;
  state: GenieState;
  created: string;
  updated: string;
};

const TRANSACTIONS_MAX = 10_000;

function transactionJson(transaction: SandboxTransaction) {
  return {
    id: transaction.id,
    localId: transaction.localId,
    amount: transaction.amount,
    currency: transaction.currency,
    state: transaction.state,
    provider: 'genie',
    created: transaction.created,
    updated: transaction.updated,
    url: `${GENIE_SANDBOX_PREFIX}/pay/${transaction.id}`,
  };
}

function payPage(transaction: SandboxTransaction, query: Record<string, string>): string {
  const amount = `${minorToDecimal(transaction.amount)} ${transaction.currency}`;
  const shown =
    query.chargeTotal && query.chargeTotal !== minorToDecimal(transaction.amount)
      ? '<p role="alert">The charge total sent does not match this transaction.</p>'
      : '';
  return sandboxPage(
    'Pay with Genie - sandbox',
    `<h1>Pay with Genie</h1>
<p>Sandbox wallet: no money moves. Pay <strong>${escapeHtml(amount)}</strong> for reference ${escapeHtml(transaction.localId)}.</p>
${shown}<form method="post" action="${GENIE_SANDBOX_PREFIX}/pay/${escapeHtml(transaction.id)}">
<div><button type="submit" name="sandbox_action" value="approve">Approve payment</button></div>
<div><button type="submit" name="sandbox_action" value="decline">Decline payment</button></div>
<div><button type="submit" name="sandbox_action" value="cancel">Cancel</button></div>
</form>`,
  );
}

/**
 * Registers the Genie sandbox under /sandbox/genie: POST /transactions, GET /transactions/:id (API
 * key in Authorization), GET /pay/:id (the payment page, with the token, paymentMethod and
 * chargeTotal fields in its query) and POST /pay/:id (approve, decline or cancel). Transactions live
 * in memory, per process.
 * @param app - the server
 * @param deps - tenants (keys it checks against) and providers (gatewayHttp for webhooks)
 */
export async function registerGenieSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  const transactions = new Map<string, SandboxTransaction>();
  const http: HttpRequester = deps.providers.gatewayHttp;
  const keyOf = (request: FastifyRequest): string | null => {
    const header = request.headers.authorization;
    const key = typeof header === 'string' ? header : '';
    const known = deps.tenants
      .all()
      .flatMap((tenant) => allGatewaySettings(tenant).map((gateways) => gateways.genie))
      .some(
        (settings) => isGenieSandbox(settings) && settings.apiKey !== '' && settings.apiKey === key,
      );
    return known ? key : null;
  };
  const unauthorised = (reply: FastifyReply) => reply.code(401).send({ message: 'Unauthorized' });

  /** Posts the signed webhook to this server (in-process, never elsewhere); failures are logged. */
  const sendWebhook = (request: FastifyRequest, transaction: SandboxTransaction): void => {
    const target = ownServerUrl(transaction.webhook, request.headers.host);
    if (!target) {
      return;
    }
    const nonce = randomUUID();
    const timestamp = String(Math.floor(Date.now() / 1000));
    void http(target.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GENIE_SIGNATURE_HEADERS.nonce]: nonce,
        [GENIE_SIGNATURE_HEADERS.timestamp]: timestamp,
        [GENIE_SIGNATURE_HEADERS.signature]: genieWebhookSignature(
          nonce,
          timestamp,
          transaction.apiKey,
        ),
        ...(target.host ? { host: target.host } : {}),
      },
      body: JSON.stringify({
        eventType: 'NOTIFY_TRANSACTION_CHANGE',
        transactionId: transaction.id,
        state: transaction.state,
        amount: transaction.amount,
        currency: transaction.currency,
        localId: transaction.localId,
        provider: 'genie',
        created: transaction.created,
        updated: transaction.updated,
      }),
    }).then(
      (response) => {
        if (response.status >= 300) {
          request.log.warn({ status: response.status }, 'genie sandbox: webhook refused');
        }
      },
      (error: unknown) => request.log.warn({ err: error }, 'genie sandbox: webhook failed'),
    );
  };

  await app.register(
    async (scope) => {
      acceptFormBodies(scope);

      scope.post('/transactions', async (request, reply) => {
        const apiKey = keyOf(request);
        if (!apiKey) {
          return unauthorised(reply);
        }
        const body = (
          request.body && typeof request.body === 'object' ? request.body : {}
        ) as Record<string, unknown>;
        const { amount, currency, localId, redirectUrl, webhook, signature } = body;
        if (
          typeof amount !== 'number' ||
          !Number.isSafeInteger(amount) ||
          amount <= 0 ||
          typeof currency !== 'string' ||
          !/^[A-Z]{3}$/.test(currency) ||
          typeof localId !== 'string' ||
          localId === '' ||
          typeof redirectUrl !== 'string' ||
          typeof webhook !== 'string'
        ) {
          return reply.code(400).send({
            message:
              'amount (integer minor units), currency, localId, redirectUrl and webhook are required',
          });
        }
        if (signature !== genieRequestSignature(amount, currency, apiKey)) {
          return reply.code(400).send({ message: 'Invalid signature' });
        }
        if (transactions.size >= TRANSACTIONS_MAX) {
          transactions.delete(transactions.keys().next().value ?? '');
        }
        const now = new Date().toISOString();
        const transaction: SandboxTransaction = {
          id: randomUUID(),
          apiKey,
          localId,
          amount,
          currency,
          redirectUrl,
          webhook,
          state: 'INITIATED',
          created: now,
          updated: now,
        };
        transactions.set(transaction.id, transaction);
        return reply.code(201).send(transactionJson(transaction));
      });

      scope.get<{ Params: { id: string } }>('/transactions/:id', async (request, reply) => {
        const apiKey = keyOf(request);
        if (!apiKey) {
          return unauthorised(reply);
        }
        const transaction = transactions.get(request.params.id);
        if (!transaction || transaction.apiKey !== apiKey) {
          return reply.code(404).send({ message: 'Transaction not found' });
        }
        return reply.send(transactionJson(transaction));
      });

      const unknown = (reply: FastifyReply) =>
        reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            refusedPage(
              'Payment not found',
              'This Genie payment is unknown or already finished. Start the payment again.',
            ),
          );

      scope.get<{ Params: { id: string }; Querystring: Record<string, string> }>(
        '/pay/:id',
        async (request, reply) => {
          const transaction = transactions.get(request.params.id);
          if (!transaction || transaction.state !== 'INITIATED') {
            return unknown(reply);
          }
          return reply.type('text/html; charset=utf-8').send(payPage(transaction, request.query));
        },
      );

      scope.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
        const transaction = transactions.get(request.params.id);
        if (!transaction || transaction.state !== 'INITIATED') {
          return unknown(reply);
        }
        // The sandbox sends browsers and webhooks to this server only: another address is refused.
        const back = ownServerUrl(transaction.redirectUrl, request.headers.host);
        if (!back || !ownServerUrl(transaction.webhook, request.headers.host)) {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(
              refusedPage(
                'Payment refused',
                'This payment returns to another server. The sandbox only returns to this one.',
              ),
            );
        }
        const action = (request.body as Record<string, string> | undefined)?.sandbox_action;
        transaction.state =
          action === 'approve' ? 'CONFIRMED' : action === 'decline' ? 'FAILED' : 'CANCELLED';
        transaction.updated = new Date().toISOString();
        sendWebhook(request, transaction);
        // The portal sends the browser back with the outcome in the query (signed over amount and currency).
        const location = new URL(back.path, 'http://sandbox.invalid');
        location.searchParams.set('transactionId', transaction.id);
        location.searchParams.set('state', transaction.state);
        location.searchParams.set('amount', String(transaction.amount));
        location.searchParams.set('currency', transaction.currency);
        location.searchParams.set(
          'signature',
          genieRequestSignature(transaction.amount, transaction.currency, transaction.apiKey),
        );
        const path = `${location.pathname}${location.search}`;
        return reply.redirect(
          /^https?:\/\//i.test(transaction.redirectUrl)
            ? new URL(path, transaction.redirectUrl).href
            : path,
          303,
        );
      });
    },
    { prefix: GENIE_SANDBOX_PREFIX },
  );
}
