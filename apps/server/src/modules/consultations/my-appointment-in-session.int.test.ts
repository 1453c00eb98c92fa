import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from '../auth/index.ts';

// issue 29 §1.1: a second booking of one profile in a session is refused (ARO-E4003); the patient is
// led to the appointment that holds the place instead, and only ever to one of the account's own.

const TENANT = 'careline-demo';
const HOUR = 60 * 60 * 1000;
const BOOK = `mutation ($patientId: ID!, $sessionId: ID!) {
  createAppointment(patientId: $patientId, sessionId: $sessionId) { id sessionId tokenNo }
}`;
const CANCEL = `mutation ($id: ID!) { patchAppointment(id: $id, status: "cancelled") { id appointmentStatus } }`;
const MINE = `query ($sessionId: ID!, $patientId: ID!) {
  myAppointmentInSession(sessionId: $sessionId, patientId: $patientId) { id sessionId patientId tokenNo paymentStatus appointmentStatus }
}`;

type Booked = { createAppointment: { id: string; sessionId: string; tokenNo: number } };
type Mine = { myAppointmentInSession: { id: string; sessionId: string; patientId: string; tokenNo: number } | null };

let t: TestApp;
let refs: { practitionerId: string; organizationId: string };
let alice: { token: string; patientId: string };
let bob: { token: string; patientId: string };

async function patient(): Promise<{ token: string; patientId: string }> {
  const { account, patient: profile } = await makePatientAccount(t.database.db, TENANT);
  return { token: (await createAccessSession(t.database.db, TENANT, account.id)).token, patientId: profile.id };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const laterSession = () =>
  makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR) });

beforeAll(async () => {
  t = await createTestApp();
  const organizationId = (await makeOrganization(t.database.db, TENANT)).id;
  const practitionerId = (await makePractitioner(t.database.db, TENANT, organizationId)).id;
  refs = { practitionerId, organizationId };
  alice = await patient();
  bob = await patient();
});
afterAll(async () => {
  await t.close();
});

describe('myAppointmentInSession (issue 29 §1.1)', () => {
  it('answers the own unpaid appointment that a second booking is refused for', async () => {
    const session = await laterSession();
    const first = await t.gql<Booked>(BOOK, { patientId: alice.patientId, sessionId: session.id }, auth(alice.token));
    const again = await t.gql(BOOK, { patientId: alice.patientId, sessionId: session.id }, auth(alice.token));
    expect(again.errors?.[0]?.message).toBe('ARO-E4003:This person already has an appointment in this session');

    const mine = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: alice.patientId }, auth(alice.token));
    expect(mine.errors).toBeUndefined();
    expect(mine.data?.myAppointmentInSession).toEqual({
      id: first.data?.createAppointment.id,
      sessionId: session.id,
      patientId: alice.patientId,
      tokenNo: 1,
      paymentStatus: 'pending',
      appointmentStatus: 'booked',
    });
  });

  it('never reveals another account’s appointment: their profile, or their booking in the same session', async () => {
    const session = await laterSession();
    const theirs = await t.gql<Booked>(BOOK, { patientId: bob.patientId, sessionId: session.id }, auth(bob.token));
    expect(theirs.data?.createAppointment.id).toBeTruthy();

    // Bob's profile asked for by Alice: the same null as an unknown profile.
    const byTheirProfile = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: bob.patientId }, auth(alice.token));
    const byUnknown = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: randomUUID() }, auth(alice.token));
    expect(byTheirProfile.errors).toBeUndefined();
    expect(byTheirProfile.data).toEqual({ myAppointmentInSession: null });
    expect(byUnknown.data).toEqual(byTheirProfile.data);
    // Alice's own profile holds nothing there, though Bob's booking is in the session.
    const own = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: alice.patientId }, auth(alice.token));
    expect(own.data).toEqual({ myAppointmentInSession: null });
    // Malformed ids are nothing too, never an error that tells them apart.
    const malformed = await t.gql<Mine>(MINE, { sessionId: 'x', patientId: 'y' }, auth(alice.token));
    expect(malformed.data).toEqual({ myAppointmentInSession: null });
  });

  it('a cancelled appointment holds no place, and is not answered', async () => {
    const session = await laterSession();
    const first = await t.gql<Booked>(BOOK, { patientId: alice.patientId, sessionId: session.id }, auth(alice.token));
    await t.gql(CANCEL, { id: first.data?.createAppointment.id }, auth(alice.token));
    const mine = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: alice.patientId }, auth(alice.token));
    expect(mine.data).toEqual({ myAppointmentInSession: null });
  });

  it('is for signed-in patients only', async () => {
    const session = await laterSession();
    const anonymous = await t.gql<Mine>(MINE, { sessionId: session.id, patientId: alice.patientId });
    expect(anonymous.data?.myAppointmentInSession ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.message).toMatch(/^ARO-E10/);
  });
});
