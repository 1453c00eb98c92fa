import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, count, eq } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrganization, makePatientAccount } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  auditEvents,
  documentReferences,
  orderEvents,
  patients,
  serviceRequestDocuments,
  serviceRequestNotes,
  serviceRequests,
} from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { insertBlob } from '../files/files.testing.ts';
import { accountOrdersTopic } from './orders.live.ts';
import { updateServiceRequestAtVersion } from './orders.repo.ts';

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001:The requested record was not found';

const ORDER_FIELDS = `id identifier status intent category codeCode orderStatus medicationOrderStatus orderCommunicationStatus
  serviceRequestInitiatedFor serviceRequestInitiatedFrom serviceRequestPaymentMethod serviceRequestPaymentStatus organizationId
  patientId replacedBy addressLineOne addressLineTwo addressLineThree addressCity heartbeatLinkSeen heartbeatLastSeen version
  documentReferenceIds documents { id author patientId contentType } note { authorReference text }
  events { event fromStatus toStatus actorReference }`;

const CREATE_DOCUMENT = `mutation ($blobId: ID!, $patientId: ID, $description: String, $key: String) {
  createDocumentReference(blobId: $blobId, patientId: $patientId, description: $description, contentType: "image/jpeg", idempotencyKey: $key) {
    id author patientId contentType description subject blobId
  }
}`;
const PATCH_DOCUMENT = `mutation ($id: ID!, $patientId: ID!) { patchDocumentReference(id: $id, patientId: $patientId) { id patientId } }`;
const CREATE_ORDER = `mutation ($input: CreateServiceRequestInput!, $key: String) {
  createServiceRequest(input: $input, idempotencyKey: $key) { ${ORDER_FIELDS} }
}`;
const PATCH_ORDER = `mutation ($id: ID!, $v: Int!, $input: PatchServiceRequestInput!, $key: String) {
  patchServiceRequest(id: $id, expectedVersion: $v, input: $input, idempotencyKey: $key) { ${ORDER_FIELDS} }
}`;
const GET_ORDER = `query ($id: ID!) { serviceRequest(id: $id) { ${ORDER_FIELDS} } }`;
const LIST_ORDERS = `query ($patientId: [ID!], $first: Int, $after: String) {
  serviceRequests(patientId: $patientId, first: $first, after: $after) { nodes { id } endCursor hasMore }
}`;

type Order = {
  id: string;
  identifier: string;
  status: string;
  intent: string;
  category: string;
  orderStatus: string;
  medicationOrderStatus: string;
  orderCommunicationStatus: string;
  serviceRequestInitiatedFor: string;
  serviceRequestInitiatedFrom: string;
  serviceRequestPaymentMethod: string;
  organizationId: string;
  patientId: string;
  replacedBy: string | null;
  addressLineOne: string | null;
  addressCity: string | null;
  heartbeatLinkSeen: boolean;
  heartbeatLastSeen: string | null;
  version: number;
  documentReferenceIds: string[];
  documents: { id: string; author: string; patientId: string | null; contentType: string }[];
  note: { authorReference: string; text: string }[];
  events: { event: string; fromStatus: string | null; toStatus: string; actorReference: string }[];
};

type Patient = { token: string; accountId: string; patientId: string };

let t: TestApp;
let hospital: string;
let alice: Patient;
let bob: Patient;

const auth = (p: Patient) => ({ authorization: `Bearer ${p.token}` });

async function makePatient(): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT);
  return { token: (await createAccessSession(t.database.db, TENANT, account.id)).token, accountId: account.id, patientId: patient.id };
}

async function familyMember(of: Patient): Promise<string> {
  const [row] = await t.database.db
    .insert(patients)
    .values({
      tenantId: TENANT,
      accountId: of.accountId,
      prefix: 'Mrs.',
      givenName: 'Amma',
      familyName: 'Silva',
      gender: 'female',
      birthDate: '1955-03-01',
      relationship: 'Mother',
    })
    .returning({ id: patients.id });
  if (!row) {
    throw new Error('no family member');
  }
  return row.id;
}

async function uploadedBlob(of: Patient): Promise<string> {
  return insertBlob(t.database.db, {
    tenantId: TENANT,
    accountId: of.accountId,
    storageKey: `test/${randomUUID()}`,
    contentType: 'image/jpeg',
    byteSize: 1234,
    sha256: randomUUID().replaceAll('-', ''),
  });
}

async function document(of: Patient, patientId: string | null = of.patientId): Promise<string> {
  const answer = await t.gql<{ createDocumentReference: { id: string } }>(
    CREATE_DOCUMENT,
    { blobId: await uploadedBlob(of), patientId },
    auth(of),
  );
  expect(answer.errors).toBeUndefined();
  return answer.data?.createDocumentReference.id ?? '';
}

const orderInput = (patientId: string, documentIds: string[], extra: Record<string, unknown> = {}) => ({
  patientId,
  orderCategory: 'Medication',
  organization: hospital,
  documentReferenceIds: documentIds,
  addressLineOne: 'No 12, Temple Road',
  addressCity: 'Kandy',
  ...extra,
});

async function order(of: Patient, extra: Record<string, unknown> = {}): Promise<Order> {
  const answer = await t.gql<{ createServiceRequest: Order }>(
    CREATE_ORDER,
    { input: orderInput(of.patientId, [await document(of)], extra) },
    auth(of),
  );
  expect(answer.errors).toBeUndefined();
  if (!answer.data) {
    throw new Error('no order');
  }
  return answer.data.createServiceRequest;
}

async function ordersOf(accountId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.accountId, accountId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  alice = await makePatient();
  bob = await makePatient();
});
afterAll(async () => {
  await t.close();
});

describe('createDocumentReference and createServiceRequest (spec doc 3 §3, §4 Creation flow)', () => {
  it('creates an order with two documents for a family member, documents in order, with its first history line', async () => {
    const mother = await familyMember(alice);
    const first = await document(alice, mother);
    const second = await document(alice, mother);
    const answer = await t.gql<{ createServiceRequest: Order }>(
      CREATE_ORDER,
      { input: orderInput(mother, [first, second], { patientGivenName: 'Amma' }) },
      auth(alice),
    );
    expect(answer.errors).toBeUndefined();
    const created = answer.data?.createServiceRequest;
    expect(created).toMatchObject({
      status: 'draft',
      intent: 'order',
      category: 'Medication',
      orderStatus: 'new',
      medicationOrderStatus: 'new',
      orderCommunicationStatus: 'initial',
      serviceRequestInitiatedFor: 'homecare',
      serviceRequestInitiatedFrom: 'heartbeat',
      serviceRequestPaymentMethod: 'card',
      organizationId: hospital,
      patientId: mother,
      addressLineOne: 'No 12, Temple Road',
      addressCity: 'Kandy',
      version: 1,
      documentReferenceIds: [first, second],
      events: [{ event: 'create', fromStatus: null, toStatus: 'new', actorReference: `Patient/${mother}` }],
    });
    expect(created?.documents.map((d) => d.author)).toEqual([`Patient/${mother}`, `Patient/${mother}`]);
    expect(created?.identifier).toMatch(/^[0-9A-F]{8}$/);
    const links = await t.database.db
      .select()
      .from(serviceRequestDocuments)
      .where(eq(serviceRequestDocuments.serviceRequestId, created?.id ?? ''));
    expect(links.map((link) => [link.documentReferenceId, link.position]).sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
      [first, 0],
      [second, 1],
    ]);
    // Linked documents belong to the order's hospital, so its staff may open them (files module).
    const [stored] = await t.database.db.select().from(documentReferences).where(eq(documentReferences.id, first));
    expect(stored?.organizationId).toBe(hospital);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'order.create'), eq(auditEvents.patientId, mother)));
    expect(audits).toHaveLength(1);
  });

  it("takes the tenant's default hospital for the category when none is given", async () => {
    const config = t.tenants.defaultTenant.publicConfig;
    const kept = { ...config.defaultOrganizationByOrderType };
    config.defaultOrganizationByOrderType.Examination = hospital;
    try {
      const created = await order(alice, { orderCategory: 'Examination', organization: null });
      expect(created).toMatchObject({ organizationId: hospital, category: 'Examination', orderStatus: 'new' });
    } finally {
      config.defaultOrganizationByOrderType = kept;
    }
  });

  it('refuses a category whose feature flag is off, and creates nothing', async () => {
    const features = t.tenants.defaultTenant.publicConfig.features;
    for (const [category, flag] of [
      ['Medication', features.medicationOrder],
      ['Examination', features.examinationOrder],
      ['Procedure', features.procedureOrder],
      ['Finance', features.encounterOrder],
    ] as const) {
      const kept = flag.enabled;
      flag.enabled = false;
      try {
        const before = await ordersOf(alice.accountId);
        const answer = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, [await document(alice)], { orderCategory: category }) }, auth(alice));
        expect(answer.errors?.[0]?.message).toBe('ARO-E6028:This order type is not available');
        expect(await ordersOf(alice.accountId)).toBe(before);
      } finally {
        flag.enabled = kept;
      }
    }
  });

  it("refuses the domain's input rules with their messages", async () => {
    const noDocuments = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, []) }, auth(alice));
    expect(noDocuments.errors?.[0]?.message).toBe('ARO-E6023:Attach at least one image or document');
    const noAddress = await t.gql(
      CREATE_ORDER,
      { input: orderInput(alice.patientId, [await document(alice)], { addressLineOne: null, addressCity: null }) },
      auth(alice),
    );
    expect(noAddress.errors?.[0]?.message).toBe('ARO-E6018:Enter the address');
  });

  it('asks for a hospital when none is given and the tenant has no default; an unknown one is not found', async () => {
    const config = t.tenants.defaultTenant.publicConfig;
    const kept = config.defaultOrganizationByOrderType.Procedure;
    delete config.defaultOrganizationByOrderType.Procedure;
    try {
      const none = await t.gql(
        CREATE_ORDER,
        { input: orderInput(alice.patientId, [await document(alice)], { orderCategory: 'Procedure', organization: null }) },
        auth(alice),
      );
      expect(none.errors?.[0]?.message).toBe('ARO-E6022:Choose a hospital');
    } finally {
      if (kept) {
        config.defaultOrganizationByOrderType.Procedure = kept;
      }
    }
    const unknown = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, [await document(alice)], { organization: randomUUID() }) }, auth(alice));
    expect(unknown.errors?.[0]?.message).toBe(NOT_FOUND);
  });

  it('creates an admission (Finance) without documents, its record status revoked (spec doc 3 §3)', async () => {
    const answer = await t.gql<{ createServiceRequest: Order }>(
      CREATE_ORDER,
      { input: orderInput(alice.patientId, [], { orderCategory: 'Finance' }) },
      auth(alice),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.createServiceRequest).toMatchObject({ category: 'Finance', status: 'revoked', orderStatus: 'new', documentReferenceIds: [] });
  });

  it('refuses a sample collection date outside the 7 choices (spec doc 3 §5)', async () => {
    const answer = await t.gql(
      CREATE_ORDER,
      {
        input: orderInput(alice.patientId, [await document(alice)], {
          orderCategory: 'Examination',
          sampleCollectionRequestedTime: new Date(Date.now() + 30 * 24 * 60 * 60_000).toISOString(),
        }),
      },
      auth(alice),
    );
    expect(answer.errors?.[0]?.message).toBe('ARO-E6027:Choose a sample collection date from the list');
  });

  it('a retried create with the same idempotency key makes one order', async () => {
    const someone = await makePatient();
    const input = orderInput(someone.patientId, [await document(someone)]);
    const key = `order-${randomUUID()}`;
    const [a, b] = await Promise.all([
      t.gql<{ createServiceRequest: Order }>(CREATE_ORDER, { input, key }, auth(someone)),
      t.gql<{ createServiceRequest: Order }>(CREATE_ORDER, { input, key }, auth(someone)),
    ]);
    const retry = await t.gql<{ createServiceRequest: Order }>(CREATE_ORDER, { input, key }, auth(someone));
    const ids = [a, b, retry].map((answer) => answer.data?.createServiceRequest.id);
    expect(ids[0]).toBeTruthy();
    expect(new Set(ids).size).toBe(1);
    expect(await ordersOf(someone.accountId)).toBe(1);
  });

  it('a failed create leaves nothing half-made', async () => {
    const theirs = await document(bob);
    const mine = await document(alice);
    const before = await ordersOf(alice.accountId);
    const answer = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, [mine, theirs]) }, auth(alice));
    expect(answer.errors?.[0]?.message).toBe(NOT_FOUND);
    expect(await ordersOf(alice.accountId)).toBe(before);
    const links = await t.database.db.select().from(serviceRequestDocuments).where(eq(serviceRequestDocuments.documentReferenceId, mine));
    expect(links).toHaveLength(0);
  });
});

describe('patchServiceRequest (spec doc 3 §4 Other transitions)', () => {
  it('changes the homecare address, switches to a hospital visit and back, and records each change', async () => {
    const created = await order(alice);
    const moved = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { addressLineOne: 'No 7, Lake Road', addressCity: 'Galle' } },
      auth(alice),
    );
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.patchServiceRequest).toMatchObject({ addressLineOne: 'No 7, Lake Road', addressCity: 'Galle', version: 2 });
    const visit = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: 2, input: { serviceRequestInitiatedFor: 'appointment' } },
      auth(alice),
    );
    expect(visit.data?.patchServiceRequest.serviceRequestInitiatedFor).toBe('appointment');
    const home = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: 3, input: { serviceRequestInitiatedFor: 'homecare' } },
      auth(alice),
    );
    expect(home.data?.patchServiceRequest).toMatchObject({ serviceRequestInitiatedFor: 'homecare', addressLineOne: 'No 7, Lake Road' });
    expect(home.data?.patchServiceRequest.events.map((e) => e.event)).toEqual(['create', 'changeAddress', 'changeInitiatedFor', 'changeInitiatedFor']);
  });

  it('refuses a change once the hospital has started on the order, and changes nothing', async () => {
    const created = await order(alice);
    await t.database.db.update(serviceRequests).set({ medicationOrderStatus: 'delivering' }).where(eq(serviceRequests.id, created.id));
    const refused = await t.gql(PATCH_ORDER, { id: created.id, v: created.version, input: { serviceRequestInitiatedFor: 'appointment' } }, auth(alice));
    expect(refused.errors?.[0]?.message).toBe(
      'ARO-E6016:This request can no longer be changed: the hospital has already started on it',
    );
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row).toMatchObject({ serviceRequestInitiatedFor: 'homecare', version: created.version });
  });

  it('appends a patient note and sets orderCommunicationStatus patientReplied', async () => {
    const created = await order(alice);
    const answer = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { note: 'Please deliver after 5 pm' } },
      auth(alice),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.patchServiceRequest).toMatchObject({
      orderCommunicationStatus: 'patientReplied',
      note: [{ authorReference: `Patient/${alice.patientId}`, text: 'Please deliver after 5 pm' }],
    });
    expect(answer.data?.patchServiceRequest.events.at(-1)).toMatchObject({ event: 'addNote', actorReference: `Patient/${alice.patientId}` });
    // A retry of the same patch with its key answers again and appends nothing.
    const key = `note-${randomUUID()}`;
    const variables = { id: created.id, v: created.version + 1, input: { note: 'Ring the bell' }, key };
    const once = await t.gql<{ patchServiceRequest: Order }>(PATCH_ORDER, variables, auth(alice));
    const again = await t.gql<{ patchServiceRequest: Order }>(PATCH_ORDER, variables, auth(alice));
    expect(once.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect(again.data?.patchServiceRequest.note.map((note) => note.text)).toEqual(['Please deliver after 5 pm', 'Ring the bell']);
  });

  it('refuses a stale version with the "changed by someone else" message and changes nothing', async () => {
    const created = await order(alice);
    const first = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { addressCity: 'Galle' } },
      auth(alice),
    );
    expect(first.data?.patchServiceRequest.version).toBe(created.version + 1);
    const stale = await t.gql(PATCH_ORDER, { id: created.id, v: created.version, input: { addressCity: 'Matara', note: 'Moved' } }, auth(alice));
    expect(stale.errors?.[0]?.message).toBe('ARO-E6002:This order was changed by someone else. Please reload and try again');
    const notes = await t.database.db.select().from(serviceRequestNotes).where(eq(serviceRequestNotes.serviceRequestId, created.id));
    expect(notes).toEqual([]);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.serviceRequestId, created.id));
    expect(events).toHaveLength(2);
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row?.addressCity).toBe('Galle');
  });

  it('a note and documents are appended whatever the version sent: a change meanwhile does not refuse them', async () => {
    const created = await order(alice);
    // Someone changed the order since the app read it (version 1 → 2).
    await t.database.db.update(serviceRequests).set({ version: created.version + 1 }).where(eq(serviceRequests.id, created.id));
    const extra = await document(alice);
    const noted = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { note: 'Fasting since 8pm', documentReferenceIds: [extra] } },
      auth(alice),
    );
    expect(noted.errors).toBeUndefined();
    // One version per event (the document, then the note) on top of the change meanwhile.
    expect(noted.data?.patchServiceRequest).toMatchObject({ version: created.version + 3, orderCommunicationStatus: 'patientReplied' });
    expect(noted.data?.patchServiceRequest.note.map((note) => note.text)).toEqual(['Fasting since 8pm']);
    expect(noted.data?.patchServiceRequest.documentReferenceIds).toEqual([...created.documentReferenceIds, extra]);
    // Two notes sent at once against the same version: both are kept, each with its history line.
    const answers = await Promise.all(
      ['One', 'Two'].map((note) => t.gql<{ patchServiceRequest: Order }>(PATCH_ORDER, { id: created.id, v: created.version, input: { note } }, auth(alice))),
    );
    expect(answers.map((answer) => answer.errors)).toEqual([undefined, undefined]);
    const notes = await t.database.db.select().from(serviceRequestNotes).where(eq(serviceRequestNotes.serviceRequestId, created.id));
    expect(notes.map((note) => note.text).sort()).toEqual(['Fasting since 8pm', 'One', 'Two']);
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row?.version).toBe(created.version + 5);
  });

  it('of two changes sent at once against the same version, one wins and the other is told; the history stays consistent', async () => {
    const created = await order(alice);
    const answers = await Promise.all(
      ['Galle', 'Matara'].map((addressCity) => t.gql<{ patchServiceRequest: Order }>(PATCH_ORDER, { id: created.id, v: created.version, input: { addressCity } }, auth(alice))),
    );
    const refused = answers.filter((answer) => answer.errors);
    expect(refused.map((answer) => answer.errors?.[0]?.message)).toEqual([
      'ARO-E6002:This order was changed by someone else. Please reload and try again',
    ]);
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(row?.version).toBe(created.version + 1);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.serviceRequestId, created.id));
    expect(events.map((event) => event.event).sort()).toEqual(['changeAddress', 'create']);
  });

  it('stamps heartbeatLinkSeen and heartbeatLastSeen without a version check or a history line', async () => {
    const created = await order(alice);
    const answer = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: 0, input: { heartbeatLinkSeen: true, timeStampKey: 'heartbeatLastSeen' } },
      auth(alice),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.patchServiceRequest).toMatchObject({ heartbeatLinkSeen: true, version: created.version });
    expect(Date.parse(answer.data?.patchServiceRequest.heartbeatLastSeen ?? '')).not.toBeNaN();
    expect(answer.data?.patchServiceRequest.events).toHaveLength(1);
  });

  it('attaches more documents, each at most once per order', async () => {
    const created = await order(alice);
    const extra = await document(alice);
    const answer = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { documentReferenceIds: [extra, extra, created.documentReferenceIds[0]] } },
      auth(alice),
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.patchServiceRequest.documentReferenceIds).toEqual([...created.documentReferenceIds, extra]);
  });

  it('switches homecare ↔ appointment on an order with a charge (its invoice is prepared again, payments tests)', async () => {
    const created = await order(alice);
    await t.database.db.update(serviceRequests).set({ serviceRequestChargingAmount: 1500 }).where(eq(serviceRequests.id, created.id));
    const visit = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.id, v: created.version, input: { serviceRequestInitiatedFor: 'appointment' } },
      auth(alice),
    );
    expect(visit.errors).toBeUndefined();
    expect(visit.data?.patchServiceRequest).toMatchObject({ serviceRequestInitiatedFor: 'appointment', version: created.version + 1 });
    expect(visit.data?.patchServiceRequest.events.map((event) => event.event)).toEqual(['create', 'changeInitiatedFor']);
  });

  it("documents linked to an order become the order's patient's, whoever they were uploaded for", async () => {
    const mother = await familyMember(alice);
    const unassigned = await document(alice, null);
    const forAlice = await document(alice);
    const created = await t.gql<{ createServiceRequest: Order }>(CREATE_ORDER, { input: orderInput(mother, [unassigned, forAlice]) }, auth(alice));
    expect(created.errors).toBeUndefined();
    const later = await document(alice, null);
    const patched = await t.gql<{ patchServiceRequest: Order }>(
      PATCH_ORDER,
      { id: created.data?.createServiceRequest.id, v: 1, input: { documentReferenceIds: [later] } },
      auth(alice),
    );
    expect(patched.errors).toBeUndefined();
    expect(patched.data?.patchServiceRequest.documents.map((d) => d.patientId)).toEqual([mother, mother, mother]);
    const stored = await t.database.db.select().from(documentReferences).where(eq(documentReferences.accountId, alice.accountId));
    for (const id of [unassigned, forAlice, later]) {
      expect(stored.find((row) => row.id === id)).toMatchObject({ patientId: mother, subjectReference: `Patient/${mother}` });
    }
  });

  it("a document another profile's order shows is not re-pointed: attaching it to this patient's order is refused", async () => {
    const mother = await familyMember(alice);
    const shared = await document(alice, null);
    const mothers = await t.gql<{ createServiceRequest: Order }>(CREATE_ORDER, { input: orderInput(mother, [shared]) }, auth(alice));
    expect(mothers.errors).toBeUndefined();
    const own = await order(alice);
    const patched = await t.gql(PATCH_ORDER, { id: own.id, v: own.version, input: { documentReferenceIds: [shared] } }, auth(alice));
    expect(patched.errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    const created = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, [shared]) }, auth(alice));
    expect(created.errors?.[0]?.message).toMatch(/^ARO-E2001:/);
    const [stored] = await t.database.db.select().from(documentReferences).where(eq(documentReferences.id, shared));
    expect(stored).toMatchObject({ patientId: mother, subjectReference: `Patient/${mother}` });
    const [ownRow] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, own.id));
    expect(ownRow?.version).toBe(own.version);
    // The same patient's other order may show it too.
    const again = await t.gql(CREATE_ORDER, { input: orderInput(mother, [shared]) }, auth(alice));
    expect(again.errors).toBeUndefined();
  });

  it("writes only at the version the caller saw, in the UPDATE itself (holds without the row lock)", async () => {
    const created = await order(alice);
    const set = { addressCity: 'Matara', version: created.version + 1 };
    const stale = await updateServiceRequestAtVersion(t.database.db, created.id, created.version, set, created.version - 1);
    expect(stale).toBeNull();
    const [kept] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
    expect(kept).toMatchObject({ addressCity: 'Kandy', version: created.version });
    const current = await updateServiceRequestAtVersion(t.database.db, created.id, created.version, set, created.version);
    expect(current).toMatchObject({ addressCity: 'Matara', version: created.version + 1 });
  });

  it('answers a replaced order with its replacement, so the app can redirect', async () => {
    const old = await order(alice);
    const replacement = await order(alice);
    await t.database.db.update(serviceRequests).set({ replacedById: replacement.id }).where(eq(serviceRequests.id, old.id));
    const answer = await t.gql<{ serviceRequest: Order }>(GET_ORDER, { id: old.id }, auth(alice));
    expect(answer.data?.serviceRequest.replacedBy).toBe(replacement.id);
    const refused = await t.gql(PATCH_ORDER, { id: old.id, v: old.version, input: { note: 'Hello' } }, auth(alice));
    expect(refused.errors?.[0]?.message).toBe('ARO-E6004:This order was replaced by another order. Please open the new order');
  });
});

describe("another account's ids give the same not-found answer and change nothing (spec doc 3 §6)", () => {
  it('orders: read, list, patch and create for their profile', async () => {
    const theirs = await order(bob);
    const missing = await t.gql(GET_ORDER, { id: randomUUID() }, auth(alice));
    const read = await t.gql(GET_ORDER, { id: theirs.id }, auth(alice));
    expect(missing.errors?.[0]?.message).toBe(NOT_FOUND);
    expect(read.errors?.[0]?.message).toBe(NOT_FOUND);
    expect(read.data).toBeNull();

    const listed = await t.gql<{ serviceRequests: { nodes: unknown[] } }>(LIST_ORDERS, { patientId: [bob.patientId] }, auth(alice));
    expect(listed.data?.serviceRequests.nodes).toEqual([]);

    for (const input of [{ note: 'Hi' }, { addressLineOne: 'Elsewhere' }, { heartbeatLinkSeen: true }, { serviceRequestInitiatedFor: 'appointment' }]) {
      const patched = await t.gql(PATCH_ORDER, { id: theirs.id, v: theirs.version, input }, auth(alice));
      expect(patched.errors?.[0]?.message).toBe(NOT_FOUND);
    }
    const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, theirs.id));
    expect(row).toMatchObject({ version: theirs.version, heartbeatLinkSeen: false, orderCommunicationStatus: 'initial', addressLineOne: 'No 12, Temple Road' });
    expect(await t.database.db.select().from(serviceRequestNotes).where(eq(serviceRequestNotes.serviceRequestId, theirs.id))).toEqual([]);

    const before = await ordersOf(alice.accountId);
    const forThem = await t.gql(CREATE_ORDER, { input: orderInput(bob.patientId, [await document(alice)]) }, auth(alice));
    expect(forThem.errors?.[0]?.message).toBe(NOT_FOUND);
    expect(await ordersOf(alice.accountId)).toBe(before);
  });

  it('documents: their file, their document, their profile, or their document on my order', async () => {
    const before = await t.database.db.select({ n: count() }).from(documentReferences).where(eq(documentReferences.accountId, alice.accountId));
    const theirBlob = await t.gql(CREATE_DOCUMENT, { blobId: await uploadedBlob(bob) }, auth(alice));
    const noBlob = await t.gql(CREATE_DOCUMENT, { blobId: randomUUID() }, auth(alice));
    const theirProfile = await t.gql(CREATE_DOCUMENT, { blobId: await uploadedBlob(alice), patientId: bob.patientId }, auth(alice));
    for (const answer of [theirBlob, noBlob, theirProfile]) {
      expect(answer.errors?.[0]?.message).toBe(NOT_FOUND);
    }
    const after = await t.database.db.select({ n: count() }).from(documentReferences).where(eq(documentReferences.accountId, alice.accountId));
    expect(after).toEqual(before);

    const theirDocument = await document(bob);
    const patched = await t.gql(PATCH_DOCUMENT, { id: theirDocument, patientId: alice.patientId }, auth(alice));
    expect(patched.errors?.[0]?.message).toBe(NOT_FOUND);
    const mine = await document(alice);
    const toTheirProfile = await t.gql(PATCH_DOCUMENT, { id: mine, patientId: bob.patientId }, auth(alice));
    expect(toTheirProfile.errors?.[0]?.message).toBe(NOT_FOUND);
    const [stored] = await t.database.db.select().from(documentReferences).where(eq(documentReferences.id, theirDocument));
    expect(stored?.patientId).toBe(bob.patientId);

    const created = await order(alice);
    const attach = await t.gql(PATCH_ORDER, { id: created.id, v: created.version, input: { documentReferenceIds: [theirDocument] } }, auth(alice));
    expect(attach.errors?.[0]?.message).toBe(NOT_FOUND);
    const links = await t.database.db.select().from(serviceRequestDocuments).where(eq(serviceRequestDocuments.serviceRequestId, created.id));
    expect(links).toHaveLength(1);
  });

  it("refuses to change or attach a hospital's document of my account (ARO-E6051)", async () => {
    const [staffDocument] = await t.database.db
      .insert(documentReferences)
      .values({ tenantId: TENANT, accountId: alice.accountId, patientId: alice.patientId, authorReference: `User/${randomUUID()}` })
      .returning({ id: documentReferences.id });
    const staffDocumentId = staffDocument?.id ?? '';
    const patched = await t.gql(PATCH_DOCUMENT, { id: staffDocumentId, patientId: alice.patientId }, auth(alice));
    expect(patched.errors?.[0]?.message).toBe('ARO-E6051:A document from the hospital cannot be changed or attached here');
    const created = await t.gql(CREATE_ORDER, { input: orderInput(alice.patientId, [staffDocumentId]) }, auth(alice));
    expect(created.errors?.[0]?.message).toBe('ARO-E6051:A document from the hospital cannot be changed or attached here');
  });

  it('patchDocumentReference gives my document to another of my profiles', async () => {
    const mother = await familyMember(alice);
    const mine = await document(alice, null);
    const patched = await t.gql<{ patchDocumentReference: { id: string; patientId: string } }>(
      PATCH_DOCUMENT,
      { id: mine, patientId: mother },
      auth(alice),
    );
    expect(patched.data?.patchDocumentReference).toEqual({ id: mine, patientId: mother });
  });

  it('subscription: their orders never reach me, nor orders with intent reflex_order', async () => {
    const someone = await makePatient();
    const mine = await order(someone);
    const reflex = await order(someone);
    await t.database.db.update(serviceRequests).set({ intent: 'reflex_order' }).where(eq(serviceRequests.id, reflex.id));
    const theirs = await order(bob);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql?access_token=${encodeURIComponent(someone.token)}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const events = client.iterate<{ subscribeServiceRequest: { id: string } }>({
        query: 'subscription ($p: [ID!]) { subscribeServiceRequest(patientId: $p) { id } }',
        variables: { p: [bob.patientId, someone.patientId] },
      });
      const next = events.next();
      let heard = false;
      void next.then(() => {
        heard = true;
      });
      // A note (appended whatever the version): a heartbeat stamp alone is not published.
      const stamp = (who: Patient, id: string) => t.gql(PATCH_ORDER, { id, v: 0, input: { note: 'Ping' } }, auth(who));
      // Subscribing is asynchronous: change the orders until the subscriber hears one; each round
      // changes theirs and the reflex order before mine, so the first event heard must be mine.
      for (let attempt = 0; attempt < 40 && !heard; attempt++) {
        await stamp(bob, theirs.id);
        await stamp(someone, reflex.id);
        await stamp(someone, mine.id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const event = await next;
      expect(event.value).toEqual({ data: { subscribeServiceRequest: { id: mine.id } } });
      await events.return?.(undefined);
    } finally {
      await client.dispose();
    }
  });
});

describe('a subscription listing more profile ids than any account holds', () => {
  it('is refused with ARO-E2002 before it reads a profile', async () => {
    const someone = await makePatient();
    if (!t.app.server.listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql?access_token=${encodeURIComponent(someone.token)}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const ids = [someone.patientId, ...Array.from({ length: 100 }, () => randomUUID())];
      const events = client.iterate({
        query: 'subscription ($p: [ID!]) { subscribeServiceRequest(patientId: $p) { id } }',
        variables: { p: ids },
      });
      const refusal = (await events.next().then(
        () => null,
        (errors: unknown) => errors,
      )) as { message: string }[] | null;
      expect(refusal?.map((error) => error.message.split(':')[0])).toEqual(['ARO-E2002']);
    } finally {
      await client.dispose();
    }
  });
});

describe('orders the list hides (purpose Administration, sensitive) are not found by id either (spec doc 3 §7 Fetch orders)', () => {
  async function hiddenOrders(of: Patient): Promise<Order[]> {
    const administration = await order(of);
    const sensitive = await order(of);
    await t.database.db.update(serviceRequests).set({ purpose: 'Administration' }).where(eq(serviceRequests.id, administration.id));
    await t.database.db.update(serviceRequests).set({ sensitive: true }).where(eq(serviceRequests.id, sensitive.id));
    return [administration, sensitive];
  }

  it('read and patch answer the same not-found as for another account, and change nothing', async () => {
    const someone = await makePatient();
    const hidden = await hiddenOrders(someone);
    const listed = await t.gql<{ serviceRequests: { nodes: { id: string }[] } }>(LIST_ORDERS, {}, auth(someone));
    expect(listed.data?.serviceRequests.nodes).toEqual([]);
    for (const created of hidden) {
      const read = await t.gql(GET_ORDER, { id: created.id }, auth(someone));
      expect(read.errors?.[0]?.message).toBe(NOT_FOUND);
      expect(read.data).toBeNull();
      for (const input of [
        { note: 'Hi' },
        { addressLineOne: 'Elsewhere' },
        { serviceRequestInitiatedFor: 'appointment' },
        { heartbeatLinkSeen: true, timeStampKey: 'heartbeatLastSeen' },
      ]) {
        const patched = await t.gql(PATCH_ORDER, { id: created.id, v: created.version, input }, auth(someone));
        expect(patched.errors?.[0]?.message).toBe(NOT_FOUND);
      }
      const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, created.id));
      expect(row).toMatchObject({
        version: created.version,
        heartbeatLinkSeen: false,
        heartbeatTimestamps: {},
        orderCommunicationStatus: 'initial',
        serviceRequestInitiatedFor: 'homecare',
        addressLineOne: 'No 12, Temple Road',
      });
      expect(await t.database.db.select().from(serviceRequestNotes).where(eq(serviceRequestNotes.serviceRequestId, created.id))).toEqual([]);
    }
  });

  it('subscription: a change of a hidden order is not sent', async () => {
    const someone = await makePatient();
    const hidden = await hiddenOrders(someone);
    const probe = await order(someone);
    const mine = await order(someone);
    if (!t.app.server.listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql?access_token=${encodeURIComponent(someone.token)}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    type Heard = { data?: { subscribeServiceRequest: { id: string } } | null };
    const stamp = (id: string) => t.gql(PATCH_ORDER, { id, v: 0, input: { note: 'Ping' } }, auth(someone));
    try {
      const events = client.iterate<{ subscribeServiceRequest: { id: string } }>({ query: 'subscription { subscribeServiceRequest { id } }' });
      // Subscribing is asynchronous: change the probe order until the subscriber hears it.
      const first = events.next();
      let heard = false;
      void first.then(() => {
        heard = true;
      });
      for (let attempt = 0; attempt < 40 && !heard; attempt++) {
        await stamp(probe.id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await first).value).toEqual({ data: { subscribeServiceRequest: { id: probe.id } } });
      // Now listening: the hidden orders change first (published as staff's changes will be), then mine.
      for (const created of hidden) {
        t.app.graphql.pubsub.publish({
          topic: accountOrdersTopic(TENANT, someone.accountId),
          payload: { id: created.id, patientId: created.patientId, intent: 'order' },
        });
      }
      await stamp(mine.id);
      const nextId = async () => ((await events.next()).value as Heard | undefined)?.data?.subscribeServiceRequest.id;
      let id = await nextId();
      // The probe may have been changed more than once before it was heard.
      while (id === probe.id) {
        id = await nextId();
      }
      expect(id).toBe(mine.id);
      await events.return?.(undefined);
    } finally {
      await client.dispose();
    }
  });
});

describe('serviceRequests paging (spec doc 3 §9: 10 first, then 9 per Load More)', () => {
  it('answers 10, then 9, then the rest, newest first, without gaps or repeats', async () => {
    const someone = await makePatient();
    const base = Date.now() - 60 * 60_000;
    const rows = await t.database.db
      .insert(serviceRequests)
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          tenantId: TENANT,
          accountId: someone.accountId,
          patientId: someone.patientId,
          category: 'Medication',
          codeCode: '4',
          organizationId: hospital,
          // Two orders share each second: the cursor must still keep them apart.
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        })),
      )
      .returning({ id: serviceRequests.id, createdAt: serviceRequests.createdAt });
    const newestFirst = [...rows]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    type Page = { serviceRequests: { nodes: { id: string }[]; endCursor: string | null; hasMore: boolean } };
    const first = await t.gql<Page>(LIST_ORDERS, {}, auth(someone));
    expect(first.errors).toBeUndefined();
    expect(first.data?.serviceRequests.nodes).toHaveLength(10);
    expect(first.data?.serviceRequests.hasMore).toBe(true);
    const second = await t.gql<Page>(LIST_ORDERS, { first: 9, after: first.data?.serviceRequests.endCursor }, auth(someone));
    expect(second.data?.serviceRequests.nodes).toHaveLength(9);
    expect(second.data?.serviceRequests.hasMore).toBe(true);
    const third = await t.gql<Page>(LIST_ORDERS, { first: 9, after: second.data?.serviceRequests.endCursor }, auth(someone));
    expect(third.data?.serviceRequests.nodes).toHaveLength(2);
    expect(third.data?.serviceRequests.hasMore).toBe(false);
    const seen = [first, second, third].flatMap((page) => page.data?.serviceRequests.nodes.map((node) => node.id) ?? []);
    expect(seen).toEqual(newestFirst);
    // The order list with every field of its orders stays within the query limits (graphql/limits.ts).
    const full = await t.gql(`query { serviceRequests(first: 10) { nodes { ${ORDER_FIELDS} } endCursor hasMore } }`, {}, auth(someone));
    expect(full.errors).toBeUndefined();
  });
});
