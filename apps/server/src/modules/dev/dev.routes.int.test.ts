import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /dev/sms-outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the messages sent, oldest first, optionally for one number', async () => {
    const sends = ['94771110001', '94771110002', '94771110001', '94771110003', '94771110001'];
    for (const [k, to] of sends.entries()) {
      await t.providers.sms.send({ tenantId: 'careline-demo', to, body: `message ${k}` });
    }
    const all = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox' });
    expect(all.statusCode).toBe(200);
    const rows = all.json<{ to: string; body: string; sentAt: string }[]>();
    expect(rows.map((row) => row.body)).toEqual(sends.map((_, k) => `message ${k}`));
    expect(rows[0]).toMatchObject({ to: '94771110001', body: 'message 0' });
    expect(rows[0]?.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const one = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox?to=0771110001' });
    expect(one.json<{ body: string }[]>().map((row) => row.body)).toEqual(['message 0', 'message 2', 'message 4']);
  });

  it('shows the verification SMS of a sign-in', async () => {
    await t.gql('mutation { initiateAuthentication(username: "771110009") { id } }');
    const response = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox?to=94771110009' });
    const [sms] = response.json<{ to: string; body: string }[]>();
    expect(sms?.to).toBe('94771110009');
    expect(sms?.body).toMatch(/^Your Careline Hospitals verification code is \d{4}\. It expires in 5 minutes\.$/);
  });

  it('answers only clients on this machine', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const local = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox', remoteAddress });
      expect(local.statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of [
      '192.168.1.20',
      '10.0.0.5',
      '::ffff:192.168.1.20',
      'fe80::1',
      '128.0.0.1',
    ]) {
      const outbox = await t.app.inject({ method: 'GET', url: '/dev/sms-outbox', remoteAddress });
      expect(outbox.statusCode, remoteAddress).toBe(404);
      expect(outbox.body).not.toContain('verification code');
      const link = await t.app.inject({
        method: 'POST',
        url: '/dev/sign-in-links',
        remoteAddress,
        payload: { mobileNo: '0771110009', orderId: 'o-1' },
      });
      expect(link.statusCode, remoteAddress).toBe(404);
      expect(link.body).not.toContain('token');
    }
    // A forwarded header does not make a LAN client local, even behind a trusted proxy setting.
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/dev/sms-outbox',
      remoteAddress: '192.168.1.20',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('answers malformed JSON with the generic request error, not the parser message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/dev/sign-in-links',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobileNo": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'ARO-E2002:The request is not valid' });
  });
});
