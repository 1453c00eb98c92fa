import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, asc, desc, eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import { makeOrganization, makePatientAccount, makeStaffUser } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, auditEvents, documentReferences, orderEvents, serviceRequests, smsMessages } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { insertBlob } from '../files/files.testing.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { accountOrdersTopic, staffOrdersTopic } from './orders.live.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';
import { tinyPng } from '../../../test/images.ts';

/*
 * The hospital's side of orders (issue 10, staff console): queues, the order with its patient,
 * every change through the domain's state machine with optimistic locking and idempotency, the
 * history, live updates to the patient and the hospital, SMS and audit rows.
 */

const TENANT = 'careline-demo';
const NOT_FOUND = 'ARO-E2001';

const png = tinyPng();

const STAFF_ORDER_FIELDS = `id nextStatuses canScheduleSampleCollection
  patient { id name givenName familyName gender birthDate age ageLabel mobileNo }
  order {
    id identifier category orderStatus version serviceRequestChargingAmount medicationOrderEstimatedTime
    sampleCollectionUserName sampleCollectionTime orderCanceledReason orderCommunicationStatus replaces replacedBy
    serviceRequestPaymentStatus organizationId patientId
    documents { id author blobId description }
    note { authorReference authorDisplay text attachmentDocumentReferenceId }
    events { event fromStatus toStatus actorReference reason }
  }`;

const LIST = `query ($o: ID!, $c: String, $q: StaffOrderQueue!, $s: String, $first: Int, $after: String) {
  staffOrders(organizationId: $o, category: $c, queue: $q, search: $s, first: $first, after: $after) {
    nodes { id order { identifier category orderStatus } patient { name mobileNo } } endCursor hasMore totalCount
  }
}`;
const GET = `query ($o: ID!, $id: ID!) { staffOrder(organizationId: $o, id: $id) { ${STAFF_ORDER_FIELDS} } }`;
const CHARGE = `mutation ($o: ID!, $id: ID!, $v: Int!, $a: String!, $k: String) {
  staffSetOrderCharge(organizationId: $o, id: $id, expectedVersion: $v, amount: $a, idempotencyKey: $k) { ${STAFF_ORDER_FIELDS} }
}`;
const ESTIMATE = `mutation ($o: ID!, $id: ID!, $v: Int!, $t: DateTime!) {
  staffSetOrderEstimatedTime(organizationId: $o, id: $id, expectedVersion: $v, time: $t) { ${STAFF_ORDER_FIELDS} }
}`;
const SCHEDULE = `mutation ($o: ID!, $id: ID!, $v: Int!, $n: String!, $t: DateTime!) {
  staffScheduleSampleCollection(organizationId: $o, id: $id, expectedVersion: $v, collectorName: $n, time: $t) { ${STAFF_ORDER_FIELDS} }
}`;
const MOVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $to: String!, $k: String) {
  staffMoveOrderStatus(organizationId: $o, id: $id, expectedVersion: $v, to: $to, idempotencyKey: $k) { ${STAFF_ORDER_FIELDS} }
}`;
const CANCEL = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: String!) {
  staffCancelOrder(organizationId: $o, id: $id, expectedVersion: $v, reason: $r) { ${STAFF_ORDER_FIELDS} }
}`;
const NOTE = `mutation ($o: ID!, $id: ID!, $v: Int!, $text: String!, $b: ID) {
  staffAddOrderNote(organizationId: $o, id: $id, expectedVersion: $v, text: $text, attachmentBlobId: $b) { ${STAFF_ORDER_FIELDS} }
}`;
const ATTACH = `mutation ($o: ID!, $id: ID!, $v: Int!, $b: ID!, $d: String) {
  staffAttachOrderDocument(organizationId: $o, id: $id, expectedVersion: $v, blobId: $b, description: $d) { ${STAFF_ORDER_FIELDS} }
}`;
const REPLACE = `mutation ($o: ID!, $id: ID!, $v: Int!, $input: StaffReplaceOrderInput) {
  staffReplaceOrder(organizationId: $o, id: $id, expectedVersion: $v, input: $input) { ${STAFF_ORDER_FIELDS} }
}`;
const PATIENT_ORDER = `query ($id: ID!) { serviceRequest(id: $id) {
  id orderStatus version serviceRequestChargingAmount replacedBy orderCommunicationStatus
  documents { id author } note { authorReference text attachmentDocumentReferenceId } events { event toStatus actorReference }
} }`;
const CREATE_DOCUMENT = `mutation ($blobId: ID!, $patientId: ID) {
  createDocumentReference(blobId: $blobId, patientId: $patientId, contentType: "image/png") { id }
}`;
const CREATE_ORDER = `mutation ($input: CreateServiceRequestInput!) { createServiceRequest(input: $input) { id version identifier } }`;
const TAKE_CASH = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffTakeOrderCashPayment(organizationId: $o, serviceRequestId: $id, expectedVersion: $v) { receiptNumber }
}`;
const PATCH_ORDER = `mutation ($id: ID!, $v: Int!, $input: PatchServiceRequestInput!) {
  patchServiceRequest(id: $id, expectedVersion: $v, input: $input) { id version }
}`;

type StaffOrder = {
  id: string;
  nextStatuses: string[];
  canScheduleSampleCollection: boolean;
  patient: { id: string; name: string; givenName: string; gender: string; birthDate: string | null; age: number | null; ageLabel: string; mobileNo: string | null };
  order: {
    id: string;
    identifier: string;
    category: string;
    orderStatus: string;
    version: number;
    serviceRequestChargingAmount: number | null;
    medicationOrderEstimatedTime: string | null;
    sampleCollectionUserName: string | null;
    sampleCollectionTime: string | null;
    orderCanceledReason: string | null;
    orderCommunicationStatus: string;
    replaces: string | null;
    replacedBy: string | null;
    serviceRequestPaymentStatus: string;
    organizationId: string;
    patientId: string;
    documents: { id: string; author: string; blobId: string | null; description: string | null }[];
    note: { authorReference: string; authorDisplay: string | null; text: string; attachmentDocumentReferenceId: string | null }[];
    events: { event: string; fromStatus: string | null; toStatus: string; actorReference: string; reason: string | null }[];
  };
};
type Body<T> = { data?: T | null; errors?: { message: string }[] };
type Patient = { token: string; accountId: string; patientId: string; mobileNo: string; givenName: string };
type Staff = { id: string; token: string; name: string };

let t: TestApp;
let hospital: string;
let otherHospital: string;
const staff = {} as Record<'pharmacist' | 'labTechnician' | 'nurse' | 'admin' | 'receptionist' | 'otherPharmacist' | 'doctor', Staff>;
let alice: Patient;

const code = (body: Body<unknown>): string | null => body.errors?.[0]?.message.split(':')[0] ?? null;

async function staffMember(organizationId: string, role: StaffRole): Promise<Staff> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId, role }]);
  const { token } = await createStaffAccessSession(t.database.db, TENANT, user.id);
  return { id: user.id, token, name: user.displayName };
}

async function makePatient(givenName = `Nimal${randomUUID().slice(0, 6)}`): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { givenName });
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return { token, accountId: account.id, patientId: patient.id, mobileNo: account.mobileNo, givenName };
}

async function as<T>(who: { token: string }, query: string, variables: Record<string, unknown> = {}): Promise<Body<T>> {
  return t.gql<T>(query, variables, { authorization: `Bearer ${who.token}` });
}

async function patientDocument(of: Patient): Promise<string> {
  const storageKey = `test/${randomUUID()}`;
  await t.providers.blobStore.put(storageKey, png, 'image/png');
  const blobId = await insertBlob(t.database.db, {
    tenantId: TENANT,
    accountId: of.accountId,
    storageKey,
    contentType: 'image/png',
    byteSize: png.length,
    sha256: randomUUID(),
  });
  const answer = await as<{ createDocumentReference: { id: string } }>(of, CREATE_DOCUMENT, { blobId, patientId: of.patientId });
  expect(answer.errors).toBeUndefined();
  return answer.data?.createDocumentReference.id ?? '';
}

/** An order the patient sends from the app. */
async function order(
  of: Patient,
  category: 'Medication' | 'Examination' | 'Procedure' | 'Finance',
  extra: Record<string, unknown> = {},
  organization: string = hospital,
): Promise<{ id: string; version: number; identifier: string }> {
  const answer = await as<{ createServiceRequest: { id: string; version: number; identifier: string } }>(of, CREATE_ORDER, {
    input: {
      patientId: of.patientId,
      orderCategory: category,
      organization,
      documentReferenceIds: category === 'Finance' ? [] : [await patientDocument(of)],
      addressLineOne: 'No 12, Temple Road',
      addressCity: 'Kandy',
      ...extra,
    },
  });
  expect(answer.errors).toBeUndefined();
  if (!answer.data) {
    throw new Error('no order');
  }
  return answer.data.createServiceRequest;
}

async function staffOrder(who: Staff, id: string, organizationId: string = hospital): Promise<Body<{ staffOrder: StaffOrder }>> {
  return as<{ staffOrder: StaffOrder }>(who, GET, { o: organizationId, id });
}

async function row(id: string) {
  const [found] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  if (!found) {
    throw new Error('no row');
  }
  return found;
}

async function historyOf(id: string) {
  // In the order they were written (a heap scan's order is not guaranteed on PostgreSQL).
  return t.database.db.select().from(orderEvents).where(eq(orderEvents.serviceRequestId, id)).orderBy(asc(orderEvents.createdAt));
}

async function textsTo(mobileNo: string): Promise<string[]> {
  // SMS go out after the answer, through the job queue: wait until the outbox is empty.
  await smsOutboxSettled(t.database.db);
  const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
  return rows.map((sms) => sms.body);
}

async function staffUpload(who: Staff): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    // A staff upload names the hospital it is for (files module).
    url: `/blob/put?organizationId=${hospital}`,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'image/png' },
    payload: png,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Runs a mutation that answers a StaffOrder and returns it (fails the test on an error). */
async function ok(who: Staff, query: string, variables: Record<string, unknown>): Promise<StaffOrder> {
  const answer = await as<Record<string, StaffOrder>>(who, query, { o: hospital, ...variables });
  expect(answer.errors).toBeUndefined();
  const value = answer.data ? Object.values(answer.data)[0] : undefined;
  if (!value) {
    throw new Error('no answer');
  }
  return value;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  hospital = (await makeOrganization(db, TENANT)).id;
  otherHospital = (await makeOrganization(db, TENANT)).id;
  staff.pharmacist = await staffMember(hospital, 'pharmacist');
  staff.labTechnician = await staffMember(hospital, 'labTechnician');
  staff.nurse = await staffMember(hospital, 'nurse');
  staff.admin = await staffMember(hospital, 'admin');
  staff.receptionist = await staffMember(hospital, 'receptionist');
  staff.doctor = await staffMember(hospital, 'doctor');
  staff.otherPharmacist = await staffMember(otherHospital, 'pharmacist');
  alice = await makePatient('Alicia');
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('staffOrders and staffOrder', () => {
  it('lists a queue of the categories the member works, newest first, searchable, paged and audited', async () => {
    const someone = await makePatient(`Queue${randomUUID().slice(0, 5)}`);
    const first = await order(someone, 'Medication');
    const second = await order(someone, 'Medication');
    const lab = await order(someone, 'Examination');
    type Page = {
      staffOrders: { nodes: { id: string; order: { identifier: string; category: string }; patient: { name: string; mobileNo: string } }[]; endCursor: string | null; hasMore: boolean; totalCount: number };
    };
    const byName = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'NEW', s: someone.givenName });
    expect(byName.errors).toBeUndefined();
    expect(byName.data?.staffOrders.nodes.map((n) => n.id)).toEqual([second.id, first.id]);
    expect(byName.data?.staffOrders.nodes[0]?.patient).toEqual({ name: `Mr. ${someone.givenName} Silva`, mobileNo: someone.mobileNo });
    // By mobile number as typed locally (07…), and by order number.
    const local = `0${someone.mobileNo.slice(2)}`;
    const byMobile = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'NEW', s: local });
    expect(byMobile.data?.staffOrders.nodes.map((n) => n.id)).toEqual([second.id, first.id]);
    const byNumber = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'NEW', s: first.identifier.toLowerCase() });
    expect(byNumber.data?.staffOrders.nodes.map((n) => n.id)).toEqual([first.id]);
    // Paged: one per page, the cursor continues.
    const page1 = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'NEW', s: someone.givenName, first: 1 });
    expect(page1.data?.staffOrders.hasMore).toBe(true);
    expect(page1.data?.staffOrders.totalCount).toBe(2);
    const page2 = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'NEW', s: someone.givenName, first: 1, after: page1.data?.staffOrders.endCursor });
    expect(page2.data?.staffOrders.nodes.map((n) => n.id)).toEqual([first.id]);
    expect(page2.data?.staffOrders.hasMore).toBe(false);
    // The lab technician sees the lab test only; the pharmacist's queue is not theirs.
    const labQueue = await as<Page>(staff.labTechnician, LIST, { o: hospital, q: 'NEW', s: someone.givenName });
    expect(labQueue.data?.staffOrders.nodes.map((n) => n.id)).toEqual([lab.id]);
    expect(code(await as(staff.labTechnician, LIST, { o: hospital, c: 'Medication', q: 'NEW' }))).toBe('ARO-E1210');
    // The queue with every field the console reads stays within the query limits (graphql/limits.ts).
    const full = await as(staff.pharmacist, `query ($o: ID!) { staffOrders(organizationId: $o, queue: NEW, first: 50) { nodes { ${STAFF_ORDER_FIELDS} } totalCount } }`, { o: hospital });
    expect(full.errors).toBeUndefined();
    // Nothing in progress or done yet.
    const done = await as<Page>(staff.pharmacist, LIST, { o: hospital, q: 'DONE', s: someone.givenName });
    expect(done.data?.staffOrders.nodes).toEqual([]);
    // Another hospital's staff: the same not-found as a missing hospital; a role without orders: E1210.
    expect(code(await as(staff.otherPharmacist, LIST, { o: hospital, q: 'NEW' }))).toBe(NOT_FOUND);
    expect(code(await as(staff.receptionist, LIST, { o: hospital, q: 'NEW' }))).toBe('ARO-E1210');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.pharmacist.id), eq(auditEvents.action, 'order.list')));
    expect(audits.length).toBeGreaterThanOrEqual(5);
    expect(audits.some((a) => (a.details as { patientIds?: string[] }).patientIds?.includes(someone.patientId))).toBe(true);
  }, 60_000);

  it('reads an order with documents, notes, history and the patient, audited; elsewhere not found', async () => {
    const created = await order(alice, 'Medication');
    const answer = await staffOrder(staff.pharmacist, created.id);
    expect(answer.errors).toBeUndefined();
    const view = answer.data?.staffOrder;
    expect(view?.patient).toMatchObject({ id: alice.patientId, name: 'Mr. Alicia Silva', gender: 'male', birthDate: '1980-01-01', mobileNo: alice.mobileNo });
    expect(view?.patient.age).toBeGreaterThanOrEqual(45);
    expect(view?.patient.ageLabel).toMatch(/^\d+ years$/);
    expect(view?.order.documents).toHaveLength(1);
    expect(view?.order.events).toEqual([{ event: 'create', fromStatus: null, toStatus: 'new', actorReference: `Patient/${alice.patientId}`, reason: null }]);
    expect(view?.nextStatuses).toEqual(['confirming', 'canceled']);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.pharmacist.id), eq(auditEvents.action, 'order.read')))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({ organizationId: hospital, patientAccountId: alice.accountId, patientId: alice.patientId, role: 'pharmacist' });
    // Another hospital's staff, a missing id and a malformed one: the same answer.
    const elsewhere = await staffOrder(staff.otherPharmacist, created.id, otherHospital);
    const missing = await staffOrder(staff.pharmacist, randomUUID());
    expect(code(elsewhere)).toBe(NOT_FOUND);
    expect(elsewhere.errors?.[0]?.message).toBe(missing.errors?.[0]?.message);
    expect(code(await staffOrder(staff.pharmacist, 'not-an-id'))).toBe(NOT_FOUND);
    // The other hospital's pharmacist naming this hospital: not a member, not found.
    expect(code(await staffOrder(staff.otherPharmacist, created.id))).toBe(NOT_FOUND);
    // A role of the hospital that does not work the category: E1210.
    expect(code(await staffOrder(staff.labTechnician, created.id))).toBe('ARO-E1210');
  });
});

describe('a medication order, worked by the pharmacist', () => {
  it('charge, estimated time, preparing, delivering (SMS), completed: each with its history line, seen by the patient', async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication');
    let view = await ok(staff.pharmacist, CHARGE, { id: created.id, v: created.version, a: '1500.50' });
    expect(view.order).toMatchObject({ orderStatus: 'confirming', serviceRequestChargingAmount: 1500.5, version: 2 });
    const estimate = new Date(Date.now() + 3 * 60 * 60_000);
    view = await ok(staff.pharmacist, ESTIMATE, { id: created.id, v: 2, t: estimate.toISOString() });
    expect(new Date(view.order.medicationOrderEstimatedTime ?? '').getTime()).toBe(estimate.getTime());
    view = await ok(staff.pharmacist, MOVE, { id: created.id, v: view.order.version, to: 'preparing' });
    expect(await textsTo(patient.mobileNo)).toEqual([]);
    type Ids = { staffOrders: { nodes: { id: string }[] } };
    const inProgress = await as<Ids>(staff.pharmacist, LIST, { o: hospital, q: 'IN_PROGRESS', s: created.identifier });
    expect(inProgress.data?.staffOrders.nodes.map((n) => n.id)).toEqual([created.id]);
    view = await ok(staff.pharmacist, MOVE, { id: created.id, v: view.order.version, to: 'delivering' });
    expect(view.order.orderStatus).toBe('delivering');
    expect(view.nextStatuses).toEqual(['completed', 'canceled']);
    const texts = await textsTo(patient.mobileNo);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`Your medicines for order ${created.identifier} are on the way.`);
    // The card charge is not paid: completing is refused until the patient pays or chooses cash.
    const refused = await as(staff.pharmacist, MOVE, { o: hospital, id: created.id, v: view.order.version, to: 'completed' });
    expect(code(refused)).toBe('ARO-E6008');
    const cash = await as<{ patchServiceRequest: { version: number } }>(patient, PATCH_ORDER, {
      id: created.id,
      v: view.order.version,
      input: { serviceRequestPaymentMethod: 'cash' },
    });
    expect(cash.errors).toBeUndefined();
    // The cash is taken at the door (a receipt), then the order completes.
    const taken = await as(staff.pharmacist, TAKE_CASH, { o: hospital, id: created.id, v: cash.data?.patchServiceRequest.version });
    expect(taken.errors).toBeUndefined();
    view = await ok(staff.pharmacist, MOVE, { id: created.id, v: (cash.data?.patchServiceRequest.version ?? 0) + 1, to: 'completed' });
    expect(view.order).toMatchObject({ orderStatus: 'completed', serviceRequestPaymentStatus: 'paid' });
    expect(view.nextStatuses).toEqual([]);
    const actor = `User/${staff.pharmacist.id}`;
    expect(view.order.events.map((e) => [e.event, e.fromStatus, e.toStatus, e.actorReference])).toEqual([
      ['create', null, 'new', `Patient/${patient.patientId}`],
      ['setCharge', 'new', 'confirming', actor],
      ['setEstimatedTime', 'confirming', 'confirming', actor],
      ['moveStatus', 'confirming', 'preparing', actor],
      ['moveStatus', 'preparing', 'delivering', actor],
      ['choosePaymentMethod', 'delivering', 'delivering', `Patient/${patient.patientId}`],
      ['recordPayment', 'delivering', 'delivering', actor],
      ['complete', 'delivering', 'completed', actor],
    ]);
    const seen = await as<{ serviceRequest: { orderStatus: string; serviceRequestChargingAmount: number; events: unknown[] } }>(patient, PATIENT_ORDER, { id: created.id });
    expect(seen.data?.serviceRequest).toMatchObject({ orderStatus: 'completed', serviceRequestChargingAmount: 1500.5 });
    expect(seen.data?.serviceRequest.events).toHaveLength(8);
    const audits = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.pharmacist.id), eq(auditEvents.patientId, patient.patientId)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['order.setCharge', 'order.setEstimatedTime', 'order.moveStatus']));
    // Each change is audited once, by its own row: the answer it shows is not a second 'order.read'.
    expect(audits.map((a) => a.action)).not.toContain('order.read');
  }, 60_000);

  it('a hospital visit: delivering texts "ready for collection"', async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication', { serviceRequestInitiatedFor: 'appointment' });
    let view = await ok(staff.pharmacist, CHARGE, { id: created.id, v: created.version, a: '200' });
    view = await ok(staff.pharmacist, MOVE, { id: created.id, v: view.order.version, to: 'preparing' });
    await ok(staff.pharmacist, MOVE, { id: created.id, v: view.order.version, to: 'delivering' });
    expect(await textsTo(patient.mobileNo)).toEqual([expect.stringContaining(`Your medicines for order ${created.identifier} are ready for collection.`)]);
  });

  it('a retry with the same idempotency key gives the first answer and changes nothing more', async () => {
    const created = await order(alice, 'Medication');
    const key = `charge-${randomUUID()}`;
    const first = await as<{ staffSetOrderCharge: StaffOrder }>(staff.pharmacist, CHARGE, { o: hospital, id: created.id, v: 1, a: '100', k: key });
    const again = await as<{ staffSetOrderCharge: StaffOrder }>(staff.pharmacist, CHARGE, { o: hospital, id: created.id, v: 1, a: '100', k: key });
    expect(first.errors).toBeUndefined();
    expect(again.errors).toBeUndefined();
    expect(again.data?.staffSetOrderCharge.order.version).toBe(2);
    expect((await historyOf(created.id)).filter((line) => line.event === 'setCharge')).toHaveLength(1);
    // The same key with another amount is refused.
    expect(code(await as(staff.pharmacist, CHARGE, { o: hospital, id: created.id, v: 1, a: '101', k: key }))).toBe('ARO-E2004');
  });
});

describe('refusals change nothing', () => {
  it("answers the domain's code for every refused change and leaves the order and its history as they were", async () => {
    const med = await order(alice, 'Medication');
    const lab = await order(alice, 'Examination', { serviceRequestInitiatedFor: 'appointment' });
    const before = await row(med.id);
    const beforeHistory = await historyOf(med.id);
    const cases: [string, Staff, string, Record<string, unknown>][] = [
      ['ARO-E6003', staff.pharmacist, MOVE, { id: med.id, v: 1, to: 'delivering' }],
      ['ARO-E6003', staff.pharmacist, MOVE, { id: med.id, v: 1, to: 'sampleCollecting' }],
      ['ARO-E6003', staff.pharmacist, MOVE, { id: med.id, v: 1, to: 'completed' }],
      ['ARO-E6003', staff.pharmacist, MOVE, { id: med.id, v: 1, to: 'bogus' }],
      ['ARO-E6009', staff.pharmacist, MOVE, { id: med.id, v: 1, to: 'canceled' }],
      ['ARO-E6009', staff.pharmacist, CANCEL, { id: med.id, v: 1, r: 'tired' }],
      ['ARO-E6005', staff.pharmacist, CHARGE, { id: med.id, v: 1, a: '0' }],
      ['ARO-E6005', staff.pharmacist, CHARGE, { id: med.id, v: 1, a: '12.345' }],
      ['ARO-E6002', staff.pharmacist, CHARGE, { id: med.id, v: 7, a: '100' }],
      ['ARO-E6014', staff.admin, SCHEDULE, { id: med.id, v: 1, n: 'Kamal', t: new Date().toISOString() }],
      ['ARO-E6020', staff.pharmacist, NOTE, { id: med.id, v: 1, text: '   ' }],
      ['ARO-E2001', staff.pharmacist, ATTACH, { id: med.id, v: 1, b: randomUUID() }],
      // A role of the hospital that does not work the category.
      ['ARO-E1210', staff.labTechnician, CHARGE, { id: med.id, v: 1, a: '100' }],
      ['ARO-E1210', staff.nurse, MOVE, { id: med.id, v: 1, to: 'confirming' }],
      // The estimated time is the pharmacy's: a lab test refuses it (admin may try), a lab technician may not ask at all.
      ['ARO-E6010', staff.admin, ESTIMATE, { id: lab.id, v: 1, t: new Date().toISOString() }],
      ['ARO-E1210', staff.labTechnician, ESTIMATE, { id: lab.id, v: 1, t: new Date().toISOString() }],
      // A hospital visit has no home sample collection.
      ['ARO-E6014', staff.labTechnician, SCHEDULE, { id: lab.id, v: 1, n: 'Kamal', t: new Date().toISOString() }],
      // Leaving confirming needs a charge.
      ['ARO-E6003', staff.labTechnician, MOVE, { id: lab.id, v: 1, to: 'processing' }],
    ];
    for (const [expected, who, query, variables] of cases) {
      const answer = await as(who, query, { o: hospital, ...variables });
      expect(code(answer), `${expected} ${JSON.stringify(variables)}`).toBe(expected);
    }
    expect(await row(med.id)).toEqual(before);
    expect(await historyOf(med.id)).toEqual(beforeHistory);
    expect((await row(lab.id)).version).toBe(1);
    // A closed order refuses everything but staff documents.
    const canceled = await ok(staff.pharmacist, CANCEL, { id: med.id, v: 1, r: 'outOfStock' });
    expect(canceled.order).toMatchObject({ orderStatus: 'canceled', orderCanceledReason: 'outOfStock' });
    expect(canceled.order.events.at(-1)).toMatchObject({ event: 'cancel', fromStatus: 'new', toStatus: 'canceled', reason: 'outOfStock' });
    expect(code(await as(staff.pharmacist, CHARGE, { o: hospital, id: med.id, v: 2, a: '100' }))).toBe('ARO-E6001');
    expect(code(await as(staff.pharmacist, MOVE, { o: hospital, id: med.id, v: 2, to: 'confirming' }))).toBe('ARO-E6001');
    expect(code(await as(staff.pharmacist, ATTACH, { o: hospital, id: med.id, v: 2, b: await staffUpload(staff.pharmacist) }))).toBe('ARO-E6001');
  }, 60_000);

  it("another hospital's staff cannot change the order: the same not-found, nothing changed", async () => {
    const created = await order(alice, 'Medication');
    const before = await row(created.id);
    for (const [query, variables] of [
      [CHARGE, { a: '100' }],
      [MOVE, { to: 'confirming' }],
      [CANCEL, { r: 'outOfStock' }],
      [NOTE, { text: 'Hello' }],
      [REPLACE, {}],
    ] as const) {
      // Naming their own hospital, the order is not there; naming this one, they are not a member.
      expect(code(await as(staff.otherPharmacist, query, { o: otherHospital, id: created.id, v: 1, ...variables }))).toBe(NOT_FOUND);
      expect(code(await as(staff.otherPharmacist, query, { o: hospital, id: created.id, v: 1, ...variables }))).toBe(NOT_FOUND);
    }
    expect(await row(created.id)).toEqual(before);
  });
});

describe('an admission, worked by the doctor (issue 30 §2.4)', () => {
  it("has only its own states and is not completed unpaid: a clear 'CODE:message', nothing changed", async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Finance');
    let view = await ok(staff.doctor, CHARGE, { id: created.id, v: created.version, a: '1500.00' });
    view = await ok(staff.doctor, MOVE, { id: created.id, v: view.order.version, to: 'drConfirming' });
    view = await ok(staff.doctor, MOVE, { id: created.id, v: view.order.version, to: 'preparing' });
    expect(view.order).toMatchObject({ orderStatus: 'preparing', serviceRequestPaymentStatus: 'pending', serviceRequestChargingAmount: 1500 });
    // The console is offered no lab state and no home sample collection.
    expect(view.nextStatuses).toEqual(['processing', 'completed', 'canceled']);
    expect(view.canScheduleSampleCollection).toBe(false);
    const before = await row(created.id);
    const beforeHistory = await historyOf(created.id);
    const refusals: [string, string, Record<string, unknown>][] = [
      ['ARO-E6003:This order cannot move from Preparing to Sample Collecting', MOVE, { to: 'sampleCollecting' }],
      ['ARO-E6003:This order cannot move from Preparing to Sample Collected', MOVE, { to: 'sampleCollected' }],
      ['ARO-E6014:This order has no home sample collection', SCHEDULE, { n: 'Kamal', t: new Date().toISOString() }],
      ['ARO-E6008:This order is not paid yet', MOVE, { to: 'completed' }],
    ];
    for (const [message, query, variables] of refusals) {
      for (const who of [staff.doctor, staff.admin]) {
        const answer = await as(who, query, { o: hospital, id: created.id, v: view.order.version, ...variables });
        // Doctors work admissions only, which have no collection: they may schedule none at all.
        const expected = query === SCHEDULE && who === staff.doctor ? 'ARO-E1210:You do not have permission for this action' : message;
        expect(answer.errors?.[0]?.message, message).toBe(expected);
      }
    }
    expect(await row(created.id)).toEqual(before);
    expect(await historyOf(created.id)).toEqual(beforeHistory);
    const seen = await as<{ serviceRequest: { orderStatus: string; version: number } }>(patient, PATIENT_ORDER, { id: created.id });
    expect(seen.data?.serviceRequest).toMatchObject({ orderStatus: 'preparing', version: view.order.version });
    // Once the payment is recorded at the desk, the patient is admitted.
    const taken = await as(staff.doctor, TAKE_CASH, { o: hospital, id: created.id, v: view.order.version });
    expect(taken.errors).toBeUndefined();
    view = await ok(staff.doctor, MOVE, { id: created.id, v: view.order.version + 1, to: 'completed' });
    expect(view.order).toMatchObject({ orderStatus: 'completed', serviceRequestPaymentStatus: 'paid' });
  }, 60_000);
});

describe('a home lab test, worked by the lab technician', () => {
  it('schedules the collector (SMS with name and time), on the way (SMS), through to the report (SMS) and completion', async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Examination', { diagnosticReport: ['FBC'] });
    let view = await ok(staff.labTechnician, CHARGE, { id: created.id, v: 1, a: '2500' });
    expect(view.canScheduleSampleCollection).toBe(true);
    const at = new Date(Date.UTC(2030, 0, 15, 4, 30));
    view = await ok(staff.labTechnician, SCHEDULE, { id: created.id, v: view.order.version, n: 'Kamal Perera', t: at.toISOString() });
    expect(view.order).toMatchObject({ orderStatus: 'sampleCollecting', sampleCollectionUserName: 'Kamal Perera' });
    expect(new Date(view.order.sampleCollectionTime ?? '').getTime()).toBe(at.getTime());
    let texts = await textsTo(patient.mobileNo);
    expect(texts).toHaveLength(1);
    // Tenant-branded, with the collector and the time in hospital time (10:00 in Colombo).
    expect(texts[0]).toMatch(new RegExp(`^${t.tenants.defaultTenant.publicConfig.branding.hospitalName}: Kamal Perera will collect the sample for your order ${created.identifier} on .*10:00`, 'i'));
    view = await ok(staff.labTechnician, MOVE, { id: created.id, v: view.order.version, to: 'sampleCollectingHome' });
    texts = await textsTo(patient.mobileNo);
    expect(texts[1]).toContain('Kamal Perera is on the way to collect the sample');
    for (const to of ['sampleCollected', 'sampleArrived', 'processing']) {
      view = await ok(staff.labTechnician, MOVE, { id: created.id, v: view.order.version, to });
    }
    expect(await textsTo(patient.mobileNo)).toHaveLength(2);
    view = await ok(staff.labTechnician, MOVE, { id: created.id, v: view.order.version, to: 'reportReady' });
    texts = await textsTo(patient.mobileNo);
    expect(texts).toHaveLength(3);
    expect(texts[2]).toContain(`The report for your order ${created.identifier} is ready.`);
    // The report, attached by the lab (author User), then the patient pays cash and the lab completes.
    view = await ok(staff.labTechnician, ATTACH, { id: created.id, v: view.order.version, b: await staffUpload(staff.labTechnician), d: 'Lab report' });
    const report = view.order.documents.at(-1);
    expect(report).toMatchObject({ author: `User/${staff.labTechnician.id}`, description: 'Lab report' });
    const cash = await as<{ patchServiceRequest: { version: number } }>(patient, PATCH_ORDER, { id: created.id, v: view.order.version, input: { serviceRequestPaymentMethod: 'cash' } });
    // The hospital's desk (not the lab) takes the cash.
    expect((await as(staff.admin, TAKE_CASH, { o: hospital, id: created.id, v: cash.data?.patchServiceRequest.version })).errors).toBeUndefined();
    view = await ok(staff.labTechnician, MOVE, { id: created.id, v: (cash.data?.patchServiceRequest.version ?? 0) + 1, to: 'completed' });
    expect(view.order.orderStatus).toBe('completed');
    expect(await textsTo(patient.mobileNo)).toHaveLength(3);
    // The patient can open the report.
    const read = await t.app.inject({ method: 'GET', url: `/blob/get/${report?.blobId ?? ''}`, headers: { authorization: `Bearer ${patient.token}` } });
    expect(read.statusCode).toBe(200);
  }, 60_000);

  it('SMS follow the account language', async () => {
    const patient = await makePatient();
    // Sinhala texts for this account.
    await t.database.db.update(accounts).set({ preferredLanguage: 'si' }).where(eq(accounts.id, patient.accountId));
    const created = await order(patient, 'Examination');
    const view = await ok(staff.labTechnician, CHARGE, { id: created.id, v: 1, a: '2500' });
    await ok(staff.labTechnician, SCHEDULE, { id: created.id, v: view.order.version, n: 'Kamal', t: new Date(Date.now() + 86_400_000).toISOString() });
    const [text] = await textsTo(patient.mobileNo);
    expect(text).toContain('නියැදිය');
    expect(text).toContain('Kamal');
  });
});

describe('notes, documents and replacement', () => {
  it('replies in the notes with an attachment: author User with the name, performerReplied, seen by the patient', async () => {
    const created = await order(alice, 'Medication');
    const blobId = await staffUpload(staff.pharmacist);
    const view = await ok(staff.pharmacist, NOTE, { id: created.id, v: 1, text: 'Please send a clearer photo', b: blobId });
    const note = view.order.note.at(-1);
    expect(note).toMatchObject({ authorReference: `User/${staff.pharmacist.id}`, authorDisplay: staff.pharmacist.name, text: 'Please send a clearer photo' });
    const attachment = view.order.documents.find((d) => d.id === note?.attachmentDocumentReferenceId);
    expect(attachment).toMatchObject({ author: `User/${staff.pharmacist.id}`, blobId });
    expect(view.order.orderCommunicationStatus).toBe('performerReplied');
    expect(view.order.events.slice(-2).map((e) => e.event)).toEqual(['attachDocument', 'addNote']);
    const seen = await as<{ serviceRequest: { orderCommunicationStatus: string; note: { authorReference: string; attachmentDocumentReferenceId: string | null }[] } }>(alice, PATIENT_ORDER, { id: created.id });
    expect(seen.data?.serviceRequest.orderCommunicationStatus).toBe('performerReplied');
    expect(seen.data?.serviceRequest.note.at(-1)).toEqual({ authorReference: `User/${staff.pharmacist.id}`, text: 'Please send a clearer photo', attachmentDocumentReferenceId: attachment?.id });
    const read = await t.app.inject({ method: 'GET', url: `/blob/get/${blobId}`, headers: { authorization: `Bearer ${alice.token}` } });
    expect(read.statusCode).toBe(200);
    // A note without an attachment; another member's upload is not found.
    const plain = await ok(staff.pharmacist, NOTE, { id: created.id, v: view.order.version, text: 'Thank you' });
    expect(plain.order.note.at(-1)?.attachmentDocumentReferenceId).toBeNull();
    const foreign = await staffUpload(staff.admin);
    expect(code(await as(staff.pharmacist, NOTE, { o: hospital, id: created.id, v: plain.order.version, text: 'x', b: foreign }))).toBe(NOT_FOUND);
  });

  it('staff upload files with their token (audited, own quota); a temporary password is refused first', async () => {
    const blobId = await staffUpload(staff.nurse);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.nurse.id), eq(auditEvents.action, 'blob.upload')));
    expect(audit).toMatchObject({ actorKind: 'staff' });
    expect((audit?.details as { blobId?: string }).blobId).toBe(blobId);
    // The uploader reads it back; a patient does not, until it is attached to their order.
    const read = (token: string) => t.app.inject({ method: 'GET', url: `/blob/get/${blobId}`, headers: { authorization: `Bearer ${token}` } });
    expect((await read(staff.nurse.token)).statusCode).toBe(200);
    expect((await read(alice.token)).statusCode).toBe(404);
    const fresh = await makeStaffUser(t.database.db, TENANT, [{ organizationId: hospital, role: 'nurse' }], { mustChangePassword: true });
    const { token } = await createStaffAccessSession(t.database.db, TENANT, fresh.id);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/blob/put',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: png,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/^ARO-E1201:/);
  });

  it('replaces an order: the replacement records replaces, the old one replacedBy; the patient is sent on', async () => {
    const created = await order(alice, 'Examination', { diagnosticReport: ['FBC'] });
    const noted = await as<{ patchServiceRequest: { version: number } }>(alice, PATCH_ORDER, { id: created.id, v: 1, input: { note: 'Fasting since 8pm' } });
    expect(noted.errors).toBeUndefined();
    const replacement = await ok(staff.labTechnician, REPLACE, { id: created.id, v: 2, input: { diagnosticReport: ['FBS'] } });
    // The conversation goes on on the replacement.
    expect(replacement.order.note.map((n) => [n.authorReference, n.text])).toEqual([[`Patient/${alice.patientId}`, 'Fasting since 8pm']]);
    expect(replacement.order.id).not.toBe(created.id);
    expect(replacement.order).toMatchObject({ replaces: created.id, replacedBy: null, orderStatus: 'new', category: 'Examination', patientId: alice.patientId });
    expect(replacement.order.documents).toHaveLength(1);
    expect(replacement.order.events).toEqual([
      { event: 'create', fromStatus: null, toStatus: 'new', actorReference: `User/${staff.labTechnician.id}`, reason: `ServiceRequest/${created.id}` },
    ]);
    const old = await staffOrder(staff.labTechnician, created.id);
    expect(old.data?.staffOrder.order).toMatchObject({ replacedBy: replacement.order.id, version: 3 });
    expect(old.data?.staffOrder.order.events.at(-1)).toMatchObject({ event: 'replace' });
    expect(old.data?.staffOrder.nextStatuses).toEqual([]);
    // The replaced order is in the done queue, its replacement in the new one.
    type Ids = { staffOrders: { nodes: { id: string }[] } };
    const done = await as<Ids>(staff.labTechnician, LIST, { o: hospital, q: 'DONE', s: created.identifier });
    expect(done.data?.staffOrders.nodes.map((n) => n.id)).toEqual([created.id]);
    const fresh = await as<Ids>(staff.labTechnician, LIST, { o: hospital, q: 'NEW', s: replacement.order.identifier });
    expect(fresh.data?.staffOrders.nodes.map((n) => n.id)).toEqual([replacement.order.id]);
    const seen = await as<{ serviceRequest: { replacedBy: string } }>(alice, PATIENT_ORDER, { id: created.id });
    expect(seen.data?.serviceRequest.replacedBy).toBe(replacement.order.id);
    // The replaced order is done; another change is refused.
    expect(code(await as(staff.labTechnician, MOVE, { o: hospital, id: created.id, v: 3, to: 'confirming' }))).toBe('ARO-E6004');
  });

  it("a document on orders of two hospitals is readable by both hospitals' staff, audited; a third hospital's not", async () => {
    const thirdHospital = (await makeOrganization(t.database.db, TENANT)).id;
    const thirdNurse = await staffMember(thirdHospital, 'nurse');
    const documentId = await patientDocument(alice);
    const input = (organization: string) => ({
      patientId: alice.patientId,
      orderCategory: 'Medication',
      organization,
      documentReferenceIds: [documentId],
      addressLineOne: 'No 12',
    });
    expect((await as(alice, CREATE_ORDER, { input: input(hospital) })).errors).toBeUndefined();
    expect((await as(alice, CREATE_ORDER, { input: input(otherHospital) })).errors).toBeUndefined();
    const [document] = await t.database.db.select().from(documentReferences).where(eq(documentReferences.id, documentId));
    const blobId = document?.blobId ?? '';
    // The document belongs to the first order's hospital; the second hospital reaches it through its order.
    expect(document?.organizationId).toBe(hospital);
    const status = async (who: Staff) =>
      (await t.app.inject({ method: 'GET', url: `/blob/get/${blobId}`, headers: { authorization: `Bearer ${who.token}` } })).statusCode;
    expect(await status(staff.pharmacist)).toBe(200);
    expect(await status(staff.otherPharmacist)).toBe(200);
    expect(await status(thirdNurse)).toBe(404);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.otherPharmacist.id), eq(auditEvents.action, 'document.read')));
    expect(reads.some((r) => r.organizationId === otherHospital && r.patientId === alice.patientId)).toBe(true);
  });
});

describe('audit and the patient meanwhile', () => {
  it('a staff change writes exactly one audit row of its own; a replay reads (and audits) the order again', async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication');
    const key = `charge-${randomUUID()}`;
    await ok(staff.pharmacist, CHARGE, { id: created.id, v: created.version, a: '420', k: key });
    const actions = async () =>
      (
        await t.database.db
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(and(eq(auditEvents.actorId, staff.pharmacist.id), eq(auditEvents.patientId, patient.patientId)))
      ).map((a) => a.action);
    expect(await actions()).toEqual(['order.setCharge']);
    await ok(staff.pharmacist, CHARGE, { id: created.id, v: created.version, a: '420', k: key });
    expect((await actions()).sort()).toEqual(['order.read', 'order.setCharge']);
  });

  it("a patient's note sent with the version read before a staff change is still appended", async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication');
    await ok(staff.pharmacist, CHARGE, { id: created.id, v: created.version, a: '300' });
    const noted = await as<{ patchServiceRequest: { version: number } }>(patient, PATCH_ORDER, {
      id: created.id,
      v: created.version,
      input: { note: 'Please call before coming' },
    });
    expect(noted.errors).toBeUndefined();
    const view = (await staffOrder(staff.pharmacist, created.id)).data?.staffOrder;
    expect(view?.order.note.map((n) => n.text)).toEqual(['Please call before coming']);
    expect(view?.order).toMatchObject({ orderCommunicationStatus: 'patientReplied', version: created.version + 2, serviceRequestChargingAmount: 300 });
    // A change that is not append-only still needs the version seen.
    const stale = await as(patient, PATCH_ORDER, { id: created.id, v: created.version, input: { addressCity: 'Galle' } });
    expect(code(stale)).toBe('ARO-E6002');
  });
});

describe('concurrency', () => {
  it('two staff moving the same order at once: one wins, the other gets ARO-E6002, the history stays consistent', async () => {
    const created = await order(alice, 'Medication');
    const charged = await ok(staff.pharmacist, CHARGE, { id: created.id, v: 1, a: '300' });
    const v = charged.order.version;
    const [a, b] = await Promise.all([
      as(staff.pharmacist, MOVE, { o: hospital, id: created.id, v, to: 'preparing' }),
      as(staff.admin, CANCEL, { o: hospital, id: created.id, v, r: 'patientRequested' }),
    ]);
    const codes = [code(a), code(b)].sort();
    expect(codes).toEqual([null, 'ARO-E6002'].sort());
    const lines = await historyOf(created.id);
    expect(lines).toHaveLength(3);
    const last = lines.at(-1);
    const final = await row(created.id);
    expect(final.version).toBe(v + 1);
    expect(last?.toStatus).toBe(final.medicationOrderStatus);
    expect(last?.fromStatus).toBe('confirming');
    const loser = (code(a) ? a : b).errors?.[0]?.message;
    expect(loser).toBe('ARO-E6002:This order was changed by someone else. Please reload and try again');
  });
});

describe('live', () => {
  let url: string;
  let clients: Client[] = [];

  const client = (token: string): Client => {
    const made = createClient({ url: `${url}?access_token=${encodeURIComponent(token)}`, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true});
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    if (!t.app.server.listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(async () => {
    for (const made of clients) {
      await made.dispose();
    }
    clients = [];
  });

  it("the patient's subscription and the hospital's staff topic hear a staff change; another hospital hears nothing", async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication');
    const elsewhere = client(staff.otherPharmacist.token).iterate({
      query: 'subscription ($o: ID!) { subscribeStaffOrders(organizationId: $o) { id } }',
      variables: { o: hospital },
    });
    const patientEvents = client(patient.token).iterate<{ subscribeServiceRequest: { id: string; orderStatus: string } }>({
      query: 'subscription { subscribeServiceRequest { id orderStatus } }',
    });
    const staffEvents = client(staff.pharmacist.token).iterate<{ subscribeStaffOrders: { id: string; order: { orderStatus: string } } }>({
      query: 'subscription ($o: ID!) { subscribeStaffOrders(organizationId: $o) { id order { orderStatus } } }',
      variables: { o: hospital },
    });
    // Refused at subscribe time, like a missing hospital, and nothing more comes.
    const refusal = await elsewhere.next().then(
      (step) => step.value as unknown,
      (error: unknown) => error,
    );
    expect(JSON.stringify(refusal)).toContain(NOT_FOUND);
    await expect(elsewhere.next()).resolves.toEqual({ done: true, value: undefined });
    const patientFirst = patientEvents.next();
    const staffFirst = staffEvents.next();
    let heard = false;
    void Promise.all([patientFirst, staffFirst]).then(() => {
      heard = true;
    });
    // Subscribing is asynchronous: a patient note (appended at any version) until both listen, then the staff change.
    for (let attempt = 0; attempt < 40 && !heard; attempt++) {
      await as(patient, PATCH_ORDER, { id: created.id, v: 0, input: { note: 'Ping' } });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await staffFirst).value).toMatchObject({ data: { subscribeStaffOrders: { id: created.id } } });
    await ok(staff.pharmacist, CHARGE, { id: created.id, v: (await row(created.id)).version, a: '900' });
    const untilConfirming = async <T,>(events: AsyncIterator<T>, status: (value: T) => string | undefined): Promise<string | undefined> => {
      for (;;) {
        const step = await events.next();
        const value = status(step.value as T);
        if (step.done || value === 'confirming') {
          return value;
        }
      }
    };
    expect(await untilConfirming(patientEvents, (v) => (v as Body<{ subscribeServiceRequest: { orderStatus: string } }>).data?.subscribeServiceRequest.orderStatus)).toBe('confirming');
    expect(await untilConfirming(staffEvents, (v) => (v as Body<{ subscribeStaffOrders: { order: { orderStatus: string } } }>).data?.subscribeStaffOrders.order.orderStatus)).toBe('confirming');
    await patientEvents.return?.(undefined);
    await staffEvents.return?.(undefined);
    const liveReads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, staff.pharmacist.id), eq(auditEvents.action, 'order.read.live')));
    expect(liveReads.length).toBeGreaterThan(0);
  }, 60_000);

  it("a heartbeat stamp alone is published nowhere: no console reload, no 'order.read.live' audit row", async () => {
    const patient = await makePatient();
    const created = await order(patient, 'Medication');
    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    try {
      for (let stamp = 0; stamp < 5; stamp++) {
        const stamped = await as(patient, PATCH_ORDER, { id: created.id, v: 0, input: { heartbeatLinkSeen: true, timeStampKey: 'heartbeatLastSeen' } });
        expect(stamped.errors).toBeUndefined();
      }
      const topics = () => spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
      expect(topics()).toEqual([]);
      // A real change of the patient's is published to the account and to the hospital's staff topic.
      expect((await as(patient, PATCH_ORDER, { id: created.id, v: 0, input: { note: 'Ping' } })).errors).toBeUndefined();
      expect(topics()).toEqual([accountOrdersTopic(TENANT, patient.accountId), staffOrdersTopic(TENANT, hospital)]);
    } finally {
      spy.mockRestore();
    }
  });
});
