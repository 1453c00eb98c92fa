import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { latestCode, randomMobileNo, serverGraphql, serverPort, serverRequest } from '../../../../e2e/support/harness.ts';
import { newPhonePage, screenshot } from './index.ts';

// Set-up shared by the patient journeys that are not about sign-in (issue 8, issue 9): patients
// signed in by SMS code through the API, the demo admin's staff token, sessions made through the
// staff API, bookings through the API, and phone pages that reuse a patient's stored access token.

/** The demo tenant's host. */
export const journeyHost = 'localhost';
const staffPassword = 'careline-demo-staff';
const adminEmail = 'admin@careline.test';

/** A GraphQL call to the running server as the demo tenant, with an optional token. */
export const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host: journeyHost });

export type Patient = { token: string; patientId: string; displayName: string; mobileNo: string };

/** A new patient signed in by SMS code through the API, with one profile (Me). */
export async function signedInPatient(given: string): Promise<Patient> {
  const mobileNo = randomMobileNo();
  const since = new Date();
  const started = await gql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
  );
  const code = await latestCode(mobileNo, { since });
  const done = await gql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  const token = done.completeAuthentication.accessToken;
  const created = await gql<{ createPatient: { id: string } }>(
    `mutation ($given: String!) { createPatient(name: {prefix: "Mr", given: [$given], family: "Fernando"},
      birthDate: "1979-02-03", gender: "male", extension: [{ valueId: "relationship", value: "Me" }]) { id } }`,
    { given },
    token,
  );
  return { token, patientId: created.createPatient.id, displayName: `Mr ${given} Fernando`, mobileNo };
}

/** The staff API's token for the demo admin. */
export async function staffToken(): Promise<string> {
  const { staffSignIn } = await gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: adminEmail, p: staffPassword },
  );
  return staffSignIn.token;
}

/** The demo's Colombo branch and Dr. Nimal Perera, who works there. */
export async function colomboDoctor(): Promise<{ organizationId: string; practitionerId: string }> {
  const { queryOrganization } = await gql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
  const colombo = queryOrganization.find((o) => o.name.endsWith('Colombo'));
  const { searchDoctors } = await gql<{ searchDoctors: { id: string; name: { text: string } }[] }>(
    '{ searchDoctors(text: "Nimal Perera") { id name { text } } }',
  );
  const doctor = searchDoctors.find((d) => d.name.text === 'Dr. Nimal Perera');
  if (!colombo || !doctor) {
    throw new Error('the demo needs its Colombo branch and Dr. Nimal Perera');
  }
  return { organizationId: colombo.id, practitionerId: doctor.id };
}

/**
 * A session of that doctor made through the staff API (as a receptionist would), `daysAway` days from now,
 * charged by the doctor's scheme at the hospital, or by none (`charged: false`: a free session).
 */
export async function createSession(staff: string, daysAway: number, room: string, options: { charged?: boolean } = {}): Promise<string> {
  const { organizationId, practitionerId } = await colomboDoctor();
  // The doctor's fees at that hospital: the session's invoice comes from its charging scheme (issue 9 §1).
  const { staffChargingSchemes } = await gql<{ staffChargingSchemes: { id: string; practitionerId: string | null }[] }>(
    'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id practitionerId } }',
    { o: organizationId },
    staff,
  );
  const scheme = staffChargingSchemes.find((row) => row.practitionerId === practitionerId) ?? staffChargingSchemes[0];
  const start = new Date(Date.now() + daysAway * 24 * 60 * 60 * 1000);
  start.setSeconds(0, 0);
  const { staffCreateSession } = await gql<{ staffCreateSession: { id: string } }>(
    'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
    {
      o: organizationId,
      input: {
        practitionerId,
        locationName: room,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        appointmentMaxAllowed: 10,
        participationMode: 'in_person',
        chargingSchemeId: options.charged === false ? null : (scheme?.id ?? null),
      },
    },
    staff,
  );
  return staffCreateSession.id;
}

/** Books the patient's profile into the session through the API (pay at the hospital). */
export async function book(patient: Patient, sessionId: string): Promise<{ id: string; tokenNo: number }> {
  const { createAppointment } = await gql<{ createAppointment: { id: string; tokenNo: number } }>(
    'mutation ($p: ID!, $s: ID!, $k: String) { createAppointment(patientId: $p, sessionId: $s, idempotencyKey: $k) { id tokenNo } }',
    { p: patient.patientId, s: sessionId, k: randomUUID() },
    patient.token,
  );
  return createAppointment;
}

export type AppointmentState = {
  id: string;
  sessionId: string;
  tokenNo: number;
  appointmentStatus: string;
  paymentStatus: string;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
  appointmentRescheduledFor: string | null;
};

/** The appointment as the server has it, read with the patient's own token. */
export async function appointmentState(patient: Patient, id: string): Promise<AppointmentState | undefined> {
  const { queryAppointment } = await gql<{ queryAppointment: AppointmentState[] }>(
    `query ($id: ID) { queryAppointment(id: $id) { id sessionId tokenNo appointmentStatus paymentStatus paymentRefundStatus
      appointmentRescheduleStatus appointmentRescheduledFor } }`,
    { id },
    patient.token,
  );
  return queryAppointment[0];
}

export function appointmentPath(sessionId: string, appointmentId: string): string {
  return `/view/appointment?${new URLSearchParams({ sessionId, appointmentId }).toString()}`;
}

/** A phone page signed in with the patient's stored access token. */
export async function signedInPhone(browser: Browser, patient: Patient, failureShot: string) {
  const phone = await newPhonePage(browser, { host: journeyHost });
  await phone.context.addInitScript((token: string) => {
    window.localStorage.setItem('accessToken', token);
  }, patient.token);
  onTestFailed(async () => {
    await screenshot(phone.page, failureShot);
  });
  return phone;
}

/** The token number the appointment screen shows, once it shows one. */
export async function shownToken(page: Page): Promise<string | null> {
  const token = page.locator('.appointment-facts__token-number');
  await token.waitFor();
  return token.textContent();
}

/**
 * Pays an appointment by card through the API, as the card form would (issue 9): prepareInvoice,
 * initiateBooking, then the signed fields and the sandbox's ACCEPT test card posted to the sandbox
 * gateway, whose merchant notification credits the payment. Resolves once the server has it paid.
 * @param patient - the appointment's owner
 * @param appointmentId - the booked, unpaid appointment
 * @param options - savePaymentMethod: ask the gateway for a payment token and save the card (as 'Save
 *   this card' does); card: another sandbox ACCEPT card (number and type code) than the Visa one
 */
export async function payByCardThroughApi(
  patient: Patient,
  appointmentId: string,
  options: { savePaymentMethod?: boolean; card?: { number: string; type: string } } = {},
): Promise<void> {
  const { prepareInvoice } = await gql<{ prepareInvoice: { id: string } }>(
    'mutation ($a: ID!) { prepareInvoice(input: { appointmentId: $a }) { id } }',
    { a: appointmentId },
    patient.token,
  );
  const back = `/view/appointment?appointmentId=${appointmentId}`;
  const { initiateBooking } = await gql<{ initiateBooking: { formUrl: string; signature: { parameter: { name: string; value: string }[] } } }>(
    'mutation ($i: InitiateBookingInput!, $k: String) { initiateBooking(input: $i, idempotencyKey: $k) { formUrl signature { parameter { name value } } } }',
    {
      i: {
        id: prepareInvoice.id,
        successUrl: back,
        failureUrl: back,
        paymentGatewayType: 'cyberSource',
        ...(options.savePaymentMethod ? { savePaymentMethod: true } : {}),
      },
      k: randomUUID(),
    },
    patient.token,
  );
  const form = Object.fromEntries(initiateBooking.signature.parameter.map((field) => [field.name, field.value]));
  const year = new Date().getFullYear() + 2;
  const answer = await serverRequest('POST', initiateBooking.formUrl, {
    host: journeyHost,
    form: {
      ...form,
      card_type: options.card?.type ?? '001',
      card_number: options.card?.number ?? '4111111111111111',
      card_expiry_date: `12-${String(year)}`,
      card_cvn: '123',
    },
  });
  if (answer.status !== 200) {
    throw new Error(`the sandbox gateway answered ${String(answer.status)}: ${answer.body.slice(0, 200)}`);
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await appointmentState(patient, appointmentId))?.paymentStatus === 'paid') {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the payment was not credited');
}

/** A 1×1 PNG: the smallest file the blob service takes as an image (it judges the bytes). */
const prescriptionPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Uploads a file as the patient (POST /blob/put with raw bytes; spec doc 3 §7 Upload file) and
 * returns its id from the x-blobdata-id header.
 * @param patient - the uploader
 * @param bytes - the file
 * @param contentType - its type, e.g. image/png
 */
export async function putBlob(patient: Patient, bytes: Buffer = prescriptionPng, contentType = 'image/png'): Promise<string> {
  const port = serverPort();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/blob/put',
        headers: {
          host: `${journeyHost}:${port}`,
          authorization: `Bearer ${patient.token}`,
          'content-type': contentType,
          'content-length': String(bytes.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const id = response.headers['x-blobdata-id'];
          // The blob service answers 201 Created (files.routes.ts).
          if ((response.statusCode !== 200 && response.statusCode !== 201) || typeof id !== 'string') {
            reject(new Error(`/blob/put answered ${String(response.statusCode)}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
          } else {
            resolve(id);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

/** An order as createOrderThroughApi made it. */
export type CreatedOrder = { id: string; identifier: string | null; category: string };

/**
 * Creates an order through the API as the creation screen does (spec doc 3 §4 Creation flow): a
 * prescription image to /blob/put, a document reference of it, then createServiceRequest at the
 * demo's Colombo branch, as a hospital visit (so no address is needed).
 * @param patient - the account
 * @param category - Medication, Examination or Procedure
 * @param options - patientId: another profile of the account (default the patient's own)
 */
export async function createOrderThroughApi(
  patient: Patient,
  category: 'Medication' | 'Examination' | 'Procedure',
  options: { patientId?: string } = {},
): Promise<CreatedOrder> {
  const patientId = options.patientId ?? patient.patientId;
  const blobId = await putBlob(patient);
  const { createDocumentReference } = await gql<{ createDocumentReference: { id: string } }>(
    'mutation ($b: ID!, $p: ID, $k: String) { createDocumentReference(blobId: $b, contentType: "image/png", patientId: $p, idempotencyKey: $k) { id } }',
    { b: blobId, p: patientId, k: randomUUID() },
    patient.token,
  );
  const { organizationId } = await colomboDoctor();
  const { createServiceRequest } = await gql<{ createServiceRequest: CreatedOrder }>(
    'mutation ($i: CreateServiceRequestInput!, $k: String) { createServiceRequest(input: $i, idempotencyKey: $k) { id identifier category } }',
    {
      i: {
        patientId,
        orderCategory: category,
        organization: organizationId,
        documentReferenceIds: [createDocumentReference.id],
        serviceRequestInitiatedFor: 'appointment',
      },
      k: randomUUID(),
    },
    patient.token,
  );
  return createServiceRequest;
}


/** The order as the patient reads it: its version and state (for the staff changes' expectedVersion). */
export async function orderAsPatient(
  patient: Patient,
  orderId: string,
): Promise<{ id: string; version: number; organizationId: string; replacedBy: string | null; serviceRequestInitiatedFor: string }> {
  const { serviceRequest } = await gql<{
    serviceRequest: { id: string; version: number; organizationId: string; replacedBy: string | null; serviceRequestInitiatedFor: string };
  }>('query ($id: ID!) { serviceRequest(id: $id) { id version organizationId replacedBy serviceRequestInitiatedFor } }', { id: orderId }, patient.token);
  return serviceRequest;
}

/**
 * A lab test with home sample collection created through the API (spec doc 3 §4 Creation flow): a
 * prescription image, its document reference, then createServiceRequest as homecare at the Colombo
 * branch with the four address lines and two of the default test codes.
 * @param patient - the account (its own profile is ordered for)
 */
export async function createHomeLabTestThroughApi(patient: Patient): Promise<CreatedOrder> {
  const blobId = await putBlob(patient);
  const { createDocumentReference } = await gql<{ createDocumentReference: { id: string } }>(
    'mutation ($b: ID!, $p: ID, $k: String) { createDocumentReference(blobId: $b, contentType: "image/png", patientId: $p, idempotencyKey: $k) { id } }',
    { b: blobId, p: patient.patientId, k: randomUUID() },
    patient.token,
  );
  const { organizationId } = await colomboDoctor();
  const { createServiceRequest } = await gql<{ createServiceRequest: CreatedOrder }>(
    'mutation ($i: CreateServiceRequestInput!, $k: String) { createServiceRequest(input: $i, idempotencyKey: $k) { id identifier category } }',
    {
      i: {
        patientId: patient.patientId,
        orderCategory: 'Examination',
        organization: organizationId,
        documentReferenceIds: [createDocumentReference.id],
        serviceRequestInitiatedFor: 'homecare',
        addressLineOne: '12 Galle Road',
        addressLineTwo: 'Kollupitiya',
        addressLineThree: 'Near the temple',
        addressCity: 'Colombo',
        diagnosticReport: ['00000001', '00000005'],
      },
      k: randomUUID(),
    },
    patient.token,
  );
  return createServiceRequest;
}

/**
 * A staff change of an order through the staff API (staff-orders.schema.ts) at the order's hospital,
 * with the version the patient last read: a note ('staffAddOrderNote'), a replacement ('staffReplaceOrder'), a
 * charge ('staffSetOrderCharge') or a home sample collection ('staffScheduleSampleCollection').
 * @param staff - the staff token (staffToken())
 * @param patient - the order's account, to read the version
 * @param orderId - the order
 * @param change - what to do
 */
export async function staffChangeOrder(
  staff: string,
  patient: Patient,
  orderId: string,
  change:
    | { kind: 'note'; text: string }
    | { kind: 'replace' }
    | { kind: 'charge'; amount: string }
    | { kind: 'schedule'; collectorName: string; time: string },
): Promise<{ id: string }> {
  const order = await orderAsPatient(patient, orderId);
  const common = { o: order.organizationId, id: orderId, v: order.version, k: randomUUID() };
  if (change.kind === 'charge') {
    const { staffSetOrderCharge } = await gql<{ staffSetOrderCharge: { id: string } }>(
      'mutation ($o: ID!, $id: ID!, $v: Int!, $a: String!, $k: String) { staffSetOrderCharge(organizationId: $o, id: $id, expectedVersion: $v, amount: $a, idempotencyKey: $k) { id } }',
      { ...common, a: change.amount },
      staff,
    );
    return staffSetOrderCharge;
  }
  if (change.kind === 'schedule') {
    const { staffScheduleSampleCollection } = await gql<{ staffScheduleSampleCollection: { id: string } }>(
      'mutation ($o: ID!, $id: ID!, $v: Int!, $c: String!, $t: DateTime!, $k: String) { staffScheduleSampleCollection(organizationId: $o, id: $id, expectedVersion: $v, collectorName: $c, time: $t, idempotencyKey: $k) { id } }',
      { ...common, c: change.collectorName, t: change.time },
      staff,
    );
    return staffScheduleSampleCollection;
  }
  if (change.kind === 'note') {
    const { staffAddOrderNote } = await gql<{ staffAddOrderNote: { id: string } }>(
      'mutation ($o: ID!, $id: ID!, $v: Int!, $t: String!, $k: String) { staffAddOrderNote(organizationId: $o, id: $id, expectedVersion: $v, text: $t, idempotencyKey: $k) { id } }',
      { ...common, t: change.text },
      staff,
    );
    return staffAddOrderNote;
  }
  const { staffReplaceOrder } = await gql<{ staffReplaceOrder: { id: string } }>(
    'mutation ($o: ID!, $id: ID!, $v: Int!, $k: String) { staffReplaceOrder(organizationId: $o, id: $id, expectedVersion: $v, idempotencyKey: $k) { id } }',
    common,
    staff,
  );
  return staffReplaceOrder;
}
