import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, collectPageErrors, launchBrowser, screenshot, serverPort } from './support/index.ts';
import { photoInPage } from './support/photo.ts';
import { gql, signedInPatient, signedInPhone, type Patient } from './support/journey-setup.ts';

// Issue 10 Build (patient app) 1–2 and the Uploads tests (spec doc 3 §2 Order creation screen, §4
// Creation flow, §5): a phone orders medicine with two prescription photos for a family member; a
// 4000×3000 photo is compressed in a worker to ≤ 1 MB and ≤ 1920 px; an upload cut by going offline
// completes after reconnecting with one document; a renamed executable, a polyglot and an oversize
// PDF are refused with a clear message, on the phone and by the server. Issue 30 §2.4: the same
// phone requests an admission from the order list.

type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A photo of a prescription, drawn in the page. */
function photoOf(page: Page, width: number, height: number, quality: number): Promise<Buffer> {
  return photoInPage(page, width, height, quality, { text: 'Rx Amoxicillin 500 mg  1 x 3  5 days', seed: 7 });
}

/** Picks files through the visible 'Add photos' or 'Add PDF' button (the file chooser). */
async function pickFiles(page: Page, button: 'Add photos' | 'Add PDF', files: UploadFile[]): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: button }).click()]);
  await chooser.setFiles(files);
}

async function uploadsDone(page: Page, count: number): Promise<void> {
  await expect
    .poll(() => page.locator('[data-upload-status="done"]').count(), { timeout: 60_000, interval: 250 })
    .toBe(count);
}

/** A second profile of the account: the patient's mother. */
async function addMother(patient: Patient): Promise<string> {
  const created = await gql<{ createPatient: { id: string } }>(
    `mutation { createPatient(name: {prefix: "Mrs", given: ["Kamala"], family: "Fernando"},
      birthDate: "1952-06-14", gender: "female", extension: [{ valueId: "relationship", value: "Mother" }]) { id } }`,
    {},
    patient.token,
  );
  return created.createPatient.id;
}

type OrderDocuments = {
  serviceRequest: {
    id: string;
    patientId: string;
    category: string;
    serviceRequestInitiatedFor: string;
    documentReferenceIds: string[];
    documents: { id: string; blobId: string | null; contentType: string | null }[];
  };
};

async function orderDocuments(patient: Patient, orderId: string): Promise<OrderDocuments['serviceRequest']> {
  const answer = await gql<OrderDocuments>(
    `query ($id: ID!) { serviceRequest(id: $id) { id patientId category serviceRequestInitiatedFor documentReferenceIds
      documents { id blobId contentType } } }`,
    { id: orderId },
    patient.token,
  );
  return answer.serviceRequest;
}

/** The stored file's size and pixel size, read back through GET /blob/get/{id} in the page. */
async function storedImage(page: Page, token: string, blobId: string): Promise<{ size: number; width: number; height: number }> {
  return page.evaluate(
    async ({ id, accessToken }) => {
      const response = await fetch(`/blob/get/${id}`, { headers: { Authorization: `Bearer ${accessToken}` } });
      const blob = await response.blob();
      const bitmap = await createImageBitmap(blob);
      return { size: blob.size, width: bitmap.width, height: bitmap.height };
    },
    { id: blobId, accessToken: token },
  );
}

async function chooseFirstHospital(page: Page): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Hospital' });
  await select.waitFor();
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value ?? '');
}

function orderIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

describe('order creation with uploads (issue 10; spec doc 3 §2, §4, §5)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('orders medicine with two prescription photos for the mother; the 4000×3000 photo is compressed in a worker', async () => {
    const patient = await signedInPatient('Order');
    const motherId = await addMother(patient);
    const { context, page } = await signedInPhone(browser, patient, 'order-create-failure');
    const errors = collectPageErrors(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));

    await page.goto('/order/create/Medication');
    await page.getByRole('heading', { level: 1, name: 'Order medicines' }).waitFor();
    await page.getByText('Up to 20 files, 10 MB each.', { exact: false }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Send request' }).isDisabled()).toBe(true);

    const big = await photoOf(page, 4000, 3000, 0.92);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const small = await photoOf(page, 900, 1200, 0.7);
    expect(small.length).toBeLessThan(1024 * 1024);
    await pickFiles(page, 'Add photos', [
      { name: 'prescription-page-1.jpg', mimeType: 'image/jpeg', buffer: big },
      { name: 'prescription-page-2.jpg', mimeType: 'image/jpeg', buffer: small },
    ]);
    // A progress bar per file while it works (spec doc 3 §2; issue 10 Uploads).
    await page.getByRole('progressbar').first().waitFor();
    await checkScreen(page, 'order create: uploading');
    await uploadsDone(page, 2);
    // The compression ran in the app's own worker (same origin, allowed by the CSP), not on the page.
    expect(workers.some((url) => /compress-image\.worker/.test(url))).toBe(true);

    await chooseFirstHospital(page);
    await page.getByLabel('No, Address line 1').fill('12 Flower Road');
    await page.getByLabel('Address near landmark').fill('Near the temple');
    await page.getByLabel('City').fill('Colombo 7');
    await screenshot(page, 'order-create-medication');
    const send = page.getByRole('button', { name: 'Send request' });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();

    // No profile chosen yet: 'Select the profile to order' (the profiles feature's relationship modal).
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Select the profile to order').waitFor();
    await checkScreen(page, 'order create: select the profile');
    // 'Your request send to hospital' is a toast of 4 s, shown as the view opens: watch for it from the click.
    const sentToast = page.getByText('Your request send to hospital').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button').filter({ hasText: 'Kamala' }).click();

    await page.waitForURL(/\/order\/view\?orderId=/);
    await sentToast;
    const order = await orderDocuments(patient, orderIdOf(page));
    expect(order).toMatchObject({ patientId: motherId, category: 'Medication', serviceRequestInitiatedFor: 'homecare' });
    expect(order.documents).toHaveLength(2);
    expect(order.documentReferenceIds).toEqual(order.documents.map((document) => document.id));

    // The 4000×3000 photo arrived at ≤ 1 MB and ≤ 1920 px (spec doc 3 §5).
    const stored = await Promise.all(order.documents.map((document) => storedImage(page, patient.token, document.blobId ?? '')));
    for (const image of stored) {
      expect(image.size).toBeLessThanOrEqual(1024 * 1024);
      expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1920);
    }
    // The big one kept a useful size: its long side is over the small photo's 1200 px.
    expect(stored.some((image) => Math.max(image.width, image.height) > 1200)).toBe(true);

    // The draft is gone once sent: the screen starts empty again.
    await page.goto('/order/create/Medication');
    await page.getByText('No photo or document yet.').waitFor();

    // Issue 30 §2.4: an admission is requested where the other orders start (encounterOrder on): no
    // document, no address; it is a Finance order and its view reads 'Admission'.
    await page.goto('/history/orders');
    await page.getByRole('link', { name: 'Request an Admission' }).click();
    await page.getByRole('heading', { level: 1, name: 'Request admission' }).waitFor();
    await chooseFirstHospital(page);
    await page.getByRole('textbox', { name: 'Notes for the hospital' }).fill('Knee surgery, Dr Perera');
    await checkScreen(page, 'order create: admission request');
    const request = page.getByRole('button', { name: 'Send request' });
    await expect.poll(() => request.isEnabled()).toBe(true);
    await request.click();
    await page.getByRole('dialog').getByRole('button').filter({ hasText: 'Kamala' }).click();
    await page.waitForURL(/\/order\/view\?orderId=/);
    await page.getByText('Admission', { exact: true }).first().waitFor();
    const admission = await orderDocuments(patient, orderIdOf(page));
    expect(admission).toMatchObject({ patientId: motherId, category: 'Finance', documentReferenceIds: [] });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('completes an upload cut by going offline after reconnecting, with one document', async () => {
    const patient = await signedInPatient('Offline');
    const { context, page } = await signedInPhone(browser, patient, 'order-create-offline-failure');

    await page.goto('/order/create/Procedure');
    await page.getByRole('heading', { level: 1, name: 'Request a medical service' }).waitFor();

    // The first upload is cut off by the phone going offline.
    let blobCalls = 0;
    await page.route('**/blob/put', async (route: Route) => {
      blobCalls += 1;
      if (blobCalls === 1) {
        await context.setOffline(true);
        await route.abort('internetdisconnected');
        return;
      }
      await route.continue();
    });
    // The first document call reaches the server but its answer is lost: the retry reuses its key.
    const documentKeys: string[] = [];
    let createdByFirstCall: string | null = null;
    await page.route('**/graphql', async (route: Route) => {
      const body = route.request().postData() ?? '';
      if (!body.includes('createOrderDocument')) {
        await route.continue();
        return;
      }
      const variables = (JSON.parse(body) as { variables: { idempotencyKey: string } }).variables;
      documentKeys.push(variables.idempotencyKey);
      if (documentKeys.length === 1) {
        const response = await route.fetch();
        const answer = (await response.json()) as { data: { createDocumentReference: { id: string } } };
        createdByFirstCall = answer.data.createDocumentReference.id;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });

    const photo = await photoOf(page, 1200, 1600, 0.8);
    await pickFiles(page, 'Add photos', [{ name: 'referral.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByText('Offline. The upload goes on when you are back online.').waitFor();
    await checkScreen(page, 'order create: offline');
    await context.setOffline(false);
    // Back online the app reloads (spec doc 1 §4): the draft on the phone resumes the upload.
    await uploadsDone(page, 1);
    expect(blobCalls).toBeGreaterThanOrEqual(2);
    expect(documentKeys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(documentKeys).size).toBe(1);

    await chooseFirstHospital(page);
    await page.getByLabel('Book a visit to hospital').check();
    await page.getByRole('button', { name: 'Send request' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Select the profile to order').waitFor();
    await dialog.getByRole('button').filter({ hasText: patient.displayName }).click();
    await page.waitForURL(/\/order\/view\?orderId=/);
    const order = await orderDocuments(patient, orderIdOf(page));
    // One document: the one the lost answer had made.
    expect(order.documents.map((document) => document.id)).toEqual([createdByFirstCall]);
    await context.close();
  });

  it('keeps the picked files and choices through a reload', async () => {
    const patient = await signedInPatient('Reload');
    const { context, page } = await signedInPhone(browser, patient, 'order-create-reload-failure');
    await page.goto('/order/create/Examination');
    await page.getByRole('heading', { level: 1, name: 'Request a lab test' }).waitFor();
    const photo = await photoOf(page, 800, 1000, 0.8);
    await pickFiles(page, 'Add photos', [{ name: 'lab-request.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await uploadsDone(page, 1);
    await chooseFirstHospital(page);
    await page.getByLabel('City').fill('Kandy');
    await page.getByLabel('Tomorrow').check();
    // Once the draft is in IndexedDB, reload.
    await expect.poll(() => draftCity(page), { timeout: 30_000 }).toBe('Kandy');
    await page.reload();
    await page.getByText('We kept what you picked last time.', { exact: false }).waitFor();
    await uploadsDone(page, 1);
    expect(await page.getByLabel('City').inputValue()).toBe('Kandy');
    expect(await page.getByLabel('Tomorrow').isChecked()).toBe(true);
    await context.close();
  });

  it('refuses a renamed executable, a polyglot and an oversize file with a clear message', async () => {
    const patient = await signedInPatient('Refuse');
    const { context, page } = await signedInPhone(browser, patient, 'order-create-refusals-failure');
    await page.goto('/order/create/Medication');
    await page.getByRole('heading', { level: 1, name: 'Order medicines' }).waitFor();

    // A Windows executable renamed to .jpg.
    const executable = Buffer.concat([Buffer.from('MZ\u0090\u0000\u0003', 'latin1'), Buffer.alloc(4096, 0x41)]);
    // A JPEG that is also a PDF: a PDF header inside its first 1024 bytes (in a comment segment).
    const jpegHead = await photoOf(page, 64, 64, 0.8);
    const pdfPart = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, pdfPart.length + 2]), pdfPart]);
    const polyglot = Buffer.concat([jpegHead.subarray(0, 2), comment, jpegHead.subarray(2)]);
    // A PDF over the 10 MB limit.
    const oversize = Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);

    await pickFiles(page, 'Add photos', [
      { name: 'prescription.jpg', mimeType: 'image/jpeg', buffer: executable },
      { name: 'scan.jpg', mimeType: 'image/jpeg', buffer: polyglot },
    ]);
    await pickFiles(page, 'Add PDF', [{ name: 'report.pdf', mimeType: 'application/pdf', buffer: oversize }]);
    await page.getByText('Only images and PDF files can be uploaded').waitFor();
    await page.getByText('This file has another kind of file hidden inside it', { exact: false }).waitFor();
    await page.getByText('File is too large. The limit is 10 MB per file.').waitFor();
    await checkScreen(page, 'order create: refused files');
    await screenshot(page, 'order-create-refused');
    expect(await page.locator('[data-upload-status="refused"]').count()).toBe(3);
    await expect.poll(() => page.getByRole('button', { name: 'Send request' }).isDisabled()).toBe(true);

    // The server refuses them too, whatever the phone does: it judges the bytes, not the name or the
    // header (its 413 past BLOB_MAX_BYTES is covered by apps/server files.int.test.ts).
    const exe = await rawPut(executable, 'image/jpeg', patient.token);
    expect(exe.status).toBe(415);
    expect(exe.body).toContain('ARO-E3002');
    const polyglotAsPdf = await rawPut(polyglot, 'application/pdf', patient.token);
    expect(polyglotAsPdf.status).toBe(415);
    expect(polyglotAsPdf.body).toContain('ARO-E3002');
    await context.close();
  });
});

/** The city of the draft kept in IndexedDB, or null. */
async function draftCity(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('careline-order-drafts');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('drafts')) {
            resolve(null);
            return;
          }
          const all = database.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => {
            const drafts = all.result as { address?: { addressCity?: string } }[];
            resolve(drafts[0]?.address?.addressCity ?? null);
          };
          all.onerror = () => resolve(null);
        };
      }),
  );
}

/** POST /blob/put with raw bytes, as the app sends them (127.0.0.1 is a host of the demo tenant). */
async function rawPut(body: Buffer, contentType: string, token: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${serverPort()}/blob/put`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: await response.text() };
}
