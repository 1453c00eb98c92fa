import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { makePatientAccount } from '../test/factories.ts';
import { pngHeader } from '../test/images.ts';
import { blobs, patients } from './db/schema/index.ts';
import { createAccessSession } from './modules/auth/index.ts';

const TENANT = 'careline-demo';
const CREATE = `mutation ($given: [String!]!, $key: String) {
  createPatient(name: { prefix: "Mr", given: $given, family: "Perera" }, birthDate: "2010-01-01",
    gender: "male", extension: [{ valueId: "relationship", value: "Son" }], idempotencyKey: $key) { id }
}`;

const png = (filler: number): Buffer => Buffer.concat([pngHeader(1, 1), Buffer.alloc(filler, 0x41)]);

describe('quotas (issue 6 §2)', () => {
  let t: TestApp;

  const signedIn = async (): Promise<{ accountId: string; headers: Record<string, string> }> => {
    const { account } = await makePatientAccount(t.database.db, TENANT);
    const { token } = await createAccessSession(t.database.db, TENANT, account.id);
    return { accountId: account.id, headers: { authorization: `Bearer ${token}` } };
  };
  const upload = (headers: Record<string, string>, bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: '/blob/put',
      headers: { ...headers, 'content-type': 'image/png' },
      payload: bytes,
    });
  const storedFiles = (): number => {
    const root = path.join(t.dataDir, 'blobs');
    return fs.existsSync(root)
      ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
      : 0;
  };

  beforeAll(async () => {
    t = await createTestApp({
      PROFILES_MAX_PER_ACCOUNT: '3',
      UPLOADS_MAX_PER_DAY: '3',
      UPLOAD_BYTES_MAX_PER_DAY: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('profiles: up to PROFILES_MAX_PER_ACCOUNT, then ARO-E2006 and nothing created; a keyed retry still replays', async () => {
    const { accountId, headers } = await signedIn(); // the factory's account has its Me profile
    const key = randomUUID();
    const second = await t.gql<{ createPatient: { id: string } }>(CREATE, { given: ['Two'], key }, headers);
    expect(second.errors).toBeUndefined();
    expect((await t.gql(CREATE, { given: ['Three'] }, headers)).errors).toBeUndefined();

    const over = await t.gql(CREATE, { given: ['Four'] }, headers);
    expect(over.errors?.[0]?.message).toBe(
      'ARO-E2006:An account can have at most 3 profiles. Remove one you no longer need first',
    );
    const rows = await t.database.db.select().from(patients).where(eq(patients.accountId, accountId));
    expect(rows).toHaveLength(3);

    // A retry of a create that succeeded is not a new profile: it gets its first answer.
    const retry = await t.gql<{ createPatient: { id: string } }>(CREATE, { given: ['Two'], key }, headers);
    expect(retry.data?.createPatient.id).toBe(second.data?.createPatient.id);

    // The cap is per account: another account still creates.
    const other = await signedIn();
    expect((await t.gql(CREATE, { given: ['Two'] }, other.headers)).errors).toBeUndefined();
  });

  it('uploads: over the daily file count, 429 ARO-E3004 and nothing stored', async () => {
    const { accountId, headers } = await signedIn();
    for (let i = 0; i < 3; i++) {
      expect((await upload(headers, png(10))).statusCode).toBe(201);
    }
    const files = storedFiles();
    const over = await upload(headers, png(10));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      error:
        'ARO-E3004:Upload limit reached: at most 3 files and 1 KB in 24 hours. Please try again later',
    });
    expect(storedFiles()).toBe(files);
    const rows = await t.database.db.select().from(blobs).where(eq(blobs.accountId, accountId));
    expect(rows).toHaveLength(3);
    // Another account has its own quota.
    const other = await signedIn();
    expect((await upload(other.headers, png(10))).statusCode).toBe(201);
  });

  it('uploads: a file that would pass the daily bytes is refused after reading, its bytes removed', async () => {
    const { accountId, headers } = await signedIn();
    expect((await upload(headers, png(600))).statusCode).toBe(201);
    const files = storedFiles();
    const over = await upload(headers, png(600));
    expect(over.statusCode).toBe(429);
    expect(over.json<{ error: string }>().error).toMatch(/^ARO-E3004:/);
    expect(storedFiles()).toBe(files);
    const rows = await t.database.db.select().from(blobs).where(eq(blobs.accountId, accountId));
    expect(rows).toHaveLength(1);
    // A smaller one that fits still goes in.
    expect((await upload(headers, png(100))).statusCode).toBe(201);
  });
});
