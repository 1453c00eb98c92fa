import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { latestCode, signIn } from './auth.testing.ts';

const LINK = `mutation ($token: String!) { initiateLinkAuthentication(token: $token) {
  id alreadySignedIn target { kind mobileNo patientIndex sessionId appointmentId orderId } } }`;

type LinkResult = {
  initiateLinkAuthentication: {
    id: string | null;
    alreadySignedIn: boolean;
    target: Record<string, unknown>;
  };
};

describe('link sign-in (spec doc 1 §4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const mint = async (body: Record<string, unknown>): Promise<{ token: string; url: string }> => {
    const response = await t.app.inject({ method: 'POST', url: '/dev/sign-in-links', payload: body });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const smsTo = async (mobileNo: string): Promise<number> =>
    (await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, mobileNo)))[0]?.n ?? 0;

  it('mints a link, sends a code for it and signs in with the code', async () => {
    const { token, url } = await mint({ mobileNo: '0771230100', patientIndex: 0, sessionId: 's-1', appointmentId: 'a-1' });
    expect(url).toMatch(/\/chat-home\?access_token=/);
    const result = await t.gql<LinkResult>(LINK, { token });
    expect(result.errors).toBeUndefined();
    expect(result.data?.initiateLinkAuthentication).toMatchObject({
      alreadySignedIn: false,
      target: { kind: 'appointment', mobileNo: '94771230100', patientIndex: 0, sessionId: 's-1', appointmentId: 'a-1', orderId: null },
    });
    const id = result.data?.initiateLinkAuthentication.id;
    expect(id).toEqual(expect.any(String));
    const code = Number(await latestCode(t.database, '94771230100'));
    const done = await t.gql<{ completeAuthentication: { outcome: string } }>(
      'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { outcome } }',
      { id, c: code },
    );
    expect(done.data?.completeAuthentication.outcome).toBe('succeeded');
  });

  it('says already signed in, without an SMS, when the link is for the signed-in number', async () => {
    const headers = { authorization: `Bearer ${await signIn(t, '0771230200')}` };
    const { token } = await mint({ mobileNo: '94771230200', orderId: 'order-7' });
    const sent = await smsTo('94771230200');
    const result = await t.gql<LinkResult>(LINK, { token }, headers);
    expect(result.data?.initiateLinkAuthentication).toEqual({
      id: null,
      alreadySignedIn: true,
      target: { kind: 'order', mobileNo: '94771230200', patientIndex: null, sessionId: null, appointmentId: null, orderId: 'order-7' },
    });
    expect(await smsTo('94771230200')).toBe(sent);
    // Signed in as someone else: a code goes to the link's number.
    const { token: other } = await mint({ mobileNo: '0771230201', orderId: 'order-8' });
    const forOther = await t.gql<LinkResult>(LINK, { token: other }, headers);
    expect(forOther.data?.initiateLinkAuthentication.id).toEqual(expect.any(String));
    expect(await smsTo('94771230201')).toBe(1);
  });

  it("sends nothing for the number 'INVALID'", async () => {
    const before = (await t.database.db.select({ n: count() }).from(smsMessages))[0]?.n;
    const { token } = await mint({ mobileNo: 'INVALID', patientIndex: 2, sessionId: 's-2', appointmentId: 'a-2' });
    const result = await t.gql<LinkResult>(LINK, { token });
    expect(result.data?.initiateLinkAuthentication).toMatchObject({
      id: null,
      alreadySignedIn: false,
      target: { mobileNo: 'INVALID', sessionId: 's-2' },
    });
    expect((await t.database.db.select({ n: count() }).from(smsMessages))[0]?.n).toBe(before);
  });

  it('refuses tampered and malformed links with ARO-E1014', async () => {
    const { token } = await mint({ mobileNo: '0771230300', orderId: 'order-9' });
    const decoded = Buffer.from(token, 'base64').toString('utf8');
    const tampered = Buffer.from(decoded.replace('94771230300', '94771230301')).toString('base64');
    for (const bad of [tampered, 'garbage', '', Buffer.from('SR_94771230300_order-9').toString('base64')]) {
      const result = await t.gql(LINK, { token: bad });
      expect(result.errors?.[0]?.message).toBe("ARO-E1014:You don't have permission. Retry after logging in again");
    }
    expect(await smsTo('94771230301')).toBe(0);
  });

  it('refuses a bad mint request', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/dev/sign-in-links', payload: { mobileNo: 'abc' } });
    expect(response.statusCode).toBe(400);
  });
});
