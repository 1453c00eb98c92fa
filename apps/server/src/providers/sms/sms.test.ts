import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { fillTemplate } from './http-sms.ts';
import { resolveSmsConfig, resolveSmsFallbackConfig } from './sms-config.ts';
import { redactCodes, redactCodesOf, toE164 } from './sms.ts';

const env = (vars: Record<string, string>) =>
  loadEnv({ DATA_DIR: '/tmp/careline-sms-test', ...vars });

describe('SMS configuration', () => {
  it('uses the outbox by default outside production', () => {
    expect(resolveSmsConfig(env({ NODE_ENV: 'development' })).provider).toBe('outbox');
    expect(resolveSmsConfig(env({ NODE_ENV: 'test' })).provider).toBe('outbox');
  });

  it('refuses to start in production without a real provider', () => {
    expect(() => resolveSmsConfig(env({ NODE_ENV: 'production' }))).toThrow(
      /SMS_PROVIDER: required in production/,
    );
    expect(() => resolveSmsConfig(env({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox' }))).toThrow(
      /SMS_PROVIDER: outbox does not deliver/,
    );
    expect(
      resolveSmsConfig(
        env({
          NODE_ENV: 'production',
          SMS_PROVIDER: 'outbox',
          SMS_ALLOW_OUTBOX_IN_PRODUCTION: 'true',
        }),
      ),
    ).toEqual({ provider: 'outbox', production: true });
  });

  it('names every missing Twilio variable', () => {
    const run = () => resolveSmsConfig(env({ SMS_PROVIDER: 'twilio' }));
    expect(run).toThrow(/TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio/);
    expect(run).toThrow(/TWILIO_AUTH_TOKEN: required/);
    expect(run).toThrow(/TWILIO_FROM: required/);
    expect(
      resolveSmsConfig(
        env({
          SMS_PROVIDER: 'twilio',
          TWILIO_ACCOUNT_SID: 'AC1',
          TWILIO_AUTH_TOKEN: 't',
          TWILIO_MESSAGING_SERVICE_SID: 'MG1',
        }),
      ),
    ).toMatchObject({
      provider: 'twilio',
      baseUrl: 'https://api.twilio.com',
      from: null,
      messagingServiceSid: 'MG1',
    });
  });

  it('names the missing URL and a bad header list for the HTTP gateway', () => {
    expect(() => resolveSmsConfig(env({ SMS_PROVIDER: 'http' }))).toThrow(/SMS_HTTP_URL: required/);
    expect(() =>
      resolveSmsConfig(
        env({
          SMS_PROVIDER: 'http',
          SMS_HTTP_URL: 'http://gw.local/send',
          SMS_HTTP_HEADERS: '[1]',
        }),
      ),
    ).toThrow(/SMS_HTTP_HEADERS: must be a JSON object/);
  });
});

describe('the sign-in fallback provider (issue 31 §4.12)', () => {
  it('is off unless SMS_FALLBACK_PROVIDER is set', () => {
    expect(resolveSmsFallbackConfig(env({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://gw.local/send' }))).toBeNull();
  });

  it('reads its own SMS_FALLBACK_* settings, never the first provider\'s', () => {
    const vars = {
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://first.local/send',
      SMS_HTTP_HEADERS: '{"x-key":"first"}',
      SMS_FALLBACK_PROVIDER: 'http',
      SMS_FALLBACK_HTTP_URL: 'http://second.local/send',
      SMS_FALLBACK_HTTP_METHOD: 'PUT',
      SMS_FALLBACK_HTTP_HEADERS: '{"x-key":"second"}',
      SMS_FALLBACK_HTTP_CONTENT_TYPE: 'form',
    };
    expect(resolveSmsFallbackConfig(env(vars))).toEqual({
      provider: 'http',
      url: 'http://second.local/send',
      method: 'PUT',
      headers: { 'x-key': 'second' },
      bodyTemplate: null,
      contentType: 'form',
      timeoutMs: 10_000,
    });
    expect(resolveSmsConfig(env(vars))).toMatchObject({ url: 'http://first.local/send', headers: { 'x-key': 'first' } });
  });

  it('names every missing or bad fallback variable', () => {
    const twilio = () => resolveSmsFallbackConfig(env({ SMS_FALLBACK_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' }));
    expect(twilio).toThrow(/SMS_FALLBACK_TWILIO_ACCOUNT_SID: required when SMS_FALLBACK_PROVIDER=twilio/);
    expect(twilio).toThrow(/SMS_FALLBACK_TWILIO_AUTH_TOKEN: required/);
    expect(twilio).toThrow(/SMS_FALLBACK_TWILIO_FROM: required .*\(or SMS_FALLBACK_TWILIO_MESSAGING_SERVICE_SID\)/);
    const http = () => resolveSmsFallbackConfig(env({ SMS_FALLBACK_PROVIDER: 'http', SMS_FALLBACK_HTTP_HEADERS: 'nope' }));
    expect(http).toThrow(/SMS_FALLBACK_HTTP_URL: required when SMS_FALLBACK_PROVIDER=http/);
    expect(http).toThrow(/SMS_FALLBACK_HTTP_HEADERS: must be a JSON object/);
  });
});

describe('SMS helpers', () => {
  it('writes numbers in E.164', () => {
    expect(toE164('94771234567')).toBe('+94771234567');
    expect(toE164('+94771234567')).toBe('+94771234567');
  });

  it('hides codes in log lines', () => {
    expect(
      redactCodes('Your Careline Hospitals verification code is 0427. It expires in 5 minutes.'),
    ).toBe('Your Careline Hospitals verification code is ••••. It expires in 5 minutes.');
  });

  it("hides a message's codes in a provider's error text, keeping the provider's error number", () => {
    expect(redactCodesOf('twilio 400 21211: rejected "code is 0427"', 'Your code is 0427')).toBe(
      'twilio 400 21211: rejected "code is ••••"',
    );
  });

  it('escapes template values for their place', () => {
    const json = fillTemplate('{"t":"{{body}}","x":"{{unknown}}"}', { body: 'a"b\\c' }, (v) =>
      JSON.stringify(v).slice(1, -1),
    );
    expect(JSON.parse(json)).toEqual({ t: 'a"b\\c', x: '{{unknown}}' });
    expect(fillTemplate('m={{ body }}', { body: 'a&b' }, encodeURIComponent)).toBe('m=a%26b');
  });
});
