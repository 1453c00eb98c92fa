import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { makeOrganization } from '../../../test/factories.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
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

/** Where a test runs: the app (a test app of its own database), its hospital and its call-centre agent. */
type Site = { t: TestApp; hospital: string; agent: Staff };

let site: Site;

async function siteOf(t: TestApp): Promise<Site> {
  const hospital = (await makeOrganization(t.database.db, TENANT)).id;
  return { t, hospital, agent: await makeStaff(t, hospital, 'callCentreAgent') };
}

beforeAll(async () => {
  site = await siteOf(await createTestApp());
});

afterAll(async () => {
  await site.t.close();
});

/** The patient starts a chat: what the page holds once prepareChat answered. */
async function startChat({ t, hospital }: Site, patient: Patient): Promise<Chat> {
  const body = await as<{ prepareChat: Chat }>(t, patient, PREPARE, { n: [text('Is the clinic open today?')], p: patient.patientId, h: hospital });
  if (!body.data) {
    throw new Error(`no chat: ${JSON.stringify(body.errors)}`);
  }
  return body.data.prepareChat;
}

async function staffDoes({ t, agent }: Site, query: string, variables: Record<string, unknown>): Promise<void> {
  const body = await as(t, agent, query, variables);
  expect(body.errors).toBeUndefined();
}

/**
 * The page's first delivery on the subscription, with the staff's typing indicator probing until
 * one comes (the probes start only once `probeFrom` settled).
 */
async function firstDelivery(at: Site, client: Client, chat: Chat, probeFrom: Promise<unknown>): Promise<Live | null> {
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
    await staffDoes(at, TYPING, { o: at.hospital, id: chat.id });
    await Promise.race([heard, sleep(20)]);
  }
  await events.return?.(undefined);
  expect(first.errors).toBeUndefined();
  return first.data?.subscribeChat ?? null;
}

/**
 * 20 rounds of a new chat and a staff reply the moment it is created: odd rounds write the reply
 * after the page's read and before it subscribes, even rounds send it as the page subscribes, the
 * two racing. Answers each round's outcome.
 */
async function raceRounds(at: Site, reply: (chatId: string, words: string) => Promise<void>): Promise<string[]> {
  const outcomes: string[] = [];
  for (let round = 1; round <= 20; round += 1) {
    const patient = await makePatient(at.t);
    const chat = await startChat(at, patient);
    const words = `Yes, until 8 pm (round ${round})`;
    const client = await wsClient(at.t, patient.token);
    try {
      const replied = reply(chat.id, words);
      if (round % 2 === 1) {
        await replied;
      }
      const delivered = await firstDelivery(at, client, chat, replied);
      outcomes.push(delivered?.typing === null && delivered.note.some((note) => note.message === words) ? 'arrived' : 'lost');
    } finally {
      await client.dispose();
    }
  }
  return outcomes;
}

const EVERY_REPLY_ARRIVED = Array.from({ length: 20 }, () => 'arrived');

describe('a staff reply at the moment the chat is created reaches the patient (issue 29 §9)', () => {
  it('20 times, with the reply in the gap before the subscription or racing it, every reply arrives', async () => {
    expect(await raceRounds(site, (id, words) => staffDoes(site, REPLY, { o: site.hospital, id, m: words }))).toEqual(EVERY_REPLY_ARRIVED);
  });

  it('a chat the staff took in the gap is delivered with its new status; an unchanged chat is not sent again', async () => {
    const taken = await makePatient(site.t);
    const takenChat = await startChat(site, taken);
    await staffDoes(site, TAKE, { o: site.hospital, id: takenChat.id });
    const takenClient = await wsClient(site.t, taken.token);
    try {
      expect(await firstDelivery(site, takenClient, takenChat, Promise.resolve())).toMatchObject({ status: 'in_progress', typing: null });
    } finally {
      await takenClient.dispose();
    }

    // Nothing changed since the page's read: the first delivery is the staff's typing indicator.
    const quiet = await makePatient(site.t);
    const quietChat = await startChat(site, quiet);
    const quietClient = await wsClient(site.t, quiet.token);
    try {
      expect(await firstDelivery(site, quietClient, quietChat, Promise.resolve())).toMatchObject({ id: quietChat.id, typing: 'staff' });
    } finally {
      await quietClient.dispose();
    }
  });

  it('a note the chat does not hold resends the chat; without after, nothing is replayed', async () => {
    const patient = await makePatient(site.t);
    const chat = await startChat(site, patient);
    await staffDoes(site, REPLY, { o: site.hospital, id: chat.id, m: 'Good morning' });
    const client = await wsClient(site.t, patient.token);
    try {
      const unknown = { ...chat, note: [{ ...chat.note[0], id: '00000000-0000-4000-8000-000000000000' }] } as Chat;
      const resent = await firstDelivery(site, client, unknown, Promise.resolve());
      expect(resent).toMatchObject({ typing: null });
      expect(resent?.note.map((note) => note.message)).toContain('Good morning');

      const withoutAfter = { ...chat, note: [] } as Chat;
      expect(await firstDelivery(site, client, withoutAfter, Promise.resolve())).toMatchObject({ typing: 'staff' });
    } finally {
      await client.dispose();
    }
  });
});

const redisUrl = process.env.REDIS_URL;

describe('across instances through Redis (REDIS_URL): the patient on one instance, the staff on another', () => {
  let redisApp: TestApp | undefined;
  let instanceB: FastifyInstance | undefined;

  beforeAll(async () => {
    if (!redisUrl) {
      return;
    }
    redisApp = await createTestApp({ REDIS_URL: redisUrl });
    instanceB = await buildApp({ env: redisApp.env, database: redisApp.database, tenants: redisApp.tenants, providers: redisApp.providers });
    await instanceB.ready();
  });
  afterAll(async () => {
    await instanceB?.close();
    await redisApp?.close();
  });

  it.runIf(Boolean(redisUrl))('20 times, every reply written on the other instance arrives (skipped without REDIS_URL)', async () => {
    if (!redisApp || !instanceB) {
      throw new Error('apps not built');
    }
    const onB = instanceB;
    const pair = await siteOf(redisApp);
    const outcomes = await raceRounds(pair, async (id, words) => {
      const answer = await onB.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pair.agent.token}` },
        payload: { query: REPLY, variables: { o: pair.hospital, id, m: words } },
      });
      expect(answer.json<{ errors?: unknown }>().errors).toBeUndefined();
    });
    expect(outcomes).toEqual(EVERY_REPLY_ARRIVED);
  });
});
