import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, auditEvents, blobs, patients, paymentMethods } from '../../db/schema/index.ts';
import { issueSignInLink } from '../auth/index.ts';
import { latestCode, signIn } from '../auth/auth.testing.ts';
import { tinyPng } from '../../../test/images.ts';

/*
 * issue 7 point 3: every patient sign-in and every change a patient makes writes an audit row, in the
 * change's transaction, so a change that fails leaves no row.
 */

const CREATE = `mutation ($name: HumanNameInput!, $birthDate: String!, $gender: String!, $extension: [ExtensionInput!]) {
  createPatient(name: $name, birthDate: $birthDate, gender: $gender, extension: $extension) { id } }`;
const PATCH = `mutation ($id: ID!, $patches: [PatientPatchInput!]!) { patchPatient(patientId: $id, patches: $patches) { id } }`;
const COMPLETE = `mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }`;
const LINK = 'mutation ($token: String!) { initiateLinkAuthentication(token: $token) { id } }';
const png = tinyPng();
const person = (given: string, relationship: string) => ({
  name: { prefix: 'Ms', given: [given], family: 'Silva' },
  birthDate: '1990-02-03',
  gender: 'female',
  extension: [{ valueId: 'relationship', value: relationship }],
});

describe('audit trail of patients', () => {
  let t: TestApp;
  const correlation = () => `audit-${randomBytes(6).toString('hex')}`;
  const randomMobile = () => `077${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const rowsOf = async (accountId: string, action?: string) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorId, accountId),
          action === undefined ? undefined : eq(auditEvents.action, action),
        ),
      );
  const accountOf = async (mobileNo: string): Promise<string> => {
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.mobileNo, `94${mobileNo.slice(1)}`));
    if (!row) {
      throw new Error(`no account ${mobileNo}`);
    }
    return row.id;
  };
  /** A signed-in patient: headers with the token, and the account id. */
  const patient = async () => {
    const mobileNo = randomMobile();
    const token = await signIn(t, mobileNo);
    return { headers: authHeader(token), accountId: await accountOf(mobileNo) };
  };
  /** Makes every insert into the audit trail fail until the returned function is called. */
  const breakAuditTrail = async (): Promise<() => Promise<void>> => {
    await t.database.db.execute(sql`CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger
      LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit trail unavailable (test)'; END $$`);
    await t.database.db.execute(sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_events
      FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`);
    return async () => {
      await t.database.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_events`);
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records a sign-in by code with the method, the access session and the correlation id; a wrong code records nothing', async () => {
    const mobileNo = randomMobile();
    const started = await t.gql<{ initiateAuthentication: { id: string } }>(
      'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
      { u: mobileNo },
    );
    const challengeId = started.data?.initiateAuthentication.id ?? '';
    const code = Number(await latestCode(t.database, `94${mobileNo.slice(1)}`));
    const wrong = await t.gql(COMPLETE, { id: challengeId, c: (code + 1) % 10_000 });
    expect(wrong.errors?.[0]?.message).toMatch(/^ARO-E1015:/);
    const [before] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.sign-in'));

    const id = correlation();
    const done = await t.gql(COMPLETE, { id: challengeId, c: code }, { 'x-correlation-id': id });
    expect(done.errors).toBeUndefined();
    const accountId = await accountOf(mobileNo);
    const rows = await rowsOf(accountId, 'auth.sign-in');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorKind: 'patient',
      actorId: accountId,
      patientAccountId: accountId,
      role: null,
      correlationId: id,
      details: { method: 'sms' },
    });
    expect(rows[0]?.details.accessSessionId).toEqual(expect.any(String));
    const [after] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'auth.sign-in'));
    // The wrong code before it added nothing: only the one sign-in.
    expect((after?.n ?? 0) - (before?.n ?? 0)).toBe(1);
  });

  it('records a link sign-in as such', async () => {
    const mobileNo = randomMobile();
    const token = issueSignInLink(t.providers.appSecret, {
      kind: 'order',
      mobileNo,
      orderId: 'order-1',
    });
    const started = await t.gql<{ initiateLinkAuthentication: { id: string } }>(LINK, { token });
    const challengeId = started.data?.initiateLinkAuthentication.id ?? '';
    const code = Number(await latestCode(t.database, `94${mobileNo.slice(1)}`));
    expect((await t.gql(COMPLETE, { id: challengeId, c: code })).errors).toBeUndefined();
    const rows = await rowsOf(await accountOf(mobileNo), 'auth.sign-in');
    expect(rows.map((row) => row.details.method)).toEqual(['link']);
  });

  it('records profile creation and edits with the profile, but never a refused change', async () => {
    const { headers, accountId } = await patient();
    const id = correlation();
    const created = await t.gql<{ createPatient: { id: string } }>(CREATE, person('Anoma', 'Me'), {
      ...headers,
      'x-correlation-id': id,
    });
    const patientId = created.data?.createPatient.id ?? '';
    expect(patientId).not.toBe('');
    expect(await rowsOf(accountId, 'profile.create')).toMatchObject([
      { patientId, patientAccountId: accountId, correlationId: id },
    ]);

    const patched = await t.gql(
      PATCH,
      { id: patientId, patches: [{ op: 'replace', path: 'gender', value: 'female' }] },
      headers,
    );
    expect(patched.errors).toBeUndefined();
    const updates = await rowsOf(accountId, 'profile.update');
    expect(updates).toMatchObject([{ patientId, details: { paths: ['gender'] } }]);

    // Refused: a second person in a single role, and a bad patch.
    const second = await t.gql(CREATE, person('Other', 'Me'), headers);
    expect(second.errors?.[0]?.message).toMatch(/^ARO-E/);
    const bad = await t.gql(
      PATCH,
      { id: patientId, patches: [{ op: 'replace', path: 'birthDate', value: 'garbage' }] },
      headers,
    );
    expect(bad.errors?.[0]?.message).toMatch(/^ARO-E/);
    expect(await rowsOf(accountId, 'profile.create')).toHaveLength(1);
    expect(await rowsOf(accountId, 'profile.update')).toHaveLength(1);
  });

  it('records account changes (saved cards) and the sign-out', async () => {
    const { headers, accountId } = await patient();
    const cards = await t.database.db
      .insert(paymentMethods)
      .values([
        { tenantId: 'careline-demo', accountId, cardNumber: '522222XXXXXX2222' },
        { tenantId: 'careline-demo', accountId, cardNumber: '411111XXXXXX1111' },
      ])
      .returning();
    const [first, second] = cards.map((card) => card.id);
    expect(
      (
        await t.gql(
          'mutation ($id: ID!) { setDefaultPaymentMethod(id: $id) }',
          { id: first },
          headers,
        )
      ).errors,
    ).toBeUndefined();
    expect(
      (await t.gql('mutation ($id: ID!) { deletePaymentMethod(id: $id) }', { id: second }, headers))
        .errors,
    ).toBeUndefined();
    // Another account's card is not found, and not audited.
    const other = await patient();
    const refused = await t.gql(
      'mutation ($id: ID!) { deletePaymentMethod(id: $id) }',
      { id: first },
      other.headers,
    );
    expect(refused.errors?.[0]?.message).toMatch(/^ARO-E/);
    expect(await rowsOf(other.accountId, 'account.payment-method.delete')).toEqual([]);

    expect((await t.gql('mutation { logout }', {}, headers)).errors).toBeUndefined();
    const actions = (await rowsOf(accountId)).map((row) => row.action).sort();
    expect(actions).toEqual([
      'account.payment-method.delete',
      'account.payment-method.set-default',
      'auth.sign-in',
      'auth.sign-out',
    ]);
  });

  it('records a change of the account language, in its transaction: no row, no change', async () => {
    const { headers, accountId } = await patient();
    const language = (value: string, extra: Record<string, string> = {}) =>
      t.gql('mutation ($l: Language!) { setPreferredLanguage(language: $l) }', { l: value }, {
        ...headers,
        ...extra,
      });
    const storedLanguage = async () =>
      (
        await t.database.db
          .select({ language: accounts.preferredLanguage })
          .from(accounts)
          .where(eq(accounts.id, accountId))
      )[0]?.language;

    const id = correlation();
    expect((await language('si', { 'x-correlation-id': id })).errors).toBeUndefined();
    expect(await rowsOf(accountId, 'account.language.set')).toMatchObject([
      {
        actorKind: 'patient',
        actorId: accountId,
        patientAccountId: accountId,
        role: null,
        organizationId: null,
        correlationId: id,
        details: { language: 'si' },
      },
    ]);
    // Refused by the schema: nothing written.
    expect((await language('fr')).errors?.[0]?.message).toMatch(/Language/);
    expect(await rowsOf(accountId, 'account.language.set')).toHaveLength(1);

    const restore = await breakAuditTrail();
    try {
      expect((await language('ta')).errors?.[0]?.message).toMatch(/^ARO-E9999:/);
    } finally {
      await restore();
    }
    expect(await storedLanguage()).toBe('si');
    expect(await rowsOf(accountId, 'account.language.set')).toHaveLength(1);
  });

  it('records an upload with the blob, and not a refused one', async () => {
    const { headers, accountId } = await patient();
    const put = (body: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/blob/put',
        headers: { ...headers, 'content-type': contentType },
        payload: body,
      });
    const uploaded = await put(png, 'image/png');
    expect(uploaded.statusCode).toBe(201);
    const blobId = uploaded.json<{ id: string }>().id;
    expect(await rowsOf(accountId, 'blob.upload')).toMatchObject([
      { details: { blobId, contentType: 'image/png', byteSize: png.length } },
    ]);
    expect((await put(Buffer.from('not an image'), 'image/png')).statusCode).toBe(415);
    expect(await rowsOf(accountId, 'blob.upload')).toHaveLength(1);
  });

  it('is one transaction with the change: when the audit row cannot be written, the change is undone', async () => {
    const { headers, accountId } = await patient();
    const restore = await breakAuditTrail();
    try {
      const created = await t.gql(CREATE, person('Undone', 'Sister'), headers);
      expect(created.errors?.[0]?.message).toMatch(/^ARO-E9999:/);
      const upload = await t.app.inject({
        method: 'POST',
        url: '/blob/put',
        headers: { ...headers, 'content-type': 'image/png' },
        payload: png,
      });
      expect(upload.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(
      await t.database.db.select().from(patients).where(eq(patients.accountId, accountId)),
    ).toEqual([]);
    expect(await t.database.db.select().from(blobs).where(eq(blobs.accountId, accountId))).toEqual(
      [],
    );
    expect(await rowsOf(accountId, 'profile.create')).toEqual([]);
  });
});
