import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { accessSessions, accounts } from '../../db/schema/index.ts';
import {
  createAccessSession,
  resolveAccessToken,
  revokeAccessSession,
  ACCESS_SESSION_ABSOLUTE_MS,
  ACCESS_SESSION_IDLE_MS,
} from './auth.access-sessions.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('access sessions', () => {
  let database: Database;
  let accountId: string;
  const t0 = new Date('2031-01-01T00:00:00Z').getTime();
  const at = (ms: number) => new Date(t0 + ms);

  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await database.db
      .insert(accounts)
      .values({ tenantId: 'careline-demo', mobileNo: '94775550000' })
      .returning();
    accountId = row?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores only a hash of a 256-bit token', async () => {
    const { token, accessSessionId } = await createAccessSession(database.db, 'careline-demo', accountId, at(0));
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await database.db.select().from(accessSessions).where(eq(accessSessions.id, accessSessionId));
    expect(row?.tokenHash).not.toContain(token);
    expect(await resolveAccessToken(database.db, 'careline-demo', token, at(1000))).toMatchObject({
      accountId,
      accessSessionId,
      mobileNo: '94775550000',
    });
  });

  it('ends a session after 30 idle days', async () => {
    const { token } = await createAccessSession(database.db, 'careline-demo', accountId, at(0));
    expect(ACCESS_SESSION_IDLE_MS).toBe(30 * DAY);
    expect(await resolveAccessToken(database.db, 'careline-demo', token, at(ACCESS_SESSION_IDLE_MS - 1000))).not.toBeNull();
    // That use moved the idle window on.
    expect(await resolveAccessToken(database.db, 'careline-demo', token, at(2 * ACCESS_SESSION_IDLE_MS - 2000))).not.toBeNull();
    const { token: idle } = await createAccessSession(database.db, 'careline-demo', accountId, at(0));
    expect(await resolveAccessToken(database.db, 'careline-demo', idle, at(ACCESS_SESSION_IDLE_MS + 1))).toBeNull();
  });

  it('ends a session 180 days after sign-in however often it is used', async () => {
    const { token } = await createAccessSession(database.db, 'careline-demo', accountId, at(0));
    expect(ACCESS_SESSION_ABSOLUTE_MS).toBe(180 * DAY);
    for (let day = 20; day < 180; day += 20) {
      expect(await resolveAccessToken(database.db, 'careline-demo', token, at(day * DAY))).not.toBeNull();
    }
    expect(await resolveAccessToken(database.db, 'careline-demo', token, at(ACCESS_SESSION_ABSOLUTE_MS - 1000))).not.toBeNull();
    expect(await resolveAccessToken(database.db, 'careline-demo', token, at(ACCESS_SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it('refuses a revoked session, another tenant and junk', async () => {
    const { token, accessSessionId } = await createAccessSession(database.db, 'careline-demo', accountId);
    expect(await resolveAccessToken(database.db, 'first-tenant', token)).toBeNull();
    await revokeAccessSession(database.db, accessSessionId);
    expect(await resolveAccessToken(database.db, 'careline-demo', token)).toBeNull();
    expect(await resolveAccessToken(database.db, 'careline-demo', 'short')).toBeNull();
    expect(await resolveAccessToken(database.db, 'careline-demo', 'x'.repeat(43))).toBeNull();
  });
});
