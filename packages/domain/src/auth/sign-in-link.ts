/**
 * Sign-in link payloads and tokens (spec doc 1 §4 'Link sign-in'; format in docs/api-contract.md
 * 'Sign-in links'). The link is /chat-home?access_token=<token>; the token is standard base64 of
 * `<payload>.<signature>`. Payload: `mobile_patientIndex_sessionId_appointmentId` for an appointment,
 * `SR_mobile_orderId` for an order. Only the server verifies the signature (HMAC-SHA256, base64url).
 */
import { decodeBase64, encodeBase64 } from './base64.ts';

export type SignInLinkTarget =
  | { kind: 'appointment'; mobileNo: string; patientIndex: number; sessionId: string; appointmentId: string }
  | { kind: 'order'; mobileNo: string; orderId: string };

/** The mobile number a link carries when no SMS code must be sent (spec doc 1 §4). */
export const INVALID_LINK_MOBILE = 'INVALID';

/** The prefix of an order link's payload (spec doc 1 §4: "an 'SR'-prefixed form"). */
export const ORDER_LINK_PREFIX = 'SR';

/** The route a sign-in link opens, and its query parameter (spec doc 1 §2). */
export const SIGN_IN_LINK_ROUTE = '/chat-home';
export const SIGN_IN_LINK_PARAM = 'access_token';

const SEPARATOR = '_';
const linkMobile = /^(\d{1,15}|INVALID)$/;
const linkId = /^[A-Za-z0-9-]+$/;

function assertPart(name: string, value: string, pattern: RegExp): void {
  if (!pattern.test(value)) {
    throw new RangeError(`sign-in link ${name} is not usable in a link: ${JSON.stringify(value)}`);
  }
}

/**
 * Whether a link's mobile number is the 'INVALID' marker, for which no code is sent (spec doc 1 §4).
 * @param mobileNo - the mobile number parsed from the link
 */
export function isInvalidLinkMobile(mobileNo: string): boolean {
  return mobileNo === INVALID_LINK_MOBILE;
}

/**
 * The underscore-separated payload of a sign-in link (spec doc 1 §4). Throws a RangeError when a
 * part could not be parsed back (ids must be letters, digits and '-'; mobile digits or 'INVALID').
 * @param target - the appointment or order the link opens
 */
export function formatSignInLinkPayload(target: SignInLinkTarget): string {
  assertPart('mobile number', target.mobileNo, linkMobile);
  switch (target.kind) {
    case 'appointment': {
      if (!Number.isSafeInteger(target.patientIndex) || target.patientIndex < 0) {
        throw new RangeError(`sign-in link patient index must be a whole number: ${target.patientIndex}`);
      }
      assertPart('session id', target.sessionId, linkId);
      assertPart('appointment id', target.appointmentId, linkId);
      return [target.mobileNo, String(target.patientIndex), target.sessionId, target.appointmentId].join(SEPARATOR);
    }
    case 'order': {
      assertPart('order id', target.orderId, linkId);
      return [ORDER_LINK_PREFIX, target.mobileNo, target.orderId].join(SEPARATOR);
    }
  }
}

/**
 * Whether formatSignInLinkPayload accepts the target (it throws otherwise), for checking input first.
 * @param target - the appointment or order the link would open
 */
export function canFormatSignInLink(target: SignInLinkTarget): boolean {
  try {
    formatSignInLinkPayload(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * The target a sign-in link payload names, or null when it is not one of the two forms (spec doc 1 §4).
 * @param payload - e.g. '94771234567_0_s-1_a-1' or 'SR_94771234567_o-1'
 */
export function parseSignInLinkPayload(payload: string): SignInLinkTarget | null {
  const parts = payload.split(SEPARATOR);
  if (parts[0] === ORDER_LINK_PREFIX) {
    const [, mobileNo = '', orderId = ''] = parts;
    if (parts.length !== 3 || !linkMobile.test(mobileNo) || !linkId.test(orderId)) {
      return null;
    }
    return { kind: 'order', mobileNo, orderId };
  }
  const [mobileNo = '', index = '', sessionId = '', appointmentId = ''] = parts;
  if (
    parts.length !== 4 ||
    !linkMobile.test(mobileNo) ||
    !/^\d{1,9}$/.test(index) ||
    !linkId.test(sessionId) ||
    !linkId.test(appointmentId)
  ) {
    return null;
  }
  return { kind: 'appointment', mobileNo, patientIndex: Number.parseInt(index, 10), sessionId, appointmentId };
}

/**
 * The token of a sign-in link: standard base64 of `payload.signature` (docs/api-contract.md).
 * @param payload - from formatSignInLinkPayload
 * @param signature - base64url HMAC of the payload, made by the server
 */
export function joinSignInLinkToken(payload: string, signature: string): string {
  return encodeBase64(`${payload}.${signature}`);
}

/**
 * Splits a sign-in link token into payload and signature, or null when malformed. Tolerates a token
 * still URL-encoded, '+' turned into a space by query parsing, base64url and missing padding.
 * @param token - the access_token query parameter
 */
export function splitSignInLinkToken(token: string): { payload: string; signature: string } | null {
  let raw = token.trim();
  if (raw.includes('%')) {
    try {
      raw = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  const decoded = decodeBase64(raw.replace(/ /g, '+'));
  if (decoded === null) {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  const payload = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  if (dot < 0 || payload === '' || !/^[A-Za-z0-9_-]+$/.test(signature)) {
    return null;
  }
  return { payload, signature };
}

/**
 * The path of a sign-in link, e.g. for the SMS the server sends (spec doc 1 §2 /chat-home access_token).
 * @param token - from joinSignInLinkToken
 */
export function signInLinkPath(token: string): string {
  return `${SIGN_IN_LINK_ROUTE}?${SIGN_IN_LINK_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * Where a signed-in user goes for a link target (spec doc 1 §4).
 * @param target - the parsed link target
 */
export function signInLinkDestination(target: SignInLinkTarget): string {
  switch (target.kind) {
    case 'appointment':
      return `/view/appointment?sessionId=${encodeURIComponent(target.sessionId)}&appointmentId=${encodeURIComponent(target.appointmentId)}`;
    case 'order':
      return `/order/view?orderId=${encodeURIComponent(target.orderId)}`;
  }
}
