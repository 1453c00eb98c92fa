import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { onTestFailed } from 'vitest';
import { latestCode, randomMobileNo, serverGraphql, serverRequest } from '../../../../e2e/support/harness.ts';
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

export type Patient = { token: string; patientId: string; displayName: string };

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
  return { token, patientId: created.createPatient.id, displayName: `Mr ${given} Fernando` };
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

/** A session of that doctor made through the staff API (as a receptionist would), `daysAway` days from now. */
export async function createSession(staff: string, daysAway: number, room: string): Promise<string> {
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
        chargingSchemeId: scheme?.id ?? null,
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

