import { randomUUID } from 'node:crypto';
import { minorToDecimal } from '@careline/domain/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { HttpRequester } from '../gateway.ts';
import { mobileBillHeaders, mobileBillVerified, type MobileBillSettings } from '../mobile-bill.ts';
import { acceptFormBodies } from '../form-body.ts';
import { escapeHtml, ownServerUrl, refusedPage, sandboxPage } from './sandbox-pages.ts';
import { allGatewaySettings } from '../../../modules/tenants/index.ts';

/**
 * The mobile-bill sandbox served by this server: the carrier side of the protocol mobile-bill.ts
 * follows (signed charges, an approval page with the carrier's code, the browser sent back, a
 * signed notification). Served only where the CyberSource sandbox is (never in production), and
 * only for tenants whose mobile-bill apiUrl points at it.
 */

/** Where the mobile-bill sandbox serves its API and pages. */
export const MOBILE_BILL_SANDBOX_PREFIX = '/sandbox/mobile-bill';

/** The code the sandbox carrier "sends": it approves the charge; any other code declines it. */
export const MOBILE_BILL_CODE = '1234';

/** Whether a tenant's mobile-bill settings point at this sandbox. */
export function isMobileBillSandbox(settings: MobileBillSettings): boolean {
  return (
    settings.apiUrl === MOBILE_BILL_SANDBOX_PREFIX ||
    settings.apiUrl.startsWith(`${MOBILE_BILL_SANDBOX_PREFIX}/`)
  );
}

type SandboxCharge = {
  id: string;
  settings: MobileBillSettings;
  reference: string;
  msisdn: string;
  amount: number;
  currency: string;
  returnUrl: string;
  notifyUrl: string;
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'CANCELLED';
};

const CHARGES_MAX = 10_000;

const chargeJson = (charge: SandboxCharge) => ({
  id: charge.id,
  status: charge.status,
  reference: charge.reference,
  amount: charge.amount,
  currency: charge.currency,
  approvalUrl: `${MOBILE_BILL_SANDBOX_PREFIX}/approve/${charge.id}`,
});

/** The mobile number as a carrier shows it: the last 3 digits only. */
const maskedNumber = (msisdn: string) =>
  `${'*'.repeat(Math.max(0, msisdn.length - 3))}${msisdn.slice(-3)}`;

/**
 * Registers the mobile-bill sandbox under /sandbox/mobile-bill: POST /charges and GET /charges/:id
 * (signed), GET /approve/:id (the carrier's code page) and POST /approve/:id (code or cancel).
 * Charges live in memory, per process.
 * @param app - the server
 * @param deps - tenants (settings it checks against) and providers (gatewayHttp for notifications)
 */
export async function registerMobileBillSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  const charges = new Map<string, SandboxCharge>();
  const http: HttpRequester = deps.providers.gatewayHttp;
  const signer = (request: FastifyRequest, raw: string): MobileBillSettings | null =>
    deps.tenants
      .all()
      .flatMap((tenant) => allGatewaySettings(tenant).map((gateways) => gateways.mobileBill))
      .find(
        (settings) =>
          isMobileBillSandbox(settings) &&
          mobileBillVerified(settings, request.headers, {
            method: request.method,
            path: request.url,
            body: raw,
          }),
      ) ?? null;
  const unauthorised = (reply: FastifyReply) =>
    reply.code(401).send({ message: 'Signature not valid' });

  /** Posts the signed notification to this server (in-process, never elsewhere); failures are logged. */
  const notify = (request: FastifyRequest, charge: SandboxCharge): void => {
    const target = ownServerUrl(charge.notifyUrl, request.headers.host);
    if (!target) {
      return;
    }
    const body = JSON.stringify({
      chargeId: charge.id,
      reference: charge.reference,
      status: charge.status,
    });
    void http(target.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...mobileBillHeaders(charge.settings, {
          method: 'POST',
          path: target.path.split('?')[0] ?? target.path,
          body,
        }),
        ...(target.host ? { host: target.host } : {}),
      },
      body,
    }).then(
      (response) => {
        if (response.status >= 300) {
          request.log.warn(
            { status: response.status },
            'mobile bill sandbox: notification refused',
          );
        }
      },
      (error: unknown) =>
        request.log.warn({ err: error }, 'mobile bill sandbox: notification failed'),
    );
  };

  await app.register(
    async (scope) => {
      acceptFormBodies(scope);
      // The API's JSON is read raw: its signature covers the exact body.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser(
        'application/json',
        { parseAs: 'string' },
        (_request, body, done) => {
          done(null, body);
        },
      );

      scope.post('/charges', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const settings = signer(request, raw);
        if (!settings) {
          return unauthorised(reply);
        }
        let sent: Record<string, unknown>;
        try {
          sent = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return reply.code(400).send({ message: 'The body is not JSON' });
        }
        const { reference, msisdn, amount, currency, returnUrl, notifyUrl } = sent;
        if (
          typeof reference !== 'string' ||
          reference === '' ||
          typeof msisdn !== 'string' ||
          !/^\+?\d{9,15}$/.test(msisdn) ||
          typeof amount !== 'number' ||
          !Number.isSafeInteger(amount) ||
          amount <= 0 ||
          typeof currency !== 'string' ||
          !/^[A-Z]{3}$/.test(currency) ||
          typeof returnUrl !== 'string' ||
          typeof notifyUrl !== 'string'
        ) {
          return reply.code(400).send({
            message:
              'reference, msisdn, amount (integer minor units), currency, returnUrl and notifyUrl are required',
          });
        }
        if (charges.size >= CHARGES_MAX) {
          charges.delete(charges.keys().next().value ?? '');
        }
        const charge: SandboxCharge = {
          id: randomUUID(),
          settings,
          reference,
          msisdn,
          amount,
          currency,
          returnUrl,
          notifyUrl,
          status: 'PENDING',
        };
        charges.set(charge.id, charge);
        return reply.code(201).send(chargeJson(charge));
      });

      scope.get<{ Params: { id: string } }>('/charges/:id', async (request, reply) => {
        const settings = signer(request, '');
        const charge = charges.get(request.params.id);
        if (!settings) {
          return unauthorised(reply);
        }
        if (!charge || charge.settings.merchantId !== settings.merchantId) {
          return reply.code(404).send({ message: 'Charge not found' });
        }
        return reply.send(chargeJson(charge));
      });

      const unknown = (reply: FastifyReply) =>
        reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            refusedPage(
              'Charge not found',
              'This mobile bill charge is unknown or already finished. Start the payment again.',
            ),
          );

      scope.get<{ Params: { id: string } }>('/approve/:id', async (request, reply) => {
        const charge = charges.get(request.params.id);
        if (!charge || charge.status !== 'PENDING') {
          return unknown(reply);
        }
        return reply.type('text/html; charset=utf-8').send(
          sandboxPage(
            'Confirm the charge to your mobile bill - sandbox',
            `<h1>Confirm the charge to your mobile bill</h1>
<p>${escapeHtml(`${minorToDecimal(charge.amount)} ${charge.currency}`)} will be added to the bill of ${escapeHtml(maskedNumber(charge.msisdn))}. <span class="note">Sandbox: the code is ${MOBILE_BILL_CODE}; any other code declines the charge.</span></p>
<form method="post" action="${MOBILE_BILL_SANDBOX_PREFIX}/approve/${escapeHtml(charge.id)}">
<label for="code">Code sent to your phone</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8">
<div><button type="submit" name="sandbox_action" value="confirm">Confirm</button></div>
<div><button type="submit" name="sandbox_action" value="cancel">Cancel</button></div>
</form>`,
          ),
        );
      });

      scope.post<{ Params: { id: string } }>('/approve/:id', async (request, reply) => {
        const charge = charges.get(request.params.id);
        if (!charge || charge.status !== 'PENDING') {
          return unknown(reply);
        }
        // The sandbox sends browsers and notifications to this server only: another address is refused.
        const back = ownServerUrl(charge.returnUrl, request.headers.host);
        if (!back || !ownServerUrl(charge.notifyUrl, request.headers.host)) {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(
              refusedPage(
                'Charge refused',
                'This charge returns to another server. The sandbox only returns to this one.',
              ),
            );
        }
        const body = (request.body ?? {}) as Record<string, string>;
        charge.status =
          body.sandbox_action === 'cancel'
            ? 'CANCELLED'
            : (body.code ?? '').trim() === MOBILE_BILL_CODE
              ? 'APPROVED'
              : 'DECLINED';
        notify(request, charge);
        const location = new URL(back.path, 'http://sandbox.invalid');
        location.searchParams.set('chargeId', charge.id);
        location.searchParams.set('status', charge.status);
        const path = `${location.pathname}${location.search}`;
        return reply.redirect(
          /^https?:\/\//i.test(charge.returnUrl) ? new URL(path, charge.returnUrl).href : path,
          303,
        );
      });
    },
    { prefix: MOBILE_BILL_SANDBOX_PREFIX },
  );
}
