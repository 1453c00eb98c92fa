/**
 * The reads coalesced under a rush (db/coalesce.ts) asked at once by several accounts, so that they
 * share queries: each ask still gets only what its own account, tenant and key may see.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../test/factories.ts';
import type { Database } from './client.ts';
import { createAccessSession, resolveAccessToken } from '../modules/auth/index.ts';
import { bookAppointment, readOwnAppointment } from '../modules/consultations/index.ts';
import { readBookingChecks } from '../modules/consultations/consultations.testing.ts';
import { findIdempotencyKey, insertIdempotencyKey } from '../modules/idempotency/idempotency.testing.ts';

const TENANT = 'careline-demo';
const OTHER_TENANT = 'careline-coalesce-other';

describe('coalesced reads keep every ask to its own account (issue 8 bench:booking)', () => {
  let database: Database;
  type Person = { accountId: string; patientId: string };
  let alice: Person;
  let bob: Person;
  let sessionId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const organizationId = (await makeOrganization(db, TENANT)).id;
    const practitionerId = (await makePractitioner(db, TENANT, organizationId)).id;
    sessionId = (await makeConsultationSession(db, TENANT, { practitionerId, organizationId })).id;
    const made = await Promise.all([makePatientAccount(db, TENANT), makePatientAccount(db, TENANT)]);
    [alice, bob] = made.map(({ account, patient }) => ({ accountId: account.id, patientId: patient.id })) as [Person, Person];
  });
  afterAll(async () => {
    await database.close();
  });

  it('an appointment read together with its owner’s reaches only the owner', async () => {
    const { db } = database;
    const book = (person: Person) =>
      bookAppointment(db, {
        tenantId: TENANT,
        accountId: person.accountId,
        patientId: person.patientId,
        sessionId,
        originChannel: 'patient_app',
        idempotencyKey: null,
        correlationId: randomUUID(),
        actor: { kind: 'patient', accountId: person.accountId },
      });
    const [aliceBooking, bobBooking] = await Promise.all([book(alice), book(bob)]);
    const read = (person: Person, id: string) =>
      readOwnAppointment(db, { tenantId: TENANT, accountId: person.accountId }, id).then(
        (view) => view.id,
        (error: unknown) => (error as Error).message.split(':')[0],
      );
    // One ask goes at once; the seven that follow it share one query.
    const answers = await Promise.all([
      read(alice, aliceBooking.id),
      read(bob, aliceBooking.id),
      read(alice, aliceBooking.id),
      read(alice, bobBooking.id),
      read(bob, bobBooking.id),
      read(bob, aliceBooking.id),
      read(alice, randomUUID()),
      readOwnAppointment(db, { tenantId: OTHER_TENANT, accountId: alice.accountId }, aliceBooking.id).then(
        (view) => view.id,
        (error: unknown) => (error as Error).message.split(':')[0],
      ),
    ]);
    expect(answers).toEqual([aliceBooking.id, 'ARO-E2001', aliceBooking.id, 'ARO-E2001', bobBooking.id, 'ARO-E2001', 'ARO-E2001', 'ARO-E2001']);
  });

  it('booking checks read together answer each profile and account for itself', async () => {
    const { db } = database;
    const check = (accountId: string, patientId: string) => readBookingChecks(db, { tenantId: TENANT, accountId, patientId, sessionId });
    const [first, ...rest] = await Promise.all([
      check(alice.accountId, alice.patientId),
      check(alice.accountId, bob.patientId),
      check(bob.accountId, bob.patientId),
      check(bob.accountId, alice.patientId),
      readBookingChecks(db, { tenantId: OTHER_TENANT, accountId: alice.accountId, patientId: alice.patientId, sessionId }),
    ]);
    expect(first).toMatchObject({ patientOwned: true, hasLive: true });
    expect(rest.map((checks) => checks.patientOwned)).toEqual([false, true, false, false]);
    expect(rest[3]?.session).toBeNull();
  });

  it('the same idempotency key of two accounts stays each account’s own', async () => {
    const { db } = database;
    const key = `shared-${randomUUID()}`;
    const expiresAt = new Date(Date.now() + 60_000);
    for (const person of [alice, bob]) {
      await insertIdempotencyKey(db, {
        tenantId: TENANT,
        accountId: person.accountId,
        key,
        operation: 'createAppointment',
        requestHash: person.accountId,
        result: { owner: person.accountId },
        expiresAt,
      });
    }
    const rows = await Promise.all([
      findIdempotencyKey(db, { tenantId: TENANT, accountId: alice.accountId, key }),
      findIdempotencyKey(db, { tenantId: TENANT, accountId: bob.accountId, key }),
      findIdempotencyKey(db, { tenantId: TENANT, accountId: alice.accountId, key: `${key}-other` }),
      findIdempotencyKey(db, { tenantId: TENANT, accountId: bob.accountId, key }),
      findIdempotencyKey(db, { tenantId: OTHER_TENANT, accountId: alice.accountId, key }),
    ]);
    expect(rows.map((row) => (row?.result as { owner?: string } | undefined)?.owner ?? null)).toEqual([
      alice.accountId,
      bob.accountId,
      null,
      bob.accountId,
      null,
    ]);
  });

  it('access tokens read together: each its own account, and never in another tenant', async () => {
    const { db } = database;
    const [aliceToken, bobToken] = await Promise.all([
      createAccessSession(db, TENANT, alice.accountId),
      createAccessSession(db, TENANT, bob.accountId),
    ]);
    const viewers = await Promise.all([
      resolveAccessToken(db, TENANT, aliceToken.token),
      resolveAccessToken(db, TENANT, bobToken.token),
      resolveAccessToken(db, OTHER_TENANT, aliceToken.token),
      resolveAccessToken(db, TENANT, `${bobToken.token}x`),
      resolveAccessToken(db, null, bobToken.token),
      resolveAccessToken(db, TENANT, aliceToken.token, new Date(Date.now() + 181 * 24 * 60 * 60 * 1000)),
    ]);
    expect(viewers.map((viewer) => viewer?.accountId ?? null)).toEqual([alice.accountId, bob.accountId, null, null, bob.accountId, null]);
  });
});
