import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorToDecimal } from '@careline/domain/payments';
import type { GatewaySettings } from '../../modules/tenants/index.ts';
import type { GatewayAnswer, HttpRequester } from './gateway.ts';

/**
 * Mobile bill: the charge is added to the patient's mobile phone bill once they confirm it with a
 * code their carrier sends (spec doc 2 §7 lists mobileBill as a flag without a body). The protocol
 * is our design, in the shape of carrier-billing APIs (docs/api-contract.md 'Mobile bill'):
 * - every request and notification carries x-merchant-id, x-timestamp (ISO) and x-signature =
 *   hex HMAC-SHA256(secretKey, timestamp + '\n' + method + ' ' + path + '\n' + body);
 * - POST {apiUrl}/charges { reference, msisdn, amount (integer minor units), currency, returnUrl,
 *   notifyUrl } → 201 { id, status: 'PENDING', approvalUrl, reference, amount, currency };
 * - GET {apiUrl}/charges/{id} → the charge (status PENDING, APPROVED, DECLINED, CANCELLED, EXPIRED);
 * - the carrier sends the browser to returnUrl and posts { chargeId, reference, status } to notifyUrl,
 *   signed the same way; the charge is always read back with GET before it counts.
 */

/** A tenant's mobile-bill settings (server-side only). */
export type MobileBillSettings = GatewaySettings['mobileBill'];

/** A charge as the carrier answers it (the fields we read). */
export type MobileBillCharge = {
  id: string;
  status: string;
  reference: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  approvalUrl?: string;
};

/** How far a signed message's timestamp may be from our clock. */
const CLOCK_SKEW_MS = 15 * 60_000;

/**
 * The signature of a request or notification: hex HMAC-SHA256 over timestamp, method and path, body.
 * @param secretKey - the merchant's secret
 * @param message - timestamp, method, path (with query) and raw body
 */
export function mobileBillSignature(
  secretKey: string,
  message: { timestamp: string; method: string; path: string; body: string },
): string {
  return createHmac('sha256', secretKey)
    .update(
      `${message.timestamp}\n${message.method.toUpperCase()} ${message.path}\n${message.body}`,
      'utf8',
    )
    .digest('hex');
}

/**
 * Whether a signed message (to us or to the sandbox) verifies: the merchant id, a recent timestamp and
 * the signature over the exact body.
 * @param settings - the merchant's settings
 * @param headers - the request's headers (lowercase names)
 * @param message - method, path and raw body as received
 * @param now - the clock
 */
export function mobileBillVerified(
  settings: MobileBillSettings,
  headers: Record<string, string | string[] | undefined>,
  message: { method: string; path: string; body: string },
  now: Date = new Date(),
): boolean {
  const read = (name: string): string => {
    const value = headers[name];
    return typeof value === 'string' ? value : '';
  };
  const timestamp = read('x-timestamp');
  const signature = read('x-signature');
  const sentAt = Date.parse(timestamp);
  if (
    !settings.secretKey ||
    read('x-merchant-id') !== settings.merchantId ||
    !signature ||
    Number.isNaN(sentAt)
  ) {
    return false;
  }
  if (Math.abs(now.getTime() - sentAt) > CLOCK_SKEW_MS) {
    return false;
  }
  const expected = Buffer.from(
    mobileBillSignature(settings.secretKey, { timestamp, ...message }),
    'utf8',
  );
  const sent = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === sent.length && timingSafeEqual(expected, sent);
}

/**
 * The signed headers of a message from the merchant (or, in the sandbox, from the carrier).
 * @param settings - the merchant's settings
 * @param message - method, path (with query) and raw body
 */
export function mobileBillHeaders(
  settings: MobileBillSettings,
  message: { method: string; path: string; body: string },
): Record<string, string> {
  const timestamp = new Date().toISOString();
  return {
    'x-merchant-id': settings.merchantId,
    'x-timestamp': timestamp,
    'x-signature': mobileBillSignature(settings.secretKey, { timestamp, ...message }),
  };
}

function readCharge(body: string): MobileBillCharge | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const fields = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if (
    typeof fields.id !== 'string' ||
    typeof fields.status !== 'string' ||
    typeof fields.reference !== 'string' ||
    typeof fields.amount !== 'number' ||
    !Number.isSafeInteger(fields.amount) ||
    typeof fields.currency !== 'string'
  ) {
    return null;
  }
  return {
    id: fields.id,
    status: fields.status,
    reference: fields.reference,
    amount: fields.amount,
    currency: fields.currency,
    ...(typeof fields.approvalUrl === 'string' ? { approvalUrl: fields.approvalUrl } : {}),
  };
}

/** The path part of apiUrl + path, as signed (an absolute apiUrl's own path included). */
function target(settings: MobileBillSettings, path: string): { url: string; signedPath: string } {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}${path}`;
  const signedPath = /^https?:\/\//i.test(url) ? new URL(url).pathname : url;
  return { url, signedPath };
}

/**
 * Asks the carrier to charge the payer's mobile bill (POST /charges, signed): the pending charge with
 * its approval page, or the reason it was not created.
 * @param http - the gateway HTTP requester
 * @param settings - the tenant's mobile-bill settings
 * @param input - our reference, the payer's mobile number, amount in minor units, currency, return and notify URLs
 */
async function createCharge(
  http: HttpRequester,
  settings: MobileBillSettings,
  input: {
    reference: string;
    msisdn: string;
    amountMinor: number;
    currency: string;
    returnUrl: string;
    notifyUrl: string;
  },
): Promise<{ charge: MobileBillCharge } | { error: string }> {
  if (!settings.secretKey) {
    return { error: 'the mobile bill secret is not configured' };
  }
  const body = JSON.stringify({
    reference: input.reference,
    msisdn: input.msisdn,
    amount: input.amountMinor,
    currency: input.currency,
    returnUrl: input.returnUrl,
    notifyUrl: input.notifyUrl,
  });
  const { url, signedPath } = target(settings, '/charges');
  let response: { status: number; body: string };
  try {
    response = await http(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...mobileBillHeaders(settings, { method: 'POST', path: signedPath, body }),
      },
      body,
    });
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'no answer from the carrier' };
  }
  const charge = response.status === 201 ? readCharge(response.body) : null;
  if (
    !charge?.approvalUrl ||
    charge.reference !== input.reference ||
    charge.amount !== input.amountMinor ||
    charge.currency !== input.currency
  ) {
    return { error: `the carrier answered HTTP ${response.status} without a matching charge` };
  }
  return { charge };
}

/**
 * Reads a charge back from the carrier (GET /charges/{id}, signed), or null without an answer.
 * @param http - the gateway HTTP requester
 * @param settings - the tenant's mobile-bill settings
 * @param chargeId - the carrier's charge id
 */
async function fetchCharge(
  http: HttpRequester,
  settings: MobileBillSettings,
  chargeId: string,
): Promise<MobileBillCharge | null> {
  if (!settings.secretKey) {
    return null;
  }
  const { url, signedPath } = target(settings, `/charges/${encodeURIComponent(chargeId)}`);
  try {
    const response = await http(url, {
      method: 'GET',
      headers: mobileBillHeaders(settings, { method: 'GET', path: signedPath, body: '' }),
    });
    const charge = response.status === 200 ? readCharge(response.body) : null;
    return charge?.id === chargeId ? charge : null;
  } catch {
    return null;
  }
}

/**
 * A final charge as a gateway answer (APPROVED → ACCEPT, DECLINED → DECLINE, CANCELLED and EXPIRED →
 * CANCEL); null while PENDING.
 * @param charge - the charge as the carrier answered it
 */
function answerOf(charge: MobileBillCharge): GatewayAnswer | null {
  const base = {
    referenceNumber: charge.reference,
    transactionUuid: charge.id,
    transactionId: charge.id,
    amount: minorToDecimal(charge.amount),
    currency: charge.currency,
    raw: {
      chargeId: charge.id,
      status: charge.status,
      amount: String(charge.amount),
      currency: charge.currency,
      reference: charge.reference,
    },
  };
  switch (charge.status) {
    case 'APPROVED':
      return {
        ...base,
        decision: 'ACCEPT',
        reasonCode: '100',
        message: 'Charged to the mobile bill',
      };
    case 'DECLINED':
      return {
        ...base,
        decision: 'DECLINE',
        reasonCode: '203',
        message: 'The carrier declined the charge',
      };
    case 'CANCELLED':
    case 'EXPIRED':
      return {
        ...base,
        decision: 'CANCEL',
        reasonCode: '',
        message: 'The mobile bill charge was not confirmed',
      };
    default:
      return null;
  }
}

/** The mobile-bill adapter: create a charge, read it back, verify notifications, map its statuses. */
export const mobileBill = { createCharge, fetchCharge, answerOf, verified: mobileBillVerified };
