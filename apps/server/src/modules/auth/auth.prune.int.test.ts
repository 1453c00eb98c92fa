import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  accessSessions,
  accounts,
  authChallenges,
  authEvents,
  authNumbers,
} from '../../db/schema/index.ts';
import { pruneAuthTables } from './auth.prune.ts';

const HOUR = 60 * 60_000;

describe('pruneAuthTables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes only rows past their keeping time', async () => {
    const now = new Date('2032-05-01T12:00:00Z');
    const ago = (ms: number): Date => new Date(now.getTime() - ms);
    const tenantId = 'careline-demo';
    await t.database.db.insert(authEvents).values([
      { tenantId, kind: 'sms_send', mobileNo: '94779990001', at: ago(26 * HOUR) },
      { tenantId, kind: 'sms_send', mobileNo: '94779990002', at: ago(23 * HOUR) },
    ]);
    await t.database.db.insert(authChallenges).values([
      { tenantId, mobileNo: '94779990001', codeHash: 'x', expiresAt: ago(2 * HOUR) },
      { tenantId, mobileNo: '94779990002', codeHash: 'y', expiresAt: ago(HOUR / 2) },
    ]);
    await t.database.db.insert(authNumbers).values([
      { tenantId, mobileNo: '94779990001', lastSentAt: ago(26 * HOUR) },
      { tenantId, mobileNo: '94779990002', lastSentAt: ago(HOUR) },
    ]);
    const [account] = await t.database.db
      .insert(accounts)
      .values({ tenantId, mobileNo: '94779990001' })
      .returning({ id: accounts.id });
    const accountId = account?.id ?? '';
    await t.database.db.insert(accessSessions).values([
      { tenantId, accountId, tokenHash: 'old-expired', expiresAt: ago(8 * 24 * HOUR) },
      {
        tenantId,
        accountId,
        tokenHash: 'old-revoked',
        expiresAt: new Date(now.getTime() + HOUR),
        revokedAt: ago(8 * 24 * HOUR),
      },
      { tenantId, accountId, tokenHash: 'recent-expired', expiresAt: ago(24 * HOUR) },
      { tenantId, accountId, tokenHash: 'live', expiresAt: new Date(now.getTime() + HOUR) },
    ]);
    await pruneAuthTables(t.database.db, now);
    const events = await t.database.db
      .select({ m: authEvents.mobileNo })
      .from(authEvents)
      .where(eq(authEvents.kind, 'sms_send'));
    expect(events.map((row) => row.m)).toEqual(['94779990002']);
    const challenges = await t.database.db
      .select({ m: authChallenges.mobileNo })
      .from(authChallenges);
    expect(challenges.map((row) => row.m)).toEqual(['94779990002']);
    const slots = await t.database.db.select({ m: authNumbers.mobileNo }).from(authNumbers);
    expect(slots.map((row) => row.m)).toEqual(['94779990002']);
    const sessions = await t.database.db
      .select({ h: accessSessions.tokenHash })
      .from(accessSessions)
      .where(eq(accessSessions.accountId, accountId));
    expect(sessions.map((row) => row.h).sort()).toEqual(['live', 'recent-expired']);
  });
});
