import type { GatewayDecision } from '@careline/domain/payments';
import type {
  CheckoutForm,
  CheckoutInput,
  CyberSourceSettings,
  GatewayAnswer,
  HttpRequester,
  StepUp,
} from './gateway.ts';
import { restKeysMissing, restPost, type RestAnswer } from './cybersource-rest.ts';
import { searchTransactions } from './cybersource-search.ts';
import { signFields, signedNamesOf, verifyFields } from './signature.ts';

/**
 * CyberSource Secure Acceptance (silent order POST and hosted checkout) and its REST API for token
 * charges and refunds (issue 9 §3, spec doc 2 §7 Payment gateways).
 */

/** Card fields the browser adds to the signed form, unsigned (the merchant never sees them). */
export const UNSIGNED_CARD_FIELDS = [
  'card_type',
  'card_number',
  'card_expiry_date',
  'card_cvn',
] as const;

const DECISIONS: readonly GatewayDecision[] = ['ACCEPT', 'REVIEW', 'DECLINE', 'ERROR', 'CANCEL'];

/**
 * The signed fields of a Secure Acceptance request, to post with the card fields to settings.formUrl.
 * @param settings - the tenant's CyberSource settings
 * @param input - amount, references, payer, return and notification URLs
 */
function checkoutForm(settings: CyberSourceSettings, input: CheckoutInput): CheckoutForm {
  const values: [string, string][] = [
    ['access_key', settings.accessKey],
    ['profile_id', settings.profileId],
    ['transaction_uuid', input.transactionUuid],
    ['signed_field_names', ''],
    ['unsigned_field_names', UNSIGNED_CARD_FIELDS.join(',')],
    ['signed_date_time', input.signedDateTime],
    ['locale', input.locale],
    ['transaction_type', input.transactionType],
    ['reference_number', input.referenceNumber],
    ['amount', input.amount],
    ['currency', input.currency],
    ['payment_method', 'card'],
    ['bill_to_forename', input.billTo.forename],
    ['bill_to_surname', input.billTo.surname],
    ['bill_to_email', input.billTo.email],
    ...(input.billTo.phone ? ([['bill_to_phone', input.billTo.phone]] as [string, string][]) : []),
    ['bill_to_address_line1', input.billTo.address1],
    ['bill_to_address_city', input.billTo.city],
    ['bill_to_address_country', input.billTo.country],
    ['override_custom_receipt_page', input.returnUrl],
    ['override_custom_cancel_page', input.returnUrl],
    ['override_backoffice_post_url', input.notifyUrl],
  ];
  const names = values.map(([name]) => name);
  const fields = Object.fromEntries(values);
  fields.signed_field_names = names.join(',');
  const signature = signFields(fields, names, settings.secretKey);
  return {
    action: settings.formUrl,
    fields: [
      ...names.map((name) => ({ name, value: fields[name]! })),
      { name: 'signature', value: signature },
    ],
    unsignedFieldNames: [...UNSIGNED_CARD_FIELDS],
  };
}

/**
 * Reads a Secure Acceptance answer (browser return or merchant notification): null unless its
 * signature verifies with the profile's secret and it carries a known decision, the reference and
 * the transaction uuid. Only signed fields are read: an unsigned 'decision' added by anyone is ignored.
 * @param settings - the tenant's CyberSource settings
 * @param body - the posted fields
 */
function readAnswer(
  settings: CyberSourceSettings,
  body: Record<string, string>,
): GatewayAnswer | null {
  if (!verifyFields(body, settings.secretKey)) {
    return null;
  }
  const signed: Record<string, string> = {};
  for (const name of signedNamesOf(body)) {
    signed[name] = body[name]!;
  }
  const decision = DECISIONS.find((known) => known === signed.decision);
  const referenceNumber = signed.req_reference_number;
  const transactionUuid = signed.req_transaction_uuid;
  if (!decision || !referenceNumber || !transactionUuid) {
    return null;
  }
  // An answer for another profile (signed with a shared key) is not this tenant's.
  if (
    (signed.req_profile_id !== undefined && signed.req_profile_id !== settings.profileId) ||
    (signed.req_access_key !== undefined && signed.req_access_key !== settings.accessKey)
  ) {
    return null;
  }
  const optional = (value: string | undefined) => (value ? value : undefined);
  return {
    decision,
    reasonCode: signed.reason_code ?? '',
    message: signed.message ?? '',
    referenceNumber,
    transactionUuid,
    transactionId: signed.transaction_id ?? '',
    amount: optional(signed.auth_amount) ?? signed.req_amount ?? '',
    currency: signed.req_currency ?? '',
    cardType: optional(signed.req_card_type),
    maskedCardNumber: optional(signed.req_card_number),
    cardExpiry: optional(signed.req_card_expiry_date),
    paymentToken: optional(signed.payment_token),
    forename: optional(signed.req_bill_to_forename),
    surname: optional(signed.req_bill_to_surname),
    authTime: optional(signed.auth_time),
    raw: signed,
  };
}

/**
 * 3-D Secure for a token charge (CyberSource Payer Authentication with authorisation in one call):
 * 'enroll' asks the gateway to check enrolment and authorise at once unless the bank wants a
 * challenge (then PENDING_AUTHENTICATION with a step-up); 'validate' authorises after the
 * cardholder passed the step-up.
 */
export type PayerAuthentication =
  | { action: 'enroll'; returnUrl: string }
  | { action: 'validate'; authenticationTransactionId: string };

/** Payer Authentication's challengeCancelCode when the cardholder selected Cancel on the bank's page. */
const CARDHOLDER_CANCELLED = '01';

/**
 * Secure Acceptance's reason code for a request whose access_key and transaction_uuid it has already
 * received (within 15 minutes): that answer says nothing about the first request (issue 29 §2).
 */
export const DUPLICATE_REQUEST_REASON = '104';

// REST decline reasons and the Secure Acceptance reason codes they stand for.
const DECLINE_REASON_CODES: Record<string, string> = {
  EXPIRED_CARD: '202',
  PROCESSOR_DECLINED: '203',
  INSUFFICIENT_FUND: '204',
  STOLEN_LOST_CARD: '205',
  INVALID_ACCOUNT: '231',
  CV_FAILED: '230',
  CONSUMER_AUTHENTICATION_FAILED: '476',
  CONSUMER_AUTHENTICATION_REQUIRED: '478',
};

/** A failure that says nothing about whether the charge happened: the caller must not credit it. */
function transportError(
  error: unknown,
  input: { referenceNumber: string; amount: string; currency: string },
): GatewayAnswer {
  const timedOut =
    error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return {
    decision: 'ERROR',
    reasonCode: timedOut ? '151' : '150',
    message: timedOut ? 'The request timed out at the gateway' : 'No answer from the gateway',
    referenceNumber: input.referenceNumber,
    transactionUuid: '',
    transactionId: '',
    amount: input.amount,
    currency: input.currency,
    raw: {},
  };
}

/**
 * Charges a saved card's payment token through the REST API (POST {restBaseUrl}/pts/v2/payments,
 * authorised and captured, HTTP Signature auth). Never throws: a network failure or timeout is an
 * ERROR answer (reason 150 or 151) whose outcome is unknown.
 * @param http - the gateway HTTP requester (providers.gatewayHttp)
 * @param settings - the tenant's CyberSource settings (merchant id and REST keys)
 * @param input - reference, amount ("2500.00"), currency and the payment token
 */
async function chargeToken(
  http: HttpRequester,
  settings: CyberSourceSettings,
  input: {
    referenceNumber: string;
    amount: string;
    currency: string;
    paymentToken: string;
    payerAuthentication?: PayerAuthentication;
  },
): Promise<GatewayAnswer> {
  const base = {
    referenceNumber: input.referenceNumber,
    transactionUuid: '',
    amount: input.amount,
    currency: input.currency,
  };
  if (restKeysMissing(settings)) {
    return {
      ...base,
      decision: 'ERROR',
      reasonCode: '150',
      message: 'The gateway REST keys are not configured',
      transactionId: '',
      raw: {},
    };
  }
  let result: { status: number; answer: RestAnswer };
  try {
    const auth = input.payerAuthentication;
    result = await restPost(http, settings, '/pts/v2/payments', {
      clientReferenceInformation: { code: input.referenceNumber },
      processingInformation: {
        capture: true,
        commerceIndicator: 'internet',
        ...(auth
          ? {
              actionList: [
                auth.action === 'enroll'
                  ? 'CONSUMER_AUTHENTICATION'
                  : 'VALIDATE_CONSUMER_AUTHENTICATION',
              ],
            }
          : {}),
      },
      paymentInformation: { customer: { customerId: input.paymentToken } },
      orderInformation: { amountDetails: { totalAmount: input.amount, currency: input.currency } },
      ...(auth
        ? {
            consumerAuthenticationInformation:
              auth.action === 'enroll'
                ? { returnUrl: auth.returnUrl }
                : { authenticationTransactionId: auth.authenticationTransactionId },
          }
        : {}),
    });
  } catch (error) {
    return transportError(error, input);
  }
  const { status, answer } = result;
  const raw: Record<string, string> = { httpStatus: String(status) };
  for (const [name, value] of [
    ['id', answer.id],
    ['status', answer.status],
    ['reason', answer.errorInformation?.reason ?? answer.reason],
    ['message', answer.errorInformation?.message ?? answer.message ?? answer.response?.rmsg],
  ] as const) {
    if (typeof value === 'string') {
      raw[name] = value;
    }
  }
  const amounts = answer.orderInformation?.amountDetails;
  const common = {
    ...base,
    transactionId: answer.id ?? '',
    amount: amounts?.authorizedAmount ?? amounts?.totalAmount ?? input.amount,
    currency: amounts?.currency ?? input.currency,
    referenceNumber: answer.clientReferenceInformation?.code ?? input.referenceNumber,
    raw,
  };
  const message = raw.message ?? '';
  if (status === 201 && answer.status === 'AUTHORIZED') {
    return {
      ...common,
      decision: 'ACCEPT',
      reasonCode: '100',
      message: message || 'Request was processed successfully.',
    };
  }
  const stepUp = answer.consumerAuthenticationInformation;
  if (
    status === 201 &&
    answer.status === 'PENDING_AUTHENTICATION' &&
    stepUp?.stepUpUrl &&
    stepUp.accessToken &&
    stepUp.authenticationTransactionId
  ) {
    // Not charged: the bank wants the cardholder first (reason 475, as Secure Acceptance says it).
    return {
      ...common,
      decision: 'REVIEW',
      reasonCode: '475',
      message: message || 'The cardholder is enrolled in payer authentication',
      stepUp: {
        url: stepUp.stepUpUrl,
        accessToken: stepUp.accessToken,
        authenticationTransactionId: stepUp.authenticationTransactionId,
      },
    };
  }
  if (
    status === 201 &&
    answer.status === 'AUTHENTICATION_FAILED' &&
    answer.consumerAuthenticationInformation?.challengeCancelCode === CARDHOLDER_CANCELLED
  ) {
    // The cardholder pressed Cancel on the bank's page: nothing was authorised (issue 29 §2).
    return {
      ...common,
      decision: 'CANCEL',
      reasonCode: '',
      message: message || 'The cardholder cancelled the payment at the bank',
    };
  }
  if (status === 201 && answer.status === 'AUTHENTICATION_FAILED') {
    return {
      ...common,
      decision: 'DECLINE',
      reasonCode: '476',
      message: message || 'The payer could not be authenticated',
    };
  }
  if (
    status === 201 &&
    (answer.status === 'AUTHORIZED_PENDING_REVIEW' || answer.status === 'PENDING_REVIEW')
  ) {
    return {
      ...common,
      decision: 'REVIEW',
      reasonCode: '480',
      message: message || 'The order is marked for review',
    };
  }
  if (status === 201 && answer.status === 'DECLINED') {
    const reasonCode = DECLINE_REASON_CODES[raw.reason ?? ''] ?? '203';
    return {
      ...common,
      decision: 'DECLINE',
      reasonCode,
      message: message || 'General decline of the card',
    };
  }
  if (status === 400) {
    return {
      ...common,
      decision: 'ERROR',
      reasonCode: '102',
      message: message || 'The request was refused as invalid',
    };
  }
  return {
    ...common,
    decision: 'ERROR',
    reasonCode: '150',
    message: message || `Gateway answered HTTP ${status}`,
  };
}

/**
 * Refunds (part of) a captured payment through the REST API (POST
 * {restBaseUrl}/pts/v2/payments/{id}/refunds). The gateway accepts a refund as PENDING: that is
 * 'refunded' here; anything else, or no answer, is 'failed' with the gateway's message.
 * @param http - the gateway HTTP requester (providers.gatewayHttp)
 * @param settings - the tenant's CyberSource settings (merchant id and REST keys)
 * @param input - the captured transaction's id, reference, amount to refund ("500.00") and currency
 */
async function refund(
  http: HttpRequester,
  settings: CyberSourceSettings,
  input: { transactionId: string; referenceNumber: string; amount: string; currency: string },
): Promise<{ status: 'refunded' | 'failed'; refundId: string | null; message: string }> {
  if (restKeysMissing(settings)) {
    return {
      status: 'failed',
      refundId: null,
      message: 'The gateway REST keys are not configured',
    };
  }
  if (!input.transactionId) {
    return { status: 'failed', refundId: null, message: 'No gateway transaction to refund' };
  }
  try {
    const { status, answer } = await restPost(
      http,
      settings,
      `/pts/v2/payments/${encodeURIComponent(input.transactionId)}/refunds`,
      {
        clientReferenceInformation: { code: input.referenceNumber },
        orderInformation: {
          amountDetails: { totalAmount: input.amount, currency: input.currency },
        },
      },
    );
    if (
      status === 201 &&
      answer.id &&
      (answer.status === 'PENDING' || answer.status === 'TRANSMITTED')
    ) {
      return { status: 'refunded', refundId: answer.id, message: answer.status };
    }
    const message =
      answer.errorInformation?.message ??
      answer.message ??
      answer.response?.rmsg ??
      `Gateway answered HTTP ${status}`;
    return { status: 'failed', refundId: null, message };
  } catch (error) {
    return { status: 'failed', refundId: null, message: transportError(error, input).message };
  }
}

const escapeAttribute = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The page that takes the cardholder to the bank's 3-D Secure step-up (Cardinal Commerce's
 * step-up form: POST JWT and MD to the step-up URL), for authenticatePaymentGateway's redirectHtml.
 * It carries no script: the app posts the form (after 1 s, spec doc 2 §7), or the cardholder does.
 * @param stepUp - the gateway's step-up URL and access token
 * @param merchantData - MD, echoed back by the bank: the booking request's reference
 */
function stepUpHtml(stepUp: StepUp, merchantData: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Verify your payment</title></head><body>',
    `<form id="step-up-form" method="post" action="${escapeAttribute(stepUp.url)}">`,
    `<input type="hidden" name="JWT" value="${escapeAttribute(stepUp.accessToken)}">`,
    `<input type="hidden" name="MD" value="${escapeAttribute(merchantData)}">`,
    '<button type="submit">Continue to your bank</button>',
    '</form></body></html>',
  ].join('');
}

/**
 * The CyberSource adapter: checkout form, answer reading, token charges (with 3-D Secure), refunds
 * and the transaction search by our reference.
 */
export const cyberSource = { checkoutForm, readAnswer, chargeToken, refund, stepUpHtml, searchTransactions };
