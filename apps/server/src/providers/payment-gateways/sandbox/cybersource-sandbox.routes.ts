import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { cardTypeCode, HOSTED_FORM_MESSAGES, luhnValid, toMinor } from '@careline/domain/payments';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps.ts';
import type { Env } from '../../../config/env.ts';
import type { CyberSourceSettings, HttpRequester } from '../gateway.ts';
import {
  bodyDigest,
  parseSignatureHeader,
  restSignature,
  sameSignature,
  SIGNED_HEADERS,
  signingString,
} from '../http-signature.ts';
import { signFields, signedNamesOf, verifyFields } from '../signature.ts';
import { acceptFormBodies } from '../form-body.ts';
import {
  answerPage,
  challengePage,
  hostedCardPage,
  refusedPage,
  stepUpReturnPage,
  SANDBOX_AUTO_SUBMIT_JS,
  SANDBOX_CSS,
  SANDBOX_PREFIX,
} from './sandbox-pages.ts';
import { issueSandboxToken, readSandboxToken } from './sandbox-token.ts';
import {
  CHALLENGE_CODE,
  findTestCard,
  gatewayMaskedNumber,
  type TestCardOutcome,
} from './test-cards.ts';
import { allGatewaySettings } from '../../../modules/tenants/tenants.gateways.ts';

export { TEST_CARDS, CHALLENGE_CODE } from './test-cards.ts';

/**
 * The CyberSource sandbox gateway served by this server (issue 9 §4): it speaks Secure
 * Acceptance's signed protocol (silent order POST, hosted card page, 3-D Secure challenge) and the
 * REST API's token charges and refunds, so development and tests run the real protocol end to end.
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
 * The profiles the sandbox stands in for: only those configured to post to it (formUrl and REST base
 * under /sandbox/cybersource). A tenant with the real gateway's keys is never answered here, so the
 * sandbox cannot sign an ACCEPT with a real secret for a payment that moved no money.
 * @param profile - a tenant's CyberSource settings
 */
export function isSandboxProfile(profile: CyberSourceSettings): boolean {
  const local = (url: string) => url === SANDBOX_PREFIX || url.startsWith(`${SANDBOX_PREFIX}/`);
  return local(profile.formUrl) && local(profile.restBaseUrl);
}

type Fields = Record<string, string>;
type Outcome = {
  decision: 'ACCEPT' | 'REVIEW' | 'DECLINE' | 'ERROR' | 'CANCEL';
  reasonCode: string;
  message: string;
};
type CardSent = { number: string; expiry: string; cvn: string; cardType: string };
type Captured = {
  merchantId: string;
  currency: string;
  capturedMinor: number;
  refundedMinor: number;
};
/** A token charge waiting for the cardholder's 3-D Secure step-up (Payer Authentication). */
type PendingAuthentication = {
  merchantId: string;
  token: string;
  amount: string;
  currency: string;
  returnUrl: string;
  accessToken: string;
  /** The merchant data posted with the step-up, echoed back as MD. */
  md: string;
  state: 'pending' | 'authenticated' | 'failed';
  expiresAt: number;
};
type PendingChallenge = {
  profile: CyberSourceSettings;
  request: Fields;
  card: CardSent;
  expiresAt: number;
};

// The answers Secure Acceptance gives (decision, reason code, message).
const OUTCOMES = {
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
} as const satisfies Record<string, Outcome>;

/** Signed request fields the sandbox needs (Secure Acceptance refuses a request without them). */
const REQUIRED_SIGNED = [
  'access_key',
  'profile_id',
  'transaction_uuid',
  'reference_number',
  'amount',
  'currency',
  'transaction_type',
];
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const CHALLENGE_TTL_MS = 15 * 60_000;
const REST_CLOCK_SKEW_MS = 15 * 60_000;
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

function onlyStrings(value: unknown): Fields {
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
function signedSubset(body: Fields): Fields {
  const signed: Fields = {};
  for (const name of signedNamesOf(body)) {
    if (typeof body[name] === 'string') {
      signed[name] = body[name];
    }
  }
  return signed;
}

/** The merchant's fields to keep in the hosted page's hidden inputs. */
function merchantFields(body: Fields): Fields {
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
function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('-').map(Number);
  return year! * 12 + month! < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Compares two tokens in constant time. */
function sameToken(expected: string, sent: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

let transactionCounter = 0;
/** A 22-digit transaction id, unique in this process (time, counter, random). */
function newTransactionId(): string {
  transactionCounter = (transactionCounter + 1) % 1000;
  return `${Date.now()}${String(transactionCounter).padStart(3, '0')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** 'YYYY-MM-DDTHH:mm:ssZ'. */
function signedDateTime(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

function cardFrom(body: Fields, hosted: boolean): CardSent {
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

/**
 * Registers the sandbox under /sandbox/cybersource: POST /silent/pay, GET|POST /pay, GET|POST
 * /challenge, POST /pts/v2/payments, POST /pts/v2/payments/:id/refunds and its two files.
 * Captured payments (for refunds) and pending challenges live in memory, per process.
 * @param app - the server
 * @param deps - tenants (the profiles and keys it checks against) and providers (gatewayHttp, appSecret)
 */
export async function registerCyberSourceSandboxRoutes(
  app: FastifyInstance,
  deps: AppDeps,
): Promise<void> {
  const captured = new Map<string, Captured>();
  const challenges = new Map<string, PendingChallenge>();
  const authentications = new Map<string, PendingAuthentication>();
  const dropExpiredAuthentications = (now: number) => {
    for (const [key, pending] of authentications) {
      if (pending.expiresAt < now) {
        authentications.delete(key);
      }
    }
  };
  const expiredPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        refusedPage(
          'Verification expired',
          'This payment verification is unknown or has expired. Start the payment again.',
        ),
      );
  const profiles = (): CyberSourceSettings[] =>
    deps.tenants
      .all()
      .flatMap((tenant) => allGatewaySettings(tenant).map((gateways) => gateways.cyberSource))
      .filter(isSandboxProfile);
  const http: HttpRequester = deps.providers.gatewayHttp;

  /** The profile whose ids the request names and whose secret signed it. */
  const profileFor = (body: Fields): CyberSourceSettings | null =>
    profiles().find(
      (profile) =>
        profile.profileId === body.profile_id &&
        profile.accessKey === body.access_key &&
        verifyFields(body, profile.secretKey),
    ) ?? null;

  const refuseSignature = (reply: FastifyReply): FastifyReply =>
    reply
      .code(403)
      .type('text/html; charset=utf-8')
      .send(
        refusedPage(
          'Access denied',
          'The request signature is not valid: it does not match the fields sent for this profile and access key.',
        ),
      );

  /** Posts the answer to the merchant's notification URL, server to server; failures are logged. */
  const notifyMerchant = (
    request: FastifyRequest,
    url: string,
    answer: Fields,
    log: FastifyBaseLogger,
  ): void => {
    let target: URL;
    let self: URL;
    try {
      target = new URL(url);
      self = new URL(`${request.protocol}://${request.headers.host ?? 'localhost'}`);
    } catch {
      log.warn({ url }, 'sandbox gateway: merchant notification URL is not absolute');
      return;
    }
    // This server is the merchant too: its own URLs are answered in-process.
    const local = target.host === self.host;
    const body = new URLSearchParams(answer).toString();
    void http(local ? `${target.pathname}${target.search}` : target.href, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(local ? { host: target.host } : {}),
      },
      body,
    }).then(
      (response) => {
        if (response.status >= 300) {
          log.warn(
            { url: target.origin + target.pathname, status: response.status },
            'sandbox gateway: merchant notification refused',
          );
        }
      },
      (error: unknown) =>
        log.warn(
          { err: error, url: target.origin + target.pathname },
          'sandbox gateway: merchant notification failed',
        ),
    );
  };

  /** Signs an answer, notifies the merchant and sends the browser back with it. */
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    profile: CyberSourceSettings,
    signed: Fields,
    outcome: Outcome,
    card: CardSent | null,
  ): FastifyReply => {
    const now = new Date();
    const fields: Fields = { decision: outcome.decision };
    if (outcome.reasonCode) {
      fields.reason_code = outcome.reasonCode;
    }
    fields.message = outcome.message;
    fields.transaction_id = newTransactionId();
    for (const [name, value] of Object.entries(signed)) {
      if (
        name !== 'signed_field_names' &&
        name !== 'unsigned_field_names' &&
        name !== 'signed_date_time' &&
        !name.startsWith('card_')
      ) {
        fields[`req_${name}`] = value;
      }
    }
    if (card) {
      fields.req_card_number = gatewayMaskedNumber(card.number);
      fields.req_card_type = card.cardType;
      fields.req_card_expiry_date = card.expiry;
    }
    const authorised = outcome.decision === 'ACCEPT' || outcome.decision === 'REVIEW';
    if (authorised) {
      fields.auth_amount = signed.amount!;
      fields.auth_code = '831000';
      fields.auth_response = '00';
      fields.auth_time = `${now.toISOString().slice(0, 10)}T${now.toISOString().slice(11, 19).replace(/:/g, '')}Z`;
      fields.auth_trans_ref_no = fields.transaction_id;
    }
    if (
      authorised &&
      card &&
      (signed.transaction_type ?? '').split(',').includes('create_payment_token')
    ) {
      fields.payment_token = issueSandboxToken(deps.providers.appSecret, {
        merchantId: profile.merchantId,
        maskedNumber: gatewayMaskedNumber(card.number),
        cardType: card.cardType,
        expiry: card.expiry,
      });
    }
    if (outcome.decision === 'ACCEPT') {
      captured.set(fields.transaction_id, {
        merchantId: profile.merchantId,
        currency: signed.currency!,
        capturedMinor: toMinor(signed.amount!),
        refundedMinor: 0,
      });
    }
    fields.signed_date_time = signedDateTime(now);
    const names = [...Object.keys(fields), 'signed_field_names'];
    fields.signed_field_names = names.join(',');
    fields.signature = signFields(fields, names, profile.secretKey);

    if (signed.override_backoffice_post_url) {
      notifyMerchant(request, signed.override_backoffice_post_url, fields, request.log);
    }
    const target =
      outcome.decision === 'CANCEL'
        ? (signed.override_custom_cancel_page ?? signed.override_custom_receipt_page)
        : signed.override_custom_receipt_page;
    return reply.type('text/html; charset=utf-8').send(answerPage(fields, target));
  };

  /** Charges a card for a verified request: the hosted page again on card errors, else the answer. */
  const charge = (
    request: FastifyRequest,
    reply: FastifyReply,
    profile: CyberSourceSettings,
    body: Fields,
    card: CardSent,
  ): FastifyReply => {
    const signed = signedSubset(body);
    const missing = REQUIRED_SIGNED.filter((name) => !signed[name]);
    if (missing.length > 0) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          refusedPage(
            'Request refused',
            `These fields must be sent and signed: ${missing.join(', ')}.`,
          ),
        );
    }
    if (!AMOUNT.test(signed.amount!)) {
      return answer(request, reply, profile, signed, OUTCOMES.INVALID_AMOUNT, null);
    }
    const errors = hostedCardErrors(card);
    if (errors.length > 0) {
      return reply
        .type('text/html; charset=utf-8')
        .send(hostedCardPage(merchantFields(body), errors));
    }
    if (expired(card.expiry, new Date())) {
      return answer(request, reply, profile, signed, OUTCOMES.EXPIRED, card);
    }
    const outcome: TestCardOutcome = findTestCard(card.number)?.outcome ?? 'ACCEPT';
    if (outcome === 'CHALLENGE') {
      const id = randomBytes(16).toString('hex');
      const now = Date.now();
      for (const [key, pending] of challenges) {
        if (pending.expiresAt < now) {
          challenges.delete(key);
        }
      }
      challenges.set(id, { profile, request: signed, card, expiresAt: now + CHALLENGE_TTL_MS });
      return reply.redirect(`${SANDBOX_PREFIX}/challenge?id=${id}`, 303);
    }
    return answer(request, reply, profile, signed, OUTCOMES[outcome], card);
  };

  /** The hosted checkout: the card page first, then the card it posts back. */
  const hostedPay = (request: FastifyRequest, reply: FastifyReply, body: Fields): FastifyReply => {
    const profile = profileFor(body);
    if (!profile) {
      return refuseSignature(reply);
    }
    if (body.sandbox_action === 'cancel') {
      return answer(request, reply, profile, signedSubset(body), OUTCOMES.CANCEL, null);
    }
    if (body.sandbox_step !== 'card') {
      return reply.type('text/html; charset=utf-8').send(hostedCardPage(merchantFields(body), []));
    }
    return charge(request, reply, profile, body, cardFrom(body, true));
  };

  /** The REST caller's profile when its HTTP Signature verifies, else null. */
  const restProfile = (request: FastifyRequest, rawBody: string): CyberSourceSettings | null => {
    const header = (name: string): string | undefined => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const params = parseSignatureHeader(header('signature'));
    const [host, date, digest, merchantId] = [
      header('host'),
      header('date'),
      header('digest'),
      header('v-c-merchant-id'),
    ];
    if (
      !params ||
      params.algorithm !== 'HmacSHA256' ||
      params.headers !== SIGNED_HEADERS ||
      !host ||
      !date ||
      !digest ||
      !merchantId
    ) {
      return null;
    }
    const sentAt = Date.parse(date);
    if (
      digest !== bodyDigest(rawBody) ||
      Number.isNaN(sentAt) ||
      Math.abs(Date.now() - sentAt) > REST_CLOCK_SKEW_MS
    ) {
      return null;
    }
    const text = signingString({
      host,
      date,
      method: request.method,
      path: request.url,
      digest,
      merchantId,
    });
    return (
      profiles().find(
        (profile) =>
          profile.restKeyId === params.keyid &&
          profile.merchantId === merchantId &&
          profile.restSecretKey !== '' &&
          sameSignature(restSignature(profile.restSecretKey, text), params.signature!),
      ) ?? null
    );
  };

  const unauthorised = (reply: FastifyReply) =>
    reply.code(401).send({ response: { rmsg: 'Authentication Failed' } });
  const invalid = (reply: FastifyReply, reason: string, message: string) =>
    reply.code(400).send({
      submitTimeUtc: signedDateTime(new Date()),
      status: 'INVALID_REQUEST',
      reason,
      message,
    });

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
      scope.get('/assets/auto-submit.js', async (_request, reply) =>
        reply.type('text/javascript; charset=utf-8').send(SANDBOX_AUTO_SUBMIT_JS),
      );

      // Silent order POST: the merchant's signed fields and the card fields, from the merchant's own form.
      scope.post('/silent/pay', async (request, reply) => {
        const body = onlyStrings(request.body);
        const profile = profileFor(body);
        if (!profile) {
          return refuseSignature(reply);
        }
        return charge(request, reply, profile, body, cardFrom(body, false));
      });

      // Hosted checkout: the sandbox's own card page.
      scope.get('/pay', async (request, reply) =>
        hostedPay(request, reply, onlyStrings(request.query)),
      );
      scope.post('/pay', async (request, reply) =>
        hostedPay(request, reply, onlyStrings(request.body)),
      );

      // 3-D Secure: the bank's one-time code.
      scope.get('/challenge', async (request, reply) => {
        const id = onlyStrings(request.query).id ?? '';
        const pending = challenges.get(id);
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
        const pending = challenges.get(id);
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
        challenges.delete(id);
        const outcome =
          (body.challenge_code ?? '').trim() === CHALLENGE_CODE
            ? OUTCOMES.ACCEPT
            : OUTCOMES.AUTH_FAILED;
        return answer(request, reply, pending.profile, pending.request, outcome, pending.card);
      });

      // 3-D Secure step-up of a token charge: the browser posts JWT (the access token) and MD.
      scope.post('/cardinal/step-up', async (request, reply) => {
        const body = onlyStrings(request.body);
        const now = Date.now();
        const found = [...authentications.entries()].find(
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
        const pending = authentications.get(id);
        if (!pending || pending.state !== 'pending' || pending.expiresAt < Date.now()) {
          return expiredPage(reply);
        }
        pending.state =
          (body.challenge_code ?? '').trim() === CHALLENGE_CODE ? 'authenticated' : 'failed';
        return reply
          .type('text/html; charset=utf-8')
          .send(stepUpReturnPage({ TransactionId: id, MD: pending.md }, pending.returnUrl));
      });

      // REST: charge a payment token (authorise and capture).
      scope.post('/pts/v2/payments', async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const profile = restProfile(request, raw);
        if (!profile) {
          return unauthorised(reply);
        }
        let sent: {
          clientReferenceInformation?: { code?: unknown };
          processingInformation?: { actionList?: unknown };
          paymentInformation?: { customer?: { customerId?: unknown } };
          orderInformation?: { amountDetails?: { totalAmount?: unknown; currency?: unknown } };
          consumerAuthenticationInformation?: {
            returnUrl?: unknown;
            authenticationTransactionId?: unknown;
          };
        };
        try {
          sent = JSON.parse(raw) as typeof sent;
        } catch {
          return invalid(reply, 'INVALID_DATA', 'Declined - The request is not valid JSON');
        }
        const code = sent?.clientReferenceInformation?.code;
        const amount = sent?.orderInformation?.amountDetails?.totalAmount;
        const currency = sent?.orderInformation?.amountDetails?.currency;
        const token = sent?.paymentInformation?.customer?.customerId;
        if (
          typeof amount !== 'string' ||
          !AMOUNT.test(amount) ||
          typeof currency !== 'string' ||
          !/^[A-Z]{3}$/.test(currency)
        ) {
          return invalid(
            reply,
            'MISSING_FIELD',
            'Declined - The request is missing one or more fields',
          );
        }
        const card =
          typeof token === 'string' ? readSandboxToken(deps.providers.appSecret, token) : null;
        if (!card || card.merchantId !== profile.merchantId) {
          return invalid(
            reply,
            'INVALID_DATA',
            'Declined - One or more fields in the request contains invalid data',
          );
        }
        const id = newTransactionId();
        const base = {
          id,
          submitTimeUtc: signedDateTime(new Date()),
          clientReferenceInformation: { code: typeof code === 'string' ? code : '' },
          orderInformation: { amountDetails: { totalAmount: amount, currency } },
        };
        if (expired(card.expiry, new Date())) {
          return reply.code(201).send({
            ...base,
            status: 'DECLINED',
            errorInformation: { reason: 'EXPIRED_CARD', message: 'Decline - Expired card.' },
          });
        }
        const actions = Array.isArray(sent?.processingInformation?.actionList)
          ? (sent.processingInformation.actionList as unknown[])
          : [];
        const payerAuth = sent?.consumerAuthenticationInformation;
        let outcome = findTestCard(card.maskedNumber)?.outcome ?? 'ACCEPT';
        if (actions.includes('VALIDATE_CONSUMER_AUTHENTICATION')) {
          // After the step-up: authorise only what was authenticated, once.
          const authId = payerAuth?.authenticationTransactionId;
          const pending = typeof authId === 'string' ? authentications.get(authId) : undefined;
          if (
            typeof authId !== 'string' ||
            !pending ||
            pending.expiresAt < Date.now() ||
            pending.state === 'pending' ||
            pending.merchantId !== profile.merchantId ||
            pending.token !== token ||
            pending.amount !== amount ||
            pending.currency !== currency
          ) {
            return invalid(
              reply,
              'INVALID_DATA',
              'Declined - The authentication transaction is unknown or not completed',
            );
          }
          authentications.delete(authId);
          if (pending.state === 'failed') {
            return reply.code(201).send({
              ...base,
              status: 'AUTHENTICATION_FAILED',
              errorInformation: {
                reason: 'CONSUMER_AUTHENTICATION_FAILED',
                message: 'Decline - The payer could not be authenticated.',
              },
            });
          }
          outcome = 'ACCEPT';
        } else if (outcome === 'CHALLENGE') {
          // The bank of a 3-D Secure card wants its cardholder for every charge.
          const returnUrl = payerAuth?.returnUrl;
          if (
            !actions.includes('CONSUMER_AUTHENTICATION') ||
            typeof returnUrl !== 'string' ||
            returnUrl === ''
          ) {
            return reply.code(201).send({
              ...base,
              status: 'DECLINED',
              errorInformation: {
                reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
                message: 'Decline - The cardholder must be authenticated (3-D Secure).',
              },
            });
          }
          const now = Date.now();
          dropExpiredAuthentications(now);
          const authenticationTransactionId = randomBytes(10).toString('hex');
          const accessToken = randomBytes(24).toString('base64url');
          authentications.set(authenticationTransactionId, {
            merchantId: profile.merchantId,
            token: token as string,
            amount,
            currency,
            returnUrl,
            accessToken,
            md: '',
            state: 'pending',
            expiresAt: now + CHALLENGE_TTL_MS,
          });
          return reply.code(201).send({
            ...base,
            status: 'PENDING_AUTHENTICATION',
            errorInformation: {
              reason: 'CONSUMER_AUTHENTICATION_REQUIRED',
              message:
                'The cardholder is enrolled in Payer Authentication. Please authenticate the cardholder before continuing with the transaction.',
            },
            consumerAuthenticationInformation: {
              veresEnrolled: 'Y',
              authenticationTransactionId,
              accessToken,
              stepUpUrl: `${SANDBOX_PREFIX}/cardinal/step-up`,
              acsUrl: `${SANDBOX_PREFIX}/cardinal/step-up`,
            },
          });
        }
        if (outcome === 'ERROR') {
          return reply.code(502).send({
            submitTimeUtc: base.submitTimeUtc,
            status: 'SERVER_ERROR',
            reason: 'SYSTEM_ERROR',
            message: 'Error - General system failure.',
          });
        }
        if (outcome === 'DECLINE') {
          return reply.code(201).send({
            ...base,
            status: 'DECLINED',
            errorInformation: {
              reason: 'PROCESSOR_DECLINED',
              message: 'Decline - General decline of the card.',
            },
          });
        }
        captured.set(id, {
          merchantId: profile.merchantId,
          currency,
          capturedMinor: toMinor(amount),
          refundedMinor: 0,
        });
        return reply.code(201).send({
          ...base,
          status: outcome === 'REVIEW' ? 'AUTHORIZED_PENDING_REVIEW' : 'AUTHORIZED',
          orderInformation: {
            amountDetails: { totalAmount: amount, authorizedAmount: amount, currency },
          },
          paymentInformation: { card: { type: card.cardType } },
        });
      });

      // REST: refund (part of) a captured payment, never more than was captured.
      scope.post<{ Params: { id: string } }>(
        '/pts/v2/payments/:id/refunds',
        async (request, reply) => {
          const raw = typeof request.body === 'string' ? request.body : '';
          const profile = restProfile(request, raw);
          if (!profile) {
            return unauthorised(reply);
          }
          let sent: {
            clientReferenceInformation?: { code?: unknown };
            orderInformation?: { amountDetails?: { totalAmount?: unknown; currency?: unknown } };
          };
          try {
            sent = JSON.parse(raw) as typeof sent;
          } catch {
            return invalid(reply, 'INVALID_DATA', 'Declined - The request is not valid JSON');
          }
          const payment = captured.get(request.params.id);
          if (!payment || payment.merchantId !== profile.merchantId) {
            return invalid(
              reply,
              'INVALID_DATA',
              'Declined - The original transaction was not found',
            );
          }
          const amount = sent?.orderInformation?.amountDetails?.totalAmount;
          const currency = sent?.orderInformation?.amountDetails?.currency;
          if (
            typeof amount !== 'string' ||
            !AMOUNT.test(amount) ||
            toMinor(amount) <= 0 ||
            currency !== payment.currency
          ) {
            return invalid(
              reply,
              'INVALID_DATA',
              'Declined - One or more fields in the request contains invalid data',
            );
          }
          const minor = toMinor(amount);
          if (payment.refundedMinor + minor > payment.capturedMinor) {
            return invalid(
              reply,
              'INVALID_AMOUNT',
              'Declined - The refund amount exceeds the amount captured',
            );
          }
          payment.refundedMinor += minor;
          const code = sent?.clientReferenceInformation?.code;
          return reply.code(201).send({
            id: newTransactionId(),
            submitTimeUtc: signedDateTime(new Date()),
            status: 'PENDING',
            clientReferenceInformation: { code: typeof code === 'string' ? code : '' },
            refundAmountDetails: { refundAmount: amount, currency },
          });
        },
      );
    },
    { prefix: SANDBOX_PREFIX },
  );
}
