import { randomBytes } from 'node:crypto';
import { toMinor } from '@careline/domain/payments';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { CyberSourceSettings } from '../gateway.ts';
import { signFields, verifyFields } from '../signature.ts';
import { answerPage, hostedCardPage, refusedPage, SANDBOX_PREFIX } from './sandbox-pages.ts';
import { issueSandboxToken } from './sandbox-token.ts';
import { findTestCard, gatewayMaskedNumber, type TestCardOutcome } from './test-cards.ts';
import {
  AMOUNT,
  CHALLENGE_TTL_MS,
  DUPLICATE_WINDOW_MS,
  expired,
  hostedCardErrors,
  merchantFields,
  newTransactionId,
  OUTCOMES,
  REQUIRED_SIGNED,
  signedDateTime,
  signedSubset,
  type CardSent,
  type Fields,
  type Outcome,
} from './cybersource-sandbox.protocol.ts';
import { TRANSACTIONS_MAX, type CyberSourceSandbox, type SandboxTransaction } from './cybersource-sandbox.state.ts';

/*
 * Secure Acceptance's answer (issue 9 §4): the profile a signed request names, the card charged (or
 * challenged), the signed answer posted to the merchant and sent back with the browser.
 */

/** The profile whose ids the request names and whose secret signed it. */
export function profileFor(sandbox: CyberSourceSandbox, body: Fields): CyberSourceSettings | null {
  return (
    sandbox.profiles().find(
    (profile) =>
      profile.profileId === body.profile_id &&
      profile.accessKey === body.access_key &&
      verifyFields(body, profile.secretKey),
  ) ?? null
  );
}

/** Posts the answer to the merchant's notification URL, server to server; failures are logged. */
export function notifyMerchant(
  sandbox: CyberSourceSandbox,
  request: FastifyRequest,
  url: string,
  answer: Fields,
  log: FastifyBaseLogger,
): void {
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
  void sandbox.http(local ? `${target.pathname}${target.search}` : target.href, {
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
}

/** Signs an answer, notifies the merchant and sends the browser back with it. */
export function answer(
  sandbox: CyberSourceSandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  profile: CyberSourceSettings,
  signed: Fields,
  outcome: Outcome,
  card: CardSent | null,
): FastifyReply {
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
    fields.payment_token = issueSandboxToken(sandbox.deps.providers.appSecret, {
      merchantId: profile.merchantId,
      maskedNumber: gatewayMaskedNumber(card.number),
      cardType: card.cardType,
      expiry: card.expiry,
    });
  }
  if (outcome.decision === 'ACCEPT') {
    sandbox.state.captured.set(fields.transaction_id, {
      merchantId: profile.merchantId,
      currency: signed.currency!,
      capturedMinor: toMinor(signed.amount!),
      refundedMinor: 0,
    });
  }
  if (outcome.decision !== 'CANCEL') {
    sandbox.state.recordTransaction(
      searchableTransaction(fields.transaction_id, profile.merchantId, signed, outcome, now),
    );
  }
  fields.signed_date_time = signedDateTime(now);
  const names = [...Object.keys(fields), 'signed_field_names'];
  fields.signed_field_names = names.join(',');
  fields.signature = signFields(fields, names, profile.secretKey);

  if (signed.override_backoffice_post_url) {
    notifyMerchant(sandbox, request, signed.override_backoffice_post_url, fields, request.log);
  }
  const target =
    outcome.decision === 'CANCEL'
      ? (signed.override_custom_cancel_page ?? signed.override_custom_receipt_page)
      : signed.override_custom_receipt_page;
  return reply.type('text/html; charset=utf-8').send(answerPage(fields, target));
}

/**
 * Registers a request's access key and transaction uuid as submitted for payment: false when they
 * were submitted within the last 15 minutes (Secure Acceptance's reason 104).
 * @param sandbox - the sandbox (its submitted uuids)
 * @param signed - the request's signed fields
 */
function firstSubmission(sandbox: CyberSourceSandbox, signed: Fields): boolean {
  const now = Date.now();
  for (const [key, until] of sandbox.state.submitted) {
    if (until <= now) {
      sandbox.state.submitted.delete(key);
    }
  }
  const key = `${signed.access_key ?? ''}:${signed.transaction_uuid ?? ''}`;
  if (sandbox.state.submitted.has(key)) {
    return false;
  }
  if (sandbox.state.submitted.size >= TRANSACTIONS_MAX) {
    sandbox.state.submitted.delete(sandbox.state.submitted.keys().next().value ?? '');
  }
  sandbox.state.submitted.set(key, now + DUPLICATE_WINDOW_MS);
  return true;
}

/**
 * An answered Secure Acceptance request as Transaction Search lists it: ACCEPT authorised and
 * captured, REVIEW authorised only (held), DECLINE declined, ERROR failed.
 */
function searchableTransaction(
  id: string,
  merchantId: string,
  signed: Fields,
  outcome: Outcome,
  now: Date,
): SandboxTransaction {
  const rCode = outcome.decision === 'ACCEPT' || outcome.decision === 'REVIEW' ? '1' : outcome.decision === 'DECLINE' ? '0' : '-1';
  return {
    id,
    merchantId,
    reference: signed.reference_number ?? '',
    amount: signed.amount ?? '',
    currency: signed.currency ?? '',
    submitTimeUtc: signedDateTime(now),
    reasonCode: outcome.reasonCode,
    applications: [
      { name: 'ics_auth', rCode, reasonCode: outcome.reasonCode },
      ...(outcome.decision === 'ACCEPT' ? [{ name: 'ics_bill' as const, rCode: '1' as const, reasonCode: '100' }] : []),
    ],
  };
}

/** Charges a card for a verified request: the hosted page again on card errors, else the answer. */
export function charge(
  sandbox: CyberSourceSandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  profile: CyberSourceSettings,
  body: Fields,
  card: CardSent,
): FastifyReply {
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
    return answer(sandbox, request, reply, profile, signed, OUTCOMES.INVALID_AMOUNT, null);
  }
  const errors = hostedCardErrors(card);
  if (errors.length > 0) {
    return reply
      .type('text/html; charset=utf-8')
      .send(hostedCardPage(merchantFields(body), errors));
  }
  // issue 29 §2: as the real gateway, a transaction uuid is paid once (a resubmitted form, a tab
  // restored with its form): the second submission is refused with reason 104 and charges nothing.
  if (!firstSubmission(sandbox, signed)) {
    return answer(sandbox, request, reply, profile, signed, OUTCOMES.DUPLICATE, card);
  }
  if (expired(card.expiry, new Date())) {
    return answer(sandbox, request, reply, profile, signed, OUTCOMES.EXPIRED, card);
  }
  const outcome: TestCardOutcome = findTestCard(card.number)?.outcome ?? 'ACCEPT';
  if (outcome === 'CHALLENGE') {
    const id = randomBytes(16).toString('hex');
    const now = Date.now();
    for (const [key, pending] of sandbox.state.challenges) {
      if (pending.expiresAt < now) {
        sandbox.state.challenges.delete(key);
      }
    }
    sandbox.state.challenges.set(id, { profile, request: signed, card, expiresAt: now + CHALLENGE_TTL_MS });
    return reply.redirect(`${SANDBOX_PREFIX}/challenge?id=${id}`, 303);
  }
  return answer(sandbox, request, reply, profile, signed, OUTCOMES[outcome], card);
}
