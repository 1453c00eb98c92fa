import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accessSessions, accounts, authChallenges } from '../../db/schema/index.ts';
import { completeAuthentication, initiateAuthentication, type AuthDeps } from './auth.service.ts';
import { latestCode, testAuthDeps } from './auth.testing.ts';

const HOUR = 60 * 60_000;
const NUMBERS = 100;
const INVALID = 'ARO-E1015:Invalid verification code';

describe('brute force', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('yields zero sign-ins from 10,000 wrong guesses over 100 numbers and 400 challenges', { timeout: 600_000 }, async () => {
    const start = new Date('2031-03-01T06:00:00Z').getTime();
    let guesses = 0;
    let successes = 0;
    const answers = new Set<string>();
    const numbers = Array.from({ length: NUMBERS }, (_, n) => `9476${String(n).padStart(7, '0')}`);
    // Per number: two challenges at once, a third an hour later, a fourth the next day; 25 guesses each.
    const rounds = [0, 10 * 60_000, HOUR, 25 * HOUR];
    for (const [n, mobileNo] of numbers.entries()) {
      for (const [r, offset] of rounds.entries()) {
        // The address limits are off and every guess comes from another address, so that only the
        // per-challenge and per-number limits (and the code itself) stand between a guess and a sign-in.
        const deps = (k: number): AuthDeps =>
          testAuthDeps(t, {
            now: new Date(start + offset + k * 1000),
            clientIp: `10.${n}.${r}.${k}`,
            limits: { initiationsPerAddress: Infinity, completionsPerAddress: Infinity },
          });
        const { id } = await initiateAuthentication(deps(0), mobileNo);
        const code = Number(await latestCode(t.database, mobileNo));
        for (let k = 1; k <= 25; k++) {
          // Each guess is a real, different wrong code.
          const guess = (code + k * 397) % 10_000;
          guesses++;
          try {
            await completeAuthentication(deps(k), id, guess);
            successes++;
          } catch (error) {
            answers.add((error as Error).message);
          }
        }
      }
    }
    expect(guesses).toBe(10_000);
    expect(successes).toBe(0);
    expect([...answers]).toEqual([INVALID]);
    const sessions = await t.database.db
      .select({ n: count() })
      .from(accessSessions)
      .innerJoin(accounts, eq(accounts.id, accessSessions.accountId))
      .where(inArray(accounts.mobileNo, numbers));
    expect(sessions[0]?.n).toBe(0);
    // Limits, not luck: per number, the first day allowed 10 compared codes (two challenges of 5,
    // none on the third), the next day 5 more.
    const compared = await t.database.db
      .select({ mobileNo: authChallenges.mobileNo, n: sql<number>`sum(${authChallenges.failedAttempts})::int` })
      .from(authChallenges)
      .where(inArray(authChallenges.mobileNo, numbers))
      .groupBy(authChallenges.mobileNo);
    expect(compared).toHaveLength(NUMBERS);
    expect(new Set(compared.map((row) => row.n))).toEqual(new Set([15]));
  });
});
