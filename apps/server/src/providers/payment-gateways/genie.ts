import { createHash, timingSafeEqual } from 'node:crypto';
import { minorToDecimal } from '@careline/domain/payments';
import type { GatewaySettings } from '../../modules/tenants/index.ts';
import type { GatewayAnswer, HttpRequester } from './gateway.ts';

/**
 * Genie (Dialog's wallet, through the Genie Business Connect API), behind the same answer shapes as
 * the card gateway (issue 9 §2, spec doc 2 §7 Payment gateways: 'Genie: a form with token,
 * paymentMethod, chargeTotal and related fields to a merchant URL'). What the public client code of
 * Genie Business shows, and this adapter follows (docs/api-contract.md 'Genie'):
 * - POST {merchantUrl}/transactions, header Authorization: the API key, JSON with amount (integer
 *   minor units), currency, localId, redirectUrl, webhook, apiVersion '2.0', signMethod 'sha1' and
 *   signature = sha1('amount={amount}&currency={currency}&apiKey={apiKey}'); the answer has the
 *   transaction id, its state and the payment page url.
 * - GET {merchantUrl}/transactions/{id}, same header: the transaction as the gateway holds it.
 * - The webhook: JSON (eventType NOTIFY_TRANSACTION_CHANGE, transactionId, state, ...) with headers
 *   X-Signature-Nonce, X-Signature-Timestamp and X-Signature = sha256(nonce + timestamp + apiKey).
 *   The signature does not cover the body, so the body is never trusted: the transaction is read
 *   back from the API, and that read decides.
 */

/** A tenant's Genie settings (server-side only): merchantUrl is the API base. */
export type GenieSettings = GatewaySettings['genie'];

/** Genie's transaction states, as its webhooks and API name them. */
export type GenieState =
  | 'INITIATED'
  | 'QR_CODE_GENERATED'
  | 'CONFIRMED'
  | 'AUTHORIZED'
  | 'FAILED'
  | 'CANCELLED'
  | 'VOIDED';

/** A Genie transaction as its API answers it (the fields we read). */
export type GenieTransaction = {
  id: string;
  state: string;
  /** Integer minor units (1000 = 10.00 LKR). */
  amount: number;
  currency: string;
  localId: string;
  /** The payment page. */
  url?: string;
};

/** The signed webhook headers. */
export const GENIE_SIGNATURE_HEADERS = {
  nonce: 'x-signature-nonce',
  timestamp: 'x-signature-timestamp',
  signature: 'x-signature',
} as const;

/** How far a webhook's timestamp may be from our clock. */
const WEBHOOK_CLOCK_SKEW_MS = 15 * 60_000;

const sha1 = (text: string): string => createHash('sha1').update(text, 'utf8').digest('hex');
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

function sameHex(expected: string, sent: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(sent.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The signature of a transaction request, and of the browser's redirect query:
 * sha1('amount={amount}&currency={currency}&apiKey={apiKey}') in lowercase hex.
 * @param amountMinor - integer minor units
 * @param currency - ISO code
 * @param apiKey - the merchant's API key
 */
export function genieRequestSignature(
  amountMinor: number,
  currency: string,
  apiKey: string,
): string {
  return sha1(`amount=${amountMinor}&currency=${currency}&apiKey=${apiKey}`);
}

/**
 * The signature of a webhook: sha256(nonce + timestamp + apiKey) in lowercase hex.
 * @param nonce - X-Signature-Nonce
 * @param timestamp - X-Signature-Timestamp
 * @param apiKey - the merchant's API key
 */
export function genieWebhookSignature(nonce: string, timestamp: string, apiKey: string): string {
  return sha256(`${nonce}${timestamp}${apiKey}`);
}

/** Reads a timestamp header: epoch seconds, epoch milliseconds or an ISO date. */
function timestampMs(text: string): number {
  if (/^\d{1,11}$/.test(text)) {
    return Number(text) * 1000;
  }
  if (/^\d{12,14}$/.test(text)) {
    return Number(text);
  }
  return Date.parse(text);
}

/**
 * Whether a webhook's signature headers verify with the merchant's key and its timestamp is recent.
 * @param settings - the tenant's Genie settings
 * @param headers - the request's headers (lowercase names)
 * @param now - the clock
 */
export function genieWebhookVerified(
  settings: GenieSettings,
  headers: Record<string, string | string[] | undefined>,
  now: Date = new Date(),
): boolean {
  const read = (name: string): string => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  const nonce = read(GENIE_SIGNATURE_HEADERS.nonce);
  const timestamp = read(GENIE_SIGNATURE_HEADERS.timestamp);
  const signature = read(GENIE_SIGNATURE_HEADERS.signature);
  if (!nonce || !timestamp || !signature || !settings.apiKey) {
    return false;
  }
  const sentAt = timestampMs(timestamp);
  if (Number.isNaN(sentAt) || Math.abs(now.getTime() - sentAt) > WEBHOOK_CLOCK_SKEW_MS) {
    return false;
  }
  return sameHex(genieWebhookSignature(nonce, timestamp, settings.apiKey), signature);
}

function readTransaction(body: string): GenieTransaction | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') {
    return null;
  }
  const fields = parsed as Record<string, unknown>;
  const amount = typeof fields.amount === 'number' ? fields.amount : Number(fields.amount);
  if (
    typeof fields.id !== 'string' ||
    typeof fields.state !== 'string' ||
    !Number.isSafeInteger(amount) ||
    typeof fields.currency !== 'string'
  ) {
    return null;
  }
  return {
    id: fields.id,
    state: fields.state,
    amount,
    currency: fields.currency,
    localId: typeof fields.localId === 'string' ? fields.localId : '',
    ...(typeof fields.url === 'string' ? { url: fields.url } : {}),
  };
}

const apiUrl = (settings: GenieSettings, path: string): string =>
  `${settings.merchantUrl.replace(/\/+$/, '')}${path}`;

/**
 * Creates a Genie transaction for a payment (POST {merchantUrl}/transactions, signed): the
 * transaction with its payment page, or null with the reason when the gateway refused or did not answer.
 * @param http - the gateway HTTP requester (providers.gatewayHttp)
 * @param settings - the tenant's Genie settings
 * @param input - our reference (localId), amount in minor units, currency, browser return and webhook URLs
 */
async function createTransaction(
  http: HttpRequester,
  settings: GenieSettings,
  input: {
    localId: string;
    amountMinor: number;
    currency: string;
    redirectUrl: string;
    webhookUrl: string;
  },
): Promise<{ transaction: GenieTransaction } | { error: string }> {
  if (!settings.apiKey) {
    // Nothing is sent without the merchant's key (blank in production until the tenant sets it).
    return { error: 'the Genie API key is not configured' };
  }
  const body = JSON.stringify({
    amount: input.amountMinor,
    currency: input.currency,
    localId: input.localId,
    redirectUrl: input.redirectUrl,
    webhook: input.webhookUrl,
    apiVersion: '2.0',
    appVersion: 'careline',
    signMethod: 'sha1',
    signature: genieRequestSignature(input.amountMinor, input.currency, settings.apiKey),
  });
  let response: { status: number; body: string };
  try {
    response = await http(apiUrl(settings, '/transactions'), {
      method: 'POST',
      headers: {
        authorization: settings.apiKey,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body,
    });
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'no answer from Genie' };
  }
  const transaction = response.status < 300 ? readTransaction(response.body) : null;
  if (
    !transaction?.url ||
    transaction.localId !== input.localId ||
    transaction.amount !== input.amountMinor ||
    transaction.currency !== input.currency
  ) {
    return { error: `Genie answered HTTP ${response.status} without a matching transaction` };
  }
  return { transaction };
}

/**
 * Reads a transaction back from the API (GET {merchantUrl}/transactions/{id}): the gateway's own
 * word on its state, or null when it does not answer with it.
 * @param http - the gateway HTTP requester
 * @param settings - the tenant's Genie settings
 * @param transactionId - Genie's transaction id
 */
async function fetchTransaction(
  http: HttpRequester,
  settings: GenieSettings,
  transactionId: string,
): Promise<GenieTransaction | null> {
  if (!settings.apiKey) {
    return null;
  }
  try {
    const response = await http(
      apiUrl(settings, `/transactions/${encodeURIComponent(transactionId)}`),
      {
        method: 'GET',
        headers: { authorization: settings.apiKey, accept: 'application/json' },
      },
    );
    const transaction = response.status === 200 ? readTransaction(response.body) : null;
    return transaction?.id === transactionId ? transaction : null;
  } catch {
    return null;
  }
}

/**
 * A final transaction as a gateway answer (CONFIRMED → ACCEPT, FAILED → DECLINE, CANCELLED and
 * VOIDED → CANCEL); null while it is still open (INITIATED, QR_CODE_GENERATED, AUTHORIZED).
 * @param transaction - the transaction as the API answered it
 */
function answerOf(transaction: GenieTransaction): GatewayAnswer | null {
  const base = {
    referenceNumber: transaction.localId,
    transactionUuid: transaction.id,
    transactionId: transaction.id,
    amount: minorToDecimal(transaction.amount),
    currency: transaction.currency,
    raw: {
      transactionId: transaction.id,
      state: transaction.state,
      amount: String(transaction.amount),
      currency: transaction.currency,
      localId: transaction.localId,
    },
  };
  switch (transaction.state) {
    case 'CONFIRMED':
      return { ...base, decision: 'ACCEPT', reasonCode: '100', message: 'Genie payment confirmed' };
    case 'FAILED':
      return { ...base, decision: 'DECLINE', reasonCode: '203', message: 'Genie payment failed' };
    case 'CANCELLED':
    case 'VOIDED':
      return { ...base, decision: 'CANCEL', reasonCode: '', message: 'Genie payment cancelled' };
    default:
      return null;
  }
}

/** The Genie adapter: create a transaction, read it back, verify webhooks, map its states. */
export const genie = {
  createTransaction,
  fetchTransaction,
  answerOf,
  webhookVerified: genieWebhookVerified,
};
