import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChatSession, makeConsultationSession, makeOrganization, makePractitioner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, auditEvents, chatSessions, documentReferences, patients, smsMessages } from '../../db/schema/index.ts';
import { isAgentOnline } from './chat.live.ts';
import { publishPatientChatTyping } from './chat.service.ts';
import {
  CHAT_FIELDS,
  PATCH,
  PREPARE,
  SEND,
  TENANT,
  as,
  blobOf,
  code,
  makePatient,
  makeStaff,
  sleep,
  text,
  until,
  wsClient,
  type Chat,
  type Heard,
  type Patient,
  type Staff,
} from './chat.test-support.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';

/*
 * The hospital's side of chats (issue 12 §4): the inbox, live, take, reply, close, typing, unread
 * counts, the patient's context, presence (suspended with no agent online), SMS and audit.
 */

type StaffChat = { id: string; assignedStaffUserId: string | null; assignedToMe: boolean; chat: Chat; patient: { id: string; name: string } | null };

const STAFF_FIELDS = `id assignedStaffUserId assignedToMe patient { id name } chat { ${CHAT_FIELDS} }`;
const INBOX = `query ($o: ID!, $q: StaffChatQueue, $f: Int, $a: String) {
  staffChatInbox(organizationId: $o, queue: $q, first: $f, after: $a) { nodes { ${STAFF_FIELDS} } endCursor hasMore totalCount }
}`;
const GET = `query ($o: ID!, $id: ID!) { staffChat(organizationId: $o, id: $id) { ${STAFF_FIELDS} } }`;
const TAKE = `mutation ($o: ID!, $id: ID!) { staffTakeChat(organizationId: $o, id: $id) { ${STAFF_FIELDS} } }`;
const REPLY = `mutation ($o: ID!, $id: ID!, $m: String, $b: ID, $d: String) {
  staffReplyChat(organizationId: $o, id: $id, message: $m, imageBlobId: $b, description: $d) { ${STAFF_FIELDS} }
}`;
const CLOSE = `mutation ($o: ID!, $id: ID!) { staffCloseChat(organizationId: $o, id: $id) { ${STAFF_FIELDS} } }`;
const TYPING = `mutation ($o: ID!, $id: ID!) { staffChatTyping(organizationId: $o, id: $id) }`;
const CONTEXT = `query ($o: ID!, $id: ID!) { staffChatContext(organizationId: $o, id: $id) {
  profiles { id name ageLabel mobileNo } upcomingAppointments { id patientId doctorName tokenNo appointmentStatus }
} }`;

let t: TestApp;
let hospital: string;
let otherHospital: string;
let agent: Staff;
let agent2: Staff;
let receptionist: Staff;
let admin: Staff;
let nurse: Staff;
let elsewhere: Staff;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  otherHospital = (await makeOrganization(t.database.db, TENANT)).id;
  agent = await makeStaff(t, hospital, 'callCentreAgent');
  agent2 = await makeStaff(t, hospital, 'callCentreAgent');
  receptionist = await makeStaff(t, hospital, 'receptionist');
  admin = await makeStaff(t, hospital, 'admin');
  nurse = await makeStaff(t, hospital, 'nurse');
  elsewhere = await makeStaff(t, otherHospital, 'callCentreAgent');
});

afterAll(async () => {
  await t.close();
});

async function waiting(of?: Patient, organizationId = hospital): Promise<{ patient: Patient; id: string }> {
  const patient = of ?? (await makePatient(t));
  const row = await makeChatSession(t.database.db, TENANT, { accountId: patient.accountId, patientId: patient.patientId, hospitalId: organizationId });
  return { patient, id: row.id };
}

async function ok<T extends Record<string, StaffChat>>(who: Staff, query: string, variables: Record<string, unknown>): Promise<StaffChat> {
  const body = await as<T>(t, who, query, variables);
  expect(body.errors).toBeUndefined();
  const value = body.data ? Object.values(body.data)[0] : undefined;
  if (!value) {
    throw new Error('no answer');
  }
  return value;
}

async function textsTo(mobileNo: string): Promise<string[]> {
  await smsOutboxSettled(t.database.db);
  const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
  return rows.map((sms) => sms.body);
}

describe('who may work the inbox', () => {
  it("refuses another hospital's staff, and roles without the chat policy", async () => {
    const { id } = await waiting();
    // A member of another hospital asking about this one: not-found, as a missing hospital.
    expect(code(await as(t, elsewhere, GET, { o: hospital, id }))).toBe('ARO-E2001');
    // Their own hospital's id with this hospital's chat: not-found too.
    expect(code(await as(t, elsewhere, GET, { o: otherHospital, id }))).toBe('ARO-E2001');
    expect(code(await as(t, elsewhere, TAKE, { o: otherHospital, id }))).toBe('ARO-E2001');
    expect(code(await as(t, elsewhere, REPLY, { o: otherHospital, id, m: 'Hi' }))).toBe('ARO-E2001');
    expect(code(await as(t, elsewhere, CLOSE, { o: otherHospital, id }))).toBe('ARO-E2001');
    expect(code(await as(t, nurse, GET, { o: hospital, id }))).toBe('ARO-E1210');
    expect(code(await as(t, nurse, TAKE, { o: hospital, id }))).toBe('ARO-E1210');
    const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, id));
    expect(row?.status).toBe('preparation');
    for (const who of [agent, receptionist, admin]) {
      expect((await ok(who, GET, { o: hospital, id })).id).toBe(id);
    }
  });
});

describe('take, reply, close', () => {
  it('take: in_progress and assigned; a second taker is refused; a suspended chat can be taken', async () => {
    const { id } = await waiting();
    const taken = await ok(agent, TAKE, { o: hospital, id });
    expect(taken).toMatchObject({ assignedStaffUserId: agent.id, assignedToMe: true, chat: { status: 'in_progress', recipient: `User/${agent.id}` } });
    expect((await as(t, agent2, TAKE, { o: hospital, id })).errors?.[0]?.message).toBe(
      'ARO-E8004:Another staff member has already taken this chat',
    );
    // Taking one's own chat again changes nothing.
    expect((await ok(agent, TAKE, { o: hospital, id })).chat.status).toBe('in_progress');
    const seen = await ok(agent2, GET, { o: hospital, id });
    expect(seen).toMatchObject({ assignedStaffUserId: agent.id, assignedToMe: false });

    const suspended = await waiting();
    await t.database.db.update(chatSessions).set({ status: 'suspended' }).where(eq(chatSessions.id, suspended.id));
    expect((await ok(receptionist, TAKE, { o: hospital, id: suspended.id })).chat.status).toBe('in_progress');
  });

  it('two takers at once: exactly one wins', async () => {
    const { id } = await waiting();
    const answers = await Promise.all([agent, agent2, receptionist].map((who) => as(t, who, TAKE, { o: hospital, id })));
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.errors).map(code)).toEqual(['ARO-E8004', 'ARO-E8004']);
  });

  it('reply with text (taking a waiting chat), then an image; the patient reads both; unread counts', async () => {
    const { patient, id } = await waiting();
    await as(t, patient, SEND, { id, m: text('Hello?') });
    await as(t, patient, SEND, { id, m: text('Anyone?') });
    expect((await ok(agent, GET, { o: hospital, id })).chat.unreadCount).toBe(2);
    const replied = await ok(agent, REPLY, { o: hospital, id, m: 'Good morning, how can I help?' });
    expect(replied).toMatchObject({ assignedToMe: true, chat: { status: 'in_progress', unreadCount: 0 } });
    expect(replied.chat.note.at(-1)).toMatchObject({ kind: 'message', authorRef: `User/${agent.id}`, message: 'Good morning, how can I help?' });
    const image = await blobOf(t, { staffUserId: agent.id });
    const withImage = await ok(agent, REPLY, { o: hospital, id, b: image, d: 'Directions' });
    expect(withImage.chat.note.at(-1)).toMatchObject({ kind: 'documentUpload', extensions: { imageUrl: `/blob/get/${image}`, description: 'Directions' } });
    const docs = await t.database.db.select().from(documentReferences).where(eq(documentReferences.blobId, image));
    expect(docs).toMatchObject([{ accountId: patient.accountId, organizationId: hospital, authorReference: `User/${agent.id}` }]);
    // The patient reads the image through the blob service.
    const read = await t.app.inject({ method: 'GET', url: `/blob/get/${image}`, headers: { authorization: `Bearer ${patient.token}` } });
    expect(read.statusCode).toBe(200);
    const mine = await as<{ queryChat: Chat[] }>(t, patient, `query ($id: ID) { queryChat(id: $id) { ${CHAT_FIELDS} } }`, { id });
    expect(mine.data?.queryChat[0]).toMatchObject({ status: 'in_progress', unreadCount: 2 });
    // Another member's blob, a patient's blob, a PDF: refused.
    const others = await blobOf(t, { staffUserId: agent2.id });
    expect(code(await as(t, agent, REPLY, { o: hospital, id, b: others }))).toBe('ARO-E2001');
    expect(code(await as(t, agent, REPLY, { o: hospital, id, b: await blobOf(t, { accountId: patient.accountId }) }))).toBe('ARO-E2001');
    expect(code(await as(t, agent, REPLY, { o: hospital, id, b: await blobOf(t, { staffUserId: agent.id }, 'application/pdf') }))).toBe('ARO-E8010');
    // The member's own image, already this patient's document, is not handed to another patient: refused,
    // and the other patient still cannot read it. Sent again in the same chat, it is still this patient's.
    const other = await waiting();
    expect(code(await as(t, agent, REPLY, { o: hospital, id: other.id, b: image }))).toBe('ARO-E2001');
    const stranger = await t.app.inject({ method: 'GET', url: `/blob/get/${image}`, headers: { authorization: `Bearer ${other.patient.token}` } });
    expect(stranger.statusCode).toBe(404);
    await ok(agent, REPLY, { o: hospital, id, b: image });
    // Bad text, and a colleague answering a chat that is not theirs.
    expect(code(await as(t, agent, REPLY, { o: hospital, id, m: 'a\u0007b' }))).toBe('ARO-E8001');
    expect(code(await as(t, agent, REPLY, { o: hospital, id, m: 'x'.repeat(2001) }))).toBe('ARO-E8001');
    expect(code(await as(t, agent, REPLY, { o: hospital, id }))).toBe('ARO-E8001');
    expect(code(await as(t, agent2, REPLY, { o: hospital, id, m: 'Me too' }))).toBe('ARO-E8004');
  });

  it('close: completed once taken, entered_in_error while waiting; a closed chat takes nothing more', async () => {
    const taken = await waiting();
    await ok(agent, TAKE, { o: hospital, id: taken.id });
    expect((await ok(agent2, CLOSE, { o: hospital, id: taken.id })).chat.status).toBe('completed');
    for (const query of [CLOSE, TAKE, TYPING]) {
      expect(code(await as(t, agent, query, { o: hospital, id: taken.id }))).toBe('ARO-E8003');
    }
    expect(code(await as(t, agent, REPLY, { o: hospital, id: taken.id, m: 'Late' }))).toBe('ARO-E8003');
    const untaken = await waiting();
    expect((await ok(agent, CLOSE, { o: hospital, id: untaken.id })).chat.status).toBe('entered_in_error');
    // The patient rates the completed chat; a new chat can start.
    const rated = await as<{ patchChat: Chat }>(t, taken.patient, PATCH, { id: taken.id, e: [{ valueId: 'rating', valueInteger: 1 }] });
    expect(rated.data?.patchChat).toMatchObject({ status: 'completed', rating: 1 });
    const again = await as<{ prepareChat: Chat }>(t, taken.patient, PREPARE, { n: [text('Another question')], p: taken.patient.patientId, h: hospital });
    expect(again.errors).toBeUndefined();
  });
});

describe('inbox, context, audit', () => {
  it('pages the waiting and active queues, longest waiting first, and audits each chat read', async () => {
    const organization = (await makeOrganization(t.database.db, TENANT)).id;
    const desk = await makeStaff(t, organization, 'receptionist');
    const base = Date.now() - 60_000;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const patient = await makePatient(t);
      const row = await makeChatSession(t.database.db, TENANT, {
        accountId: patient.accountId,
        patientId: patient.patientId,
        hospitalId: organization,
        createdTime: new Date(base + i * 1000),
        status: i === 1 ? 'suspended' : 'preparation',
      });
      ids.push(row.id);
    }
    const done = await makePatient(t);
    await makeChatSession(t.database.db, TENANT, { accountId: done.accountId, patientId: done.patientId, hospitalId: organization, status: 'completed' });
    type Page = { staffChatInbox: { nodes: StaffChat[]; endCursor: string | null; hasMore: boolean; totalCount: number } };
    const first = await as<Page>(t, desk, INBOX, { o: organization, q: 'WAITING', f: 2 });
    expect(first.data?.staffChatInbox).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(first.data?.staffChatInbox.nodes.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.data?.staffChatInbox.nodes[0]?.patient?.name).toContain('Silva');
    const second = await as<Page>(t, desk, INBOX, { o: organization, q: 'WAITING', f: 2, a: first.data?.staffChatInbox.endCursor });
    expect(second.data?.staffChatInbox).toMatchObject({ hasMore: false });
    expect(second.data?.staffChatInbox.nodes.map((n) => n.id)).toEqual(ids.slice(2));
    await ok(desk, TAKE, { o: organization, id: ids[0] });
    const active = await as<Page>(t, desk, INBOX, { o: organization, q: 'ACTIVE' });
    expect(active.data?.staffChatInbox.nodes.map((n) => n.id)).toEqual([ids[0]]);
    const all = await as<Page>(t, desk, INBOX, { o: organization });
    expect(all.data?.staffChatInbox.totalCount).toBe(3);
    expect(code(await as(t, desk, INBOX, { o: organization, f: 51 }))).toBe('ARO-E2002');
    expect(code(await as(t, desk, INBOX, { o: organization, a: 'garbage' }))).toBe('ARO-E2002');

    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, desk.id), inArray(auditEvents.action, ['chat.list', 'chat.read', 'chat.take'])));
    expect(audits.filter((a) => a.action === 'chat.list').length).toBeGreaterThanOrEqual(5);
    expect(audits.every((a) => a.organizationId === organization && a.role === 'receptionist' && a.patientAccountId)).toBe(true);
    expect(audits.filter((a) => a.action === 'chat.take')).toHaveLength(1);
  });

  it("every staff read of a chat is audited with the patient's account", async () => {
    const { patient, id } = await waiting();
    await ok(receptionist, GET, { o: hospital, id });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, receptionist.id), eq(auditEvents.action, 'chat.read'), eq(auditEvents.patientAccountId, patient.accountId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patientId: patient.patientId, role: 'receptionist', details: { chatSessionId: id } });
  });

  it("the context: the account's profiles and their upcoming appointments at this hospital only", async () => {
    const { patient, id } = await waiting();
    const [second] = await t.database.db
      .insert(patients)
      .values({ tenantId: TENANT, accountId: patient.accountId, prefix: 'Mrs.', givenName: 'Kamala', familyName: 'Silva', gender: 'female', birthDate: '1985-05-05', relationship: 'Wife' })
      .returning();
    const doctor = await makePractitioner(t.database.db, TENANT, hospital);
    const elsewhereDoctor = await makePractitioner(t.database.db, TENANT, otherHospital);
    const future = new Date(Date.now() + 3 * 86_400_000);
    const here = await makeConsultationSession(t.database.db, TENANT, { practitionerId: doctor.id, organizationId: hospital }, { startTime: future, endTime: new Date(future.getTime() + 3_600_000) });
    const there = await makeConsultationSession(t.database.db, TENANT, { practitionerId: elsewhereDoctor.id, organizationId: otherHospital }, { startTime: future, endTime: new Date(future.getTime() + 3_600_000) });
    const [booked] = await t.database.db
      .insert(appointments)
      .values([
        { tenantId: TENANT, sessionId: here.id, accountId: patient.accountId, patientId: second?.id ?? '', tokenNo: 3 },
        { tenantId: TENANT, sessionId: there.id, accountId: patient.accountId, patientId: patient.patientId, tokenNo: 1 },
      ])
      .returning();
    const body = await as<{ staffChatContext: { profiles: { id: string; name: string }[]; upcomingAppointments: { id: string; tokenNo: number }[] } }>(
      t,
      agent,
      CONTEXT,
      { o: hospital, id },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffChatContext.profiles.map((p) => p.id).sort()).toEqual([patient.patientId, second?.id].sort());
    expect(body.data?.staffChatContext.upcomingAppointments).toMatchObject([{ id: booked?.id, tokenNo: 3 }]);
    expect(JSON.stringify(body.data)).not.toContain('Wife');
    const audited = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.actorId, agent.id), eq(auditEvents.action, 'chat.context')));
    expect(audited).toHaveLength(1);
    expect(code(await as(t, elsewhere, CONTEXT, { o: otherHospital, id }))).toBe('ARO-E2001');
  });
});

describe('presence, live inbox, typing, SMS', () => {
  it('with no agent online a new chat is suspended; with one online it waits in preparation; when the last leaves, waiting chats are suspended', async () => {
    const organization = (await makeOrganization(t.database.db, TENANT)).id;
    const desk = await makeStaff(t, organization, 'callCentreAgent');
    const alice = await makePatient(t);
    const prepare = (who: Patient) =>
      as<{ prepareChat: Chat }>(t, who, PREPARE, { n: [text('Hi')], p: who.patientId, h: organization });
    const offline = await prepare(alice);
    expect(offline.data?.prepareChat).toMatchObject({ status: 'suspended', statusText: 'all staff busy' });

    const client = await wsClient(t, desk.token);
    try {
      const inbox = client.iterate<{ subscribeStaffChatInbox: StaffChat | null }>({
        query: `subscription ($o: ID!) { subscribeStaffChatInbox(organizationId: $o) { ${STAFF_FIELDS} } }`,
        variables: { o: organization },
      });
      const next = inbox.next();
      await until(() => isAgentOnline(t.app.presence, TENANT, organization));
      const bob = await makePatient(t);
      const online = await prepare(bob);
      expect(online.data?.prepareChat).toMatchObject({ status: 'preparation', statusText: 'connecting to hospital staff' });
      const heard = (await next).value as Heard<{ subscribeStaffChatInbox: StaffChat | null }> | undefined;
      expect(heard?.data?.subscribeStaffChatInbox?.id).toBe(online.data?.prepareChat.id);
      // The patient types: the inbox hears it (chat.typing 'patient'); nothing is stored.
      const publish = (topic: string, payload: unknown) =>
        new Promise<void>((resolve) => {
          t.app.graphql.pubsub.publish({ topic, payload }, () => {
            resolve();
          });
        });
      await publishPatientChatTyping(
        { db: t.database.db, tenantId: TENANT, accountId: bob.accountId, correlationId: 'typing', publish, agentChatEnabled: true, presence: t.app.presence },
        online.data?.prepareChat.id ?? '',
      );
      const typing = (await inbox.next()).value as Heard<{ subscribeStaffChatInbox: StaffChat | null }> | undefined;
      expect(typing?.data?.subscribeStaffChatInbox?.chat).toMatchObject({ id: online.data?.prepareChat.id, typing: 'patient' });
      // Taking the suspended chat: in_progress.
      expect((await ok(desk, TAKE, { o: organization, id: offline.data?.prepareChat.id })).chat.status).toBe('in_progress');
      await inbox.return?.(undefined);
      await until(async () => !(await isAgentOnline(t.app.presence, TENANT, organization)));
      await until(async () => {
        const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, online.data?.prepareChat.id ?? ''));
        return row?.status === 'suspended';
      });
    } finally {
      await client.dispose();
    }
  });

  it('the patient sees replies and typing live; an SMS goes out only while the patient has no live chat', async () => {
    const { patient, id } = await waiting();
    // Away: the first reply texts them, the next (in the quiet period) does not.
    await ok(agent, REPLY, { o: hospital, id, m: 'We are looking into it' });
    await ok(agent, REPLY, { o: hospital, id, m: 'One more thing' });
    const body = `${t.tenants.defaultTenant.publicConfig.branding.hospitalName}: Our staff replied to your chat. Open the chat to read it.`;
    expect(await textsTo(patient.mobileNo)).toEqual([body]);

    const client = await wsClient(t, patient.token);
    try {
      const events = client.iterate<{ subscribeChat: { id: string; typing: string | null; note: { message: string | null }[] } | null }>({
        query: 'subscription ($id: [ID!]!) { subscribeChat(id: $id) { id typing note { message } } }',
        variables: { id: [id] },
      });
      const first = events.next();
      let heard = false;
      void first.then(() => {
        heard = true;
      });
      await until(async () => {
        await as(t, agent, TYPING, { o: hospital, id });
        await sleep(20);
        return heard;
      });
      type Live = Heard<{ subscribeChat: { id: string; typing: string | null; note: { message: string | null }[] } | null }>;
      expect(((await first).value as Live | undefined)?.data?.subscribeChat).toMatchObject({ id, typing: 'staff' });
      await as(t, patient, SEND, { id, m: text('Thanks') });
      await ok(agent, REPLY, { o: hospital, id, m: 'You are welcome' });
      let reply: { typing: string | null; note: { message: string | null }[] } | null | undefined;
      do {
        reply = ((await events.next()).value as Live | undefined)?.data?.subscribeChat;
      } while (reply && reply.note.at(-1)?.message !== 'You are welcome');
      expect(reply?.typing).toBeNull();
      // Watching: no second SMS.
      expect(await textsTo(patient.mobileNo)).toEqual([body]);
      await events.return?.(undefined);
    } finally {
      await client.dispose();
    }
  });
});
