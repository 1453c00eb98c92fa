import { desc, eq } from 'drizzle-orm';
import { normaliseMobileNo } from '@careline/domain/auth';
import type { Database } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import type { TestApp } from '../../../test/test-app.ts';
import type { AuthDeps } from './auth.service.ts';

/**
 * The code in the newest SMS to a number, read from the outbox table (tests only).
 * @param database - the test database
 * @param mobileNo - normalised number
 */
export async function latestCode(database: Database, mobileNo: string): Promise<string> {
  const [row] = await database.db
    .select({ body: smsMessages.body })
    .from(smsMessages)
    .where(eq(smsMessages.to, mobileNo))
    .orderBy(desc(smsMessages.seq))
    .limit(1);
  // The first 4-digit run: the code, in whichever language the SMS is written.
  const code = /(?<!\d)(\d{4})(?!\d)/.exec(row?.body ?? '')?.[1];
  if (!code) {
    throw new Error(`no code sent to ${mobileNo}`);
  }
  return code;
}

/**
 * Sign-in service dependencies for a test app's default tenant (tests only).
 * @param t - the test app
 * @param extra - clock, client address, limits
 */
export function testAuthDeps(t: TestApp, extra: Partial<AuthDeps> = {}): AuthDeps {
  return {
    db: t.database.db,
    tenant: t.tenants.defaultTenant,
    sms: t.providers.signInSms,
    appSecret: t.providers.appSecret,
    clientIp: '192.0.2.1',
    correlationId: 'test-correlation-id',
    ...extra,
  };
}

/**
 * Signs a number in through GraphQL and returns the access token (tests only).
 * @param t - the test app
 * @param mobileNo - any accepted form
 */
export async function signIn(t: TestApp, mobileNo: string, headers: Record<string, string> = {}): Promise<string> {
  const started = await t.gql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
    headers,
  );
  const id = started.data?.initiateAuthentication.id;
  if (!id) {
    throw new Error(`initiateAuthentication failed: ${JSON.stringify(started.errors)}`);
  }
  const code = await latestCode(t.database, normaliseMobileNo(mobileNo) ?? mobileNo);
  const done = await t.gql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id, c: Number(code) },
    headers,
  );
  const token = done.data?.completeAuthentication.accessToken;
  if (!token) {
    throw new Error(`completeAuthentication failed: ${JSON.stringify(done.errors)}`);
  }
  return token;
}
