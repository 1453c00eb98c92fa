import { encodeBase64, joinSignInLinkToken, splitSignInLinkToken } from '@careline/domain/auth';
import { describe, expect, it } from 'vitest';
import { issueSignInLink, signInLinkUrlPath, verifySignInLink } from './auth.links.ts';

const secret = Buffer.from('a'.repeat(32));
const appointment = {
  kind: 'appointment',
  mobileNo: '94771234567',
  patientIndex: 1,
  sessionId: 'session-1',
  appointmentId: 'appt-9',
} as const;
const order = { kind: 'order', mobileNo: '94771234567', orderId: 'order-5' } as const;

describe('sign-in links (spec doc 1 §4)', () => {
  it('round-trips appointment and order links', () => {
    expect(verifySignInLink(secret, issueSignInLink(secret, appointment))).toEqual(appointment);
    expect(verifySignInLink(secret, issueSignInLink(secret, order))).toEqual(order);
  });

  it('writes the payload of the contract inside standard base64', () => {
    const token = issueSignInLink(secret, appointment);
    expect(token).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(splitSignInLinkToken(token)?.payload).toBe('94771234567_1_session-1_appt-9');
    expect(splitSignInLinkToken(issueSignInLink(secret, order))?.payload).toBe('SR_94771234567_order-5');
    expect(signInLinkUrlPath(secret, order)).toMatch(/^\/chat-home\?access_token=/);
  });

  it('refuses a changed payload, a changed signature, another key and junk', () => {
    const token = issueSignInLink(secret, appointment);
    const parts = splitSignInLinkToken(token);
    if (!parts) {
      throw new Error('token did not split');
    }
    expect(verifySignInLink(secret, joinSignInLinkToken('94770000000_1_session-1_appt-9', parts.signature))).toBeNull();
    const flipped = `${parts.signature.slice(0, -1)}${parts.signature.endsWith('A') ? 'B' : 'A'}`;
    expect(verifySignInLink(secret, joinSignInLinkToken(parts.payload, flipped))).toBeNull();
    expect(verifySignInLink(secret, joinSignInLinkToken(parts.payload, ''))).toBeNull();
    expect(verifySignInLink(Buffer.from('b'.repeat(32)), token)).toBeNull();
    expect(verifySignInLink(secret, 'not a token')).toBeNull();
    expect(verifySignInLink(secret, encodeBase64(parts.payload))).toBeNull();
    expect(verifySignInLink(secret, '')).toBeNull();
  });
});
