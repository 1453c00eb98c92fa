import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeStaffUser,
  makeVideoAppointment,
  makeConsultationSession,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, auditEvents, videoCallHistory } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { createTenantRegistry } from '../tenants/index.ts';
import { callTokenKey, issueCallToken, verifyCallToken } from './call-token.ts';
import { turnCredentialFor } from './turn-credentials.ts';
import { CALL_RING_TIMEOUT_MS } from '@careline/domain/video-call';

/*
 * Video calls on the server (issue 13 §1 server side, §5): Call and hang-up, the call token's binding
 * and expiry, TURN credentials per call, the patient's report, and signalling relayed over real
 * graphql-ws subscriptions only between the appointment's patient account and the calling doctor.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001';
const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const TURN_SECRET = 'test-turn-secret';

type Body<T> = { data: T | null; errors?: { message: string }[] };
type Who = { token: string };
type Patient = Who & { accountId: string; patientId: string };
type Staff = Who & { id: string };

const COMMUNICATION = 'id appointmentId medium participantStatus participantReference roomSid deviceSupport permissions { camera microphone } videoCallHistory { timestamp participantReference participantStatus }';
const CALL = `mutation ($o: ID!, $a: ID!) { staffVideoCall(organizationId: $o, appointmentId: $a) { roomSid iceServers { urls username credential } iceServersExpireAt communication { ${COMMUNICATION} } } }`;
const HANG_UP = `mutation ($o: ID!, $a: ID!) { staffVideoHangUp(organizationId: $o, appointmentId: $a) { ${COMMUNICATION} } }`;
const TOKEN = 'mutation ($r: String!, $a: ID!) { createTwilioToken(roomSid: $r, appointmentId: $a) }';
const ICE = 'query ($a: ID!, $t: String!) { callIceServers(appointmentId: $a, token: $t) { iceServers { urls username credential } expiresAt } }';
const REPORT = `mutation ($id: ID!, $d: String!) { sendCommunication(id: $id, contentAttachment: { data: $d }) { ${COMMUNICATION} } }`;
const PATIENT_SIGNAL = 'mutation ($a: ID!, $t: String!, $s: CallSignalInput!) { sendCallSignal(appointmentId: $a, token: $t, signal: $s) }';
const STAFF_SIGNAL = 'mutation ($o: ID!, $a: ID!, $s: CallSignalInput!) { staffSendCallSignal(organizationId: $o, appointmentId: $a, signal: $s) }';
const PATIENT_LIVE = `subscription ($a: ID!) { subscribeCommunication(appointmentId: $a) { communication { ${COMMUNICATION} } signal { kind from roomSid sdp candidate camera microphone } } }`;
const STAFF_LIVE = `subscription ($o: ID!, $a: ID!) { staffSubscribeCommunication(organizationId: $o, appointmentId: $a) { communication { ${COMMUNICATION} } signal { kind from roomSid sdp candidate camera microphone } } }`;
const QUERY_COMMUNICATION = `query ($a: ID!) { queryCommunication(appointmentId: $a) { ${COMMUNICATION} } }`;
const APPOINTMENT = `query ($id: ID!) { queryAppointment(id: $id, limit: 1) { id remoteCommunicationLink communication { ${COMMUNICATION} } } }`;

type Communication = {
  id: string;
  appointmentId: string;
  participantStatus: string | null;
  participantReference: string | null;
  roomSid: string | null;
  deviceSupport: boolean | null;
  permissions: { camera: string | null; microphone: string | null } | null;
  videoCallHistory: { timestamp: string; participantReference: string; participantStatus: string }[];
};
type Signal = { kind: string; from: string; roomSid: string; sdp: string | null; candidate: string | null; camera: boolean | null; microphone: boolean | null };

let t: TestApp;
let tenantsFile: string;
let hospital: string;
let otherHospital: string;
let practitionerId: string;
let doctor: Staff;
let otherDoctor: Staff;
let nurse: Staff;
let doctorElsewhere: Staff;

const errorOf = (body: { errors?: { message: string }[] }): string | null => body.errors?.[0]?.message ?? null;
const codeOf = (body: { errors?: { message: string }[] }): string | null => errorOf(body)?.split(':')[0] ?? null;

async function as<T>(who: Who, query: string, variables: Record<string, unknown> = {}): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

async function staffMember(organizationId: string, role: 'doctor' | 'nurse', linked: string | null): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role, practitionerId: linked }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { token, id: user.id };
}

async function makePatient(): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, accountId: account.id, patientId: patient.id };
}

async function videoAppointment(patient: Patient, fields: Partial<typeof appointments.$inferInsert> = {}): Promise<string> {
  const row = await makeVideoAppointment(t.database.db, TENANT, { practitionerId, organizationId: hospital }, patient, fields);
  return row.id;
}

type StaffCall = { roomSid: string; iceServers: { urls: string[]; username: string | null; credential: string | null }[]; iceServersExpireAt: string | null; communication: Communication };

async function call(who: Staff, appointmentId: string): Promise<StaffCall> {
  const body = await as<{ staffVideoCall: StaffCall }>(who, CALL, { o: hospital, a: appointmentId });
  expect(body.errors).toBeUndefined();
  return body.data?.staffVideoCall as StaffCall;
}

async function tokenFor(patient: Patient, appointmentId: string, roomSid: string): Promise<string> {
  const body = await as<{ createTwilioToken: string }>(patient, TOKEN, { r: roomSid, a: appointmentId });
  expect(body.errors).toBeUndefined();
  return body.data?.createTwilioToken ?? '';
}

function report(patient: Patient, appointmentId: string, status: 'connected' | 'disconnected', overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    medium: 'VIDEOCONF',
    appointmentId,
    participantStatus: status,
    permissions: { camera: 'granted', microphone: 'granted' },
    deviceSupport: true,
    participantReference: `Patient/${patient.patientId}`,
    ...overrides,
  });
}

beforeAll(async () => {
  // One tenant with a TURN server: every call hands out per-call credentials.
  tenantsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'careline-video-')), 'tenants.json');
  fs.writeFileSync(
    tenantsFile,
    JSON.stringify([
      {
        id: TENANT,
        default: true,
        video: {
          ice: { stunUrls: ['stun:127.0.0.1:3478'], turnUrls: ['turn:127.0.0.1:3478?transport=udp'], sharedSecret: TURN_SECRET, ttlSeconds: 600 },
          callTokenTtlSeconds: 900,
        },
      },
    ]),
  );
  t = await createTestApp({ TENANTS_FILE: tenantsFile });
  const db = t.database.db;
  hospital = (await makeOrganization(db, TENANT)).id;
  otherHospital = (await makeOrganization(db, TENANT)).id;
  practitionerId = (await makePractitioner(db, TENANT, hospital)).id;
  const otherPractitioner = (await makePractitioner(db, TENANT, hospital)).id;
  doctor = await staffMember(hospital, 'doctor', practitionerId);
  otherDoctor = await staffMember(hospital, 'doctor', otherPractitioner);
  nurse = await staffMember(hospital, 'nurse', null);
  doctorElsewhere = await staffMember(otherHospital, 'doctor', (await makePractitioner(db, TENANT, otherHospital)).id);
});

afterAll(async () => {
  await t.close();
  fs.rmSync(path.dirname(tenantsFile), { recursive: true, force: true });
});

describe('configuration', () => {
  it('the demo tenants default to our own signalling with no ICE servers (host candidates only)', () => {
    const demo = createTenantRegistry({ ...t.env, TENANTS_FILE: undefined });
    for (const tenant of demo.all()) {
      expect(tenant.video).toMatchObject({ provider: 'careline', ice: { stunUrls: [], turnUrls: [], sharedSecret: '' } });
    }
    expect(t.tenants.byId(TENANT)?.video).toMatchObject({ provider: 'careline', callTokenTtlSeconds: 900, ice: { ttlSeconds: 600 } });
  });

  it('refuses bad video settings at start, naming each key', () => {
    expect(() =>
      createTenantRegistry(t.env, [
        { id: 'bad-video', video: { provider: 'zoom', ice: { turnUrls: ['http://turn.example'], sharedSecret: '' } } },
      ]),
    ).toThrow(/tenants\[bad-video\]\.video\.provider/);
    expect(() =>
      createTenantRegistry(t.env, [{ id: 'bad-turn', video: { ice: { turnUrls: ['turn:turn.example:3478'] } } }]),
    ).toThrow(/tenants\[bad-turn\]\.video\.ice\.sharedSecret is empty/);
  });
});

describe('Call and hang-up', () => {
  it("Call rings the patient: connected, a room link on the appointment, the doctor's connect recorded and audited", async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const placed = await call(doctor, appointmentId);
    expect(placed.roomSid).toMatch(/^room-/);
    expect(placed.communication).toMatchObject({ appointmentId, participantStatus: 'connected', roomSid: placed.roomSid });
    expect(placed.communication.videoCallHistory).toEqual([
      expect.objectContaining({ participantReference: `Practitioner/${practitionerId}`, participantStatus: 'connected' }),
    ]);
    // The caller's TURN credential: coturn's use-auth-secret scheme, bound to the member.
    const turn = placed.iceServers.find((s) => s.urls[0]?.startsWith('turn:'));
    expect(turn?.username).toMatch(new RegExp(`^\\d+:${doctor.id}$`));
    expect(turn?.credential).toBe(turnCredentialFor(TURN_SECRET, turn?.username ?? ''));
    const seen = await as<{ queryAppointment: { remoteCommunicationLink: string; communication: Communication }[] }>(patient, APPOINTMENT, { id: appointmentId });
    expect(seen.data?.queryAppointment[0]).toMatchObject({
      remoteCommunicationLink: placed.roomSid,
      communication: { id: placed.communication.id, participantStatus: 'connected' },
    });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(row?.remoteCommunicationLink).toBe(placed.roomSid);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, doctor.id), eq(auditEvents.action, 'video.call.connect')));
    expect(audits.some((a) => (a.details as { appointmentId?: string }).appointmentId === appointmentId)).toBe(true);
    // The doctor reading the call's communication (the patient's devices and participation) is audited.
    const read = await as<{ staffSubscribeCommunication: { communication: Communication | null } }>(doctor, STAFF_LIVE, {
      o: hospital,
      a: appointmentId,
    });
    expect(read.data?.staffSubscribeCommunication.communication?.id).toBe(placed.communication.id);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, doctor.id), eq(auditEvents.action, 'video.communication.read')));
    expect(reads.some((a) => (a.details as { appointmentId?: string }).appointmentId === appointmentId && a.patientId === patient.patientId)).toBe(true);

    // Calling again opens a new room on the same communication.
    const again = await call(doctor, appointmentId);
    expect(again.communication.id).toBe(placed.communication.id);
    expect(again.roomSid).not.toBe(placed.roomSid);
  });

  it('refuses a nurse (E1210), another hospital (E2001), an in-person session (E8050) and an appointment not arrived (E8051)', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    expect(codeOf(await as(nurse, CALL, { o: hospital, a: appointmentId }))).toBe('ARO-E1210');
    expect(codeOf(await as(doctorElsewhere, CALL, { o: hospital, a: appointmentId }))).toBe(NOT_FOUND);
    expect(codeOf(await as(doctorElsewhere, CALL, { o: otherHospital, a: appointmentId }))).toBe(NOT_FOUND);
    const booked = await videoAppointment(patient, { appointmentStatus: 'booked' });
    expect(errorOf(await as(doctor, CALL, { o: hospital, a: booked }))).toBe(
      'ARO-E8051:This appointment is booked: only an appointment in progress can be called',
    );
    const session = await makeConsultationSession(t.database.db, TENANT, { practitionerId, organizationId: hospital }, { status: 'started' });
    const [inPerson] = await t.database.db
      .insert(appointments)
      .values({ tenantId: TENANT, sessionId: session.id, accountId: patient.accountId, patientId: patient.patientId, tokenNo: 1, appointmentStatus: 'arrived' })
      .returning({ id: appointments.id });
    expect(codeOf(await as(doctor, CALL, { o: hospital, a: inPerson?.id }))).toBe('ARO-E8050');
  });

  it('hang-up by the caller disconnects and records it; another doctor cannot; twice answers E8052', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    await call(doctor, appointmentId);
    expect(codeOf(await as(otherDoctor, HANG_UP, { o: hospital, a: appointmentId }))).toBe('ARO-E8059');
    const ended = await as<{ staffVideoHangUp: Communication }>(doctor, HANG_UP, { o: hospital, a: appointmentId });
    expect(ended.errors).toBeUndefined();
    expect(ended.data?.staffVideoHangUp.participantStatus).toBe('disconnected');
    expect(ended.data?.staffVideoHangUp.videoCallHistory.map((e) => e.participantStatus)).toEqual(['connected', 'disconnected']);
    expect(codeOf(await as(doctor, HANG_UP, { o: hospital, a: appointmentId }))).toBe('ARO-E8052');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, doctor.id), eq(auditEvents.action, 'video.call.disconnect')));
    expect(audits.some((a) => (a.details as { appointmentId?: string }).appointmentId === appointmentId)).toBe(true);
  });

  it("another doctor's Call takes the call over: the first caller's disconnect is recorded", async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    await call(doctor, appointmentId);
    const taken = await call(otherDoctor, appointmentId);
    expect(taken.communication.videoCallHistory.map((e) => [e.participantReference, e.participantStatus])).toEqual([
      [`Practitioner/${practitionerId}`, 'connected'],
      [`Practitioner/${practitionerId}`, 'disconnected'],
      [expect.stringMatching(/^Practitioner\//), 'connected'],
    ]);
    expect(codeOf(await as(doctor, HANG_UP, { o: hospital, a: appointmentId }))).toBe('ARO-E8059');
  });
});

describe('the ring: the incoming card lives exactly as long as the ringing call (issue 29 §2.7)', () => {
  const RING = 'query ($id: ID!) { queryAppointment(id: $id, limit: 1) { id communication { id ringing ringRemainingMs } } }';
  type Ring = { id: string; ringing: boolean; ringRemainingMs: number | null };
  /** The ring as a device of the account reads it (a reload reads it the same way). */
  async function ringOf(patient: Patient, appointmentId: string): Promise<Ring | null> {
    const body = await as<{ queryAppointment: { communication: Ring | null }[] }>(patient, RING, { id: appointmentId });
    expect(body.errors).toBeUndefined();
    return body.data?.queryAppointment[0]?.communication ?? null;
  }
  /** Another device (access session) of the same account. */
  async function otherDevice(patient: Patient): Promise<Patient> {
    const { token } = await createAccessSession(t.database.db, TENANT, patient.accountId);
    return { ...patient, token };
  }

  it('rings from the Call until the hang-up; a reload reads the same', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    await call(doctor, appointmentId);
    const ringing = await ringOf(patient, appointmentId);
    expect(ringing?.ringing).toBe(true);
    expect(ringing?.ringRemainingMs).toBeGreaterThan(0);
    expect(ringing?.ringRemainingMs).toBeLessThanOrEqual(CALL_RING_TIMEOUT_MS);
    await as(doctor, HANG_UP, { o: hospital, a: appointmentId });
    expect(await ringOf(patient, appointmentId)).toMatchObject({ ringing: false, ringRemainingMs: null });
    expect(await ringOf(await otherDevice(patient), appointmentId)).toMatchObject({ ringing: false, ringRemainingMs: null });
  });

  it("an answer on one device stops the ring on every device; the patient's leave rings again for a rejoin", async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const placed = await call(doctor, appointmentId);
    const laptop = await otherDevice(patient);
    expect((await ringOf(laptop, appointmentId))?.ringing).toBe(true);
    await as(patient, REPORT, { id: placed.communication.id, d: report(patient, appointmentId, 'connected') });
    expect(await ringOf(laptop, appointmentId)).toMatchObject({ ringing: false, ringRemainingMs: null });
    await as(patient, REPORT, { id: placed.communication.id, d: report(patient, appointmentId, 'disconnected') });
    expect((await ringOf(laptop, appointmentId))?.ringing).toBe(true);
    // A new Call rings even though an earlier one was answered.
    await as(patient, REPORT, { id: placed.communication.id, d: report(patient, appointmentId, 'connected') });
    await call(doctor, appointmentId);
    expect((await ringOf(laptop, appointmentId))?.ringing).toBe(true);
  });

  it('an unanswered ring times out, also for a reload (the console closed without hanging up)', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const placed = await call(doctor, appointmentId);
    // The Call placed longer ago than the ring lasts: its history line is moved back, no waiting.
    await t.database.db
      .update(videoCallHistory)
      .set({ timestamp: new Date(Date.now() - CALL_RING_TIMEOUT_MS - 1_000) })
      .where(eq(videoCallHistory.videoCommunicationId, placed.communication.id));
    expect(await ringOf(patient, appointmentId)).toMatchObject({ ringing: false, ringRemainingMs: null });
    const upcoming = await as<{ queryUpcomingAppointments: { id: string; communication: { ringing: boolean } | null }[] }>(
      await otherDevice(patient),
      'query { queryUpcomingAppointments { id communication { ringing } } }',
    );
    expect(upcoming.data?.queryUpcomingAppointments.find((a) => a.id === appointmentId)?.communication?.ringing).toBe(false);
    // The call itself is still on (the doctor may still hang up), it only no longer rings.
    expect((await as(doctor, HANG_UP, { o: hospital, a: appointmentId })).errors).toBeUndefined();
  });
});

describe('the call token', () => {
  it("is given only for the account's own appointment and the room being called", async () => {
    const patient = await makePatient();
    const stranger = await makePatient();
    const appointmentId = await videoAppointment(patient);
    expect(codeOf(await as(patient, TOKEN, { r: 'room-x', a: appointmentId }))).toBe('ARO-E8053');
    const { roomSid } = await call(doctor, appointmentId);
    expect(codeOf(await as(stranger, TOKEN, { r: roomSid, a: appointmentId }))).toBe(NOT_FOUND);
    expect(codeOf(await as(patient, TOKEN, { r: 'room-other', a: appointmentId }))).toBe('ARO-E8053');
    const token = await tokenFor(patient, appointmentId, roomSid);
    const checked = verifyCallToken(callTokenKey(t.providers.appSecret), token, new Date());
    expect(checked).toMatchObject({ ok: true, claims: { appointmentId, accountId: patient.accountId, roomSid, tenantId: TENANT } });
    // Lifetime from the tenant's callTokenTtlSeconds (900 s).
    const exp = checked.ok ? checked.claims.exp * 1000 : 0;
    expect(exp - Date.now()).toBeGreaterThan(890_000);
    expect(exp - Date.now()).toBeLessThanOrEqual(900_000);
  });

  it('a token for appointment A is refused for B, for another account, when altered or expired, and after hang-up', async () => {
    const patient = await makePatient();
    const stranger = await makePatient();
    const a = await videoAppointment(patient);
    const b = await videoAppointment(patient);
    const roomA = (await call(doctor, a)).roomSid;
    await call(doctor, b);
    const token = await tokenFor(patient, a, roomA);
    const candidate = { kind: 'candidate', candidate: JSON.stringify({ candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0' }) };
    expect((await as(patient, PATIENT_SIGNAL, { a, t: token, s: candidate })).data).toEqual({ sendCallSignal: true });
    expect(codeOf(await as(patient, PATIENT_SIGNAL, { a: b, t: token, s: candidate }))).toBe('ARO-E8054');
    expect(codeOf(await as(patient, ICE, { a: b, t: token }))).toBe('ARO-E8054');
    expect(codeOf(await as(stranger, PATIENT_SIGNAL, { a, t: token, s: candidate }))).toBe('ARO-E8054');
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(codeOf(await as(patient, PATIENT_SIGNAL, { a, t: altered, s: candidate }))).toBe('ARO-E8054');
    expect(codeOf(await as(patient, PATIENT_SIGNAL, { a, t: 'not-a-token', s: candidate }))).toBe('ARO-E8054');
    const key = callTokenKey(t.providers.appSecret);
    const expired = issueCallToken(key, { tenantId: TENANT, appointmentId: a, accountId: patient.accountId, roomSid: roomA, exp: Math.floor(Date.now() / 1000) - 1 });
    expect(errorOf(await as(patient, PATIENT_SIGNAL, { a, t: expired, s: candidate }))).toBe('ARO-E8055:The call token has expired. Please join again');
    expect(codeOf(await as(patient, ICE, { a, t: expired }))).toBe('ARO-E8055');
    // A token signed with another key is not ours.
    const forged = issueCallToken(callTokenKey(Buffer.from('someone else')), { tenantId: TENANT, appointmentId: a, accountId: patient.accountId, roomSid: roomA, exp: Math.floor(Date.now() / 1000) + 60 });
    expect(codeOf(await as(patient, PATIENT_SIGNAL, { a, t: forged, s: candidate }))).toBe('ARO-E8054');
    // A new room (Call again) or a hang-up ends the token's room.
    await call(doctor, a);
    expect(codeOf(await as(patient, PATIENT_SIGNAL, { a, t: token, s: candidate }))).toBe('ARO-E8053');
  });

  it('hands out the ICE servers with a per-call TURN credential for a valid token', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const { roomSid } = await call(doctor, appointmentId);
    const token = await tokenFor(patient, appointmentId, roomSid);
    const body = await as<{ callIceServers: { iceServers: { urls: string[]; username: string | null; credential: string | null }[]; expiresAt: string } }>(
      patient,
      ICE,
      { a: appointmentId, t: token },
    );
    expect(body.errors).toBeUndefined();
    const servers = body.data?.callIceServers;
    expect(servers?.iceServers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'], username: null, credential: null });
    const turn = servers?.iceServers[1];
    expect(turn?.urls).toEqual(['turn:127.0.0.1:3478?transport=udp']);
    const [expiry, user] = (turn?.username ?? '').split(':');
    expect(user).toBe(patient.accountId);
    expect(Number(expiry) * 1000).toBe(Date.parse(servers?.expiresAt ?? ''));
    expect(Number(expiry) * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    expect(turn?.credential).toBe(turnCredentialFor(TURN_SECRET, turn?.username ?? ''));
  });
});

describe('sendCommunication', () => {
  it("keeps the patient's permissions, device support and reference, and records connect and disconnect", async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const { communication } = await call(doctor, appointmentId);
    const connected = await as<{ sendCommunication: Communication }>(patient, REPORT, {
      id: communication.id,
      d: report(patient, appointmentId, 'connected', { permissions: { camera: 'granted', microphone: 'prompt' } }),
    });
    expect(connected.errors).toBeUndefined();
    expect(connected.data?.sendCommunication).toMatchObject({
      participantStatus: 'connected',
      participantReference: `Patient/${patient.patientId}`,
      deviceSupport: true,
      permissions: { camera: 'granted', microphone: 'prompt' },
    });
    // base64 of the JSON is taken too (FHIR's contentAttachment.data).
    const disconnected = await as<{ sendCommunication: Communication }>(patient, REPORT, {
      id: communication.id,
      d: Buffer.from(report(patient, appointmentId, 'disconnected')).toString('base64'),
    });
    expect(disconnected.errors).toBeUndefined();
    // The communication's participantStatus stays the practitioner's; the patient's events are in the history.
    expect(disconnected.data?.sendCommunication.participantStatus).toBe('connected');
    expect(disconnected.data?.sendCommunication.videoCallHistory.map((e) => [e.participantReference, e.participantStatus])).toEqual([
      [`Practitioner/${practitionerId}`, 'connected'],
      [`Patient/${patient.patientId}`, 'connected'],
      [`Patient/${patient.patientId}`, 'disconnected'],
    ]);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, patient.accountId), eq(auditEvents.action, 'video.patient.connect')));
    expect(audits).toHaveLength(1);
    // The call history modal reads it with queryCommunication; another account gets E2001.
    const read = await as<{ queryCommunication: Communication }>(patient, QUERY_COMMUNICATION, { a: appointmentId });
    expect(read.data?.queryCommunication.videoCallHistory).toHaveLength(3);
    const stranger = await makePatient();
    expect(codeOf(await as(stranger, QUERY_COMMUNICATION, { a: appointmentId }))).toBe(NOT_FOUND);
  });

  it('refuses a bad report, another account, and a connect with no call on', async () => {
    const patient = await makePatient();
    const stranger = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const other = await videoAppointment(patient);
    const { communication } = await call(doctor, appointmentId);
    const send = (who: Patient, d: string) => as(who, REPORT, { id: communication.id, d });
    expect(codeOf(await send(stranger, report(patient, appointmentId, 'connected')))).toBe(NOT_FOUND);
    expect(errorOf(await send(patient, 'not json'))).toBe('ARO-E8056:The call report is not valid: contentAttachment data is not JSON');
    expect(errorOf(await send(patient, report(patient, appointmentId, 'connected', { medium: 'SMS' })))).toMatch(/^ARO-E8056:The call report is not valid: medium/);
    expect(errorOf(await send(patient, report(patient, appointmentId, 'connected', { permissions: { camera: 'yes', microphone: 'granted' } })))).toMatch(
      /^ARO-E8056:The call report is not valid: permissions\.camera/,
    );
    expect(errorOf(await send(patient, report(patient, appointmentId, 'connected', { deviceSupport: 'true' })))).toMatch(/^ARO-E8056:.*deviceSupport/);
    expect(errorOf(await send(patient, report(patient, appointmentId, 'ringing' as 'connected')))).toMatch(/^ARO-E8056:.*participantStatus/);
    expect(errorOf(await send(patient, report(patient, other, 'connected')))).toBe(
      'ARO-E8056:The call report is not valid: appointmentId is not the appointment of this communication',
    );
    expect(errorOf(await send(patient, report(patient, appointmentId, 'connected', { participantReference: `Patient/${stranger.patientId}` })))).toBe(
      'ARO-E8056:The call report is not valid: participantReference is not the patient of this appointment',
    );
    expect(codeOf(await as(patient, REPORT, { id: 'not-an-id', d: report(patient, appointmentId, 'connected') }))).toBe(NOT_FOUND);
    await as(doctor, HANG_UP, { o: hospital, a: appointmentId });
    expect(codeOf(await send(patient, report(patient, appointmentId, 'connected')))).toBe('ARO-E8052');
    expect((await send(patient, report(patient, appointmentId, 'disconnected'))).errors).toBeUndefined();
    const rows = await t.database.db.select().from(videoCallHistory).where(eq(videoCallHistory.videoCommunicationId, communication.id));
    expect(rows.map((r) => r.participantStatus)).toEqual(['connected', 'disconnected', 'disconnected']);
  });

  it('checks signalling messages (E8057)', async () => {
    const patient = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const { roomSid } = await call(doctor, appointmentId);
    const token = await tokenFor(patient, appointmentId, roomSid);
    const bad = [
      { kind: 'offer' },
      { kind: 'answer', sdp: 'hello' },
      { kind: 'offer', sdp: `v=0${'a'.repeat(40_000)}` },
      { kind: 'candidate', candidate: '{not json' },
      { kind: 'candidate', candidate: '{"sdpMid":"0"}' },
      { kind: 'media', camera: true },
    ];
    for (const s of bad) {
      expect(codeOf(await as(patient, PATIENT_SIGNAL, { a: appointmentId, t: token, s })), JSON.stringify(s).slice(0, 60)).toBe('ARO-E8057');
      expect(codeOf(await as(doctor, STAFF_SIGNAL, { o: hospital, a: appointmentId, s }))).toBe('ARO-E8057');
    }
    expect(codeOf(await as(otherDoctor, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'hangup' } }))).toBe('ARO-E8059');
    expect(codeOf(await as(nurse, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'hangup' } }))).toBe('ARO-E1210');
    expect(codeOf(await as(doctorElsewhere, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'hangup' } }))).toBe(NOT_FOUND);
  });
});

describe('signalling over graphql-ws', () => {
  let url: string;
  const clients: Client[] = [];
  const client = (token: string): Client => {
    const made = createClient({ url: `${url}?access_token=${encodeURIComponent(token)}`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    for (const made of clients) {
      await made.dispose();
    }
  });

  type PatientItem = Body<{ subscribeCommunication: { communication: Communication | null; signal: Signal | null } }>;
  type StaffItem = Body<{ staffSubscribeCommunication: { communication: Communication | null; signal: Signal | null } }>;

  /** Sends `poke` until `first` resolves (subscribing is asynchronous), then answers it. */
  async function untilHeard<T>(first: Promise<T>, poke: () => Promise<unknown>): Promise<T> {
    let heard = false;
    void first.then(() => {
      heard = true;
    });
    for (let attempt = 0; attempt < 80 && !heard; attempt++) {
      await poke();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return first;
  }

  /** The next signal of a kind, skipping others (pokes, communication changes). */
  async function nextSignal<T>(events: AsyncIterator<T>, kind: string, signalOf: (item: T) => Signal | null | undefined): Promise<Signal> {
    for (;;) {
      const step = await events.next();
      if (step.done) {
        throw new Error(`the subscription ended before a ${kind}`);
      }
      const signal = signalOf(step.value);
      if (signal?.kind === kind) {
        return signal;
      }
    }
  }

  it("Call rings the patient through subscribeAppointment: the appointment's communication turns connected with the room", async () => {
    const patient = await makePatient();
    const row = await makeVideoAppointment(t.database.db, TENANT, { practitionerId, organizationId: hospital }, patient);
    type Ring = Body<{ subscribeAppointment: { id: string; appointmentStatus: string; remoteCommunicationLink: string | null; communication: { participantStatus: string | null } | null }[] }>;
    const events = client(patient.token).iterate<Ring['data']>({
      query: 'subscription ($p: [ID!]!, $s: ID!) { subscribeAppointment(patientId: $p, sessionId: $s) { id appointmentStatus remoteCommunicationLink communication { participantStatus } } }',
      variables: { p: [patient.patientId], s: row.sessionId },
    });
    let roomSid = '';
    const first = await untilHeard(events.next(), async () => {
      roomSid = (await call(doctor, row.id)).roomSid;
    });
    const [ringing] = (first.value as Ring).data?.subscribeAppointment ?? [];
    expect(ringing).toMatchObject({ id: row.id, appointmentStatus: 'arrived', communication: { participantStatus: 'connected' } });
    expect(ringing?.remoteCommunicationLink).toMatch(/^room-/);
    expect(roomSid).not.toBe('');
    await events.return?.(undefined);
  }, 30_000);

  it('a join on one device stops the ring on the account\'s other devices, live (issue 29 §2.7)', async () => {
    const patient = await makePatient();
    const row = await makeVideoAppointment(t.database.db, TENANT, { practitionerId, organizationId: hospital }, patient);
    const placed = await call(doctor, row.id);
    const { token: laptopToken } = await createAccessSession(t.database.db, TENANT, patient.accountId);
    type Live = Body<{ subscribeAppointment: { id: string; communication: { ringing: boolean } | null }[] }>;
    const laptop = client(laptopToken).iterate<Live['data']>({
      query: 'subscription ($p: [ID!]!, $s: ID!) { subscribeAppointment(patientId: $p, sessionId: $s) { id communication { ringing } } }',
      variables: { p: [patient.patientId], s: row.sessionId },
    });
    // The phone joins: its 'connected' report reaches the laptop as a change of the appointment.
    const first = await untilHeard(laptop.next(), () =>
      as(patient, REPORT, { id: placed.communication.id, d: report(patient, row.id, 'connected') }),
    );
    const [seen] = (first.value as Live).data?.subscribeAppointment ?? [];
    expect(seen).toMatchObject({ id: row.id, communication: { ringing: false } });
    await laptop.return?.(undefined);
  }, 30_000);

  it('relays offer, answer and candidates between the patient and the calling doctor only', async () => {
    const patient = await makePatient();
    const stranger = await makePatient();
    const appointmentId = await videoAppointment(patient);
    const { roomSid } = await call(doctor, appointmentId);
    const token = await tokenFor(patient, appointmentId, roomSid);

    // Refused at subscribe time: another account, another hospital's doctor.
    const strangerEvents = client(stranger.token).iterate({ query: PATIENT_LIVE, variables: { a: appointmentId } });
    const strangerRefusal = await strangerEvents.next().then((s) => s.value as unknown, (e: unknown) => e);
    expect(JSON.stringify(strangerRefusal)).toContain(NOT_FOUND);
    const elsewhere = client(doctorElsewhere.token).iterate({ query: STAFF_LIVE, variables: { o: hospital, a: appointmentId } });
    const elsewhereRefusal = await elsewhere.next().then((s) => s.value as unknown, (e: unknown) => e);
    expect(JSON.stringify(elsewhereRefusal)).toContain(NOT_FOUND);
    const elsewhereOwn = client(doctorElsewhere.token).iterate({ query: STAFF_LIVE, variables: { o: otherHospital, a: appointmentId } });
    const elsewhereOwnRefusal = await elsewhereOwn.next().then((s) => s.value as unknown, (e: unknown) => e);
    expect(JSON.stringify(elsewhereOwnRefusal)).toContain(NOT_FOUND);

    // Another doctor of the same hospital may listen, and hears nothing of this call.
    const bystander = client(otherDoctor.token).iterate<StaffItem['data']>({ query: STAFF_LIVE, variables: { o: hospital, a: appointmentId } });
    const bystanderFirst = bystander.next();
    let bystanderHeard = false;
    void bystanderFirst.then(() => {
      bystanderHeard = true;
    });

    const patientEvents = client(patient.token).iterate<PatientItem['data']>({ query: PATIENT_LIVE, variables: { a: appointmentId } });
    const staffEvents = client(doctor.token).iterate<StaffItem['data']>({ query: STAFF_LIVE, variables: { o: hospital, a: appointmentId } });
    const patientSignal = (item: unknown) => (item as PatientItem).data?.subscribeCommunication.signal;
    const staffSignal = (item: unknown) => (item as StaffItem).data?.staffSubscribeCommunication.signal;

    // Both listen: media messages each way until each side heard one.
    await untilHeard(patientEvents.next(), () =>
      as(doctor, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'media', camera: true, microphone: true } }),
    );
    await untilHeard(staffEvents.next(), () =>
      as(patient, PATIENT_SIGNAL, { a: appointmentId, t: token, s: { kind: 'media', camera: true, microphone: false } }),
    );

    const offer = `${SDP}a=offer\r\n`;
    expect((await as(doctor, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'offer', sdp: offer } })).errors).toBeUndefined();
    expect(await nextSignal(patientEvents, 'offer', patientSignal)).toEqual({
      kind: 'offer', from: 'practitioner', roomSid, sdp: offer, candidate: null, camera: null, microphone: null,
    });
    const answer = `${SDP}a=answer\r\n`;
    expect((await as(patient, PATIENT_SIGNAL, { a: appointmentId, t: token, s: { kind: 'answer', sdp: answer } })).errors).toBeUndefined();
    expect(await nextSignal(staffEvents, 'answer', staffSignal)).toMatchObject({ kind: 'answer', from: 'patient', roomSid, sdp: answer });

    const fromDoctor = JSON.stringify({ candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 });
    await as(doctor, STAFF_SIGNAL, { o: hospital, a: appointmentId, s: { kind: 'candidate', candidate: fromDoctor } });
    expect(await nextSignal(patientEvents, 'candidate', patientSignal)).toMatchObject({ from: 'practitioner', candidate: fromDoctor });
    const fromPatient = JSON.stringify({ candidate: 'candidate:2 1 udp 2122260223 127.0.0.1 40001 typ host', sdpMid: '0', sdpMLineIndex: 0 });
    await as(patient, PATIENT_SIGNAL, { a: appointmentId, t: token, s: { kind: 'candidate', candidate: fromPatient } });
    expect(await nextSignal(staffEvents, 'candidate', staffSignal)).toMatchObject({ from: 'patient', candidate: fromPatient });
    // The end of candidates: no candidate.
    await as(patient, PATIENT_SIGNAL, { a: appointmentId, t: token, s: { kind: 'candidate' } });
    expect(await nextSignal(staffEvents, 'candidate', staffSignal)).toMatchObject({ candidate: null });

    // The patient's report reaches the doctor as a communication change.
    const { communication } = (await as<{ queryAppointment: { communication: Communication }[] }>(patient, APPOINTMENT, { id: appointmentId })).data?.queryAppointment[0] ?? { communication: null };
    await as(patient, REPORT, { id: communication?.id, d: report(patient, appointmentId, 'connected') });
    for (;;) {
      const step = await staffEvents.next();
      const changed = (step.value as StaffItem).data?.staffSubscribeCommunication.communication;
      if (changed) {
        expect(changed.videoCallHistory.at(-1)).toMatchObject({ participantReference: `Patient/${patient.patientId}`, participantStatus: 'connected' });
        break;
      }
    }

    // Hang-up: the patient hears it and the communication turns disconnected.
    await as(doctor, HANG_UP, { o: hospital, a: appointmentId });
    expect(await nextSignal(patientEvents, 'hangup', patientSignal)).toMatchObject({ from: 'practitioner', roomSid });
    const after = await patientEvents.next();
    expect((after.value as PatientItem).data?.subscribeCommunication.communication?.participantStatus).toBe('disconnected');

    // Nothing of it reached the other doctor.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystanderHeard).toBe(false);
    await bystander.return?.(undefined);
    await patientEvents.return?.(undefined);
    await staffEvents.return?.(undefined);
  }, 60_000);
});
