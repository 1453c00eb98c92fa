import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { smsFallbacks } from '../../metrics/metrics.ts';
import { startFakeProvider, type FakeProvider } from './sms.testing.ts';

/*
 * The sign-in code is sent inline (the patient waits for it), so it cannot wait for the outbox's
 * retries: when the provider refuses it, it is tried once on the second provider
 * (SMS_FALLBACK_PROVIDER; issue 31 §4.12). Two local gateways stand for the two providers.
 */

const INITIATE = 'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }';
const COMPLETE =
  'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }';

const fallbacksOf = async (outcome: string): Promise<number> =>
  (await smsFallbacks.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

describe('the sign-in code falls back to the second provider once (issue 31 §4.12)', () => {
  let primary: FakeProvider;
  let fallback: FakeProvider;
  let t: TestApp;
  let single: TestApp;

  beforeAll(async () => {
    primary = await startFakeProvider();
    fallback = await startFakeProvider();
    const common = {
      // The gateways share this process's event loop with the database: on a busy machine a short
      // timeout would refuse a code the gateway took.
      SMS_TIMEOUT_MS: '60000',
      SMS_HTTP_URL: `${primary.baseUrl}/send`,
      SMS_PROVIDER: 'http',
    };
    t = await createTestApp({
      ...common,
      SMS_FALLBACK_PROVIDER: 'http',
      SMS_FALLBACK_HTTP_URL: `${fallback.baseUrl}/fallback`,
      SMS_FALLBACK_HTTP_BODY_TEMPLATE: '{"msisdn":"{{msisdn}}","text":"{{body}}"}',
    });
    single = await createTestApp(common);
  });
  afterAll(async () => {
    await t.close();
    await single.close();
    await primary.close();
    await fallback.close();
  });
  beforeEach(() => {
    primary.requests.length = 0;
    fallback.requests.length = 0;
  });

  // Each case with its own number, so the per-number sign-in limits never meet.
  const initiate = (app: TestApp, mobileNo: string) =>
    app.gql<{ initiateAuthentication: { id: string } }>(INITIATE, { u: mobileNo });

  it('sends the code through the fallback when the provider refuses it, and the code signs in', async () => {
    primary.answer = { status: 503, body: 'down' };
    fallback.answer = { status: 200, body: '{}' };
    const before = await fallbacksOf('sent');
    const started = await initiate(t, '0771230101');
    expect(started.errors).toBeUndefined();
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
    const sent = JSON.parse(fallback.requests[0]?.body ?? '{}') as {
      msisdn?: string;
      text?: string;
    };
    expect(sent.msisdn).toBe('94771230101');
    const code = /(?<!\d)(\d{4})(?!\d)/.exec(sent.text ?? '')?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(await fallbacksOf('sent')).toBe(before + 1);
    const done = await t.gql<{ completeAuthentication: { accessToken: string } }>(COMPLETE, {
      id: started.data?.initiateAuthentication.id,
      c: Number(code),
    });
    expect(done.data?.completeAuthentication.accessToken).toBeTruthy();
  });

  it('does not use the fallback while the provider takes the code', async () => {
    primary.answer = { status: 200, body: '{}' };
    expect((await initiate(t, '0771230102')).errors).toBeUndefined();
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(0);
  });

  it('tries the fallback once; when it refuses too, the sign-in answers ARO-E1001', async () => {
    primary.answer = { status: 503, body: 'down' };
    fallback.answer = { status: 502, body: 'also down' };
    const before = await fallbacksOf('failed');
    const started = await initiate(t, '0771230103');
    expect(started.errors?.[0]?.message).toMatch(/^ARO-E1001:/);
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
    expect(await fallbacksOf('failed')).toBe(before + 1);
  });

  it('without a fallback configured, a refused code is refused once', async () => {
    primary.answer = { status: 503, body: 'down' };
    const started = await initiate(single, '0771230104');
    expect(started.errors?.[0]?.message).toMatch(/^ARO-E1001:/);
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(0);
  });
});
