import { describe, expect, it } from 'vitest';
import { encodeBase64 } from './base64.ts';
import {
  type SignInLinkTarget,
  canFormatSignInLink,
  formatSignInLinkPayload,
  isInvalidLinkMobile,
  joinSignInLinkToken,
  parseSignInLinkPayload,
  signInLinkDestination,
  signInLinkPath,
  splitSignInLinkToken,
} from './sign-in-link.ts';

const sessionId = '0b7c5e1a-3f7e-4c1b-9d4e-6a1f2b3c4d5e';
const appointmentId = 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9';
const orderId = '11111111-2222-4333-8444-555555555555';

const appointment: SignInLinkTarget = {
  kind: 'appointment',
  mobileNo: '94771234567',
  patientIndex: 0,
  sessionId,
  appointmentId,
};
const order: SignInLinkTarget = { kind: 'order', mobileNo: '94771234567', orderId };

// spec doc 1 §4 'Link sign-in': underscore-separated parts give the mobile number, patient index,
// session id and appointment id; an order link uses an 'SR'-prefixed form with an order id.
describe('sign-in link payloads', () => {
  it.each([
    [appointment, `94771234567_0_${sessionId}_${appointmentId}`],
    [{ ...appointment, patientIndex: 3 }, `94771234567_3_${sessionId}_${appointmentId}`],
    [order, `SR_94771234567_${orderId}`],
    [{ ...appointment, mobileNo: 'INVALID' }, `INVALID_0_${sessionId}_${appointmentId}`],
    [{ ...order, mobileNo: 'INVALID' }, `SR_INVALID_${orderId}`],
  ])('%o ↔ %s', (target, payload) => {
    expect(formatSignInLinkPayload(target)).toBe(payload);
    expect(canFormatSignInLink(target)).toBe(true);
    expect(parseSignInLinkPayload(payload)).toEqual(target);
  });

  it.each([
    '',
    '94771234567',
    '94771234567_0_s',
    `94771234567_0_${sessionId}_${appointmentId}_extra`,
    `94771234567_x_${sessionId}_${appointmentId}`,
    `94771234567_-1_${sessionId}_${appointmentId}`,
    `94771234567_0__${appointmentId}`,
    `+94771234567_0_${sessionId}_${appointmentId}`,
    `invalid_0_${sessionId}_${appointmentId}`,
    'SR_94771234567',
    `SR_94771234567_${orderId}_x`,
    `SR__${orderId}`,
    `SR_94771234567_bad id`,
  ])('rejects payload %j', (payload) => {
    expect(parseSignInLinkPayload(payload)).toBeNull();
  });

  it.each<SignInLinkTarget>([
    { ...appointment, sessionId: 'a_b' },
    { ...appointment, appointmentId: '' },
    { ...appointment, patientIndex: -1 },
    { ...appointment, patientIndex: 1.5 },
    { ...appointment, mobileNo: '+94771234567' },
    { ...order, orderId: 'x_y' },
  ])('refuses to format a payload it could not parse back: %o', (target) => {
    expect(() => formatSignInLinkPayload(target)).toThrow(RangeError);
    expect(canFormatSignInLink(target)).toBe(false);
  });

  it.each([
    ['INVALID', true],
    ['94771234567', false],
    ['invalid', false],
  ])('isInvalidLinkMobile(%j) → %s', (mobileNo, expected) => {
    expect(isInvalidLinkMobile(mobileNo)).toBe(expected);
  });
});

// docs/api-contract.md 'Sign-in links': token = base64(payload + '.' + base64url signature).
describe('sign-in link tokens', () => {
  const signature = 'mZ-3_q8Yk0xL2c9VbN4sA1tE6rU7wP5oI0jH3gF2dS1';
  const payload = formatSignInLinkPayload(appointment);
  const token = joinSignInLinkToken(payload, signature);

  it('is standard base64 of payload.signature', () => {
    expect(token).toBe(encodeBase64(`${payload}.${signature}`));
    expect(splitSignInLinkToken(token)).toEqual({ payload, signature });
  });

  it.each([
    ['URL-encoded', (t: string) => encodeURIComponent(t)],
    ['with + read as a space', (t: string) => t.replace(/\+/g, ' ')],
    ['base64url', (t: string) => t.replace(/\+/g, '-').replace(/\//g, '_')],
    ['without padding', (t: string) => t.replace(/=+$/, '')],
    ['with surrounding whitespace', (t: string) => ` ${t}\n`],
  ])('tolerates a token %s', (_name, mangle) => {
    for (const target of [appointment, order]) {
      const p = formatSignInLinkPayload(target);
      const split = splitSignInLinkToken(mangle(joinSignInLinkToken(p, signature)));
      expect(split).toEqual({ payload: p, signature });
      expect(parseSignInLinkPayload(split?.payload ?? '')).toEqual(target);
    }
  });

  // Real payloads are ASCII letters, digits, '_' and '-', whose base64 never holds '+' or '/';
  // '>>>>>?' forces both, so the tolerance of '+' read as a space and of base64url is really exercised.
  it.each([
    ['URL-encoded', (t: string) => encodeURIComponent(t)],
    ['with + read as a space', (t: string) => t.replace(/\+/g, ' ')],
    ['base64url', (t: string) => t.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')],
  ])('tolerates a token with + and / %s', (_name, mangle) => {
    const odd = joinSignInLinkToken('>>>>>?', signature);
    expect(odd).toMatch(/\+/);
    expect(odd).toMatch(/\//);
    expect(splitSignInLinkToken(mangle(odd))).toEqual({ payload: '>>>>>?', signature });
  });

  it.each([
    ['empty', ''],
    ['not base64', '!!!!'],
    ['bad URL encoding', '%E0%A4%A'],
    ['no dot', encodeBase64(payload)],
    ['empty signature', encodeBase64(`${payload}.`)],
    ['empty payload', encodeBase64(`.${signature}`)],
    ['signature not base64url', encodeBase64(`${payload}.ab+c/=`)],
    ['truncated', token.slice(0, 5)],
  ])('rejects a malformed token (%s)', (_name, bad) => {
    expect(splitSignInLinkToken(bad)).toBeNull();
  });

  it('builds the /chat-home link with the token URL-encoded', () => {
    const path = signInLinkPath(token);
    expect(path.startsWith('/chat-home?access_token=')).toBe(true);
    expect(decodeURIComponent(path.slice('/chat-home?access_token='.length))).toBe(token);
    expect(signInLinkPath('a+b/c=')).toBe('/chat-home?access_token=a%2Bb%2Fc%3D');
  });
});

// spec doc 1 §4: a user already signed in goes to the appointment or the order.
describe('signInLinkDestination', () => {
  it.each<[SignInLinkTarget, string]>([
    [appointment, `/view/appointment?sessionId=${sessionId}&appointmentId=${appointmentId}`],
    [order, `/order/view?orderId=${orderId}`],
  ])('%o → %s', (target, path) => {
    expect(signInLinkDestination(target)).toBe(path);
  });
});
