import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makePatientAccount } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { chatNotes, chatSessions, documentReferences } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { accountChatTopic } from './chat.live.ts';
import { chatPayloadOf } from './chat.payload.ts';
import {
  PATCH,
  PREPARE,
  QUERY,
  SEND,
  TENANT,
  as,
  blobOf,
  code,
  decode,
  makePatient,
  makeStaff,
  sleep,
  text,
  until,
  wsClient,
  type Chat,
  type Heard,
  type Patient,
} from './chat.test-support.ts';
import { CHAT_XSS_PAYLOADS } from './chat.xss-payloads.ts';

/*
 * The patient's chat with hospital staff (issue 12 §3; spec doc 1 §3, §4, §7): statuses, one open
 * chat per account, rating, payload checks, access to another account's chats, live updates.
 */

let t: TestApp;
let hospital: string;

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
});

afterAll(async () => {
  await t.close();
});

async function prepare(who: Patient, notes: string[] = [text('Hello, I need help')]): Promise<Chat> {
  const body = await as<{ prepareChat: Chat }>(t, who, PREPARE, { n: notes, p: who.patientId, h: hospital });
  expect(body.errors).toBeUndefined();
  if (!body.data) {
    throw new Error('no chat');
  }
  return body.data.prepareChat;
}

async function setStatus(id: string, status: string): Promise<void> {
  await t.database.db.update(chatSessions).set({ status }).where(eq(chatSessions.id, id));
}

describe('prepareChat, sendChat, queryChat', () => {
  it('starts a chat: suspended (all staff busy) with no agent online, notes kept as base64 JSON', async () => {
    const alice = await makePatient(t);
    const chat = await prepare(alice, [text('Hello'), chatPayloadOf({ extensions: { event: 'agent-chat', hospitalId: hospital } })]);
    expect(chat).toMatchObject({
      status: 'suspended',
      statusText: 'all staff busy',
      sender: `Patient/${alice.patientId}`,
      recipient: `Organization/${hospital}`,
      hospitalId: hospital,
      patientId: alice.patientId,
      rating: null,
      unreadCount: 0,
    });
    expect(chat.note.map((n) => [n.kind, n.authorRef, n.message])).toEqual([
      ['message', `Patient/${alice.patientId}`, 'Hello'],
      ['event', `Patient/${alice.patientId}`, null],
    ]);
    expect(decode(chat.note[0]?.payload ?? '')).toMatchObject({ authorRef: `Patient/${alice.patientId}`, message: 'Hello' });
    expect(chat.note[1]?.extensions).toEqual({ event: 'agent-chat', imageUrl: null, description: null, hospitalId: hospital });

    const sent = await as<{ sendChat: Chat }>(t, alice, SEND, { id: chat.id, m: text('Are you there?'), a: `Patient/${alice.patientId}` });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendChat.note.map((n) => n.message)).toEqual(['Hello', null, 'Are you there?']);

    const listed = await as<{ queryChat: Chat[] }>(t, alice, QUERY, {});
    expect(listed.data?.queryChat.map((c) => c.id)).toEqual([chat.id]);
    const one = await as<{ queryChat: Chat[] }>(t, alice, QUERY, { id: chat.id });
    expect(one.data?.queryChat[0]?.note).toHaveLength(3);
  });

  it('a note sent again with its idempotency key (the offline outbox, issue 32 §4.7) is stored once; another note under the key is refused', async () => {
    const alice = await makePatient(t);
    const chat = await prepare(alice, [text('Hello')]);
    const SEND_ONCE = `mutation ($id: ID!, $m: String!, $k: String) { sendChat(id: $id, message: $m, idempotencyKey: $k) { id note { message } } }`;
    const key = `outbox-${randomUUID()}`;
    const m = text('Written on the bus');
    const first = await as<{ sendChat: { note: { message: string | null }[] } }>(t, alice, SEND_ONCE, { id: chat.id, m, k: key });
    const again = await as<{ sendChat: { note: { message: string | null }[] } }>(t, alice, SEND_ONCE, { id: chat.id, m, k: key });
    expect(first.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect(again.data?.sendChat.note.map((n) => n.message)).toEqual(['Hello', 'Written on the bus']);
    const stored = await t.database.db.select().from(chatNotes).where(eq(chatNotes.chatSessionId, chat.id));
    expect(stored).toHaveLength(2);
    expect(code(await as(t, alice, SEND_ONCE, { id: chat.id, m: text('Something else'), k: key }))).toBe('ARO-E2004');
    expect(await t.database.db.select().from(chatNotes).where(eq(chatNotes.chatSessionId, chat.id))).toHaveLength(2);
  });

  it('the hospital comes from the hospitalId argument or the notes; a missing one is refused', async () => {
    const alice = await makePatient(t);
    const fromNote = await as<{ prepareChat: Chat }>(t, alice, PREPARE, {
      n: [text('Hi', { hospitalId: hospital })],
      p: alice.patientId,
    });
    expect(fromNote.data?.prepareChat.hospitalId).toBe(hospital);
    const bob = await makePatient(t);
    for (const h of [null, randomUUID()]) {
      const body = await as(t, bob, PREPARE, { n: [text('Hi')], p: bob.patientId, h });
      expect(code(body)).toBe('ARO-E8009');
    }
  });

  it("a tenant whose agentChat flag is off starts no chat (ARO-E8012)", async () => {
    const tenant = t.tenants.resolve('first.localhost');
    expect(tenant.publicConfig.features.agentChat.enabled).toBe(false);
    const { account, patient } = await makePatientAccount(t.database.db, tenant.id);
    const { token } = await createAccessSession(t.database.db, tenant.id, account.id);
    const lakeside = (await makeOrganization(t.database.db, tenant.id)).id;
    const body = await t.gql(PREPARE, { n: [text('Hi')], p: patient.id, h: lakeside }, { authorization: `Bearer ${token}`, host: 'first.localhost' });
    expect(body.errors?.[0]?.message).toBe('ARO-E8012:Chat with hospital staff is not available');
    expect(await t.database.db.select().from(chatSessions).where(eq(chatSessions.accountId, account.id))).toEqual([]);
  });

  it('one open chat per account; a new chat can start after completion (and after entered_in_error)', async () => {
    const alice = await makePatient(t);
    const first = await prepare(alice);
    const again = await as(t, alice, PREPARE, { n: [text('Again')], p: alice.patientId, h: hospital });
    expect(again.errors?.[0]?.message).toBe(
      'ARO-E8002:You already have an open chat with the hospital. Please continue it or end it first',
    );
    // Ended while waiting: entered_in_error, and the account may start again.
    const ended = await as<{ patchChat: Chat }>(t, alice, PATCH, { id: first.id, s: 'completed' });
    expect(ended.data?.patchChat.status).toBe('entered_in_error');
    const second = await prepare(alice);
    await setStatus(second.id, 'in_progress');
    const completed = await as<{ patchChat: Chat }>(t, alice, PATCH, { id: second.id, s: 'completed' });
    expect(completed.data?.patchChat.status).toBe('completed');
    const third = await prepare(alice);
    expect(third.id).not.toBe(second.id);
    const rows = await t.database.db.select().from(chatSessions).where(eq(chatSessions.accountId, alice.accountId));
    expect(rows.map((r) => r.status).sort()).toEqual(['completed', 'entered_in_error', 'suspended']);
  });

  it('two prepares at once: the unique index lets exactly one through, the other is ARO-E8002', async () => {
    const alice = await makePatient(t);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => as(t, alice, PREPARE, { n: [text('Hi')], p: alice.patientId, h: hospital })),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    expect(answers.filter((a) => a.errors).map(code)).toEqual(['ARO-E8002', 'ARO-E8002', 'ARO-E8002']);
  });

  it('status transitions: completing preparation or suspended is entered_in_error, in_progress completed; closed is final', async () => {
    for (const [from, to] of [
      ['preparation', 'entered_in_error'],
      ['suspended', 'entered_in_error'],
      ['in_progress', 'completed'],
    ] as const) {
      const alice = await makePatient(t);
      const chat = await prepare(alice);
      await setStatus(chat.id, from);
      const body = await as<{ patchChat: Chat }>(t, alice, PATCH, { id: chat.id, s: 'completed' });
      expect(body.data?.patchChat.status, from).toBe(to);
      const twice = await as(t, alice, PATCH, { id: chat.id, s: 'completed' });
      expect(code(twice)).toBe('ARO-E8003');
      const send = await as(t, alice, SEND, { id: chat.id, m: text('Late') });
      expect(code(send)).toBe('ARO-E8003');
    }
    const alice = await makePatient(t);
    const chat = await prepare(alice);
    for (const s of ['in_progress', 'suspended', 'cancelled']) {
      expect(code(await as(t, alice, PATCH, { id: chat.id, s }))).toBe('ARO-E8008');
    }
    expect(code(await as(t, alice, PATCH, { id: chat.id }))).toBe('ARO-E2002');
  });

  it('rating: 1 happy or 0 unhappy, only on a completed chat, once', async () => {
    const alice = await makePatient(t);
    const chat = await prepare(alice);
    const rate = (value: number) => as<{ patchChat: Chat }>(t, alice, PATCH, { id: chat.id, e: [{ valueId: 'rating', valueInteger: value }] });
    expect(code(await rate(1))).toBe('ARO-E8005');
    await setStatus(chat.id, 'in_progress');
    expect(code(await rate(1))).toBe('ARO-E8005');
    await as(t, alice, PATCH, { id: chat.id, s: 'completed' });
    expect(code(await rate(2))).toBe('ARO-E8007');
    expect(code(await rate(-1))).toBe('ARO-E8007');
    const rated = await rate(0);
    expect(rated.data?.patchChat).toMatchObject({ status: 'completed', rating: 0 });
    expect(code(await rate(1))).toBe('ARO-E8006');
    const other = await as(t, alice, PATCH, { id: chat.id, e: [{ valueId: 'colour', valueInteger: 1 }] });
    expect(code(other)).toBe('ARO-E2002');
    // A chat nobody took (entered_in_error) has nothing to rate.
    const bob = await makePatient(t);
    const waiting = await prepare(bob);
    await as(t, bob, PATCH, { id: waiting.id, s: 'completed' });
    const refused = await as(t, bob, PATCH, { id: waiting.id, e: [{ valueId: 'rating', valueInteger: 1 }] });
    expect(code(refused)).toBe('ARO-E8005');
  });
});

describe('payloads are checked and stored as text', () => {
  it('refuses bad base64, other keys, control characters, long texts, a foreign author', async () => {
    const alice = await makePatient(t);
    const chat = await prepare(alice);
    const bad = [
      'not base64!',
      Buffer.from('not json').toString('base64'),
      Buffer.from('[1,2]').toString('base64'),
      chatPayloadOf({ message: 'Hi', html: '<b>x</b>' }),
      chatPayloadOf({ message: 'Hi', extensions: { onclick: 'x' } }),
      chatPayloadOf({ message: 'Hi\u0000there' }),
      chatPayloadOf({ message: 'Hi\u001bthere' }),
      chatPayloadOf({ message: 'Hi\u0085there' }),
      chatPayloadOf({ message: 'x'.repeat(2001) }),
      chatPayloadOf({ message: 42 }),
      chatPayloadOf({ message: '   ' }),
      chatPayloadOf({ message: 'Hi', authorRef: `Patient/${randomUUID()}` }),
      chatPayloadOf({ extensions: { event: '<script>' } }),
      chatPayloadOf({ extensions: { imageUrl: 'javascript:alert(1)' } }),
      chatPayloadOf({ extensions: { imageUrl: 'https://evil.example/x.png' } }),
      chatPayloadOf({ message: 'Hi', extensions: { description: 'no image' } }),
      chatPayloadOf({ message: 'Hi', extensions: { hospitalId: 'x' } }),
      'A'.repeat(20_000),
    ];
    for (const m of bad) {
      const body = await as(t, alice, SEND, { id: chat.id, m });
      expect(code(body), m.slice(0, 60)).toBe('ARO-E8001');
    }
    expect(code(await as(t, alice, SEND, { id: chat.id, m: text('Hi'), a: 'Patient/someone-else' }))).toBe('ARO-E8001');
    // A message may keep its line breaks.
    const multiline = await as<{ sendChat: Chat }>(t, alice, SEND, { id: chat.id, m: text('Line one\nLine two\r\nThree') });
    expect(multiline.data?.sendChat.note.at(-1)?.message).toBe('Line one\nLine two\r\nThree');
  });

  it('an image is one of the patient\'s own uploads, an image; it becomes a document the hospital may read', async () => {
    const alice = await makePatient(t);
    const bob = await makePatient(t);
    const chat = await prepare(alice);
    const mine = await blobOf(t, { accountId: alice.accountId });
    const theirs = await blobOf(t, { accountId: bob.accountId });
    const pdf = await blobOf(t, { accountId: alice.accountId }, 'application/pdf');
    expect(code(await as(t, alice, SEND, { id: chat.id, m: chatPayloadOf({ extensions: { imageUrl: theirs } }) }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, SEND, { id: chat.id, m: chatPayloadOf({ extensions: { imageUrl: randomUUID() } }) }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, SEND, { id: chat.id, m: chatPayloadOf({ extensions: { imageUrl: pdf } }) }))).toBe('ARO-E8010');
    const sent = await as<{ sendChat: Chat }>(t, alice, SEND, {
      id: chat.id,
      m: chatPayloadOf({ extensions: { imageUrl: `/blob/get/${mine}`, description: 'My rash' } }),
    });
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.sendChat.note.at(-1)).toMatchObject({
      kind: 'documentUpload',
      extensions: { imageUrl: `/blob/get/${mine}`, description: 'My rash' },
    });
    const docs = await t.database.db.select().from(documentReferences).where(eq(documentReferences.blobId, mine));
    expect(docs).toMatchObject([{ accountId: alice.accountId, patientId: alice.patientId, organizationId: hospital }]);
    // A receptionist of the chat's hospital may read it (files module: documents of their hospital).
    const receptionist = await makeStaff(t, hospital, 'receptionist');
    const read = await t.app.inject({ method: 'GET', url: `/blob/get/${mine}`, headers: { authorization: `Bearer ${receptionist.token}` } });
    expect(read.statusCode).toBe(200);
  });

  it('50 stored-XSS payloads are stored verbatim as text and come back unchanged, to the patient and to staff', async () => {
    const alice = await makePatient(t);
    const chat = await prepare(alice);
    for (const payload of CHAT_XSS_PAYLOADS) {
      const body = await as(t, alice, SEND, { id: chat.id, m: text(payload) });
      expect(body.errors, payload).toBeUndefined();
    }
    expect(CHAT_XSS_PAYLOADS).toHaveLength(50);
    const read = await as<{ queryChat: Chat[] }>(t, alice, QUERY, { id: chat.id });
    const notes = read.data?.queryChat[0]?.note.slice(1) ?? [];
    expect(notes.map((n) => n.message)).toEqual(CHAT_XSS_PAYLOADS);
    expect(notes.map((n) => decode(n.payload).message)).toEqual(CHAT_XSS_PAYLOADS);
    const stored = await t.database.db.select().from(chatNotes).where(eq(chatNotes.chatSessionId, chat.id));
    expect(stored.map((n) => n.message).filter((m) => m !== 'Hello, I need help').sort()).toEqual([...CHAT_XSS_PAYLOADS].sort());
    const agent = await makeStaff(t, hospital, 'callCentreAgent');
    const staffRead = await as<{ staffChat: { chat: Chat } }>(
      t,
      agent,
      `query ($o: ID!, $id: ID!) { staffChat(organizationId: $o, id: $id) { chat { note { message payload } } } }`,
      { o: hospital, id: chat.id },
    );
    expect(staffRead.data?.staffChat.chat.note.slice(1).map((n) => n.message)).toEqual(CHAT_XSS_PAYLOADS);
  });
});

describe("another account's chats", () => {
  it('answer not-found to every operation and change nothing', async () => {
    const alice = await makePatient(t);
    const bob = await makePatient(t);
    const theirs = await prepare(bob);
    expect(code(await as(t, alice, QUERY, { id: theirs.id }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, QUERY, { id: 'not-a-uuid' }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, SEND, { id: theirs.id, m: text('Hi') }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, PATCH, { id: theirs.id, s: 'completed' }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, PATCH, { id: theirs.id, e: [{ valueId: 'rating', valueInteger: 1 }] }))).toBe('ARO-E2001');
    // Bob's profile is not Alice's to chat for.
    expect(code(await as(t, alice, PREPARE, { n: [text('Hi')], p: bob.patientId, h: hospital }))).toBe('ARO-E2001');
    expect(code(await as(t, alice, PREPARE, { n: [text('Hi')], p: 'x', h: hospital }))).toBe('ARO-E8011');
    const listed = await as<{ queryChat: Chat[] }>(t, alice, QUERY, {});
    expect(listed.data?.queryChat).toEqual([]);
    const [row] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.id, theirs.id));
    expect(row?.status).toBe('suspended');
    const notes = await t.database.db.select().from(chatNotes).where(and(eq(chatNotes.chatSessionId, theirs.id)));
    expect(notes).toHaveLength(1);
  });

  it("subscribeChat: another account's ids deliver nothing; one's own chat arrives on each change", async () => {
    const alice = await makePatient(t);
    const bob = await makePatient(t);
    const theirs = await prepare(bob);
    const mine = await prepare(alice);
    const client = await wsClient(t, alice.token);
    try {
      const events = client.iterate<{ subscribeChat: { id: string; note: { message: string | null }[] } }>({
        query: 'subscription ($id: [ID!]!) { subscribeChat(id: $id) { id note { message } } }',
        variables: { id: [theirs.id, mine.id] },
      });
      const first = events.next();
      let heard = false;
      void first.then(() => {
        heard = true;
      });
      // Subscribing is asynchronous: Bob writes (and his chat is published on Alice's topic too, as
      // a forged event would be) before Alice, round after round, until Alice's subscriber hears one.
      let round = 0;
      await until(async () => {
        round += 1;
        await as(t, bob, SEND, { id: theirs.id, m: text(`Bob ${round}`) });
        t.app.graphql.pubsub.publish({ topic: accountChatTopic(TENANT, alice.accountId), payload: { id: theirs.id } });
        await as(t, alice, SEND, { id: mine.id, m: text(`Alice ${round}`) });
        await sleep(20);
        return heard;
      });
      const event = (await first).value as Heard<{ subscribeChat: { id: string } | null }> | undefined;
      expect(event?.data?.subscribeChat?.id).toBe(mine.id);
      expect(JSON.stringify(event)).not.toContain('Bob');
      await events.return?.(undefined);
    } finally {
      await client.dispose();
    }
  });
});
