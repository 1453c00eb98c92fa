import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Providers } from '../../providers/providers.ts';
import type { ServerTenant } from '../tenants/index.ts';

/*
 * What every part of the patient's payments shares (spec doc 2 §7, issue 9): the service's
 * dependencies, the gateways and their return and notify paths, and the two small helpers.
 */

/** The only gateway with an online card flow in this slice (spec doc 1 §6 paymentGateWay). */
export const CARD_GATEWAY = 'cyberSource';

/** Dialog's Genie wallet (spec doc 2 §7 Payment gateways), where the tenant's paymentGateWay.genie is on. */
export const GENIE_GATEWAY = 'genie';

/** Where Genie sends the browser back (GET, the outcome in the query) and posts its webhook. */
export const GENIE_RETURN_PATH = '/payments/genie/return';
export const GENIE_NOTIFY_PATH = '/payments/genie/notify';

/** Mobile bill (our design): charged to the patient's mobile bill once they confirm it with the carrier's code. */
export const MOBILE_BILL_GATEWAY = 'mobileBill';
export const MOBILE_BILL_RETURN_PATH = '/payments/mobile-bill/return';
export const MOBILE_BILL_NOTIFY_PATH = '/payments/mobile-bill/notify';

/** The gateways whose page the browser opens and whose answer is read back from their API. */
export type RedirectGateway = typeof GENIE_GATEWAY | typeof MOBILE_BILL_GATEWAY;

/** How long a twin quick-pay call waits for the first one's charge (the gateway's own timeout is shorter). */
export const CHARGE_WAIT_MS = 30_000;
export const CHARGE_POLL_MS = 100;

/** Where the gateway sends the browser back with its answer (issue 9 §3): the receipt page. */
export const RETURN_PATH = '/payments/cybersource/return';

/** Where the gateway posts its server-to-server notification of the same answer (issue 9 §3). */
export const NOTIFY_PATH = '/payments/cybersource/notify';

/** Where the bank's 3-D Secure step-up posts the browser back (TransactionId and MD). */
export const AUTHENTICATED_PATH = '/payments/cybersource/authenticated';

/** What the payments service needs from the server, for a request or a gateway callback. */
export type PaymentsDeps = {
  db: Db;
  tenant: ServerTenant;
  correlationId: string;
  providers: Providers;
  publish: (topic: string, payload: unknown) => Promise<void>;
  log: FastifyBaseLogger;
};

/** Who calls a payments operation, and what the service needs from the request. */
export type PaymentsCaller = PaymentsDeps & {
  accountId: string;
  /** 'https://host[:port]' of the request (Fastify's protocol and host, TRUST_PROXY aware). */
  origin: string | null;
};

/** The tenant and signed-in account of a caller, as the repo scopes its reads. */
export const owner = (caller: PaymentsCaller) => ({ tenantId: caller.tenant.id, accountId: caller.accountId });
