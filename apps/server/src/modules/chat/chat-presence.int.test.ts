import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeChatSession, makeOrganization } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, auditEvents, smsMessages } from '../../db/schema/index.ts';
import { accountChatTopic, isAgentOnline, isPatientWatching } from './chat.live.ts';
import { lastChatAwaySmsAt } from './chat.repo.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import { CHAT_AWAY_SMS_QUIET_MS } from './chat.sms.ts';
import {
  CHAT_FIELDS,
  PATCH,
  PREPARE,
  QUERY,
  SEND,
  TENANT,
  as,
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

/*
 * Typing and unread indicators both ways, and the SMS to a patient who is away when staff reply
 * (issue 12 §4), with another account getting nothing.
 */

type StaffChat = { id: string; chat: Chat };
type Inbox = { subscribeStaffChatInbox: StaffChat | null };
type Live = {
  subscribeChat: { id: string; typing: string | null; note: { message: string | null }[] } | null;
};

const STAFF_FIELDS = `id chat { ${CHAT_FIELDS} }`;
const INBOX = `query ($o: ID!, $q: StaffChatQueue) { staffChatInbox(organizationId: $o, queue: $q) { nodes { ${STAFF_FIELDS} } } }`;
const REPLY = `mutation ($o: ID!, $id: ID!, $m: String) { staffReplyChat(organizationId: $o, id: $id, message: $m) { ${STAFF_FIELDS} } }`;
const STAFF_TYPING = `mutation ($o: ID!, $id: ID!) { staffChatTyping(organizationId: $o, id: $id) }`;
const PATIENT_TYPING = 'mutation ($id: ID!) { chatTyping(id: $id) }';
const INBOX_LIVE = `subscription ($o: ID!) { subscribeStaffChatInbox(organizationId: $o) { ${STAFF_FIELDS} } }`;
const PATIENT_LIVE = 'subscription ($id: [ID!]!) { subscribeChat(id: $id) { id typing note { message } } }';

let t: TestApp;
let hospital: string;
let agent: Staff;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  agent = await makeStaff(t, hospital, 'callCentreAgent');
});

afterAll(async () => {
  await t.close();
});

async function prepare(who: Patient, message = 'Hello'): Promise<Chat> {
  const body = await as<{ prepareChat: Chat }>(t, who, PREPARE, {
    n: [text(message)],
    p: who.patientId,
    h: hospital,
  });
  expect(body.errors).toBeUndefined();
  if (!body.data) {
    throw new Error('no chat');
  }
  return body.data.prepareChat;
}

async function reply(id: string, message: string): Promise<StaffChat> {
  const body = await as<{ staffReplyChat: StaffChat }>(t, agent, REPLY, {
    o: hospital,
    id,
    m: message,
  });
  expect(body.errors).toBeUndefined();
  if (!body.data) {
    throw new Error('no reply');
  }
  return body.data.staffReplyChat;
}

async function textsTo(mobileNo: string): Promise<string[]> {
  await smsOutboxSettled(t.database.db);
  const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
  return rows.map((sms) => sms.body);
}

async function inboxRow(id: string): Promise<StaffChat | undefined> {
  const body = await as<{ staffChatInbox: { nodes: StaffChat[] } }>(t, agent, INBOX, {
    o: hospital,
  });
  return body.data?.staffChatInbox.nodes.find((node) => node.id === id);
}

const brand = (): string => t.tenants.defaultTenant.publicConfig.branding.hospitalName;

describe('typing indicators', () => {
  it("the patient's typing reaches the inbox and the staff's the patient; nothing is stored; another account is refused and hears nothing", async () => {
    const alice = await makePatient(t);
    const bob = await makePatient(t);
    const staffSide = await wsClient(t, agent.token);
    const aliceSide = await wsClient(t, alice.token);
    const bobSide = await wsClient(t, bob.token);
    try {
      const inbox = staffSide.iterate<Inbox>({ query: INBOX_LIVE, variables: { o: hospital } });
      const inboxNext = inbox.next();
      await until(() => isAgentOnline(t.app.presence, TENANT, hospital));
      const chat = await prepare(alice);
      expect(((await inboxNext).value as Heard<Inbox> | undefined)?.data?.subscribeStaffChatInbox?.chat).toMatchObject({
        id: chat.id,
        typing: null,
        unreadCount: 1,
      });

      // The patient types: the inbox hears the chat with typing 'patient'.
      expect((await as<{ chatTyping: boolean }>(t, alice, PATIENT_TYPING, { id: chat.id })).data?.chatTyping).toBe(true);
      const typing = (await inbox.next()).value as Heard<Inbox> | undefined;
      expect(typing?.data?.subscribeStaffChatInbox?.chat).toMatchObject({
        id: chat.id,
        typing: 'patient',
      });
      // Nothing was stored: the chat reads as before.
      const stored = await as<{ queryChat: Chat[] }>(t, alice, QUERY, { id: chat.id });
      expect(stored.data?.queryChat[0]?.note).toHaveLength(1);
      expect(stored.data?.queryChat[0]?.typing).toBeNull();

      // Bob cannot type in Alice's chat (it looks missing), and Alice's chat never reaches him.
      expect(code(await as(t, bob, PATIENT_TYPING, { id: chat.id }))).toBe('ARO-E2001');
      expect(code(await as(t, bob, PATIENT_TYPING, { id: 'not-a-uuid' }))).toBe('ARO-E2001');
      const bobsChat = await prepare(bob, 'Mine');
      const bobEvents = bobSide.iterate<Live>({
        query: PATIENT_LIVE,
        variables: { id: [chat.id, bobsChat.id] },
      });
      const bobFirst = bobEvents.next();
      let bobHeard = false;
      void bobFirst.then(() => {
        bobHeard = true;
      });

      // The staff member types: Alice hears typing 'staff'.
      const aliceEvents = aliceSide.iterate<Live>({
        query: PATIENT_LIVE,
        variables: { id: [chat.id] },
      });
      const aliceFirst = aliceEvents.next();
      let aliceHeard = false;
      void aliceFirst.then(() => {
        aliceHeard = true;
      });
      await until(async () => (await isPatientWatching(t.app.presence, TENANT, alice.accountId)) && (await isPatientWatching(t.app.presence, TENANT, bob.accountId)));
      await until(async () => {
        await as(t, agent, STAFF_TYPING, { o: hospital, id: chat.id });
        // A forged event of Alice's chat on Bob's topic is dropped too.
        t.app.graphql.pubsub.publish({
          topic: accountChatTopic(TENANT, bob.accountId),
          payload: { id: chat.id, typing: 'staff' },
        });
        await sleep(50);
        return aliceHeard;
      });
      expect(((await aliceFirst).value as Heard<Live> | undefined)?.data?.subscribeChat).toMatchObject({ id: chat.id, typing: 'staff' });

      // Bob's first delivery is his own chat's change, never Alice's chat or typing.
      await until(async () => {
        await as(t, bob, SEND, { id: bobsChat.id, m: text('Still mine') });
        await sleep(20);
        return bobHeard;
      });
      const bobEvent = (await bobFirst).value as Heard<Live> | undefined;
      expect(bobEvent?.data?.subscribeChat).toMatchObject({ id: bobsChat.id, typing: null });
      expect(JSON.stringify(bobEvent)).not.toContain('Hello');

      // A closed chat takes no typing.
      expect((await as(t, alice, PATCH, { id: chat.id, s: 'completed' })).errors).toBeUndefined();
      expect(code(await as(t, alice, PATIENT_TYPING, { id: chat.id }))).toBe('ARO-E8003');
      expect(code(await as(t, agent, STAFF_TYPING, { o: hospital, id: chat.id }))).toBe('ARO-E8003');
      await Promise.all([inbox.return?.(undefined), aliceEvents.return?.(undefined), bobEvents.return?.(undefined)]);
    } finally {
      await Promise.all([staffSide.dispose(), aliceSide.dispose(), bobSide.dispose()]);
    }
  });
});

describe('unread counts', () => {
  it("each side counts the other side's notes after its own last note", async () => {
    const carol = await makePatient(t);
    const chat = await prepare(carol, 'First');
    await as(t, carol, SEND, { id: chat.id, m: text('Second') });
    const third = await as<{ sendChat: Chat }>(t, carol, SEND, { id: chat.id, m: text('Third') });
    // The patient has nothing unread; the inbox shows three.
    expect(third.data?.sendChat.unreadCount).toBe(0);
    expect((await inboxRow(chat.id))?.chat.unreadCount).toBe(3);

    const replied = await reply(chat.id, 'Hello Carol');
    expect(replied.chat.unreadCount).toBe(0);
    expect((await inboxRow(chat.id))?.chat.unreadCount).toBe(0);
    const read = await as<{ queryChat: Chat[] }>(t, carol, QUERY, { id: chat.id });
    expect(read.data?.queryChat[0]?.unreadCount).toBe(1);

    await as(t, carol, SEND, { id: chat.id, m: text('Thanks') });
    expect((await inboxRow(chat.id))?.chat.unreadCount).toBe(1);
    const again = await as<{ queryChat: Chat[] }>(t, carol, QUERY, { id: chat.id });
    expect(again.data?.queryChat[0]?.unreadCount).toBe(0);
  });
});

describe('the SMS to a patient who is away', () => {
  it("one per chat in the quiet period, in the account's language, recorded in the reply's audit; another account gets none", async () => {
    const dinesh = await makePatient(t);
    const other = await makePatient(t);
    await t.database.db.update(accounts).set({ preferredLanguage: 'si' }).where(eq(accounts.id, dinesh.accountId));
    const row = await makeChatSession(t.database.db, TENANT, {
      accountId: dinesh.accountId,
      patientId: dinesh.patientId,
      hospitalId: hospital,
    });
    await reply(row.id, 'We are looking into it');
    await reply(row.id, 'One more thing');
    expect(await textsTo(dinesh.mobileNo)).toEqual([`${brand()}: අපගේ කාර්ය මණ්ඩලය ඔබගේ කතාබහට පිළිතුරු දී ඇත. එය කියවීමට කතාබහ විවෘත කරන්න.`]);
    expect(await textsTo(other.mobileNo)).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientAccountId, dinesh.accountId), eq(auditEvents.action, 'chat.reply')));
    expect(audits.map((audit) => (audit.details as { smsSent?: boolean }).smsSent).sort()).toEqual([false, true]);
    // The quiet period runs from that SMS: once it has passed, the next reply may text again.
    const chat = { tenantId: TENANT, accountId: dinesh.accountId, id: row.id };
    expect(await lastChatAwaySmsAt(t.database.db, chat, new Date(), CHAT_AWAY_SMS_QUIET_MS)).toBeInstanceOf(Date);
    const later = new Date(Date.now() + CHAT_AWAY_SMS_QUIET_MS + 60_000);
    expect(await lastChatAwaySmsAt(t.database.db, chat, later, CHAT_AWAY_SMS_QUIET_MS)).toBeNull();
  });

  it('two replies at once send one SMS', async () => {
    const gita = await makePatient(t);
    const row = await makeChatSession(t.database.db, TENANT, {
      accountId: gita.accountId,
      patientId: gita.patientId,
      hospitalId: hospital,
    });
    await Promise.all([reply(row.id, 'First'), reply(row.id, 'Second')]);
    expect(await textsTo(gita.mobileNo)).toEqual([`${brand()}: Our staff replied to your chat. Open the chat to read it.`]);
  });

  it('none while the patient watches the chat live, nor just after they left it or wrote in it', async () => {
    const erin = await makePatient(t);
    const chat = await prepare(erin);
    // Erin just wrote: seen, not away.
    await reply(chat.id, 'Hello Erin');
    expect(await textsTo(erin.mobileNo)).toEqual([]);

    const fiona = await makePatient(t);
    const row = await makeChatSession(t.database.db, TENANT, {
      accountId: fiona.accountId,
      patientId: fiona.patientId,
      hospitalId: hospital,
    });
    const client = await wsClient(t, fiona.token);
    try {
      const events = client.iterate<Live>({ query: PATIENT_LIVE, variables: { id: [row.id] } });
      const first = events.next();
      await until(() => isPatientWatching(t.app.presence, TENANT, fiona.accountId));
      await reply(row.id, 'Hello Fiona');
      expect(((await first).value as Heard<Live> | undefined)?.data?.subscribeChat?.note.at(-1)?.message).toBe('Hello Fiona');
      expect(await textsTo(fiona.mobileNo)).toEqual([]);
      // She closes the chat; a reply right after does not text her either (a reload is not away).
      await events.return?.(undefined);
      await until(async () => !(await isPatientWatching(t.app.presence, TENANT, fiona.accountId)));
      await reply(row.id, 'Anything else?');
      expect(await textsTo(fiona.mobileNo)).toEqual([]);
    } finally {
      await client.dispose();
    }
  });
});
