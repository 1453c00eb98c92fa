import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, auditEvents, consultationSessions, invoices, refundRequests } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { consultationSessionTopic } from './consultations.schema.ts';
import { feedbackLinkQuery } from './feedback-link.service.ts';

const TENANT = 'careline-demo';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FIELDS = `id sessionId patientId patientName patientFamilyName patientRelationship patientDisplayName patientGender patientAge
  tokenNo start end appointmentStatus practitionerStatus paymentStatus paymentRefundStatus appointmentRescheduleStatus
  appointmentRescheduledFor appointmentOriginChannel appointmentBookingType feedbackRating feedbackComment heartbeatLinkSeen
  doctorId doctorName doctorRole organizationId organizationName createdAt session { id status appointmentCount }`;
const QUERY = `query ($id: ID, $p: [String!], $b: [String!]) {
  queryAppointment(id: $id, participantActorReference: $p, basedOnReference: $b, limit: 100) { ${FIELDS} }
}`;
const BOOK = `mutation ($patientId: ID!, $sessionId: ID!, $key: String, $from: ID) {
  createAppointment(patientId: $patientId, sessionId: $sessionId, idempotencyKey: $key, appointmentRescheduledFor: $from) { ${FIELDS} }
}`;
const PATCH = `mutation ($id: ID!, $rating: Int, $comment: String, $seen: Boolean, $key: String) {
  patchAppointment(id: $id, feedbackRating: $rating, feedbackComment: $comment, heartbeatLinkSeen: $seen, timeStampKey: $key) { id feedbackRating feedbackComment heartbeatLinkSeen }
}`;
const REFUND = `mutation ($a: ID!, $p: ID!, $o: ID!, $c: String!, $s: String!, $n: String) {
  createRefund(appointmentId: $a, patientId: $p, organizationId: $o, category: $c, subcategory: $s, notes: $n) { id status appointmentId }
}`;

type Patient = { token: string; patientId: string; accountId: string };
type View = Record<string, unknown> & { id: string; tokenNo: number; sessionId: string };

let t: TestApp;
let refs: { practitionerId: string; organizationId: string };
let alice: Patient;
let bob: Patient;

async function patient(): Promise<Patient> {
  const { account, patient: profile } = await makePatientAccount(t.database.db, TENANT);
  return { token: (await createAccessSession(t.database.db, TENANT, account.id)).token, patientId: profile.id, accountId: account.id };
}
const auth = (who: Patient) => ({ authorization: `Bearer ${who.token}` });
const session = (fields: Partial<typeof consultationSessions.$inferInsert> = {}) =>
  makeConsultationSession(t.database.db, TENANT, refs, { startTime: new Date(Date.now() + 48 * HOUR), ...fields });

async function book(who: Patient, sessionId: string): Promise<View> {
  const result = await t.gql<{ createAppointment: View }>(BOOK, { patientId: who.patientId, sessionId }, auth(who));
  expect(result.errors).toBeUndefined();
  return result.data?.createAppointment as View;
}
async function setAppointment(id: string, fields: Partial<typeof appointments.$inferInsert>): Promise<void> {
  await t.database.db.update(appointments).set(fields).where(eq(appointments.id, id));
}
async function row(id: string) {
  const [found] = await t.database.db.select().from(appointments).where(eq(appointments.id, id));
  return found;
}

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

describe('queryAppointment and querySessionTokens (spec doc 2 §3, §7)', () => {
  it('returns the full appointment, newest session first, only of the account’s own profiles', async () => {
    const early = await session({ startTime: new Date(Date.now() + 30 * HOUR) });
    const late = await session({ startTime: new Date(Date.now() + 60 * HOUR) });
    const first = await book(alice, early.id);
    const second = await book(alice, late.id);
    await book(bob, late.id);
    expect(first).toMatchObject({
      tokenNo: 1,
      sessionId: early.id,
      patientId: alice.patientId,
      patientFamilyName: 'Silva',
      patientRelationship: 'Me',
      patientGender: 'male',
      doctorId: refs.practitionerId,
      doctorRole: 'General Practitioner',
      organizationId: refs.organizationId,
      appointmentStatus: 'booked',
      heartbeatLinkSeen: false,
      session: { id: early.id, status: 'scheduled', appointmentCount: 1 },
    });
    expect(first.patientAge).toBeGreaterThanOrEqual(45);
    expect(first.start).toBe(early.startTime.toISOString());
    const mine = await t.gql<{ queryAppointment: View[] }>(QUERY, { p: [`Patient/${alice.patientId}`] }, auth(alice));
    expect(mine.data?.queryAppointment.map((a) => a.id)).toEqual([second.id, first.id]);
    const bySession = await t.gql<{ queryAppointment: View[] }>(QUERY, { b: [`Session/${late.id}`] }, auth(alice));
    expect(bySession.data?.queryAppointment.map((a) => a.id)).toEqual([second.id]);
    // Another account's profile, appointment or session gives nothing of theirs.
    const foreign = await t.gql<{ queryAppointment: View[] }>(QUERY, { p: [`Patient/${alice.patientId}`] }, auth(bob));
    expect(foreign.data?.queryAppointment).toEqual([]);
    const foreignId = await t.gql<{ queryAppointment: View[] }>(QUERY, { id: first.id }, auth(bob));
    expect(foreignId.data?.queryAppointment).toEqual([]);
    const bad = await t.gql(QUERY, { p: ['Device/1'] }, auth(alice));
    expect(bad.errors?.[0]?.message).toMatch(/^ARO-E2002/);
    const anonymous = await t.gql(QUERY, {});
    expect(anonymous.errors?.[0]?.message).toMatch(/^ARO-E1023/);
  });

  it('lists a session’s tokens without patient data', async () => {
    const s = await session();
    const a = await book(alice, s.id);
    await book(bob, s.id);
    await setAppointment(a.id, { appointmentStatus: 'arrived', paymentStatus: 'paid' });
    const tokens = await t.gql<{ querySessionTokens: unknown[] }>(
      'query ($s: ID!) { querySessionTokens(sessionId: $s) { tokenNo appointmentStatus paymentStatus } }',
      { s: s.id },
      auth(bob),
    );
    expect(tokens.data?.querySessionTokens).toEqual([
      { tokenNo: 1, appointmentStatus: 'arrived', paymentStatus: 'paid' },
      { tokenNo: 2, appointmentStatus: 'booked', paymentStatus: 'pending' },
    ]);
    const missing = await t.gql('query ($s: ID!) { querySessionTokens(sessionId: $s) { tokenNo } }', { s: randomUUID() }, auth(bob));
    expect(missing.errors?.[0]?.message).toMatch(/^ARO-E2001/);
  });
});

describe('reschedule through createAppointment(appointmentRescheduledFor) (spec doc 2 §4 Reschedule)', () => {
  it('moves the appointment and its payment, releases the old place, never reuses a token', async () => {
    const from = await session({ appointmentMaxAllowed: 2 });
    const to = await session();
    const old = await book(alice, from.id);
    await setAppointment(old.id, { paymentStatus: 'paid' });
    const [invoice] = await t.database.db
      .insert(invoices)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        requestReference: `Appointment/${old.id}`,
        appointmentId: old.id,
        items: [{ description: 'Doctor fee', amount: 1000 }],
        values: [1000],
        totalAmount: 1000,
        currency: 'LKR',
        reasonCode: 'revenue_collected',
      })
      .returning();
    await book(bob, to.id);
    const key = `move-${randomUUID()}`;
    const variables = { patientId: alice.patientId, sessionId: to.id, key, from: old.id };
    const moved = await t.gql<{ createAppointment: View }>(BOOK, variables, auth(alice));
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.createAppointment).toMatchObject({ sessionId: to.id, tokenNo: 2, paymentStatus: 'paid', appointmentStatus: 'booked' });
    // A retry with the same key answers the same, and moves nothing twice.
    const retry = await t.gql<{ createAppointment: View }>(BOOK, variables, auth(alice));
    expect(retry.data?.createAppointment.id).toBe(moved.data?.createAppointment.id);
    const newId = moved.data?.createAppointment.id ?? '';
    expect(await row(old.id)).toMatchObject({
      appointmentStatus: 'cancelled',
      appointmentRescheduleStatus: 'rescheduled',
      appointmentRescheduledFor: newId,
    });
    expect(await row(newId)).toMatchObject({ appointmentRescheduledBy: old.id, appointmentRescheduledBySession: from.id });
    const [movedInvoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice?.id ?? ''));
    expect(movedInvoice).toMatchObject({ appointmentId: newId, requestReference: `Appointment/${newId}` });
    // The old place is free again; its token number stays used.
    const [fromNow] = await t.database.db.select().from(consultationSessions).where(eq(consultationSessions.id, from.id));
    expect(fromNow).toMatchObject({ liveAppointments: 0, issuedTokens: 1 });
    const next = await book(bob, from.id);
    expect(next.tokenNo).toBe(2);
    // Once moved, it cannot be moved again.
    const again = await t.gql(BOOK, { patientId: alice.patientId, sessionId: from.id, from: old.id }, auth(alice));
    expect(again.errors?.[0]?.message).toMatch(/^ARO-E4007/);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'appointment.reschedule'), eq(auditEvents.patientId, alice.patientId)));
    expect(audit).toHaveLength(1);
  });

  it('two reschedules of one appointment at once: one moves it, the other is refused, tokens stay unique', async () => {
    const from = await session();
    const [toA, toB] = [await session(), await session()];
    const old = await book(alice, from.id);
    const tries = await Promise.all(
      [toA, toB, toA, toB].map((to) => t.gql<{ createAppointment: View }>(BOOK, { patientId: alice.patientId, sessionId: to.id, from: old.id }, auth(alice))),
    );
    const moved = tries.filter((r) => r.errors === undefined);
    expect(moved).toHaveLength(1);
    for (const refused of tries.filter((r) => r.errors)) {
      expect(refused.errors?.[0]?.message).toMatch(/^ARO-E400[67]/);
    }
    const live = await t.database.db.select().from(appointments).where(eq(appointments.patientId, alice.patientId));
    const inTargets = live.filter((a) => a.sessionId === toA.id || a.sessionId === toB.id);
    expect(inTargets).toHaveLength(1);
    expect(inTargets[0]?.tokenNo).toBe(1);
  });

  it('crossing reschedules (S1→S2 while S2→S1) both go through, 10 rounds: the two sessions are locked in one order', async () => {
    for (let round = 0; round < 10; round++) {
      const [one, two] = [await session(), await session()];
      const a = await book(alice, one.id);
      const b = await book(bob, two.id);
      const [movedA, movedB] = await Promise.all([
        t.gql<{ createAppointment: View }>(BOOK, { patientId: alice.patientId, sessionId: two.id, from: a.id }, auth(alice)),
        t.gql<{ createAppointment: View }>(BOOK, { patientId: bob.patientId, sessionId: one.id, from: b.id }, auth(bob)),
      ]);
      expect([movedA.errors, movedB.errors]).toEqual([undefined, undefined]);
      expect(movedA.data?.createAppointment.tokenNo).toBe(2);
      expect(movedB.data?.createAppointment.tokenNo).toBe(2);
    }
  });

  it('follows booking’s capacity rules and refuses another account’s appointment, changing nothing', async () => {
    const from = await session();
    const full = await session({ appointmentMaxAllowed: 1 });
    const old = await book(alice, from.id);
    await book(bob, full.id);
    const refused = await t.gql(BOOK, { patientId: alice.patientId, sessionId: full.id, from: old.id }, auth(alice));
    expect(refused.errors?.[0]?.message).toMatch(/^ARO-E4001/);
    expect(await row(old.id)).toMatchObject({ appointmentStatus: 'booked', appointmentRescheduleStatus: null });
    const other = await session();
    const foreign = await t.gql(BOOK, { patientId: bob.patientId, sessionId: other.id, from: old.id }, auth(bob));
    expect(foreign.errors?.[0]?.message).toMatch(/^ARO-E2001/);
    const samePlace = await t.gql(BOOK, { patientId: alice.patientId, sessionId: from.id, from: old.id }, auth(alice));
    expect(samePlace.errors?.[0]?.message).toMatch(/^ARO-E4008/);
    expect(await row(old.id)).toMatchObject({ appointmentStatus: 'booked', appointmentRescheduleStatus: null });
    expect(await t.database.db.select().from(appointments).where(eq(appointments.sessionId, other.id))).toHaveLength(0);
  });
});

describe('patchAppointment: feedback and heartbeat (spec doc 2 §4 Feedback, §7)', () => {
  it('takes feedback after fulfilment within 30 days, 1-10, and refuses the rest', async () => {
    const s = await session({ startTime: new Date(Date.now() - 2 * DAY) });
    // Booked while the session is still scheduled, then seen by the doctor (fulfilled) below.
    const { id } = await book(alice, s.id);
    const early = await t.gql(PATCH, { id, rating: 8 }, auth(alice));
    expect(early.errors?.[0]?.message).toMatch(/^ARO-E4009/);
    await setAppointment(id, { appointmentStatus: 'fulfilled' });
    for (const [rating, comment, code] of [
      [0, null, 'ARO-E4011'],
      [11, null, 'ARO-E4011'],
      [null, 'no rating yet', 'ARO-E4011'],
      [9, 'x'.repeat(1001), 'ARO-E4012'],
      [9, 'bell\u0007', 'ARO-E4012'],
    ] as const) {
      const refused = await t.gql(PATCH, { id, rating, comment }, auth(alice));
      expect(refused.errors?.[0]?.message.startsWith(code), `${String(rating)} ${String(comment).slice(0, 10)}`).toBe(true);
    }
    const ok = await t.gql<{ patchAppointment: View }>(PATCH, { id, rating: 10, comment: 'Very kind\ndoctor' }, auth(alice));
    expect(ok.data?.patchAppointment).toMatchObject({ feedbackRating: 10, feedbackComment: 'Very kind\ndoctor' });
    const foreign = await t.gql(PATCH, { id, rating: 1 }, auth(bob));
    expect(foreign.errors?.[0]?.message).toMatch(/^ARO-E2001/);
    expect(await row(id)).toMatchObject({ feedbackRating: 10 });
    const nothing = await t.gql(PATCH, { id }, auth(alice));
    expect(nothing.errors?.[0]?.message).toMatch(/^ARO-E2002/);
    // Locked 30 days after the start (FEEDBACK_WINDOW_MS).
    await t.database.db
      .update(consultationSessions)
      .set({ startTime: new Date(Date.now() - 31 * DAY), endTime: new Date(Date.now() - 31 * DAY + HOUR) })
      .where(eq(consultationSessions.id, s.id));
    const late = await t.gql(PATCH, { id, rating: 9 }, auth(alice));
    expect(late.errors?.[0]?.message).toMatch(/^ARO-E4010/);
  });

  it('sets heartbeatLinkSeen and a named timestamp, and refuses an unknown key', async () => {
    const s = await session();
    const a = await book(alice, s.id);
    const ok = await t.gql<{ patchAppointment: View }>(PATCH, { id: a.id, seen: true, key: 'heartbeatLastSeen' }, auth(alice));
    expect(ok.data?.patchAppointment.heartbeatLinkSeen).toBe(true);
    expect(Object.keys((await row(a.id))?.heartbeatTimestamps ?? {})).toEqual(['heartbeatLastSeen']);
    const bad = await t.gql(PATCH, { id: a.id, key: 'anythingElse' }, auth(alice));
    expect(bad.errors?.[0]?.message).toMatch(/^ARO-E2002/);
    const foreign = await t.gql(PATCH, { id: a.id, seen: false }, auth(bob));
    expect(foreign.errors?.[0]?.message).toMatch(/^ARO-E2001/);
    expect((await row(a.id))?.heartbeatLinkSeen).toBe(true);
  });
});

describe('createRefund (spec doc 2 §4 Refund)', () => {
  it('records one request for a paid appointment, with the excluded categories, even when sent twice at once', async () => {
    const s = await session();
    const a = await book(alice, s.id);
    const variables = { a: a.id, p: alice.patientId, o: refs.organizationId, c: 'Doctor related', s: 'doctor requested' };
    const unpaid = await t.gql(REFUND, variables, auth(alice));
    expect(unpaid.errors?.[0]?.message).toBe('ARO-E4013:You cannot request a refund because, the appointment is not paid');
    await setAppointment(a.id, { paymentStatus: 'paid' });
    const badReason = await t.gql(REFUND, { ...variables, s: 'wrong person' }, auth(alice));
    expect(badReason.errors?.[0]?.message).toMatch(/^ARO-E4017/);
    const foreign = await t.gql(REFUND, variables, auth(bob));
    expect(foreign.errors?.[0]?.message).toMatch(/^ARO-E2001/);
    const [first, second] = await Promise.all([t.gql(REFUND, variables, auth(alice)), t.gql(REFUND, variables, auth(alice))]);
    const answers = [first, second];
    expect(answers.filter((r) => r.errors === undefined)).toHaveLength(1);
    expect(answers.find((r) => r.errors)?.errors?.[0]?.message).toBe(
      'ARO-E4015:You cannot request a refund because, a refund is already requested',
    );
    const requests = await t.database.db.select().from(refundRequests).where(eq(refundRequests.appointmentId, a.id));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.excludedCategories).toContain('hospital_fee');
    expect(requests[0]?.notes).toEqual(['Doctor related', 'doctor requested']);
    expect((await row(a.id))?.paymentRefundStatus).toBe('requested');
  });

  it('refuses a rescheduled or doctor-paid appointment with the spec’s prefix', async () => {
    const s = await session();
    const a = await book(alice, s.id);
    const variables = { a: a.id, p: alice.patientId, o: refs.organizationId, c: 'Other', s: 'other', n: 'changed plans' };
    await setAppointment(a.id, { paymentStatus: 'paid', practitionerPaymentStatus: 'paid' });
    const doctorPaid = await t.gql(REFUND, variables, auth(alice));
    expect(doctorPaid.errors?.[0]?.message).toMatch(/^ARO-E4014:You cannot request a refund because, /);
    await setAppointment(a.id, { practitionerPaymentStatus: null, appointmentRescheduleStatus: 'rescheduled' });
    const moved = await t.gql(REFUND, variables, auth(alice));
    expect(moved.errors?.[0]?.message).toMatch(/^ARO-E4016:You cannot request a refund because, /);
    const wrongHospital = await t.gql(REFUND, { ...variables, o: randomUUID() }, auth(alice));
    expect(wrongHospital.errors?.[0]?.message).toMatch(/^ARO-E2001/);
  });
});

describe('an appointment whose session the hospital cancelled (issue 32 §2.5)', () => {
  const CANCEL = 'mutation ($id: ID!) { patchAppointment(id: $id, status: "cancelled") { id appointmentStatus } }';
  const REFUSED =
    'ARO-E4070:The hospital cancelled this session: a paid appointment is refunded without a request. Book another session of this doctor';

  it('refuses cancel, reschedule and a refund request with the reason, and changes nothing', async () => {
    const s = await session({ startTime: new Date(Date.now() + 72 * HOUR) });
    const other = await session();
    const paid = await book(alice, s.id);
    const unpaid = await book(bob, s.id);
    // As staffCancelSession leaves them: the session cancelled, its booked appointments declined, the
    // paid one marked for the refund its job makes.
    await t.database.db.update(consultationSessions).set({ status: 'practitioner_canceled' }).where(eq(consultationSessions.id, s.id));
    await setAppointment(paid.id, { practitionerStatus: 'declined', paymentStatus: 'paid', paymentRefundStatus: 'requested' });
    await setAppointment(unpaid.id, { practitionerStatus: 'declined' });
    const before = [await row(paid.id), await row(unpaid.id)];

    for (const [who, a] of [[alice, paid], [bob, unpaid]] as const) {
      const cancel = await t.gql(CANCEL, { id: a.id }, auth(who));
      expect(cancel.errors?.[0]?.message).toBe(REFUSED);
      const move = await t.gql(BOOK, { patientId: who.patientId, sessionId: other.id, from: a.id }, auth(who));
      expect(move.errors?.[0]?.message).toBe(REFUSED);
      const refund = await t.gql(REFUND, { a: a.id, p: who.patientId, o: refs.organizationId, c: 'Doctor related', s: 'cancelled' }, auth(who));
      expect(refund.errors?.[0]?.message).toBe(REFUSED);
    }
    expect([await row(paid.id), await row(unpaid.id)]).toEqual(before);
    const taken = await t.database.db.select().from(appointments).where(eq(appointments.sessionId, other.id));
    expect(taken).toEqual([]);
    const requests = await t.database.db.select().from(refundRequests).where(eq(refundRequests.appointmentId, unpaid.id));
    expect(requests).toEqual([]);
  });
});

describe('feedback by link: GET and POST /feedback, no sign-in (spec doc 2 §7)', () => {
  it('reads and stores feedback with a signed link, and refuses a forged or another appointment’s link', async () => {
    const s = await session({ startTime: new Date(Date.now() - DAY) });
    const a = await book(alice, s.id);
    const other = await book(bob, s.id);
    await setAppointment(a.id, { appointmentStatus: 'fulfilled' });
    const query = feedbackLinkQuery(t.providers.appSecret, TENANT, a.id);
    const read = await t.app.inject({ method: 'GET', url: `/feedback?${query}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ start: s.startTime.toISOString(), organizationId: refs.organizationId, organizationName: expect.any(String) as unknown, appointmentStatus: 'fulfilled', feedbackRating: null, feedbackComment: null });
    const stored = await t.app.inject({ method: 'POST', url: `/feedback?${query}`, payload: { feedback: 'Good', rating: 9 } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ feedbackRating: 9, feedbackComment: 'Good' });
    const badRating = await t.app.inject({ method: 'POST', url: `/feedback?${query}`, payload: { rating: 11 } });
    expect(badRating.json()).toMatchObject({ error: expect.stringMatching(/^ARO-E4011/) as unknown });
    // The signature of one appointment does not open another.
    const signature = new URLSearchParams(query).get('sig') ?? '';
    const swapped = await t.app.inject({
      method: 'POST',
      url: `/feedback?appointment=${other.id}&sig=${signature}`,
      payload: { rating: 1 },
    });
    expect(swapped.statusCode).toBe(403);
    const forged = await t.app.inject({ method: 'GET', url: `/feedback?appointment=${a.id}&sig=${'A'.repeat(43)}` });
    expect(forged.statusCode).toBe(403);
    expect((await row(other.id))?.feedbackRating).toBeNull();
    expect((await row(a.id))?.feedbackRating).toBe(9);
  });
});

describe('live: subscribeAppointment, subscribeSessionTokens, searchSession (spec doc 2 §7 Subscriptions)', () => {
  let client: Client;
  let bobClient: Client;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
    client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { accessToken: alice.token } });
    bobClient = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams: { accessToken: bob.token } });
  });
  afterAll(async () => {
    await client.dispose();
    await bobClient.dispose();
  });

  it('delivers only the caller’s own appointments; another account’s ids deliver nothing', async () => {
    const s = await session({ appointmentMaxAllowed: -1 });
    const mine = await book(bob, s.id);
    await book(alice, s.id);
    const foreignOnly: unknown[] = [];
    const stopForeign = bobClient.subscribe(
      {
        query: 'subscription ($p: [ID!]!, $s: ID!) { subscribeAppointment(patientId: $p, sessionId: $s) { id patientId } }',
        variables: { p: [alice.patientId], s: s.id },
      },
      { next: (value) => void foreignOnly.push(value), error: () => undefined, complete: () => undefined },
    );
    const mixed = bobClient.iterate<{ subscribeAppointment: { id: string; patientId: string }[] }>({
      query: 'subscription ($p: [ID!]!, $s: ID!) { subscribeAppointment(patientId: $p, sessionId: $s) { id patientId } }',
      variables: { p: [alice.patientId, bob.patientId], s: s.id },
    });
    const tokens = client.iterate<{ subscribeSessionTokens: { tokenNo: number }[] }>({
      query: 'subscription ($s: ID!) { subscribeSessionTokens(sessionId: $s) { tokenNo appointmentStatus paymentStatus } }',
      variables: { s: s.id },
    });
    const search = client.iterate<{ searchSession: { id: string } }>({
      query: 'subscription ($a: [String!]) { searchSession(actorReference: $a) }',
      variables: { a: [`Practitioner/${refs.practitionerId}`] },
    });
    const nextMixed = mixed.next();
    const nextTokens = tokens.next();
    const nextSearch = search.next();
    let heard = 0;
    for (const next of [nextMixed, nextTokens, nextSearch]) {
      void next.then(() => {
        heard += 1;
      });
    }
    // Subscribing is asynchronous: book for new profiles until every subscriber heard one.
    for (let attempt = 0; attempt < 40 && heard < 3; attempt++) {
      const someone = await patient();
      await book(someone, s.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const mixedEvent = (await nextMixed).value as { data: { subscribeAppointment: { id: string; patientId: string }[] } };
    expect(mixedEvent.data.subscribeAppointment).toEqual([{ id: mine.id, patientId: bob.patientId }]);
    const tokenEvent = (await nextTokens).value as { data: { subscribeSessionTokens: { tokenNo: number }[] } };
    expect(tokenEvent.data.subscribeSessionTokens.map((token) => token.tokenNo).slice(0, 2)).toEqual([1, 2]);
    expect((await nextSearch).value).toMatchObject({ data: { searchSession: { id: s.id } } });
    // The foreign-only subscription was made first on the same socket, and heard nothing.
    await book(await patient(), s.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(foreignOnly).toEqual([]);
    stopForeign();
    await mixed.return?.(undefined);
    await tokens.return?.(undefined);
    await search.return?.(undefined);
  });

  it('gives every subscriber of a session’s tokens the same list from one event (one read per event)', async () => {
    const s = await session({ appointmentMaxAllowed: -1 });
    await book(alice, s.id);
    await book(bob, s.id);
    const query = 'subscription ($s: ID!) { subscribeSessionTokens(sessionId: $s) { tokenNo appointmentStatus paymentStatus } }';
    const aliceTokens = client.iterate<{ subscribeSessionTokens: { tokenNo: number }[] }>({ query, variables: { s: s.id } });
    const bobTokens = bobClient.iterate<{ subscribeSessionTokens: { tokenNo: number }[] }>({ query, variables: { s: s.id } });
    const nextAlice = aliceTokens.next();
    const nextBob = bobTokens.next();
    let heard = 0;
    for (const next of [nextAlice, nextBob]) {
      void next.then(() => {
        heard += 1;
      });
    }
    // One event object per publish, as the emitter hands it to every local subscriber.
    for (let attempt = 0; attempt < 40 && heard < 2; attempt++) {
      t.app.graphql.pubsub.publish({ topic: consultationSessionTopic(TENANT, s.id), payload: { id: s.id, changed: 'appointments' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const expected = [
      { tokenNo: 1, appointmentStatus: 'booked', paymentStatus: 'pending' },
      { tokenNo: 2, appointmentStatus: 'booked', paymentStatus: 'pending' },
    ];
    expect((await nextAlice).value).toEqual({ data: { subscribeSessionTokens: expected } });
    expect((await nextBob).value).toEqual({ data: { subscribeSessionTokens: expected } });
    await aliceTokens.return?.(undefined);
    await bobTokens.return?.(undefined);
  });
});
