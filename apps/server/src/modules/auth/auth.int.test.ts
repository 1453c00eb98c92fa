import { createHmac, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accessSessions, accounts, authChallenges, authEvents, smsMessages } from '../../db/schema/index.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import { completeAuthentication, initiateAuthentication, type AuthDeps } from './auth.service.ts';
import { replaceChallengeCode } from './auth.repo.ts';
import { latestCode, signIn, testAuthDeps } from './auth.testing.ts';

const INVALID = 'ARO-E1015:Invalid verification code';
const USED_UP = 'ARO-E1102:This code is used up after 5 wrong tries. Tap Resend OTP to get a new code';
const lockedUntil = (until: Date): string =>
  `ARO-E1103:Too many wrong codes for this number. You can try again after ${until.toISOString()}`;
const MINUTE = 60_000;

/** A wrong code for a known right one. */
const wrong = (code: string, k = 1): number => (Number(code) + k) % 10_000;

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
}

describe('sign-in by SMS code', () => {
  let t: TestApp;
  let numberSeq = 0;
  // Each test gets its own numbers and client address, so that limits of one do not leak into another.
  const freshNumber = (): string => `9477${String(1_000_000 + numberSeq++).slice(1)}0`.slice(0, 11);
  const freshIp = (): string => `198.51.100.${numberSeq++ % 250}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionsOf = async (mobileNo: string): Promise<number> => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(accessSessions)
      .innerJoin(accounts, eq(accounts.id, accessSessions.accountId))
      .where(eq(accounts.mobileNo, mobileNo));
    return row?.n ?? 0;
  };

  it('sends a code naming the hospital and signs in with it over GraphQL', async () => {
    const started = await t.gql<{ initiateAuthentication: { id: string } }>(
      'mutation { initiateAuthentication(username: "0771234567") { id } }',
    );
    expect(started.errors).toBeUndefined();
    const [sms] = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, '94771234567'));
    expect(sms?.body).toMatch(/^Your Careline Hospitals verification code is \d{4}\. It expires in 5 minutes\.$/);
    expect(sms?.status).toBe('sent');
    const code = await latestCode(t.database, '94771234567');
    const done = await t.gql<{ completeAuthentication: { id: string; accessToken: string; outcome: string } }>(
      'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { id accessToken outcome } }',
      { id: started.data?.initiateAuthentication.id, c: Number(code) },
    );
    expect(done.errors).toBeUndefined();
    expect(done.data?.completeAuthentication.outcome).toBe('succeeded');
    expect(done.data?.completeAuthentication.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The code itself is never stored, only its keyed hash.
    const [challenge] = await t.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.id, started.data?.initiateAuthentication.id ?? ''));
    // (Compared with the keyed hash itself: a random hex string contains any 4 digits now and then.)
    const id = started.data?.initiateAuthentication.id ?? '';
    const keyed = createHmac('sha256', t.providers.appSecret).update(`${id}:94771234567:${code}`, 'utf8').digest('hex');
    expect(challenge?.codeHash).toBe(keyed);
    expect(challenge?.codeHash).not.toBe(code);
  });

  it('refuses an invalid number with ARO-E1013 and sends nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(smsMessages);
    const result = await t.gql('mutation { initiateAuthentication(username: "0112345678") { id } }');
    expect(result.errors?.[0]?.message).toBe('ARO-E1013:Mobile number required, retry again');
    const after = await t.database.db.select({ n: count() }).from(smsMessages);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('gives a new token on each sign-in and creates the account once', async () => {
    const first = await signIn(t, '0771111111');
    const second = await signIn(t, '771111111');
    expect(first).not.toBe(second);
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.mobileNo, '94771111111'));
    expect(rows).toHaveLength(1);
    expect(await sessionsOf('94771111111')).toBe(2);
  });

  it('expires a code after 5 minutes', async () => {
    const now = new Date('2030-01-01T08:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    const late = { ...deps, now: new Date(now.getTime() + 5 * MINUTE) };
    expect(await errorOf(completeAuthentication(late, id, code))).toBe(INVALID);
    const inTime = { ...deps, now: new Date(now.getTime() + 5 * MINUTE - 1) };
    expect((await completeAuthentication(inTime, id, code)).outcome).toBe('succeeded');
  });

  it('does not take a challenge for dead when a resend changed its code during the check', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    const [before] = await t.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.id, id));
    const db = t.database.db;
    // A resend lands between the code check and the consume: the consume finds another hash.
    const racing = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction') {
          return async (...args: Parameters<typeof db.transaction>) => {
            await target
              .update(authChallenges)
              .set({ codeHash: 'resent' })
              .where(eq(authChallenges.id, id));
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    expect(await errorOf(completeAuthentication({ ...deps, db: racing }, id, code))).toBe(INVALID);
    // The challenge is still live: once its code is back (here: the old one), it signs in.
    await db
      .update(authChallenges)
      .set({ codeHash: before?.codeHash ?? '' })
      .where(eq(authChallenges.id, id));
    expect((await completeAuthentication(deps, id, code)).outcome).toBe('succeeded');
  });

  it('uses a code once', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    expect((await completeAuthentication(deps, id, code)).outcome).toBe('succeeded');
    expect(await errorOf(completeAuthentication(deps, id, code))).toBe(INVALID);
    expect(await sessionsOf(mobileNo)).toBe(1);
  });

  it('signs in once when the right code arrives twice at the same time', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => completeAuthentication(deps, id, code)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await sessionsOf(mobileNo)).toBe(1);
  });

  it('ends a challenge after 5 wrong codes and says the code is used up, even to the right one', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = await latestCode(t.database, mobileNo);
    for (let k = 1; k <= 4; k++) {
      expect(await errorOf(completeAuthentication(deps, id, wrong(code, k)))).toBe(INVALID);
    }
    // The fifth wrong code already says what to do next (issue 6 §4.4).
    expect(await errorOf(completeAuthentication(deps, id, wrong(code, 5)))).toBe(USED_UP);
    expect(await errorOf(completeAuthentication(deps, id, Number(code)))).toBe(USED_UP);
    // Also from another process (no memory of the dead challenge): read from the database.
    expect(await errorOf(completeAuthentication({ ...deps, clientIp: freshIp() }, id, Number(code)))).toBe(USED_UP);
    const [row] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, id));
    expect(row?.failedAttempts).toBe(5);
    expect(await sessionsOf(mobileNo)).toBe(0);
  });

  it('compares at most 5 codes per challenge when many guesses arrive at once', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = await latestCode(t.database, mobileNo);
    // 8 at once: under the number's daily cap of 10, so only the challenge's own cap can stop them.
    await Promise.allSettled(
      Array.from({ length: 8 }, (_, k) => completeAuthentication(deps, id, wrong(code, k + 1))),
    );
    const [row] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, id));
    expect(row?.failedAttempts).toBe(5);
    const guesses = await t.database.db
      .select({ n: count() })
      .from(authEvents)
      .where(and(eq(authEvents.kind, 'verify_guess'), eq(authEvents.mobileNo, mobileNo)));
    expect(guesses[0]?.n).toBe(5);
  });

  it('keeps the challenge and its failures on a resend: a new code never resets the count', async () => {
    const now = new Date('2030-01-02T08:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const first = await latestCode(t.database, mobileNo);
    for (let k = 1; k <= 3; k++) {
      await errorOf(completeAuthentication(deps, id, wrong(first, k)));
    }
    const later = { ...deps, now: new Date(now.getTime() + MINUTE) };
    const resent = await initiateAuthentication(later, mobileNo);
    expect(resent.id).toBe(id);
    const second = await latestCode(t.database, mobileNo);
    // The old code is gone with the resend.
    if (first !== second) {
      expect(await errorOf(completeAuthentication(later, id, Number(first)))).toBe(INVALID);
    } else {
      await errorOf(completeAuthentication(later, id, wrong(second)));
    }
    await errorOf(completeAuthentication(later, id, wrong(second)));
    // Five failures in all: the new code no longer works either.
    expect(await errorOf(completeAuthentication(later, id, Number(second)))).toBe(USED_UP);
    const [row] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, id));
    expect(row?.failedAttempts).toBe(5);
    expect(row?.sendCount).toBe(2);
  });

  it('accepts the resent code while tries are left', async () => {
    const now = new Date('2030-01-03T08:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const first = await latestCode(t.database, mobileNo);
    await errorOf(completeAuthentication(deps, id, wrong(first)));
    const later = { ...deps, now: new Date(now.getTime() + 2 * MINUTE) };
    await initiateAuthentication(later, mobileNo);
    const second = Number(await latestCode(t.database, mobileNo));
    expect((await completeAuthentication(later, id, second)).outcome).toBe('succeeded');
  });

  it('spaces resends by 60 seconds (ARO-E1101)', async () => {
    const now = new Date('2030-01-04T08:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const soon = { ...deps, now: new Date(now.getTime() + 59_999) };
    expect(await errorOf(initiateAuthentication(soon, mobileNo))).toMatch(/^ARO-E1101:/);
    const minute = { ...deps, now: new Date(now.getTime() + MINUTE) };
    expect((await initiateAuthentication(minute, mobileNo)).id).toBe(id);
    const sent = await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, mobileNo));
    expect(sent[0]?.n).toBe(2);
  });

  it('sends one SMS and starts one challenge when 6 initiations for a number arrive at once', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => errorOf(initiateAuthentication(deps, mobileNo))),
    );
    expect(results.filter((r) => r === 'no error')).toHaveLength(1);
    expect(results.filter((r) => r.startsWith('ARO-E1101:'))).toHaveLength(5);
    const sent = await t.database.db
      .select({ n: count() })
      .from(smsMessages)
      .where(eq(smsMessages.to, mobileNo));
    expect(sent[0]?.n).toBe(1);
    const challenges = await t.database.db
      .select({ n: count() })
      .from(authChallenges)
      .where(eq(authChallenges.mobileNo, mobileNo));
    expect(challenges[0]?.n).toBe(1);
  });

  it('keeps the 60-second spacing when a locked challenge is followed by a new one', async () => {
    const now = new Date('2030-01-04T09:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = await latestCode(t.database, mobileNo);
    for (let k = 1; k <= 5; k++) {
      expect(await errorOf(completeAuthentication(deps, id, wrong(code, k)))).toBe(k < 5 ? INVALID : USED_UP);
    }
    const soon = { ...deps, now: new Date(now.getTime() + 30_000) };
    expect(await errorOf(initiateAuthentication(soon, mobileNo))).toMatch(/^ARO-E1101:/);
    const minute = { ...deps, now: new Date(now.getTime() + MINUTE) };
    expect((await initiateAuthentication(minute, mobileNo)).id).not.toBe(id);
  });

  it('never puts a new code on an expired or locked challenge', async () => {
    const now = new Date('2030-01-04T10:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const [row] = await t.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.id, id));
    if (!row) {
      throw new Error('challenge missing');
    }
    const next = {
      codeHash: 'ab',
      expiresAt: new Date(now.getTime() + 20 * MINUTE),
      maxFailures: 5,
    };
    const late = new Date(now.getTime() + 6 * MINUTE);
    expect(await replaceChallengeCode(t.database.db, row, { ...next, now: late })).toBe(false);
    await t.database.db
      .update(authChallenges)
      .set({ failedAttempts: 5 })
      .where(eq(authChallenges.id, id));
    expect(
      await replaceChallengeCode(t.database.db, row, {
        ...next,
        now: new Date(now.getTime() + MINUTE),
      }),
    ).toBe(false);
    const [after] = await t.database.db
      .select()
      .from(authChallenges)
      .where(eq(authChallenges.id, id));
    expect(after?.codeHash).toBe(row.codeHash);
  });

  it('sends at most 5 SMS per number per hour (ARO-E1100)', async () => {
    const start = new Date('2030-01-05T08:00:00Z').getTime();
    const mobileNo = freshNumber();
    const at = (ms: number): AuthDeps => testAuthDeps(t, { now: new Date(start + ms), clientIp: freshIp() });
    for (let k = 0; k < 5; k++) {
      await initiateAuthentication(at(k * 2 * MINUTE), mobileNo);
    }
    expect(await errorOf(initiateAuthentication(at(10 * MINUTE), mobileNo))).toMatch(/^ARO-E1100:/);
    expect(await errorOf(initiateAuthentication(at(59 * MINUTE), mobileNo))).toMatch(/^ARO-E1100:/);
    // One hour after the first send, one slot is free again.
    await initiateAuthentication(at(60 * MINUTE + 1), mobileNo);
    const sent = await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, mobileNo));
    expect(sent[0]?.n).toBe(6);
  });

  it('locks a number for one client after 10 failures, and says until when (ARO-E1103)', async () => {
    const start = new Date('2030-01-06T08:00:00Z').getTime();
    const mobileNo = freshNumber();
    const stranger = freshIp();
    const at = (ms: number, clientIp = stranger): AuthDeps => testAuthDeps(t, { now: new Date(start + ms), clientIp });
    for (let c = 0; c < 2; c++) {
      const deps = at(c * 10 * MINUTE);
      const { id } = await initiateAuthentication(deps, mobileNo);
      const code = await latestCode(t.database, mobileNo);
      for (let k = 1; k <= 4; k++) {
        expect(await errorOf(completeAuthentication(deps, id, wrong(code, k)))).toBe(INVALID);
      }
      // The tenth failure says the number is locked for this client, until its first failure is a day old.
      expect(await errorOf(completeAuthentication(deps, id, wrong(code, 5)))).toBe(
        c === 0 ? USED_UP : lockedUntil(new Date(start + 24 * 60 * MINUTE)),
      );
    }
    // No new code is sent to a client that may not try it; the answer says until when.
    const later = at(2 * 60 * MINUTE);
    expect(await errorOf(initiateAuthentication(later, mobileNo))).toBe(lockedUntil(new Date(start + 24 * 60 * MINUTE)));
    // The owner, on another address, signs in at once (issue 6 §4.5).
    const owner = at(2 * 60 * MINUTE, freshIp());
    const { id } = await initiateAuthentication(owner, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    expect((await completeAuthentication(owner, id, code)).outcome).toBe('succeeded');
    // Once the first five failures are 24 hours old, the stranger's address may try again.
    const nextDay = at(24 * 60 * MINUTE + MINUTE);
    const again = await initiateAuthentication(nextDay, mobileNo);
    const fresh = Number(await latestCode(t.database, mobileNo));
    expect((await completeAuthentication(nextDay, again.id, fresh)).outcome).toBe('succeeded');
  });

  it("gives a stranger asking for a code their own challenge, never the owner's", async () => {
    const now = new Date('2030-01-06T12:00:00Z').getTime();
    const mobileNo = freshNumber();
    const owner = testAuthDeps(t, { now: new Date(now), clientIp: freshIp() });
    const { id } = await initiateAuthentication(owner, mobileNo);
    const stranger = testAuthDeps(t, { now: new Date(now + MINUTE), clientIp: freshIp() });
    const theirs = await initiateAuthentication(stranger, mobileNo);
    expect(theirs.id).not.toBe(id);
    const strangerCode = await latestCode(t.database, mobileNo);
    for (let k = 1; k <= 5; k++) {
      await errorOf(completeAuthentication(stranger, theirs.id, wrong(strangerCode, k)));
    }
    // The owner's challenge kept its tries; the owner's code (the first SMS) still works.
    const [row] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, id));
    expect(row?.failedAttempts).toBe(0);
    const sms = await t.database.db.select({ body: smsMessages.body }).from(smsMessages).where(eq(smsMessages.to, mobileNo)).orderBy(smsMessages.seq);
    const ownerCode = Number(/code is (\d{4})/.exec(sms[0]?.body ?? '')?.[1]);
    expect((await completeAuthentication({ ...owner, now: new Date(now + 2 * MINUTE) }, id, ownerCode)).outcome).toBe('succeeded');
  });

  it('caps failures per number at 50 in 24 hours from all clients, and says until when', async () => {
    const start = new Date('2030-01-08T08:00:00Z').getTime();
    const mobileNo = freshNumber();
    const limits = { smsPerNumber: Infinity };
    const at = (ms: number, clientIp: string): AuthDeps =>
      testAuthDeps(t, { now: new Date(start + ms), clientIp, limits });
    // Five addresses, ten failures each, two challenges each: 50 failures.
    for (let c = 0; c < 10; c++) {
      const deps = at(c * 2 * MINUTE, `203.0.113.${100 + Math.floor(c / 2)}`);
      const { id } = await initiateAuthentication(deps, mobileNo);
      const code = await latestCode(t.database, mobileNo);
      for (let k = 1; k <= 5; k++) {
        await errorOf(completeAuthentication(deps, id, wrong(code, k)));
      }
    }
    const failures = await t.database.db
      .select({ n: count() })
      .from(authEvents)
      .where(and(eq(authEvents.kind, 'verify_guess'), eq(authEvents.mobileNo, mobileNo)));
    expect(failures[0]?.n).toBe(50);
    // Now any client is refused until the first failure is a day old; no SMS is sent.
    const anyone = at(30 * MINUTE, freshIp());
    const sentBefore = await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, mobileNo));
    expect(await errorOf(initiateAuthentication(anyone, mobileNo))).toBe(lockedUntil(new Date(start + 24 * 60 * MINUTE)));
    const sentAfter = await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, mobileNo));
    expect(sentAfter[0]?.n).toBe(sentBefore[0]?.n);
    const nextDay = at(24 * 60 * MINUTE + 3 * MINUTE, freshIp());
    const again = await initiateAuthentication(nextDay, mobileNo);
    const fresh = Number(await latestCode(t.database, mobileNo));
    expect((await completeAuthentication(nextDay, again.id, fresh)).outcome).toBe('succeeded');
  });

  it('limits initiations and completions per client address (ARO-E1100)', async () => {
    const now = new Date('2030-01-07T08:00:00Z');
    const deps = testAuthDeps(t, { now, clientIp: '203.0.113.9' });
    for (let k = 0; k < 30; k++) {
      await initiateAuthentication(deps, freshNumber());
    }
    expect(await errorOf(initiateAuthentication(deps, freshNumber()))).toMatch(/^ARO-E1100:/);
    // Another address is not affected.
    await initiateAuthentication({ ...deps, clientIp: '203.0.113.10' }, freshNumber());
    for (let k = 0; k < 60; k++) {
      expect(await errorOf(completeAuthentication(deps, randomUUID(), 1234))).toBe(INVALID);
    }
    expect(await errorOf(completeAuthentication(deps, randomUUID(), 1234))).toMatch(/^ARO-E1100:/);
    // After the 10-minute window the address may go on.
    const later = { ...deps, now: new Date(now.getTime() + 10 * MINUTE + 1) };
    await initiateAuthentication(later, freshNumber());
    expect(await errorOf(completeAuthentication(later, randomUUID(), 1234))).toBe(INVALID);
  });

  it('counts an address across tenants and an IPv6 address by its /64', async () => {
    const now = new Date('2030-01-08T08:00:00Z');
    const limits = { initiationsPerAddress: 2 };
    const first = t.tenants.byId('first-tenant');
    if (!first) {
      throw new Error('first-tenant missing');
    }
    const deps = testAuthDeps(t, { now, clientIp: '203.0.113.77', limits });
    await initiateAuthentication(deps, freshNumber());
    await initiateAuthentication({ ...deps, tenant: first }, freshNumber());
    // Switching the Host header (tenant) does not give the address a new budget.
    expect(
      await errorOf(initiateAuthentication({ ...deps, tenant: first }, freshNumber())),
    ).toMatch(/^ARO-E1100:/);
    const v6 = testAuthDeps(t, { now, clientIp: '2001:db8:aa:bb::1', limits });
    await initiateAuthentication(v6, freshNumber());
    await initiateAuthentication({ ...v6, clientIp: '2001:db8:aa:bb:ffff:1:2:3' }, freshNumber());
    expect(
      await errorOf(
        initiateAuthentication({ ...v6, clientIp: '2001:0db8:00aa:00bb::9' }, freshNumber()),
      ),
    ).toMatch(/^ARO-E1100:/);
    // Another /64 has its own budget.
    await initiateAuthentication({ ...v6, clientIp: '2001:db8:aa:bc::1' }, freshNumber());
  });

  it('gives the same ARO-E1015 for unknown, malformed and other-tenant challenge ids', async () => {
    const deps = testAuthDeps(t, { clientIp: freshIp() });
    const answers = [
      await errorOf(completeAuthentication(deps, randomUUID(), 1234)),
      await errorOf(completeAuthentication(deps, 'not-a-uuid', 1234)),
      await errorOf(completeAuthentication(deps, "'; DROP TABLE accounts; --", 1234)),
    ];
    const mobileNo = freshNumber();
    const other = t.tenants.byId('first-tenant');
    if (!other) {
      throw new Error('first-tenant missing');
    }
    const { id } = await initiateAuthentication({ ...deps, tenant: other }, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    answers.push(await errorOf(completeAuthentication(deps, id, code)));
    const viaGraphql = await t.gql('mutation { completeAuthentication(id: "nope", verificationCode: 1) { id } }');
    answers.push(viaGraphql.errors?.[0]?.message ?? '');
    expect(new Set(answers)).toEqual(new Set([INVALID]));
    // Still valid on its own tenant.
    expect((await completeAuthentication({ ...deps, tenant: other }, id, code)).outcome).toBe('succeeded');
  });

  it('leaves no usable challenge when the SMS cannot be sent (ARO-E1001)', async () => {
    const failing: SmsSender = {
      provider: 'test',
      send: async () => {
        throw new Error('provider down');
      },
    };
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: freshIp(), sms: failing });
    expect(await errorOf(initiateAuthentication(deps, mobileNo))).toBe(
      'ARO-E1001:Failed to initiate user authentication',
    );
    const left = await t.database.db.select().from(authChallenges).where(eq(authChallenges.mobileNo, mobileNo));
    expect(left).toHaveLength(0);
  });

  it('keeps the code already sent when a resend cannot be sent', async () => {
    const now = new Date('2030-01-08T08:00:00Z');
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { now, clientIp: freshIp() });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const code = Number(await latestCode(t.database, mobileNo));
    const failing: SmsSender = {
      provider: 'test',
      send: async () => {
        throw new Error('provider down');
      },
    };
    const later = { ...deps, now: new Date(now.getTime() + 2 * MINUTE), sms: failing };
    expect(await errorOf(initiateAuthentication(later, mobileNo))).toMatch(/^ARO-E1001:/);
    expect((await completeAuthentication(later, id, code)).outcome).toBe('succeeded');
  });

  it('refuses a request with 100 aliased completeAuthentication attempts, counting nothing', async () => {
    const mobileNo = freshNumber();
    const deps = testAuthDeps(t, { clientIp: '127.0.0.1' });
    const { id } = await initiateAuthentication(deps, mobileNo);
    const eventsBefore = await t.database.db.select({ n: count() }).from(authEvents);
    const fields = Array.from(
      { length: 100 },
      (_, k) => `a${k}: completeAuthentication(id: "${id}", verificationCode: ${k}) { accessToken }`,
    ).join('\n');
    const result = await t.gql(`mutation { ${fields} }`);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    const eventsAfter = await t.database.db.select({ n: count() }).from(authEvents);
    expect(eventsAfter[0]?.n).toBe(eventsBefore[0]?.n);
    const [row] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, id));
    expect(row?.failedAttempts).toBe(0);
    expect(await sessionsOf(mobileNo)).toBe(0);
  });

  it('refuses batched (array) requests', async () => {
    const eventsBefore = await t.database.db.select({ n: count() }).from(authEvents);
    const one = { query: `mutation { completeAuthentication(id: "${randomUUID()}", verificationCode: 1) { id } }` };
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(Array.from({ length: 50 }, () => one)),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    const eventsAfter = await t.database.db.select({ n: count() }).from(authEvents);
    expect(eventsAfter[0]?.n).toBe(eventsBefore[0]?.n);
  });
});
