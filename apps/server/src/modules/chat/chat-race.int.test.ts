import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { makeOrganization } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  PREPARE,
  TENANT,
  as,
  makePatient,
  makeStaff,
  sleep,
  text,
  wsClient,
  type Chat,
  type Heard,
  type Patient,
  type Staff,
} from './chat.test-support.ts';

/*
 * A staff reply is never lost between the patient's read of the chat and the subscription (issue 29
 * §9): the page holds the chat prepareChat answered, and subscribes with `after` its newest note;
 * the server listens first, then reads, so a reply written in between is delivered at once.
 *
 * Nothing else happens in the chat until the page's first delivery: the staff member's typing
 * indicator probes meanwhile (from after the reply committed), so a lost reply shows as a typing
 * indicator arriving first, never as a wait for something that does not come.
 */

type Live = { id: string; status: string; typing: string | null; note: { id: string; message: string | null }[] };
type LiveEvent = Heard<{ subscribeChat: Live | null }>;

const LIVE = `subscription ($id: [ID!]!, $after: ID) {
  subscribeChat(id: $id, after: $after) { id status typing note { id message } }
}`;
const REPLY = `mutation ($o: ID!, $id: ID!, $m: String) {
  staffReplyChat(organizationId: $o, id: $id, message: $m) { id }
}`;
const TAKE = 'mutation ($o: ID!, $id: ID!) { staffTakeChat(organizationId: $o, id: $id) { id } }';
const TYPING = 'mutation ($o: ID!, $id: ID!) { staffChatTyping(organizationId: $o, id: $id) }';

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

/** The patient starts a chat: what the page holds once prepareChat answered. */
async function startChat(patient: Patient): Promise<Chat> {
  const body = await as<{ prepareChat: Chat }>(t, patient, PREPARE, { n: [text('Is the clinic open today?')], p: patient.patientId, h: hospital });
  if (!body.data) {
    throw new Error(`no chat: ${JSON.stringify(body.errors)}`);
  }
  return body.data.prepareChat;
}

async function staffDoes(query: string, variables: Record<string, unknown>): Promise<void> {
  const body = await as(t, agent, query, variables);
  expect(body.errors).toBeUndefined();
}

/**
 * The page's first delivery on the subscription, with the staff's typing indicator probing until
 * one comes (the probes start only once `probeFrom` settled).
 */
async function firstDelivery(client: Client, chat: Chat, probeFrom: Promise<unknown>): Promise<Live | null> {
  const events = client.iterate<{ subscribeChat: Live | null }>({
    query: LIVE,
    variables: { id: [chat.id], after: chat.note.at(-1)?.id ?? null },
  });
  let first: LiveEvent | undefined;
  const heard = events.next().then((step) => {
    first = step.value as LiveEvent | undefined;
  });
  await probeFrom;
  while (first === undefined) {
    await staffDoes(TYPING, { o: hospital, id: chat.id });
    await Promise.race([heard, sleep(20)]);
  }
  await events.return?.(undefined);
  expect(first.errors).toBeUndefined();
  return first.data?.subscribeChat ?? null;
}

describe('a staff reply at the moment the chat is created reaches the patient (issue 29 §9)', () => {
  it('20 times, with the reply in the gap before the subscription or racing it, every reply arrives', async () => {
    const outcomes: string[] = [];
    for (let round = 1; round <= 20; round += 1) {
      const patient = await makePatient(t);
      const chat = await startChat(patient);
      const words = `Yes, until 8 pm (round ${round})`;
      const client = await wsClient(t, patient.token);
      try {
        // Odd rounds: the reply is written after the page's read and before it subscribes. Even
        // rounds: the reply is sent as the page subscribes, and the two race.
        const reply = staffDoes(REPLY, { o: hospital, id: chat.id, m: words });
        if (round % 2 === 1) {
          await reply;
        }
        const delivered = await firstDelivery(client, chat, reply);
        outcomes.push(delivered?.typing === null && delivered.note.some((note) => note.message === words) ? 'arrived' : 'lost');
      } finally {
        await client.dispose();
      }
    }
    expect(outcomes).toEqual(Array.from({ length: 20 }, () => 'arrived'));
  });

  it('a chat the staff took in the gap is delivered with its new status; an unchanged chat is not sent again', async () => {
    const taken = await makePatient(t);
    const takenChat = await startChat(taken);
    await staffDoes(TAKE, { o: hospital, id: takenChat.id });
    const takenClient = await wsClient(t, taken.token);
    try {
      expect(await firstDelivery(takenClient, takenChat, Promise.resolve())).toMatchObject({ status: 'in_progress', typing: null });
    } finally {
      await takenClient.dispose();
    }

    // Nothing changed since the page's read: the first delivery is the staff's typing indicator.
    const quiet = await makePatient(t);
    const quietChat = await startChat(quiet);
    const quietClient = await wsClient(t, quiet.token);
    try {
      expect(await firstDelivery(quietClient, quietChat, Promise.resolve())).toMatchObject({ id: quietChat.id, typing: 'staff' });
    } finally {
      await quietClient.dispose();
    }
  });

  it('a note the chat does not hold resends the chat; without after, nothing is replayed', async () => {
    const patient = await makePatient(t);
    const chat = await startChat(patient);
    await staffDoes(REPLY, { o: hospital, id: chat.id, m: 'Good morning' });
    const client = await wsClient(t, patient.token);
    try {
      const unknown = { ...chat, note: [{ ...chat.note[0], id: '00000000-0000-4000-8000-000000000000' }] } as Chat;
      const resent = await firstDelivery(client, unknown, Promise.resolve());
      expect(resent).toMatchObject({ typing: null });
      expect(resent?.note.map((note) => note.message)).toContain('Good morning');

      const withoutAfter = { ...chat, note: [] } as Chat;
      expect(await firstDelivery(client, withoutAfter, Promise.resolve())).toMatchObject({ typing: 'staff' });
    } finally {
      await client.dispose();
    }
  });
});
