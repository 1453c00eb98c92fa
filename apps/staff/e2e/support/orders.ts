import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Page } from 'playwright-core';
import { latestCode, randomMobileNo, serverGraphql, serverPort } from '../../../../e2e/support/harness.ts';
import { checkScreen, expectHeading } from './index.ts';

/** The demo staff's development password (apps/server's staff seed). */
const password = 'careline-demo-staff';

// The patient's side of the console's order journeys, through the patient API (the console's journeys
// do not import the patient app's): a signed-in patient, uploads and orders at the demo's Colombo branch.

/** A GraphQL call to the server, with the patient's token when given. */
export const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token });

export type Patient = { token: string; patientId: string; displayName: string; mobileNo: string };
export type Photo = { bytes: Buffer; contentType: string };
export type CreatedOrder = { id: string; identifier: string | null };

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

/** Uploads a file as the patient (POST /blob/put with raw bytes) and answers its x-blobdata-id. */
export async function putBlob(patient: Patient, photo: Photo): Promise<string> {
  const port = serverPort();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/blob/put',
        headers: {
          host: `localhost:${port}`,
          authorization: `Bearer ${patient.token}`,
          'content-type': photo.contentType,
          'content-length': String(photo.bytes.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const id = response.headers['x-blobdata-id'];
          if (response.statusCode !== 201 || typeof id !== 'string') {
            reject(new Error(`/blob/put answered ${String(response.statusCode)}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`));
          } else {
            resolve(id);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(photo.bytes);
  });
}

/** The demo's Colombo branch, where the demo staff below work. */
export async function colomboId(): Promise<string> {
  const { queryOrganization } = await gql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
  const colombo = queryOrganization.find((o) => o.name.endsWith('Colombo'));
  if (!colombo) {
    throw new Error('the demo needs its Colombo branch');
  }
  return colombo.id;
}

/**
 * An order created as the creation screen makes it (spec doc 3 §4 Creation flow): each photo to
 * /blob/put, a document reference per photo, then createServiceRequest at the Colombo branch.
 */
export async function createOrder(
  patient: Patient,
  category: 'Medication' | 'Examination' | 'Procedure' | 'Finance',
  photos: Photo[],
  extra: Record<string, unknown> = {},
): Promise<CreatedOrder> {
  const documentReferenceIds: string[] = [];
  for (const photo of photos) {
    const blobId = await putBlob(patient, photo);
    const { createDocumentReference } = await gql<{ createDocumentReference: { id: string } }>(
      'mutation ($b: ID!, $c: String, $p: ID, $k: String) { createDocumentReference(blobId: $b, contentType: $c, patientId: $p, idempotencyKey: $k) { id } }',
      { b: blobId, c: photo.contentType, p: patient.patientId, k: randomUUID() },
      patient.token,
    );
    documentReferenceIds.push(createDocumentReference.id);
  }
  const { createServiceRequest } = await gql<{ createServiceRequest: CreatedOrder }>(
    'mutation ($i: CreateServiceRequestInput!, $k: String) { createServiceRequest(input: $i, idempotencyKey: $k) { id identifier } }',
    {
      i: {
        patientId: patient.patientId,
        orderCategory: category,
        organization: await colomboId(),
        documentReferenceIds,
        serviceRequestInitiatedFor: 'appointment',
        ...extra,
      },
      k: randomUUID(),
    },
    patient.token,
  );
  return createServiceRequest;
}

/** Signs a demo staff member in and opens the live order queues. */
export async function signInAndOpenOrders(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/staff');
  await expectHeading(page, 'Sign in to the staff console');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await checkScreen(page, 'Home', `staff-${name}-home-orders`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await checkScreen(page, 'Orders', `staff-${name}-orders`);
  // The queue is live (subscribeStaffOrders over the console's socket).
  await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
}
