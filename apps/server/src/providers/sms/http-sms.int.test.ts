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

describe('generic HTTP SMS adapter against a local fake', () => {
  let database: Database;
  let fake: FakeProvider;
  const log = pino({ level: 'silent' });

  const sender = (extra: Record<string, string>) => {
    const env = loadEnv({ NODE_ENV: 'test', SMS_PROVIDER: 'http', SMS_TIMEOUT_MS: '500', ...extra });
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
    fake.answer = { status: 200, body: '{}' };
  });

  it('sends JSON from the body template with escaped values and configured headers', async () => {
    fake.answer = { status: 200, body: JSON.stringify({ messageId: 'gw-77' }) };
    await sender({
      SMS_HTTP_URL: `${fake.baseUrl}/sms/send`,
      SMS_HTTP_HEADERS: JSON.stringify({ Authorization: 'Bearer gw-key' }),
      SMS_HTTP_BODY_TEMPLATE: '{"msisdn":"{{to}}","text":"{{body}}","mask":"{{sender}}"}',
    }).send({ tenantId: 'careline-demo', to: '94771230001', body: 'Line "one"\nline two' });
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/sms/send');
    expect(request?.headers.authorization).toBe('Bearer gw-key');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      msisdn: '+94771230001',
      text: 'Line "one"\nline two',
      mask: 'Careline',
    });
    const [row] = await database.db.select().from(smsMessages).where(eq(smsMessages.to, '94771230001'));
    expect(row).toMatchObject({ provider: 'http', status: 'sent', providerMessageId: 'gw-77' });
  });

  it('sends a form body when SMS_HTTP_CONTENT_TYPE=form', async () => {
    await sender({
      SMS_HTTP_URL: `${fake.baseUrl}/send`,
      SMS_HTTP_CONTENT_TYPE: 'form',
      SMS_HTTP_METHOD: 'PUT',
      SMS_HTTP_BODY_TEMPLATE: 'to={{msisdn}}&message={{body}}',
    }).send({ tenantId: 'careline-demo', to: '94771230002', body: 'a&b=c 1' });
    const [request] = fake.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(request?.body);
    expect(form.get('to')).toBe('94771230002');
    expect(form.get('message')).toBe('a&b=c 1');
  });

  it('fills placeholders in the URL for GET gateways', async () => {
    await sender({
      SMS_HTTP_URL: `${fake.baseUrl}/api?to={{to}}&text={{body}}`,
      SMS_HTTP_METHOD: 'GET',
    }).send({ tenantId: 'careline-demo', to: '94771230003', body: 'hi there' });
    const url = new URL(fake.requests[0]?.url ?? '', fake.baseUrl);
    expect(url.searchParams.get('to')).toBe('+94771230003');
    expect(url.searchParams.get('text')).toBe('hi there');
    expect(fake.requests[0]?.body).toBe('');
  });

  it('rejects and records a failure on a non-2xx answer', async () => {
    fake.answer = { status: 503, body: 'busy' };
    await expect(
      sender({ SMS_HTTP_URL: `${fake.baseUrl}/send` }).send({ tenantId: 'careline-demo', to: '94771230004', body: 'x' }),
    ).rejects.toBeInstanceOf(SmsSendError);
    const [row] = await database.db.select().from(smsMessages).where(eq(smsMessages.to, '94771230004'));
    expect(row?.status).toBe('failed');
    expect(row?.error).toContain('503');
  });

  it('stores bodies and gateway error texts with the codes hidden', async () => {
    const body = 'Your Careline Hospitals verification code is 0427. It expires in 5 minutes.';
    await sender({ SMS_HTTP_URL: `${fake.baseUrl}/send` }).send({
      tenantId: 'careline-demo',
      to: '94771230005',
      body,
    });
    expect(JSON.parse(fake.requests[0]?.body ?? '{}')).toMatchObject({ message: body });
    fake.answer = { status: 400, body: `rejected: ${body}` };
    await expect(
      sender({ SMS_HTTP_URL: `${fake.baseUrl}/send` }).send({
        tenantId: 'careline-demo',
        to: '94771230005',
        body,
      }),
    ).rejects.toBeInstanceOf(SmsSendError);
    const rows = await database.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.to, '94771230005'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.body).toBe(
        'Your Careline Hospitals verification code is ••••. It expires in 5 minutes.',
      );
      expect(row.error ?? '').not.toContain('0427');
    }
    expect(rows.find((row) => row.status === 'failed')?.error).toContain('••••');
  });
});
