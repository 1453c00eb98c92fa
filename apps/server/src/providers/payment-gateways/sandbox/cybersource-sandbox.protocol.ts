import { randomInt, timingSafeEqual } from 'node:crypto';
import { cardTypeCode, HOSTED_FORM_MESSAGES, luhnValid } from '@careline/domain/payments';
import type { FastifyReply } from 'fastify';
import type { CyberSourceSettings } from '../gateway.ts';
import { signedNamesOf } from '../signature.ts';
import { refusedPage, SANDBOX_PREFIX } from './sandbox-pages.ts';

/*
 * What the CyberSource sandbox's pages share (issue 9 §4): Secure Acceptance's answers and required
 * fields, the card a form sent and its checks, transaction ids, and the refusal pages.
 */

/**
 * The profiles the sandbox stands in for: only those configured to post to it (formUrl and REST base
 * under /sandbox/cybersource). A tenant with the real gateway's keys is never answered here, so the
 * sandbox cannot sign an ACCEPT with a real secret for a payment that moved no money.
 * @param profile - a tenant's CyberSource settings
 */
export function isSandboxProfile(profile: CyberSourceSettings): boolean {
  const local = (url: string) => url === SANDBOX_PREFIX || url.startsWith(`${SANDBOX_PREFIX}/`);
  return local(profile.formUrl) && local(profile.restBaseUrl);
}

/** Form fields as the gateway reads and answers them. */
export type Fields = Record<string, string>;
/** A Secure Acceptance answer: decision, reason code, message. */
export type Outcome = {
  decision: 'ACCEPT' | 'REVIEW' | 'DECLINE' | 'ERROR' | 'CANCEL';
  reasonCode: string;
  message: string;
};
/** The card a form sent. */
export type CardSent = { number: string; expiry: string; cvn: string; cardType: string };

// The answers Secure Acceptance gives (decision, reason code, message).
export const OUTCOMES = {
  ACCEPT: { decision: 'ACCEPT', reasonCode: '100', message: 'Request was processed successfully.' },
  REVIEW: {
    decision: 'REVIEW',
    reasonCode: '480',
    message: 'The order is marked for review by Decision Manager.',
  },
  DECLINE: {
    decision: 'DECLINE',
    reasonCode: '203',
    message: 'General decline of the card. No other information was provided by the issuing bank.',
  },
  EXPIRED: { decision: 'DECLINE', reasonCode: '202', message: 'Expired card.' },
  ERROR: { decision: 'ERROR', reasonCode: '150', message: 'General system failure.' },
  AUTH_FAILED: {
    decision: 'DECLINE',
    reasonCode: '476',
    message: 'The payer could not be authenticated.',
  },
  INVALID_AMOUNT: {
    decision: 'ERROR',
    reasonCode: '102',
    message: 'One or more fields in the request contains invalid data.',
  },
  CANCEL: {
    decision: 'CANCEL',
    reasonCode: '',
    message: 'The consumer cancelled the transaction.',
  },
  // A second submission of a request already received (issue 29 §2): nothing is charged again.
  DUPLICATE: {
    decision: 'ERROR',
    reasonCode: '104',
    message:
      'The access_key and transaction_uuid of this request match another request sent within the past 15 minutes.',
  },
} as const satisfies Record<string, Outcome>;

/** How long Secure Acceptance refuses a transaction_uuid it has received (reason 104). */
export const DUPLICATE_WINDOW_MS = 15 * 60_000;

/** Signed request fields the sandbox needs (Secure Acceptance refuses a request without them). */
export const REQUIRED_SIGNED = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'reference_number',
  'amount',
  'currency',
  'transaction_type',
];
export /** An amount as the gateway takes it. */
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
export const CHALLENGE_TTL_MS = 15 * 60_000;
export const REST_CLOCK_SKEW_MS = 15 * 60_000;
// Fields of our own forms that are not the merchant's (never echoed, never kept in hidden inputs).
const SANDBOX_FIELDS = new Set([
  'sandbox_step',
  'sandbox_action',
  'card_number',
  'card_expiry_date',
  'card_expiry_month',
  'card_expiry_year',
  'card_cvn',
]);

/** The string fields of a parsed body or query. */
export function onlyStrings(value: unknown): Fields {
  const fields: Fields = {};
  if (value && typeof value === 'object') {
    for (const [name, entry] of Object.entries(value)) {
      if (typeof entry === 'string') {
        fields[name] = entry;
      }
    }
  }
  return fields;
}

/** The fields of the request its signature covers. */
export function signedSubset(body: Fields): Fields {
  const signed: Fields = {};
  for (const name of signedNamesOf(body)) {
    if (typeof body[name] === 'string') {
      signed[name] = body[name];
    }
  }
  return signed;
}

/** The merchant's fields to keep in the hosted page's hidden inputs. */
export function merchantFields(body: Fields): Fields {
  return Object.fromEntries(Object.entries(body).filter(([name]) => !SANDBOX_FIELDS.has(name)));
}

/** The hosted-form errors of a card (spec doc 2 §5), in the form's order; [] when it can be charged. */
export function hostedCardErrors(card: CardSent): string[] {
  const errors: string[] = [];
  if (!/^\d{12,19}$/.test(card.number) || !luhnValid(card.number)) {
    errors.push(HOSTED_FORM_MESSAGES.number);
  }
  const [month = '', year = '', extra] = card.expiry.split('-');
  if (!/^\d{4}$/.test(year) || extra !== undefined) {
    errors.push(HOSTED_FORM_MESSAGES.expiryYear);
  }
  if (!/^(0?[1-9]|1[0-2])$/.test(month) || extra !== undefined) {
    errors.push(HOSTED_FORM_MESSAGES.expiryMonth);
  }
  if (!/^\d{3,4}$/.test(card.cvn)) {
    errors.push(HOSTED_FORM_MESSAGES.securityCode);
  }
  return errors;
}

/** A card is good through the last day of its expiry month. */
export function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('-').map(Number);
  return year! * 12 + month! < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Compares two tokens in constant time. */
export function sameToken(expected: string, sent: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

let transactionCounter = 0;
/** A 22-digit transaction id, unique in this process (time, counter, random). */
export function newTransactionId(): string {
  transactionCounter = (transactionCounter + 1) % 1000;
  return `${Date.now()}${String(transactionCounter).padStart(3, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** 'YYYY-MM-DDTHH:mm:ssZ'. */
export function signedDateTime(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/** The card fields of a silent (card_expiry_date) or hosted (month and year) form. */
export function cardFrom(body: Fields, hosted: boolean): CardSent {
  const number = (body.card_number ?? '').replace(/[\s-]/g, '');
  const expiry = hosted
    ? body.card_expiry_month || body.card_expiry_year
      ? `${(body.card_expiry_month ?? '').trim().padStart(2, '0')}-${(body.card_expiry_year ?? '').trim()}`
      : ''
    : (body.card_expiry_date ?? '').trim();
  return {
    number,
    expiry,
    cvn: (body.card_cvn ?? '').trim(),
    cardType: body.card_type || cardTypeCode(number),
  };
}

/** The page of an unknown or expired 3-D Secure verification. */
export function expiredPage(reply: FastifyReply): FastifyReply {
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

/** The page of a request whose signature matches no sandbox profile. */
export function refuseSignature(reply: FastifyReply): FastifyReply {
  return reply
    .code(403)
    .type('text/html; charset=utf-8')
    .send(
      refusedPage(
        'Access denied',
        'The request signature is not valid: it does not match the fields sent for this profile and access key.',
      ),
    );
}

/** The REST API's answer to a request whose HTTP Signature does not verify. */
export function unauthorised(reply: FastifyReply): FastifyReply {
  return reply.code(401).send({ response: { rmsg: 'Authentication Failed' } });
}

/** The REST API's answer to an invalid request. */
export function invalid(reply: FastifyReply, reason: string, message: string): FastifyReply {
  return reply.code(400).send({
    submitTimeUtc: signedDateTime(new Date()),
    status: 'INVALID_REQUEST',
    reason,
    message,
  });
}
