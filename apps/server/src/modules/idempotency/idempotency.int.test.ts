import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, idempotencyKeys, patients } from '../../db/schema/index.ts';
import { signIn } from '../auth/auth.testing.ts';
import { deleteExpiredIdempotencyKeys } from './idempotency.repo.ts';
import { IDEMPOTENCY_KEY_TTL_MS, runOnce } from './idempotency.service.ts';

const CREATE = `mutation ($name: HumanNameInput!, $birthDate: String!, $gender: String!, $extension: [ExtensionInput!], $key: String) {
  createPatient(name: $name, birthDate: $birthDate, gender: $gender, extension: $extension, idempotencyKey: $key) {
    id name { given } }
}`;

type Created = { createPatient: { id: string; name: { given: string[] } } };

const child = (given: string) => ({
  name: { prefix: 'Mr', given: [given], family: 'Perera' },
  birthDate: '2015-04-09',
  gender: 'male',
  extension: [{ valueId: 'relationship', value: 'Son' }],
});

describe('idempotency keys on createPatient (issue 6 §2)', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let aliceAccount: string;

  const countProfiles = async (accountId: string): Promise<number> =>
    (await t.database.db.select().from(patients).where(eq(patients.accountId, accountId))).length;

  beforeAll(async () => {
    t = await createTestApp();
    alice = { authorization: `Bearer ${await signIn(t, '0771110001')}` };
    bob = { authorization: `Bearer ${await signIn(t, '0771110002')}` };
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.mobileNo, '94771110001'));
    aliceAccount = row?.id ?? '';
  });
  afterAll(async () => {
    await t.close();
  });

  it('without a key, two submits create two profiles (the dropped-connection retry that doubled)', async () => {
    const before = await countProfiles(aliceAccount);
    await t.gql(CREATE, child('Kasun'), alice);
    await t.gql(CREATE, child('Kasun'), alice);
    expect(await countProfiles(aliceAccount)).toBe(before + 2);
  });

  it('a retry with the same key returns the first profile and creates nothing', async () => {
    const key = randomUUID();
    const before = await countProfiles(aliceAccount);
    const first = await t.gql<Created>(CREATE, { ...child('Amal'), key }, alice);
    expect(first.errors).toBeUndefined();
    const retry = await t.gql<Created>(CREATE, { ...child('Amal'), key }, alice);
    expect(retry.errors).toBeUndefined();
    expect(retry.data?.createPatient).toEqual(first.data?.createPatient);
    expect(await countProfiles(aliceAccount)).toBe(before + 1);
  });

  it('retries sent at the same time create one profile', async () => {
    const key = randomUUID();
    const before = await countProfiles(aliceAccount);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.gql<Created>(CREATE, { ...child('Sunil'), key }, alice)),
    );
    const ids = new Set(answers.map((answer) => answer.data?.createPatient.id));
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined, undefined, undefined]);
    expect(ids.size).toBe(1);
    expect(await countProfiles(aliceAccount)).toBe(before + 1);
  });

  it('the same key with different input is refused (ARO-E2004) and nothing is created', async () => {
    const key = randomUUID();
    await t.gql<Created>(CREATE, { ...child('Ruwan'), key }, alice);
    const before = await countProfiles(aliceAccount);
    const other = await t.gql<Created>(CREATE, { ...child('Ruwani'), key }, alice);
    expect(other.data).toBeNull();
    expect(other.errors?.[0]?.message).toBe(
      'ARO-E2004:This request key was already used for a different request. Please submit again',
    );
    expect(await countProfiles(aliceAccount)).toBe(before);
  });

  it('keys belong to one account: the same key from another account creates its own profile', async () => {
    const key = randomUUID();
    const a = await t.gql<Created>(CREATE, { ...child('Nuwan'), key }, alice);
    const b = await t.gql<Created>(CREATE, { ...child('Nuwan'), key }, bob);
    expect(b.errors).toBeUndefined();
    expect(b.data?.createPatient.id).not.toBe(a.data?.createPatient.id);
  });

  it('a failed create stores no key, so the retry runs again; a malformed key is refused', async () => {
    const key = randomUUID();
    const invalid = { ...child('X'), birthDate: '2999-01-01', key };
    expect((await t.gql(CREATE, invalid, alice)).errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, aliceAccount), eq(idempotencyKeys.key, key)));
    expect(rows).toEqual([]);
    const valid = await t.gql<Created>(CREATE, { ...child('Chamara'), key }, alice);
    expect(valid.errors).toBeUndefined();
    const bad = await t.gql(CREATE, { ...child('Chamara'), key: 'short' }, alice);
    expect(bad.errors?.[0]?.message).toMatch(/^ARO-E2002:/);
  });

  it('an expired key is forgotten: it runs again, and pruning deletes it', async () => {
    const scope = { tenantId: 'careline-demo', accountId: aliceAccount, key: randomUUID() };
    let runs = 0;
    const create = async (): Promise<{ run: number }> => ({ run: ++runs });
    const now = new Date();
    expect(await runOnce(t.database.db, scope, 'test', { a: 1 }, create, now)).toEqual({ run: 1 });
    expect(await runOnce(t.database.db, scope, 'test', { a: 1 }, create, now)).toEqual({ run: 1 });
    const later = new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    expect(await runOnce(t.database.db, scope, 'test', { a: 1 }, create, later)).toEqual({ run: 2 });
    const muchLater = new Date(later.getTime() + IDEMPOTENCY_KEY_TTL_MS + 1000);
    expect(await deleteExpiredIdempotencyKeys(t.database.db, muchLater)).toBeGreaterThan(0);
    const left = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, scope.key));
    expect(left).toEqual([]);
  });
});
