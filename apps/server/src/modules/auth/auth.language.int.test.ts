import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makePatientAccount } from '../../../test/factories.ts';
import { accounts, smsMessages } from '../../db/schema/index.ts';
import { initiateAuthentication } from './auth.service.ts';
import { signIn, testAuthDeps } from './auth.testing.ts';

const INITIATE =
  'mutation ($u: String!, $l: Language) { initiateAuthentication(username: $u, language: $l) { id } }';
const SET_LANGUAGE = 'mutation ($l: Language!) { setPreferredLanguage(language: $l) }';
const HOUR = 3_600_000;

const english = /^Your Careline Hospitals verification code is \d{4}\. It expires in 5 minutes\.$/;
const sinhala = /^ඔබගේ Careline Hospitals සත්‍යාපන කේතය \d{4} වේ\. එය මිනිත්තු 5කින් කල් ඉකුත් වේ\.$/;
const tamil =
  /^உங்கள் Careline Hospitals சரிபார்ப்புக் குறியீடு \d{4}\. இது 5 நிமிடங்களில் காலாவதியாகும்\.$/;

describe('SMS in the account’s language (issue 6 §5)', () => {
  let t: TestApp;
  let seq = 0;
  const freshNumber = (): string => `9478${String(1_000_000 + seq++).slice(1)}1`.slice(0, 11);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function lastSms(mobileNo: string): Promise<string> {
    const [row] = await t.database.db
      .select({ body: smsMessages.body })
      .from(smsMessages)
      .where(eq(smsMessages.to, mobileNo))
      .orderBy(desc(smsMessages.seq))
      .limit(1);
    return row?.body ?? '';
  }

  it('an unknown number gets its first SMS in the language the client sent, else English', async () => {
    const [si, ta, none] = [freshNumber(), freshNumber(), freshNumber()];
    expect((await t.gql(INITIATE, { u: si, l: 'si' })).errors).toBeUndefined();
    expect((await t.gql(INITIATE, { u: ta, l: 'ta' })).errors).toBeUndefined();
    expect((await t.gql(INITIATE, { u: none })).errors).toBeUndefined();
    expect(await lastSms(si)).toMatch(sinhala);
    expect(await lastSms(ta)).toMatch(tamil);
    expect(await lastSms(none)).toMatch(english);
  });

  it('an unknown language is refused by the schema', async () => {
    const result = await t.gql(INITIATE, { u: freshNumber(), l: 'fr' });
    expect(result.errors?.[0]?.message).toMatch(/Language/);
  });

  it('the account’s stored language wins over the client’s for its sign-in code', async () => {
    const { account } = await makePatientAccount(t.database.db, t.tenants.defaultTenant.id, {
      mobileNo: freshNumber(),
    });
    await t.database.db
      .update(accounts)
      .set({ preferredLanguage: 'ta' })
      .where(eq(accounts.id, account.id));
    await initiateAuthentication(
      testAuthDeps(t, { clientIp: '198.51.100.7' }),
      account.mobileNo,
      'si',
    );
    expect(await lastSms(account.mobileNo)).toMatch(tamil);
  });

  it('setPreferredLanguage stores the choice on the account, shown by queryOneProfile and used for the next SMS', async () => {
    const mobileNo = freshNumber();
    const token = await signIn(t, mobileNo);
    const auth = { authorization: `Bearer ${token}` };
    const before = await t.gql<{ queryOneProfile: { preferredLanguage: string | null } }>(
      '{ queryOneProfile { preferredLanguage } }',
      {},
      auth,
    );
    expect(before.data?.queryOneProfile.preferredLanguage).toBeNull();

    const set = await t.gql(SET_LANGUAGE, { l: 'si' }, auth);
    expect(set).toEqual({ data: { setPreferredLanguage: 'si' } });
    const after = await t.gql<{ queryOneProfile: { preferredLanguage: string | null } }>(
      '{ queryOneProfile { preferredLanguage } }',
      {},
      auth,
    );
    expect(after.data?.queryOneProfile.preferredLanguage).toBe('si');

    // A later sign-in from a phone showing English still gets the account's Sinhala.
    const later = new Date(Date.now() + HOUR);
    await initiateAuthentication(
      testAuthDeps(t, { now: later, clientIp: '198.51.100.8' }),
      mobileNo,
      'en',
    );
    expect(await lastSms(mobileNo)).toMatch(sinhala);
  });

  it('setPreferredLanguage needs a signed-in patient', async () => {
    const result = await t.gql(SET_LANGUAGE, { l: 'ta' });
    expect(result.errors?.[0]?.message).toMatch(/^ARO-E10(14|23):/);
  });
});
