import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FACTORY_STAFF_PASSWORD, makeOrganization, makeStaffUser } from '../../../test/factories.ts';
import { auditEvents, bookingRequests, gatewayEvents, invoices, orderEvents, payments, serviceRequests } from '../../db/schema/index.ts';
import type { StaffRole } from '@careline/domain/staff';
import { cyberSource } from '../../providers/payment-gateways/cybersource.ts';
import {
  eventually,
  hiddenFields,
  makeSignedInPatient,
  patientAuth,
  postForm,
  recordingDeps,
  sandboxCard,
  saveSandboxCard,
  signedGatewayAnswer,
  type FixturePatient,
} from './payments-test-fixture.ts';
import { applyGatewayAnswer, matchAnswer } from './gateway-answers.service.ts';

/*
 * Order payment (spec doc 3 §4 Order payment, §5, §7 Prepare invoice; issue 9: order payment uses
 * the payments module): an order's invoice is its charging amount, for the account's own orders
 * only, prepared again when the charge changes; paying it by the sandbox card, a saved card or
 * choosing cash; a credited payment marks the order paid exactly once and tells the patient live.
 */

let t: TestApp;
let tenantId: string;
let hospital: string;
let secretKey: string;

const INVOICE_FIELDS = 'id requestReference serviceRequestId appointmentId patientId items { description amount } values total currency reasonCode';

type InvoiceAnswer = {
  id: string;
  requestReference: string;
  serviceRequestId: string | null;
  appointmentId: string | null;
  patientId: string | null;
  items: { description: string; amount: string }[];
  values: string[];
  total: string;
  currency: string;
  reasonCode: string;
};

/** An order of the patient, as the hospital left it: a medication order with this charge (major units). */
async function makeOrder(patient: FixturePatient, charge: number | null, fields: Partial<typeof serviceRequests.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(serviceRequests)
    .values({
      tenantId,
      accountId: patient.accountId,
      patientId: patient.patientId,
      category: 'Medication',
      codeCode: '4',
      organizationId: hospital,
      identifier: `SR-${randomUUID().slice(0, 8)}`,
      serviceRequestChargingAmount: charge,
      medicationOrderStatus: charge === null ? 'new' : 'confirming',
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('order not inserted');
  }
  return row;
}

const orderRow = async (id: string) => {
  const [row] = await t.database.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  return row;
};

const paymentEvents = (id: string) =>
  t.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.serviceRequestId, id), eq(orderEvents.event, 'recordPayment')));

const paymentsOf = (id: string) => t.database.db.select().from(payments).where(eq(payments.requestReference, `ServiceRequest/${id}`));

async function prepare(patient: FixturePatient, serviceRequestId: string) {
  return t.gql<{ prepareInvoice: InvoiceAnswer }>(
    `mutation ($input: PrepareInvoiceInput!) { prepareInvoice(input: $input) { ${INVOICE_FIELDS} } }`,
    { input: { serviceRequestId, instrumentType: 'credit_card' } },
    patientAuth(patient),
  );
}

type BookingAnswer = { id: string; formUrl: string; signature: { parameter: { name: string; value: string }[] } };

async function initiate(patient: FixturePatient, invoiceId: string, orderId: string, gateway = 'cyberSource') {
  const back = `/order/view?orderId=${orderId}`;
  return t.gql<{ initiateBooking: BookingAnswer }>(
    'mutation ($input: InitiateBookingInput!) { initiateBooking(input: $input) { id formUrl signature { parameter { name value } } } }',
    { input: { id: invoiceId, successUrl: back, failureUrl: back, paymentGatewayType: gateway } },
    patientAuth(patient),
  );
}

/** An order with a charge, its invoice and a card booking request: the signed form fields. */
async function startCardPayment(patient: FixturePatient, charge = 1500) {
  const order = await makeOrder(patient, charge);
  const invoice = (await prepare(patient, order.id)).data?.prepareInvoice;
  if (!invoice) {
    throw new Error('no invoice');
  }
  const started = await initiate(patient, invoice.id, order.id);
  const booking = started.data?.initiateBooking;
  if (!booking) {
    throw new Error(`initiateBooking failed: ${JSON.stringify(started.errors)}`);
  }
  const form = Object.fromEntries(booking.signature.parameter.map((field) => [field.name, field.value]));
  return { order, invoice, booking, form };
}

const errorOf = (body: { errors?: { message: string }[] }) => body.errors?.[0]?.message ?? null;

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  secretKey = t.tenants.defaultTenant.gateways.cyberSource.secretKey;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
});

afterAll(async () => {
  await t.close();
});

describe('prepareInvoice for an order (spec doc 3 §7 Prepare invoice)', () => {
  it("invoices the account's order for its charging amount, ServiceRequest/{id}, and reuses the open invoice", async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 1234.5, { serviceRequestInitiatedFor: 'homecare' });
    const first = await prepare(patient, order.id);
    expect(first.errors).toBeUndefined();
    expect(first.data?.prepareInvoice).toMatchObject({
      requestReference: `ServiceRequest/${order.id}`,
      serviceRequestId: order.id,
      appointmentId: null,
      patientId: patient.patientId,
      items: [{ description: `Medication Order ${order.identifier}`, amount: '1234.50' }],
      values: ['1234.50'],
      total: '1234.50',
      // The tenant's currency: an order has no charging scheme of its own.
      currency: t.tenants.defaultTenant.publicConfig.currency,
      reasonCode: 'prepayment_collected',
    });
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, first.data?.prepareInvoice.id ?? ''));
    // spec doc 3 §7: serviceClass HH for home, instrumentType credit_card.
    expect(stored).toMatchObject({ serviceClass: 'HH', instrumentType: 'credit_card', serviceRequestId: order.id });
    const again = await prepare(patient, order.id);
    expect(again.data?.prepareInvoice.id).toBe(first.data?.prepareInvoice.id);
  });

  it("answers another account's order exactly like a missing one, and makes no invoice", async () => {
    const owner = await makeSignedInPatient(t, tenantId, hospital);
    const other = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(owner, 900);
    const foreign = await prepare(other, order.id);
    const missing = await prepare(other, randomUUID());
    expect(errorOf(foreign)).toMatch(/^ARO-E2001:/);
    expect(errorOf(foreign)).toBe(errorOf(missing));
    expect(await t.database.db.select().from(invoices).where(eq(invoices.serviceRequestId, order.id))).toEqual([]);
  });

  it('refuses an order without a charge, a paid one and a closed one', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    expect(errorOf(await prepare(patient, (await makeOrder(patient, null)).id))).toMatch(/^ARO-E5024:/);
    expect(errorOf(await prepare(patient, (await makeOrder(patient, 0)).id))).toMatch(/^ARO-E5024:/);
    const paid = await makeOrder(patient, 500, { serviceRequestPaymentStatus: 'paid' });
    expect(errorOf(await prepare(patient, paid.id))).toBe('ARO-E5023:This order is already paid');
    const canceled = await makeOrder(patient, 500, { medicationOrderStatus: 'canceled' });
    expect(errorOf(await prepare(patient, canceled.id))).toMatch(/^ARO-E5025:/);
  });

  it('prepares the invoice again when the charge changes; the old one can no longer be paid', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 1500);
    const old = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect(old?.total).toBe('1500.00');
    // The hospital changes the charge: the open invoice is for the old amount.
    await t.database.db.update(serviceRequests).set({ serviceRequestChargingAmount: 1750.25 }).where(eq(serviceRequests.id, order.id));
    expect(errorOf(await initiate(patient, old?.id ?? '', order.id))).toMatch(/^ARO-E5026:/);
    const renewed = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect(renewed?.id).not.toBe(old?.id);
    expect(renewed).toMatchObject({ total: '1750.25', values: ['1750.25'], reasonCode: 'prepayment_collected' });
    const [superseded] = await t.database.db.select().from(invoices).where(eq(invoices.id, old?.id ?? ''));
    expect(superseded?.reasonCode).toBe('superseded');
    expect(errorOf(await initiate(patient, old?.id ?? '', order.id))).toMatch(/^ARO-E5007:/);
    expect((await initiate(patient, renewed?.id ?? '', order.id)).errors).toBeUndefined();
  });
});

describe('paying an order (spec doc 3 §4 Order payment)', () => {
  it('pays by the sandbox card: credited once, the order paid with a history line, ServiceRequest/{id} in payment history', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, booking, form } = await startCardPayment(patient, 2200);
    expect(booking.formUrl).toBe('/sandbox/cybersource/silent/pay');
    const page = await postForm(t, booking.formUrl, {
      ...form,
      card_type: '001',
      card_number: sandboxCard('ACCEPT'),
      card_expiry_date: '12-2031',
      card_cvn: '123',
    });
    expect(page.statusCode).toBe(200);
    const answer = hiddenFields(page.body);
    expect(answer.decision).toBe('ACCEPT');
    const back = await postForm(t, '/payments/cybersource/return', answer);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/order/view?orderId=${order.id}&paymentStatus=Success&bookingId=${booking.id}`);
    // The sandbox's merchant notification of the same answer races the return: credited once.
    await eventually(async () => (await postForm(t, '/payments/cybersource/notify', answer)).statusCode === 200);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ serviceRequestPaymentStatus: 'paid', serviceRequestPaymentMethod: 'card', version: order.version + 1 });
    expect(await paymentEvents(order.id)).toHaveLength(1);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['ACCEPT']);
    const history = await t.gql<{ queryPaymentGatewayCallback: { requestReference: string; response: { status: string; amount: string }; invoice: { serviceRequestId: string } | null }[] }>(
      'query ($ref: String) { queryPaymentGatewayCallback(requestReference: $ref) { requestReference response { status amount } invoice { serviceRequestId } } }',
      { ref: `ServiceRequest/${order.id}` },
      patientAuth(patient),
    );
    expect(history.data?.queryPaymentGatewayCallback).toEqual([
      { requestReference: `ServiceRequest/${order.id}`, response: { status: 'ACCEPT', amount: '2200.00' }, invoice: { serviceRequestId: order.id } },
    ]);
    // Paid: no second invoice, no second payment.
    expect(errorOf(await prepare(patient, order.id))).toMatch(/^ARO-E5023:/);
  }, 30_000);

  it('publishes the live update once, and a replayed notification credits nothing more', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, form } = await startCardPayment(patient, 800);
    const { deps, published } = recordingDeps(t);
    const answer = cyberSource.readAnswer(deps.tenant.gateways.cyberSource, signedGatewayAnswer(form, secretKey));
    expect(answer).not.toBeNull();
    const booking = answer ? await matchAnswer(deps, answer, 'notify') : 'reference';
    if (!answer || typeof booking !== 'object') {
      throw new Error('the answer did not match its booking request');
    }
    expect((await applyGatewayAnswer(deps, booking, answer, 'notify')).outcome).toBe('credited');
    for (let replay = 0; replay < 5; replay++) {
      expect((await applyGatewayAnswer(deps, booking, answer, 'notify')).outcome).toBe('duplicate');
    }
    expect((await applyGatewayAnswer(deps, booking, answer, 'return')).outcome).toBe('duplicate');
    // The account's orders topic (the orders module's accountOrdersTopic): payments never imports orders.
    const topic = `orders:${tenantId}:${patient.accountId}`;
    expect(published.filter((event) => event.topic === topic)).toEqual([
      { topic, payload: { id: order.id, patientId: patient.patientId, intent: order.intent } },
    ]);
    expect(await paymentEvents(order.id)).toHaveLength(1);
    expect((await orderRow(order.id))?.version).toBe(order.version + 1);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['ACCEPT']);
  });

  it('replays the same signed notification over HTTP five times: one payment, one paid line', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, form } = await startCardPayment(patient, 640);
    const answer = signedGatewayAnswer(form, secretKey);
    for (let replay = 0; replay < 5; replay++) {
      expect((await postForm(t, '/payments/cybersource/notify', answer)).statusCode).toBe(200);
    }
    expect((await postForm(t, '/payments/cybersource/return', answer)).statusCode).toBe(303);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['ACCEPT']);
    expect(await paymentEvents(order.id)).toHaveLength(1);
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'paid', version: order.version + 1 });
  });

  it('an ACCEPT for the amount before the charge changed is kept for reconciliation: the order stays unpaid', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, form, booking } = await startCardPayment(patient, 1000);
    // The card form is open for 1000.00 when the hospital changes the charge and the invoice is prepared again.
    await t.database.db.update(serviceRequests).set({ serviceRequestChargingAmount: 1200 }).where(eq(serviceRequests.id, order.id));
    expect((await prepare(patient, order.id)).data?.prepareInvoice.total).toBe('1200.00');
    expect((await postForm(t, '/payments/cybersource/notify', signedGatewayAnswer(form, secretKey))).statusCode).toBe(200);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(['ACCEPT']);
    const [event] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.bookingRequestId, booking.id));
    expect(event?.outcome).toBe('reconcile');
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'pending', version: order.version });
    expect(await paymentEvents(order.id)).toEqual([]);
  });

  it('a declined card leaves the order unpaid and payable', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, invoice, form } = await startCardPayment(patient, 300);
    const back = await postForm(t, '/payments/cybersource/return', signedGatewayAnswer(form, secretKey, { decision: 'DECLINE', reason_code: '203' }));
    expect(back.headers.location).toContain('paymentStatus=Failure');
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'pending', version: order.version });
    expect(await paymentEvents(order.id)).toEqual([]);
    expect((await initiate(patient, invoice.id, order.id)).errors).toBeUndefined();
  });

  it('quick pay with the saved default card completes and marks the order paid', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    await saveSandboxCard(t, tenantId, patient);
    const order = await makeOrder(patient, 450);
    const invoice = (await prepare(patient, order.id)).data?.prepareInvoice;
    const quick = await t.gql<{ completeBooking: { id: string | null; status: string; requestReference: string | null } }>(
      'mutation ($input: CompleteBookingInput!, $key: String) { completeBooking(input: $input, idempotencyKey: $key) { id status requestReference } }',
      { input: { id: invoice?.id, paymentGatewayType: 'cyberSource' }, key: randomUUID() },
      patientAuth(patient),
    );
    expect(quick.errors).toBeUndefined();
    expect(quick.data?.completeBooking).toMatchObject({ status: 'completed', requestReference: `ServiceRequest/${order.id}` });
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'paid', serviceRequestPaymentMethod: 'card' });
  }, 30_000);

  it('cash: choosing cash on delivery sets the method, the invoice still shows, and online payment is refused', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 700);
    const chosen = await t.gql<{ patchServiceRequest: { serviceRequestPaymentMethod: string; version: number } }>(
      'mutation ($id: ID!, $v: Int!) { patchServiceRequest(id: $id, expectedVersion: $v, input: { serviceRequestPaymentMethod: "cash" }) { serviceRequestPaymentMethod version } }',
      { id: order.id, v: order.version },
      patientAuth(patient),
    );
    expect(chosen.errors).toBeUndefined();
    expect(chosen.data?.patchServiceRequest).toEqual({ serviceRequestPaymentMethod: 'cash', version: order.version + 1 });
    const invoice = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect(invoice?.total).toBe('700.00');
    expect(errorOf(await initiate(patient, invoice?.id ?? '', order.id))).toMatch(/^ARO-E5027:/);
    expect(await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.invoiceId, invoice?.id ?? ''))).toEqual([]);
    expect((await orderRow(order.id))?.serviceRequestPaymentStatus).toBe('pending');
  });
});

describe("the hospital records an order's cash payment (staffTakeOrderCashPayment)", () => {
  const TAKE =
    'mutation ($o: ID!, $id: ID!, $v: Int!, $k: String) { staffTakeOrderCashPayment(organizationId: $o, serviceRequestId: $id, expectedVersion: $v, idempotencyKey: $k) { receiptNumber serviceRequestId paymentId total category items { description amount } cashierName } }';
  type Receipt = { receiptNumber: string; serviceRequestId: string; paymentId: string; total: string; category: string; cashierName: string };

  async function staffAs(role: StaffRole, organizationId = hospital): Promise<{ token: string; id: string }> {
    const user = await makeStaffUser(t.database.db, tenantId, [{ organizationId, role }]);
    const body = await t.gql<{ staffSignIn: { token: string } }>(
      'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
      { e: user.email, p: FACTORY_STAFF_PASSWORD },
    );
    return { token: body.data?.staffSignIn.token ?? '', id: user.id };
  }

  const take = (token: string, orderId: string, organizationId = hospital, key: string | null = randomUUID(), v = 1) =>
    t.gql<{ staffTakeOrderCashPayment: Receipt }>(TAKE, { o: organizationId, id: orderId, v, k: key }, { authorization: `Bearer ${token}` });

  const CHARGE =
    'mutation ($o: ID!, $id: ID!, $v: Int!, $a: String!) { staffSetOrderCharge(organizationId: $o, id: $id, expectedVersion: $v, amount: $a) { order { version serviceRequestChargingAmount } } }';
  const CANCEL =
    'mutation ($o: ID!, $id: ID!, $v: Int!) { staffCancelOrder(organizationId: $o, id: $id, expectedVersion: $v, reason: "patientRequested") { order { version orderStatus } } }';
  const REPLACE =
    'mutation ($o: ID!, $id: ID!, $v: Int!) { staffReplaceOrder(organizationId: $o, id: $id, expectedVersion: $v, input: {}) { order { id version serviceRequestPaymentStatus serviceRequestChargingAmount replaces events { event reason } } } }';
  type StaffAnswer = { order: { id: string; version: number; serviceRequestChargingAmount: number | null; serviceRequestPaymentStatus: string; orderStatus: string; replaces: string | null; events: { event: string; reason: string | null }[] } };
  const staffDo = (token: string, query: string, variables: Record<string, unknown>) =>
    t.gql<Record<string, StaffAnswer>>(query, { o: hospital, ...variables }, { authorization: `Bearer ${token}` });
  const invoiceRow = async (id: string) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id)))[0];

  it('cash for a charge the cashier did not see (a stale expectedVersion) is refused: nothing recorded', async () => {
    const cashier = await staffAs('cashier');
    const pharmacist = await staffAs('pharmacist');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 500, { serviceRequestPaymentMethod: 'cash' });
    // The pharmacist raises the charge while the cashier's screen still shows 500.00 (version 1).
    expect((await staffDo(pharmacist.token, CHARGE, { id: order.id, v: 1, a: '650' })).errors).toBeUndefined();
    expect(errorOf(await take(cashier.token, order.id, hospital, randomUUID(), 1))).toBe('ARO-E6002:This order was changed by someone else. Please reload and try again');
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await orderRow(order.id))?.serviceRequestPaymentStatus).toBe('pending');
    const taken = await take(cashier.token, order.id, hospital, randomUUID(), 2);
    expect(taken.data?.staffTakeOrderCashPayment.total).toBe('650.00');
  });

  it("a new charge, a cancellation or a replacement is refused (ARO-E5015) while the patient's card page is open", async () => {
    const pharmacist = await staffAs('pharmacist');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, invoice } = await startCardPayment(patient, 1000);
    for (const [query, extra] of [[CHARGE, { a: '1100' }], [CANCEL, {}], [REPLACE, {}]] as const) {
      expect(errorOf(await staffDo(pharmacist.token, query, { id: order.id, v: order.version, ...extra }))).toMatch(/^ARO-E5015:/);
    }
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestChargingAmount: 1000, version: order.version, medicationOrderStatus: 'confirming', replacedById: null });
    expect((await invoiceRow(invoice.id))?.reasonCode).toBe('prepayment_collected');
  });

  it('a new charge with no payment in flight closes the open invoice at once: a late ACCEPT of it pays nothing', async () => {
    const pharmacist = await staffAs('pharmacist');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, invoice, booking, form } = await startCardPayment(patient, 1000);
    // The card page was abandoned long ago: it no longer holds the charge.
    await t.database.db.update(bookingRequests).set({ createdAt: new Date(Date.now() - 60 * 60_000) }).where(eq(bookingRequests.id, booking.id));
    const changed = await staffDo(pharmacist.token, CHARGE, { id: order.id, v: order.version, a: '1200' });
    expect(changed.errors).toBeUndefined();
    // Closed in the charge's transaction, not when the patient next prepares the invoice.
    expect((await invoiceRow(invoice.id))?.reasonCode).toBe('superseded');
    expect(errorOf(await initiate(patient, invoice.id, order.id))).toMatch(/^ARO-E5007:/);
    expect((await postForm(t, '/payments/cybersource/notify', signedGatewayAnswer(form, secretKey))).statusCode).toBe(200);
    const [event] = await t.database.db.select().from(gatewayEvents).where(eq(gatewayEvents.bookingRequestId, booking.id));
    expect(event?.outcome).toBe('reconcile');
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'pending', serviceRequestChargingAmount: 1200 });
    expect((await prepare(patient, order.id)).data?.prepareInvoice.total).toBe('1200.00');
  });

  it('cancelling and replacing close the open invoice; an unpaid replacement gets its own, a paid one stays paid with a reference', async () => {
    const pharmacist = await staffAs('pharmacist');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const canceled = await makeOrder(patient, 300);
    const canceledInvoice = (await prepare(patient, canceled.id)).data?.prepareInvoice;
    expect((await staffDo(pharmacist.token, CANCEL, { id: canceled.id, v: canceled.version })).errors).toBeUndefined();
    expect((await invoiceRow(canceledInvoice?.id ?? ''))?.reasonCode).toBe('superseded');
    const unpaid = await makeOrder(patient, 400);
    const oldInvoice = (await prepare(patient, unpaid.id)).data?.prepareInvoice;
    const replaced = await staffDo(pharmacist.token, REPLACE, { id: unpaid.id, v: unpaid.version });
    expect(replaced.errors).toBeUndefined();
    const replacement = replaced.data?.staffReplaceOrder?.order;
    expect(replacement).toMatchObject({ replaces: unpaid.id, serviceRequestPaymentStatus: 'pending', serviceRequestChargingAmount: 400 });
    expect((await invoiceRow(oldInvoice?.id ?? ''))?.reasonCode).toBe('superseded');
    const renewed = (await prepare(patient, replacement?.id ?? '')).data?.prepareInvoice;
    expect(renewed).toMatchObject({ requestReference: `ServiceRequest/${replacement?.id ?? ''}`, total: '400.00' });
    // A paid order: the replacement stays paid; the payment stays on the old order, named in the history.
    const cashier = await staffAs('cashier');
    const paid = await makeOrder(patient, 250, { serviceRequestPaymentMethod: 'cash' });
    expect((await take(cashier.token, paid.id)).errors).toBeUndefined();
    const paidReplaced = await staffDo(pharmacist.token, REPLACE, { id: paid.id, v: paid.version + 1 });
    expect(paidReplaced.errors).toBeUndefined();
    const paidReplacement = paidReplaced.data?.staffReplaceOrder?.order;
    expect(paidReplacement).toMatchObject({ serviceRequestPaymentStatus: 'paid', serviceRequestChargingAmount: 250 });
    expect(paidReplacement?.events.map((e) => [e.event, e.reason])).toEqual([
      ['create', `ServiceRequest/${paid.id}`],
      ['recordPayment', `paid on ServiceRequest/${paid.id}`],
    ]);
    expect(errorOf(await prepare(patient, paidReplacement?.id ?? ''))).toMatch(/^ARO-E5023:/);
    expect(await paymentsOf(paid.id)).toHaveLength(1);
  });

  it('the patient switching visit ↔ home after a charge closes the open invoice; the next one has the new service class', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 900, { serviceRequestInitiatedFor: 'homecare', addressLineOne: 'No 12', addressCity: 'Kandy' });
    const first = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect((await invoiceRow(first?.id ?? ''))?.serviceClass).toBe('HH');
    const SWITCH =
      'mutation ($id: ID!, $v: Int!, $to: String!) { patchServiceRequest(id: $id, expectedVersion: $v, input: { serviceRequestInitiatedFor: $to }) { version serviceRequestInitiatedFor } }';
    const toVisit = await t.gql<{ patchServiceRequest: { version: number } }>(SWITCH, { id: order.id, v: order.version, to: 'appointment' }, patientAuth(patient));
    expect(toVisit.errors).toBeUndefined();
    expect((await invoiceRow(first?.id ?? ''))?.reasonCode).toBe('superseded');
    const second = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect(second?.id).not.toBe(first?.id);
    expect((await invoiceRow(second?.id ?? ''))?.serviceClass).toBeNull();
    const toHome = await t.gql<{ patchServiceRequest: { version: number } }>(SWITCH, { id: order.id, v: toVisit.data?.patchServiceRequest.version, to: 'homecare' }, patientAuth(patient));
    expect(toHome.errors).toBeUndefined();
    const third = (await prepare(patient, order.id)).data?.prepareInvoice;
    expect((await invoiceRow(third?.id ?? ''))).toMatchObject({ serviceClass: 'HH', reasonCode: 'prepayment_collected' });
    // A card page still open (another tab): the switch is refused, the invoice stays open under it.
    const started = await initiate(patient, third?.id ?? '', order.id);
    const pageOpen = await t.gql(SWITCH, { id: order.id, v: toHome.data?.patchServiceRequest.version, to: 'appointment' }, patientAuth(patient));
    expect(errorOf(pageOpen)).toMatch(/^ARO-E5015:/);
    expect((await invoiceRow(third?.id ?? ''))?.reasonCode).toBe('prepayment_collected');
    // A payment of the open invoice still being processed: the switch waits for its result.
    await t.database.db.update(bookingRequests).set({ status: 'pending' }).where(eq(bookingRequests.id, started.data?.initiateBooking.id ?? ''));
    const refused = await t.gql(SWITCH, { id: order.id, v: toHome.data?.patchServiceRequest.version, to: 'appointment' }, patientAuth(patient));
    expect(errorOf(refused)).toMatch(/^ARO-E5015:/);
    expect((await orderRow(order.id))?.serviceRequestInitiatedFor).toBe('homecare');
  });

  it('a cashier records it: the receipt, the order paid in cash by User/{id}, ServiceRequest/{id} in history, audited; a second take names the receipt', async () => {
    const cashier = await staffAs('cashier');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const order = await makeOrder(patient, 980.5, { serviceRequestPaymentMethod: 'cash' });
    const taken = await take(cashier.token, order.id);
    expect(taken.errors).toBeUndefined();
    const receipt = taken.data?.staffTakeOrderCashPayment;
    expect(receipt).toMatchObject({ serviceRequestId: order.id, total: '980.50', category: 'Medication' });
    expect(receipt?.receiptNumber).toMatch(/^C\d{8}-[A-Z2-9]{8}$/);
    expect(await orderRow(order.id)).toMatchObject({ serviceRequestPaymentStatus: 'paid', serviceRequestPaymentMethod: 'cash', version: order.version + 1 });
    const [line] = await paymentEvents(order.id);
    expect(line).toMatchObject({ actorReference: `User/${cashier.id}`, reason: `cash ${receipt?.receiptNumber ?? ''}` });
    const history = await t.gql<{ queryPaymentGatewayCallback: { id: string; requestReference: string; response: { status: string; paymentGatewayType: string } }[] }>(
      '{ queryPaymentGatewayCallback { id requestReference response { status paymentGatewayType } } }',
      {},
      patientAuth(patient),
    );
    expect(history.data?.queryPaymentGatewayCallback).toEqual([
      { id: receipt?.paymentId, requestReference: `ServiceRequest/${order.id}`, response: { status: 'ACCEPT', paymentGatewayType: 'cash' } },
    ]);
    const audit = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'payment.cash'), eq(auditEvents.patientId, patient.patientId)));
    expect(audit).toHaveLength(1);
    const again = await take(cashier.token, order.id);
    expect(errorOf(again)).toBe(`ARO-E5028:This order was paid already: receipt ${receipt?.receiptNumber ?? ''}`);
    expect(await paymentsOf(order.id)).toHaveLength(1);
  });

  it("another hospital's staff get the not-found answer; a pharmacist may not record a lab test's payment", async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const elsewhere = (await makeOrganization(t.database.db, tenantId)).id;
    const foreignCashier = await staffAs('cashier', elsewhere);
    const order = await makeOrder(patient, 300);
    expect(errorOf(await take(foreignCashier.token, order.id, elsewhere))).toMatch(/^ARO-E2001:/);
    expect(errorOf(await take(foreignCashier.token, order.id, hospital))).toMatch(/^ARO-E2001:/);
    const pharmacist = await staffAs('pharmacist');
    const labTest = await makeOrder(patient, 300, { category: 'Examination', codeCode: '5', medicationOrderStatus: 'new', examinationOrderStatus: 'confirming' });
    expect(errorOf(await take(pharmacist.token, labTest.id))).toMatch(/^ARO-E1210:/);
    expect((await orderRow(labTest.id))?.serviceRequestPaymentStatus).toBe('pending');
    // The pharmacist hands medicines over: that payment is theirs to record.
    expect((await take(pharmacist.token, order.id)).errors).toBeUndefined();
    expect((await orderRow(order.id))?.serviceRequestPaymentStatus).toBe('paid');
  });

  it('the staff who work a lab test, procedure or admission take its cash and then complete it; not another category', async () => {
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const COMPLETE =
      'mutation ($o: ID!, $id: ID!, $v: Int!) { staffMoveOrderStatus(organizationId: $o, id: $id, expectedVersion: $v, to: "completed") { order { version orderStatus } } }';
    const cases = [
      ['labTechnician', { category: 'Examination', codeCode: '5', medicationOrderStatus: 'new', examinationOrderStatus: 'reportReady' }],
      ['nurse', { category: 'Procedure', codeCode: '6', medicationOrderStatus: 'new', procedureOrderStatus: 'processing', serviceRequestPaymentMethod: 'card' }],
      ['doctor', { category: 'Finance', codeCode: 'Finance', medicationOrderStatus: 'new', encounterOrderStatus: 'processing', serviceRequestPaymentMethod: 'genie' }],
    ] as const;
    for (const [role, fields] of cases) {
      const member = await staffAs(role);
      const order = await makeOrder(patient, 700, fields);
      // Completing waits for the charge (ARO-E6008), whatever method the patient chose (admissions
      // are not held by payment: paid by bank transfer and deposits, their cash may still be taken).
      if (fields.category !== 'Finance') {
        expect(errorOf(await staffDo(member.token, COMPLETE, { id: order.id, v: order.version })), role).toMatch(/^ARO-E6008:/);
      }
      const taken = await take(member.token, order.id);
      expect(taken.errors, role).toBeUndefined();
      expect(await orderRow(order.id), role).toMatchObject({ serviceRequestPaymentStatus: 'paid', serviceRequestPaymentMethod: 'cash' });
      const completed = await staffDo(member.token, COMPLETE, { id: order.id, v: order.version + 1 });
      expect(completed.errors, role).toBeUndefined();
      expect(completed.data?.staffMoveOrderStatus?.order.orderStatus, role).toBe('completed');
    }
    // A lab technician does not take a medication order's cash (the domain's recordPayment rule).
    const labTechnician = await staffAs('labTechnician');
    const medicines = await makeOrder(patient, 300);
    expect(errorOf(await take(labTechnician.token, medicines.id))).toMatch(/^ARO-E1210:/);
    expect((await orderRow(medicines.id))?.serviceRequestPaymentStatus).toBe('pending');
  });

  it("cash is refused (ARO-E5015) while the patient's card page is still open ('initiated'); an abandoned page does not hold it", async () => {
    const cashier = await staffAs('cashier');
    const patient = await makeSignedInPatient(t, tenantId, hospital);
    const { order, invoice, booking } = await startCardPayment(patient, 800);
    expect((await t.database.db.select().from(bookingRequests).where(eq(bookingRequests.id, booking.id)))[0]?.status).toBe('initiated');
    expect(errorOf(await take(cashier.token, order.id))).toMatch(/^ARO-E5015:/);
    expect(await paymentsOf(order.id)).toEqual([]);
    expect((await invoiceRow(invoice.id))?.reasonCode).toBe('prepayment_collected');
    await t.database.db.update(bookingRequests).set({ createdAt: new Date(Date.now() - 60 * 60_000) }).where(eq(bookingRequests.id, booking.id));
    expect((await take(cashier.token, order.id)).errors).toBeUndefined();
    expect((await orderRow(order.id))?.serviceRequestPaymentStatus).toBe('paid');
  });
});
