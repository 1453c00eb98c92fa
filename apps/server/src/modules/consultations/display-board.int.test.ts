import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeBookedPatient,
  makeConsultationSession,
  makeOrganization,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { auditEvents, consultationSessions, displayTokens } from '../../db/schema/index.ts';
import { readDisplayBoard } from './display-board.service.ts';

// The waiting-room board (issue 32 §3.6): admins create, list and revoke display tokens of their own
// hospital; a board reads with the secret only (no patient data), live, and a revoked token is
// refused at once, its open boards ended.

type Board = {
  hospitalName: string;
  sessions: {
    practitionerName: string;
    room: string | null;
    status: string;
    endedAt: string | null;
    nowSeeing: number | null;
    next: { tokenNo: number; expectedAt: string | null }[];
  }[];
};
type Created = { display: { id: string; name: string }; secret: string; boardUrl: string };

const BOARD_FIELDS =
  'hospitalName updatedAt sessions { practitionerName specialty room status startTime expectedStart expectedEnd delayMinutes endedAt nowSeeing next { tokenNo expectedAt } }';
const BOARD = `query ($h: ID!, $s: String!) { displayBoard(hospitalId: $h, secret: $s) { ${BOARD_FIELDS} } }`;
const SUBSCRIBE = `subscription ($h: ID!, $s: String!) { subscribeDisplayBoard(hospitalId: $h, secret: $s) { ${BOARD_FIELDS} } }`;
const CREATE =
  'mutation ($o: ID!, $n: String!) { staffCreateDisplayToken(organizationId: $o, name: $n) { display { id name createdAt lastSeenAt revokedAt } secret boardUrl } }';
const LIST = 'query ($o: ID!) { staffDisplayTokens(organizationId: $o) { id name lastSeenAt revokedAt } }';
const REVOKE = 'mutation ($o: ID!, $id: ID!) { staffRevokeDisplayToken(organizationId: $o, displayTokenId: $id) { id revokedAt } }';
const END_SESSION = 'mutation ($o: ID!, $s: ID!) { staffEndSession(organizationId: $o, sessionId: $s) { id } }';
const CANCEL_SESSION = 'mutation ($o: ID!, $s: ID!) { staffCancelSession(organizationId: $o, sessionId: $s) { id } }';
const CALL_NEXT = 'mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { session { id } } }';

let t: TestApp;
let url: string;
let tenantId: string;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let admin: string;
let otherAdmin: string;
let receptionist: string;
const patientNames: string[] = [];
const patientMobiles: string[] = [];
const patientIds: string[] = [];

const codeOf = (body: { errors?: readonly { message: string }[] }): string | undefined => body.errors?.[0]?.message.split(':')[0];

async function createDisplay(token: string, organizationId: string, name = 'Ground floor TV') {
  return t.gql<{ staffCreateDisplayToken: Created }>(CREATE, { o: organizationId, n: name }, authHeader(token));
}

async function bookedPatient(sessionId: string, givenName: string): Promise<void> {
  const { account, patient } = await makeBookedPatient(t.database.db, tenantId, sessionId, { hospitalId: hospital, givenName });
  patientNames.push(givenName);
  patientMobiles.push(account.mobileNo);
  patientIds.push(patient.id, account.id);
}

function wsClient(): Client {
  return createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
}

/** A subscription's results as they come, and a way to wait for the next one. */
function watch(client: Client, variables: Record<string, unknown>) {
  const received: { data?: { subscribeDisplayBoard: Board } | null; errors?: readonly { message: string }[] }[] = [];
  let ended: 'complete' | 'error' | null = null;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const stop = client.subscribe(
    { query: SUBSCRIBE, variables },
    {
      next: (value) => {
        received.push(value as (typeof received)[number]);
        wake?.();
      },
      error: (error: unknown) => {
        failure = error;
        ended = 'error';
        wake?.();
      },
      complete: () => {
        ended = 'complete';
        wake?.();
      },
    },
  );
  const until = async (done: () => boolean): Promise<void> => {
    while (!done()) {
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { received, ended: () => ended, failure: () => failure, until, stop };
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  otherHospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  admin = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'admin' }])).token;
  otherAdmin = (await makeSignedInStaff(t, tenantId, [{ organizationId: otherHospital, role: 'admin' }])).token;
  receptionist = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await t.close();
});

describe('display tokens in the console', () => {
  it('an admin creates one (the secret once, kept hashed), lists it and revokes it; both audited', async () => {
    const created = await createDisplay(admin, hospital, '  Ground floor TV ');
    expect(created.errors).toBeUndefined();
    const display = created.data?.staffCreateDisplayToken;
    expect(display?.display.name).toBe('Ground floor TV');
    expect(display?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(display?.boardUrl).toMatch(new RegExp(`/display/${hospital}#${display?.secret ?? 'none'}$`));
    const [row] = await t.database.db.select().from(displayTokens).where(eq(displayTokens.id, display?.display.id ?? ''));
    expect(row?.secretHash).toBe(createHash('sha256').update(display?.secret ?? '').digest('hex'));
    expect(JSON.stringify(row)).not.toContain(display?.secret ?? 'none');

    const listed = await t.gql<{ staffDisplayTokens: { id: string; revokedAt: string | null }[] }>(LIST, { o: hospital }, authHeader(admin));
    expect(listed.data?.staffDisplayTokens.map((d) => d.id)).toContain(display?.display.id);
    expect(JSON.stringify(listed.data)).not.toContain(display?.secret ?? 'none');

    const revoked = await t.gql<{ staffRevokeDisplayToken: { revokedAt: string | null } }>(REVOKE, { o: hospital, id: display?.display.id }, authHeader(admin));
    expect(revoked.data?.staffRevokeDisplayToken.revokedAt).not.toBeNull();
    // Revoking again changes nothing and is not audited twice.
    await t.gql(REVOKE, { o: hospital, id: display?.display.id }, authHeader(admin));
    const audited = await t.database.db
      .select({ action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, hospital), eq(auditEvents.tenantId, tenantId)));
    const mine = audited.filter((a) => (a.details as { displayTokenId?: string }).displayTokenId === display?.display.id);
    expect(mine.map((a) => a.action).sort()).toEqual(['display.create', 'display.revoke']);
    expect(JSON.stringify(mine)).not.toContain(display?.secret ?? 'none');
  });

  it("refuses another hospital's admin, other roles and bad names, and changes nothing", async () => {
    const before = (await t.database.db.select().from(displayTokens).where(eq(displayTokens.organizationId, hospital))).length;
    expect(codeOf(await createDisplay(otherAdmin, hospital))).toBe('ARO-E2001');
    expect(codeOf(await createDisplay(receptionist, hospital))).toBe('ARO-E1210');
    expect(codeOf(await createDisplay(admin, hospital, '   '))).toBe('ARO-E4061');
    expect(codeOf(await createDisplay(admin, hospital, 'x'.repeat(61)))).toBe('ARO-E4061');
    expect(codeOf(await t.gql(LIST, { o: hospital }, authHeader(otherAdmin)))).toBe('ARO-E2001');
    const after = (await t.database.db.select().from(displayTokens).where(eq(displayTokens.organizationId, hospital))).length;
    expect(after).toBe(before);

    const mine = (await createDisplay(admin, hospital)).data?.staffCreateDisplayToken;
    // Another hospital's admin cannot revoke it, even naming their own hospital.
    expect(codeOf(await t.gql(REVOKE, { o: hospital, id: mine?.display.id }, authHeader(otherAdmin)))).toBe('ARO-E2001');
    expect(codeOf(await t.gql(REVOKE, { o: otherHospital, id: mine?.display.id }, authHeader(otherAdmin)))).toBe('ARO-E2001');
    const board = await t.gql(BOARD, { h: hospital, s: mine?.secret });
    expect(board.errors).toBeUndefined();
  });
});

describe('the board', () => {
  it("shows today's sessions with the token being seen and the next ones, no patient data, live; a revoked display is refused and its board ended", async () => {
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: doctorId, organizationId: hospital },
      { status: 'started', startTime: new Date(), sessionStartedTime: new Date(), locationName: 'Room 4' },
    );
    for (const name of ['Amaradasa', 'Bimalika', 'Chathurangi']) {
      await bookedPatient(session.id, name);
    }
    const display = (await createDisplay(admin, hospital)).data?.staffCreateDisplayToken;
    const variables = { h: hospital, s: display?.secret };

    const first = await t.gql<{ displayBoard: Board }>(BOARD, variables);
    expect(first.errors).toBeUndefined();
    const shown = first.data?.displayBoard.sessions.find((s) => s.room === 'Room 4');
    expect(shown?.nowSeeing).toBeNull();
    expect(shown?.next.map((n) => n.tokenNo)).toEqual([1, 2, 3]);
    expect(shown?.next.every((n) => n.expectedAt !== null)).toBe(true);
    // Another hospital's board, a wrong secret and an unknown hospital are one refusal.
    expect(codeOf(await t.gql(BOARD, { h: otherHospital, s: display?.secret }))).toBe('ARO-E4062');
    expect(codeOf(await t.gql(BOARD, { h: hospital, s: 'not-the-secret' }))).toBe('ARO-E4062');
    expect(codeOf(await t.gql(BOARD, { h: 'not-a-hospital', s: display?.secret }))).toBe('ARO-E4062');
    const [seen] = await t.database.db.select().from(displayTokens).where(eq(displayTokens.id, display?.display.id ?? ''));
    expect(seen?.lastSeenAt).not.toBeNull();

    const client = wsClient();
    try {
      const live = watch(client, variables);
      await live.until(() => live.received.length >= 1);
      expect(await t.gql(CALL_NEXT, { o: hospital, s: session.id }, authHeader(receptionist))).not.toHaveProperty('errors');
      await live.until(() => live.received.some((r) => r.data?.subscribeDisplayBoard.sessions.some((s) => s.nowSeeing === 1)));
      const after = live.received.at(-1)?.data?.subscribeDisplayBoard.sessions.find((s) => s.room === 'Room 4');
      expect(after?.next.map((n) => n.tokenNo)).toEqual([2, 3]);

      // No patient data anywhere on the board: names, numbers, ids.
      const payload = JSON.stringify([first.data, live.received]);
      for (const text of [...patientNames, ...patientMobiles, ...patientIds]) {
        expect(payload).not.toContain(text);
      }

      await t.gql(REVOKE, { o: hospital, id: display?.display.id }, authHeader(admin));
      await live.until(() => live.ended() !== null);
      expect(live.received.at(-1)?.errors?.[0]?.message).toMatch(/^ARO-E4062:/);
      expect(live.ended()).toBe('complete');
      expect(codeOf(await t.gql(BOARD, variables))).toBe('ARO-E4062');
      // A new subscription with the revoked secret is refused at once.
      const again = watch(client, variables);
      await again.until(() => again.ended() !== null);
      expect(again.received).toEqual([]);
      expect(JSON.stringify(again.failure())).toContain('ARO-E4062:');
    } finally {
      await client.dispose();
    }
  });

  it('a session that ended shows as ended, after those still to run, for 30 minutes; then it leaves the board', async () => {
    const db = t.database.db;
    const ward = (await makeOrganization(db, tenantId)).id;
    const refs = { practitionerId: (await makePractitioner(db, tenantId, ward)).id, organizationId: ward };
    const colombo = (time: string): Date => new Date(`2026-11-24T${time}:00+05:30`);
    await makeConsultationSession(db, tenantId, refs, {
      status: 'completed',
      startTime: colombo('08:00'),
      sessionStartedTime: colombo('08:05'),
      sessionCompletedTime: colombo('11:40'),
      locationName: 'Room Ended Lately',
    });
    await makeConsultationSession(db, tenantId, refs, {
      status: 'completed',
      startTime: colombo('07:00'),
      sessionStartedTime: colombo('07:00'),
      sessionCompletedTime: colombo('11:00'),
      locationName: 'Room Ended Long Ago',
    });
    await makeConsultationSession(db, tenantId, refs, {
      status: 'started',
      startTime: colombo('10:00'),
      sessionStartedTime: colombo('10:00'),
      locationName: 'Room Running',
    });
    await makeConsultationSession(db, tenantId, refs, { status: 'scheduled', startTime: colombo('14:00'), locationName: 'Room Later' });

    const atNoon = await readDisplayBoard(db, tenantId, ward, colombo('12:00'));
    expect(atNoon.sessions.map((s) => [s.room, s.status])).toEqual([
      ['Room Running', 'started'],
      ['Room Later', 'scheduled'],
      ['Room Ended Lately', 'completed'],
    ]);
    const ended = atNoon.sessions[2];
    expect(ended?.endedAt?.toISOString()).toBe(colombo('11:40').toISOString());
    expect(ended?.nowSeeing).toBeNull();
    expect(ended?.next).toEqual([]);
    expect(atNoon.sessions[0]?.endedAt).toBeNull();
    // 30 minutes after it ended it is gone.
    const later = await readDisplayBoard(db, tenantId, ward, colombo('12:10'));
    expect(later.sessions.map((s) => s.room)).toEqual(['Room Running', 'Room Later']);
  });

  it('a cancelled session shows as cancelled, without tokens, after those still to run, for the rest of its planned time; a late one stays, with its delay', async () => {
    const db = t.database.db;
    const ward = (await makeOrganization(db, tenantId)).id;
    const refs = { practitionerId: (await makePractitioner(db, tenantId, ward)).id, organizationId: ward };
    const colombo = (time: string): Date => new Date(`2026-11-24T${time}:00+05:30`);
    const cancelledEarly = await makeConsultationSession(db, tenantId, refs, {
      startTime: colombo('14:00'),
      endTime: colombo('16:00'),
      locationName: 'Room Cancelled Early',
    });
    // Booked before the cancel (at 09:00): the board shows none of its tokens.
    await bookedPatient(cancelledEarly.id, 'Dinusha');
    await db
      .update(consultationSessions)
      .set({ status: 'practitioner_canceled', updatedAt: colombo('09:00') })
      .where(eq(consultationSessions.id, cancelledEarly.id));
    // Ran past its planned end (12:00) and was cancelled then: read for 30 minutes after the cancel.
    await makeConsultationSession(db, tenantId, refs, {
      status: 'practitioner_canceled',
      startTime: colombo('10:00'),
      endTime: colombo('12:00'),
      sessionStartedTime: colombo('10:00'),
      updatedAt: colombo('12:20'),
      locationName: 'Room Cancelled Late',
    });
    await makeConsultationSession(db, tenantId, refs, {
      status: 'provider_aborted',
      startTime: colombo('13:00'),
      endTime: colombo('15:00'),
      locationName: 'Room Aborted',
    });
    await makeConsultationSession(db, tenantId, refs, {
      status: 'started',
      startTime: colombo('10:00'),
      sessionStartedTime: colombo('10:00'),
      locationName: 'Room Running',
    });
    const late = await makeConsultationSession(db, tenantId, refs, { status: 'scheduled', startTime: colombo('11:00'), locationName: 'Room Late' });
    await bookedPatient(late.id, 'Ekanayake');
    await makeConsultationSession(db, tenantId, refs, {
      status: 'scheduled',
      startTime: colombo('11:30'),
      delayMinutes: 45,
      locationName: 'Room Delayed',
    });
    await makeConsultationSession(db, tenantId, refs, {
      status: 'completed',
      startTime: colombo('08:00'),
      sessionStartedTime: colombo('08:00'),
      sessionCompletedTime: colombo('12:10'),
      locationName: 'Room Ended',
    });

    const rows = (board: Awaited<ReturnType<typeof readDisplayBoard>>) =>
      board.sessions.map((s) => [s.room, s.status, s.expectedStart.toISOString(), s.delayMinutes, s.nowSeeing, s.next.map((n) => n.tokenNo)]);
    const atHalfPast = await readDisplayBoard(db, tenantId, ward, colombo('12:30'));
    expect(rows(atHalfPast)).toEqual([
      ['Room Running', 'started', colombo('10:00').toISOString(), null, null, []],
      // Its planned start passed and it has not started: still on the board, at its planned start.
      ['Room Late', 'scheduled', colombo('11:00').toISOString(), null, null, [1]],
      // 'Doctor delayed by 45 minutes': the expected start moved to 12:15.
      ['Room Delayed', 'scheduled', colombo('12:15').toISOString(), 45, null, []],
      ['Room Cancelled Late', 'practitioner_canceled', colombo('10:00').toISOString(), null, null, []],
      ['Room Cancelled Early', 'practitioner_canceled', colombo('14:00').toISOString(), null, null, []],
      ['Room Ended', 'completed', colombo('08:00').toISOString(), null, null, []],
    ]);
    expect(atHalfPast.sessions.find((s) => s.room === 'Room Cancelled Early')?.endedAt).toBeNull();

    // The late one's planned end (13:00) passed and it never started: not held, without tokens, after
    // those still to run; the delayed one is still to run until its end moved by the delay (14:15).
    const pastEnd = await readDisplayBoard(db, tenantId, ward, colombo('13:10'));
    expect(pastEnd.sessions.map((s) => [s.room, s.status, s.expectedEnd.toISOString(), s.next.map((n) => n.tokenNo)])).toEqual([
      ['Room Running', 'started', colombo('12:00').toISOString(), []],
      ['Room Delayed', 'scheduled', colombo('14:15').toISOString(), []],
      ['Room Late', 'scheduled', colombo('13:00').toISOString(), []],
      ['Room Cancelled Early', 'practitioner_canceled', colombo('16:00').toISOString(), []],
    ]);
    // 30 minutes after its end it leaves, as an ended one does, not at midnight.
    const afterLate = await readDisplayBoard(db, tenantId, ward, colombo('13:30'));
    expect(afterLate.sessions.map((s) => s.room)).toEqual(['Room Running', 'Room Delayed', 'Room Cancelled Early']);
    const afterDelayed = await readDisplayBoard(db, tenantId, ward, colombo('14:45'));
    expect(afterDelayed.sessions.map((s) => s.room)).toEqual(['Room Running', 'Room Cancelled Early']);

    // 30 minutes after its cancel the late-cancelled one is gone; the other stays until its planned end.
    const later = await readDisplayBoard(db, tenantId, ward, colombo('15:59'));
    expect(later.sessions.map((s) => s.room)).toEqual(['Room Running', 'Room Cancelled Early']);
    const atEnd = await readDisplayBoard(db, tenantId, ward, colombo('16:00'));
    expect(atEnd.sessions.map((s) => s.room)).toEqual(['Room Running']);
  });

  it('the live board shows a session cancelled by staff as cancelled at once', async () => {
    const ward = (await makeOrganization(t.database.db, tenantId)).id;
    const wardDoctor = (await makePractitioner(t.database.db, tenantId, ward)).id;
    const wardAdmin = (await makeSignedInStaff(t, tenantId, [{ organizationId: ward, role: 'admin' }])).token;
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: wardDoctor, organizationId: ward },
      { status: 'scheduled', startTime: new Date(), locationName: 'Room 11' },
    );
    const display = (await createDisplay(wardAdmin, ward)).data?.staffCreateDisplayToken;
    const client = wsClient();
    try {
      const live = watch(client, { h: ward, s: display?.secret });
      await live.until(() => live.received.length >= 1);
      expect(live.received[0]?.data?.subscribeDisplayBoard.sessions.map((s) => [s.room, s.status])).toEqual([['Room 11', 'scheduled']]);
      expect(await t.gql(CANCEL_SESSION, { o: ward, s: session.id }, authHeader(wardAdmin))).not.toHaveProperty('errors');
      await live.until(() => live.received.some((r) => r.data?.subscribeDisplayBoard.sessions.some((s) => s.status === 'practitioner_canceled')));
      const shown = live.received.at(-1)?.data?.subscribeDisplayBoard.sessions;
      expect(shown?.map((s) => [s.room, s.status, s.nowSeeing, s.next])).toEqual([['Room 11', 'practitioner_canceled', null, []]]);
      live.stop();
    } finally {
      await client.dispose();
    }
  });

  it('the live board shows a session ended by staff as ended at once', async () => {
    const ward = (await makeOrganization(t.database.db, tenantId)).id;
    const wardDoctor = (await makePractitioner(t.database.db, tenantId, ward)).id;
    const wardAdmin = (await makeSignedInStaff(t, tenantId, [{ organizationId: ward, role: 'admin' }])).token;
    const session = await makeConsultationSession(
      t.database.db,
      tenantId,
      { practitionerId: wardDoctor, organizationId: ward },
      { status: 'started', startTime: new Date(), sessionStartedTime: new Date(), locationName: 'Room 9' },
    );
    const display = (await createDisplay(wardAdmin, ward)).data?.staffCreateDisplayToken;
    const client = wsClient();
    try {
      const live = watch(client, { h: ward, s: display?.secret });
      await live.until(() => live.received.length >= 1);
      expect(live.received[0]?.data?.subscribeDisplayBoard.sessions.map((s) => [s.room, s.status, s.endedAt])).toEqual([['Room 9', 'started', null]]);
      expect(await t.gql(END_SESSION, { o: ward, s: session.id }, authHeader(wardAdmin))).not.toHaveProperty('errors');
      await live.until(() => live.received.some((r) => r.data?.subscribeDisplayBoard.sessions.some((s) => s.status === 'completed')));
      const shown = live.received.at(-1)?.data?.subscribeDisplayBoard.sessions;
      expect(shown?.map((s) => [s.room, s.status, s.next])).toEqual([['Room 9', 'completed', []]]);
      expect(shown?.[0]?.endedAt).not.toBeNull();
      live.stop();
    } finally {
      await client.dispose();
    }
  });
});
