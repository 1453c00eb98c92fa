import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callTokenKey, issueCallToken, twilioVideoAccessToken, verifyCallToken } from './call-token.ts';
import { baseVideoSettings, videoSettingsProblems } from '../tenants/index.ts';

const key = callTokenKey(Buffer.from('0123456789abcdef0123456789abcdef'));
const now = new Date('2026-11-24T10:00:00.000Z');
const claims = {
  tenantId: 'careline-demo',
  appointmentId: '11111111-1111-4111-8111-111111111111',
  accountId: '22222222-2222-4222-8222-222222222222',
  roomSid: 'room-1',
  exp: Math.floor(now.getTime() / 1000) + 60,
};

describe('careline call tokens', () => {
  it('read back what they bind until they expire', () => {
    const token = issueCallToken(key, claims);
    expect(verifyCallToken(key, token, now)).toEqual({ ok: true, claims });
    expect(verifyCallToken(key, token, new Date((claims.exp - 1) * 1000))).toMatchObject({ ok: true });
    expect(verifyCallToken(key, token, new Date(claims.exp * 1000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another key, an altered payload or signature, and junk', () => {
    const token = issueCallToken(key, claims);
    const [version, payload, signature] = token.split('.');
    const otherKey = callTokenKey(Buffer.from('another secret'));
    expect(verifyCallToken(otherKey, token, now)).toEqual({ ok: false, reason: 'invalid' });
    const altered = Buffer.from(JSON.stringify({ t: claims.tenantId, a: claims.appointmentId, u: 'someone-else', r: claims.roomSid, exp: claims.exp })).toString('base64url');
    expect(verifyCallToken(key, `${version}.${altered}.${signature}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyCallToken(key, `${version}.${payload}.${signature?.slice(1)}`, now)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', 'v1', 'v1..', 'v2.a.b', 'a.b.c.d']) {
      expect(verifyCallToken(key, junk, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('the key is not the server secret itself', () => {
    expect(callTokenKey(Buffer.from('s')).equals(Buffer.from('s'))).toBe(false);
  });
});

describe('Twilio Video access tokens', () => {
  it('are an HS256 JWT with a video grant, signed with the API key secret', () => {
    const settings = { accountSid: 'AC123', apiKeySid: 'SK456', apiKeySecret: 'secret' };
    const token = twilioVideoAccessToken(settings, { identity: 'Patient/p1', room: 'room-1', exp: claims.exp, now });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'HS256', cty: 'twilio-fpa;v=1' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'SK456',
      sub: 'AC123',
      exp: claims.exp,
      grants: { identity: 'Patient/p1', video: { room: 'room-1' } },
    });
    expect(signature).toBe(createHmac('sha256', 'secret').update(`${header}.${payload}`).digest('base64url'));
  });
});

describe('video settings', () => {
  it('the base is usable: our own signalling, no ICE servers', () => {
    expect(videoSettingsProblems('video', baseVideoSettings())).toEqual([]);
  });

  it('names each bad key', () => {
    const base = baseVideoSettings();
    expect(videoSettingsProblems('v', { ...base, provider: 'zoom' })[0]).toMatch(/^ {2}v\.provider: /);
    expect(videoSettingsProblems('v', { ...base, callTokenTtlSeconds: 5 })[0]).toMatch(/^ {2}v\.callTokenTtlSeconds: /);
    expect(videoSettingsProblems('v', { ...base, extra: true })[0]).toMatch(/extra/);
    expect(videoSettingsProblems('v', { ...base, ice: { ...base.ice, stunUrls: ['http://x'] } })).toEqual([
      "  v.ice.stunUrls: 'http://x' is not a stun: or stuns: URL",
    ]);
    expect(videoSettingsProblems('v', { ...base, ice: { ...base.ice, turnUrls: ['turn:x:3478'] } })).toEqual([
      '  v.ice.sharedSecret is empty while TURN URLs are set',
    ]);
  });
});
