import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { StaffRole } from '@careline/domain/staff';
import { makePatientAccount, makeStaffUser } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from '../auth/index.ts';
import { insertBlob } from '../files/files.testing.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { chatPayloadOf } from './chat.payload.ts';

/* Helpers shared by the chat int tests (not a test file itself). */

export const TENANT = 'careline-demo';

export type Body<T> = { data?: T | null; errors?: { message: string }[] };
/** One delivery of a subscription. */
export type Heard<T> = { data?: T | null; errors?: unknown };
export type Patient = { token: string; accountId: string; patientId: string; mobileNo: string };
export type Staff = { id: string; token: string };

export const CHAT_FIELDS = `id status statusText state createdTime sender recipient hospitalId patientId rating unreadCount typing
  note { id kind authorRef message timestamp payload extensions { event imageUrl description hospitalId } }`;

export type Chat = {
  id: string;
  status: string;
  statusText: string | null;
  sender: string | null;
  recipient: string | null;
  hospitalId: string | null;
  patientId: string | null;
  rating: number | null;
  unreadCount: number;
  typing: string | null;
  note: {
    id: string;
    kind: string;
    authorRef: string;
    message: string | null;
    payload: string;
    extensions: { event: string | null; imageUrl: string | null; description: string | null; hospitalId: string | null };
  }[];
};

export const PREPARE = `mutation ($n: [String!]!, $p: ID!, $h: ID) { prepareChat(note: $n, patientId: $p, hospitalId: $h) { ${CHAT_FIELDS} } }`;
export const SEND = `mutation ($id: ID!, $m: String!, $a: String) { sendChat(id: $id, message: $m, authorRef: $a) { ${CHAT_FIELDS} } }`;
export const PATCH = `mutation ($id: ID!, $s: String, $e: [ChatExtensionInput!]) { patchChat(id: $id, status: $s, extension: $e) { ${CHAT_FIELDS} } }`;
export const QUERY = `query ($id: ID, $s: [String!], $l: Int) { queryChat(id: $id, status: $s, limit: $l) { ${CHAT_FIELDS} } }`;

export const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
  Buffer.from('IHDR tiny png body'),
]);

export const code = (body: Body<unknown>): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

/** A base64 JSON payload of a message. */
export const text = (message: string, extensions?: Record<string, unknown>): string =>
  chatPayloadOf({ message, timestamp: new Date().toISOString(), ...(extensions ? { extensions } : {}) });

/** Decodes a payload. */
export const decode = (payload: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;

export async function makePatient(t: TestApp): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT);
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, accountId: account.id, patientId: patient.id, mobileNo: account.mobileNo };
}

export async function makeStaff(t: TestApp, organizationId: string, role: StaffRole): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { id: user.id, token };
}

export async function as<T>(t: TestApp, who: { token: string }, query: string, variables: Record<string, unknown> = {}): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

/** A blob an account (or a staff member) uploaded, stored directly. */
export async function blobOf(
  t: TestApp,
  owner: { accountId: string } | { staffUserId: string },
  contentType = 'image/png',
): Promise<string> {
  const storageKey = `test/${randomUUID()}`;
  await t.providers.blobStore.put(storageKey, png, contentType);
  return insertBlob(t.database.db, {
    tenantId: TENANT,
    accountId: 'accountId' in owner ? owner.accountId : null,
    ...('staffUserId' in owner ? { staffUserId: owner.staffUserId } : {}),
    storageKey,
    contentType,
    byteSize: png.length,
    sha256: randomUUID(),
  });
}

/** Opens a graphql-ws client for a token (the app listens on a free port). */
export async function wsClient(t: TestApp, token: string): Promise<Client> {
  if (!t.app.server.listening) {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  }
  return createClient({
    url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql?access_token=${encodeURIComponent(token)}`,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
  });
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until a condition holds (subscribing is asynchronous), at most ~4 s. */
export async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 80; attempt++) {
    if (await condition()) {
      return;
    }
    await sleep(50);
  }
  throw new Error('condition not met in time');
}
