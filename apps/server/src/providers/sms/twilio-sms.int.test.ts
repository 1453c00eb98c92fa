import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db.ts';
import { loadEnv } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { createTenantRegistry } from '../../modules/tenants/index.ts';
import { createSmsMessageStore } from '../../modules/sms/index.ts';
import { createSmsSender } from './create-sms-sender.ts';
import { SmsSendError } from './sms.ts';
import { startFakeProvider, type FakeProvider } from './sms.testing.ts';

describe('Twilio SMS adapter against a local fake', () => {
  let database: Database;
  let fake: FakeProvider;
  const log = pino({ level: 'silent' });

  const sender = (extra: Record<string, string> = {}) => {
    const env = loadEnv({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_BASE_URL: fake.baseUrl,
      SMS_TIMEOUT_MS: '500',
      ...extra,
    });
    return createSmsSender(env, createSmsMessageStore(database.db), createTenantRegistry(env), log);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeProvider();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('posts a form with To in E.164, From and Body, with basic auth, and records the message', async () => {
    fake.answer = { status: 201, body: JSON.stringify({ sid: 'SM0001', status: 'queued' }) };
    await sender().send({
      tenantId: 'careline-demo',
      to: '94771234567',
      body: 'Your code is 0427',
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789abcdef:secret-token').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body);
    expect(form.get('To')).toBe('+94771234567');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toBe('Your code is 0427');
    const [row] = await database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.providerMessageId, 'SM0001'));
    expect(row).toMatchObject({
      provider: 'twilio',
      to: '94771234567',
      status: 'sent',
      body: 'Your code is ••••',
    });
  });

  it('uses the messaging service instead of From when one is set', async () => {
    fake.answer = { status: 201, body: JSON.stringify({ sid: 'SM0002' }) };
    await sender({ TWILIO_MESSAGING_SERVICE_SID: 'MG0001' }).send({
      tenantId: 'careline-demo',
      to: '94771234568',
      body: 'hello',
    });
    const form = new URLSearchParams(fake.requests[0]?.body);
    expect(form.get('MessagingServiceSid')).toBe('MG0001');
    expect(form.has('From')).toBe(false);
  });

  it('rejects and records a failure when Twilio refuses the message', async () => {
    fake.answer = {
      status: 400,
      body: JSON.stringify({ code: 21211, message: "The 'To' number is not valid" }),
    };
    const sending = sender().send({ tenantId: 'careline-demo', to: '94771234569', body: 'x' });
    await expect(sending).rejects.toBeInstanceOf(SmsSendError);
    const [row] = await database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.to, '94771234569'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('21211');
  });

  it('gives up after SMS_TIMEOUT_MS', async () => {
    fake.answer = 'hang';
    await expect(
      sender({ SMS_TIMEOUT_MS: '100' }).send({
        tenantId: 'careline-demo',
        to: '94771234560',
        body: 'x',
      }),
    ).rejects.toBeInstanceOf(SmsSendError);
    fake.answer = { status: 201, body: '{}' };
  });
});
