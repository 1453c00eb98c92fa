import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrder, gql, signedInPatient, signInAndOpenOrders, type Patient, type Photo } from './support/orders.ts';
import {
  checkScreen,
  collectPageErrors,
  expectNoAxeViolations,
  launchBrowser,
  newConsolePage,
  readOutbox,
  screenshot,
} from './support/index.ts';

// Issue 10, the hospital's side of orders: a patient's medicine order with two prescription photos
// (made through the patient API) reaches the pharmacist's live queue; the pharmacist views a photo
// large, sets the charge (the patient's order shows it), exchanges notes with the patient, takes
// the cash on delivery (completing is refused until then; a receipt number shows) and moves the order
// on to completed. A lab technician schedules a home sample collection and the patient's
// order shows the collector, and the patient's mobile gets both collection notices (sent by the job
// queue through the SMS outbox, a moment after each change). Every screen is checked (one h1, its title, axe), and axe runs again on
// each state the journey brings about. The patient's side goes through the patient API here (the
// console's journeys do not import the patient app's).

/** Prescription photos drawn in the browser (PNG), so the large view shows something readable. */
async function drawPrescriptions(browser: Browser, count: number): Promise<Photo[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const urls = await page.evaluate((n) => {
    const drawn: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = 900;
      canvas.height = 640;
      const g = canvas.getContext('2d');
      if (!g) {
        throw new Error('no 2d canvas');
      }
      g.fillStyle = '#fffdf5';
      g.fillRect(0, 0, canvas.width, canvas.height);
      g.fillStyle = '#1f2929';
      g.font = 'bold 44px serif';
      g.fillText(`Rx page ${i + 1}`, 48, 96);
      g.font = '34px serif';
      g.fillText(i === 0 ? 'Amoxicillin 500 mg  1 x 3  5 days' : 'Paracetamol 500 mg  2 x 3  3 days', 48, 200);
      g.fillText('Dr. Nimal Perera', 48, 560);
      drawn.push(canvas.toDataURL('image/png'));
    }
    return drawn;
  }, count);
  await context.close();
  return urls.map((url) => ({ bytes: Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'), contentType: 'image/png' }));
}

type PatientOrder = {
  orderStatus: string;
  version: number;
  serviceRequestChargingAmount: number | null;
  serviceRequestPaymentStatus: string;
  sampleCollectionUserName: string | null;
  sampleCollectionTime: string | null;
  note: { text: string; authorReference: string }[];
};

/** The order as the patient's app reads it (the patient API's serviceRequest). */
async function patientOrder(patient: Patient, orderId: string): Promise<PatientOrder> {
  const { serviceRequest } = await gql<{ serviceRequest: PatientOrder }>(
    `query ($id: ID!) { serviceRequest(id: $id) { orderStatus version serviceRequestChargingAmount serviceRequestPaymentStatus sampleCollectionUserName
      sampleCollectionTime note { text authorReference } } }`,
    { id: orderId },
    patient.token,
  );
  return serviceRequest;
}

/** A change the patient makes to the order (spec doc 3 §7 Patch service request), at the version read. */
async function patchAsPatient(patient: Patient, orderId: string, input: Record<string, unknown>): Promise<void> {
  const { version } = await patientOrder(patient, orderId);
  await gql(
    'mutation ($id: ID!, $v: Int!, $i: PatchServiceRequestInput!, $k: String) { patchServiceRequest(id: $id, expectedVersion: $v, input: $i, idempotencyKey: $k) { id } }',
    { id: orderId, v: version, i: input, k: randomUUID() },
    patient.token,
  );
}

/**
 * Runs in the page: keeps every text shown in a polite live region (window.__announced), since the
 * queue's announcement of one order can be replaced by the next (journeys run side by side).
 */
function recordAnnouncements(): void {
  const heard: string[] = [];
  (window as unknown as { __announced: string[] }).__announced = heard;
  const record = (): void => {
    for (const region of document.querySelectorAll('[aria-live="polite"]')) {
      const text = region.textContent?.trim() ?? '';
      if (text !== '' && !heard.includes(text)) {
        heard.push(text);
      }
    }
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
}

describe('orders in the staff console', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a medicine order with two photos: the pharmacist views a photo, sets the charge, exchanges notes, takes the cash and completes it', async () => {
    const patient = await signedInPatient(`Rx${randomUUID().slice(0, 6)}`);
    const photos = await drawPrescriptions(browser, 2);
    const order = await createOrder(patient, 'Medication', photos);
    const identifier = order.identifier ?? 'No number';

    const { context, page } = await newConsolePage(browser);
    const errors = collectPageErrors(page);
    page.setDefaultTimeout(30_000);
    await page.addInitScript(recordAnnouncements);
    await signInAndOpenOrders(page, 'pharmacist.colombo@careline.test', 'pharmacist');
    await page.getByRole('tab', { name: 'New', selected: true }).waitFor();
    // A pharmacist works medication only: no category filter to choose from.
    expect(await page.getByLabel('Category').count()).toBe(0);

    const link = page.getByRole('link', { name: `Open order ${identifier} of ${patient.displayName}` });
    await link.waitFor();

    // A second order from the same patient arrives while the queue is open: live, announced politely.
    const second = await createOrder(patient, 'Medication', photos.slice(0, 1));
    const secondLink = page.getByRole('link', { name: `Open order ${second.identifier ?? 'No number'} of ${patient.displayName}` });
    await secondLink.waitFor();
    // Another journey's order may arrive right after and replace the announcement: look among all heard.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced), { timeout: 30_000 })
      .toContain(`New order ${second.identifier ?? 'No number'} from ${patient.displayName}.`);
    await screenshot(page, 'staff-orders-queue-live');
    await expectNoAxeViolations(page, 'orders queue with a live order');

    // Search by the order number: only that order stays.
    await page.getByLabel('Search by patient or order number').fill(identifier);
    await secondLink.waitFor({ state: 'detached' });
    await link.waitFor();

    await link.click();
    await checkScreen(page, `Order ${identifier}`, 'staff-order-medication');
    const patientPanel = page.getByRole('region', { name: 'Patient', exact: true });
    await patientPanel.getByText(patient.displayName).waitFor();
    expect(await patientPanel.textContent()).toContain('Male');
    // Only what a new medication order allows.
    const actions = page.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Move to Confirming' }).waitFor();
    expect(await actions.getByRole('form', { name: 'Home sample collection' }).count()).toBe(0);

    // The prescription photos, large, zoomed and rotated from the keyboard.
    await page.getByRole('button', { name: 'Open Image 1 large' }).click();
    const viewer = page.getByRole('dialog', { name: 'Image 1 of 2: Image 1' });
    await viewer.waitFor();
    await viewer.getByRole('img', { name: 'Image 1' }).waitFor();
    await page.keyboard.press('+');
    await page.keyboard.press('r');
    await viewer.getByText('Zoom 150%, rotated 90°').waitFor();
    await screenshot(page, 'staff-order-photo-large');
    await expectNoAxeViolations(page, 'prescription photo viewer');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'Image 2 of 2: Image 2' }).getByRole('img', { name: 'Image 2' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The charge prepares the invoice the patient sees.
    await actions.getByLabel('Amount (USD)').fill('1500');
    await actions.getByRole('button', { name: 'Set charge' }).click();
    await page.getByText("Charge set to USD 1500.00. The patient's invoice is ready.").waitFor();
    const charged = await patientOrder(patient, order.id);
    expect(charged.serviceRequestChargingAmount).toBe(1500);
    expect(charged.orderStatus).toBe('confirming');
    await screenshot(page, 'staff-order-charged');
    await expectNoAxeViolations(page, 'order with its charge set');

    // Notes both ways: the patient's note reaches the open order live; the pharmacist's reply reaches the patient.
    await patchAsPatient(patient, order.id, { note: 'Can I collect it after 5 pm?' });
    await page.getByRole('region', { name: 'Notes with the patient' }).getByText('Can I collect it after 5 pm?').waitFor();
    await page.getByLabel('Reply to the patient').fill('Yes, the pharmacy is open until 9 pm.');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByText('Reply sent.').waitFor();
    const replied = await patientOrder(patient, order.id);
    const reply = replied.note.find((note) => note.text === 'Yes, the pharmacy is open until 9 pm.');
    expect(reply?.authorReference.startsWith('User/')).toBe(true);
    await expectNoAxeViolations(page, 'order with notes');

    // The patient pays cash on delivery: the pharmacist delivers, takes the cash (a receipt), then
    // completes the order; while the cash is owed, completing is shown disabled with the reason and
    // what to do first (issue 30 §2.3), never a button that fails.
    await patchAsPatient(patient, order.id, { serviceRequestPaymentMethod: 'cash' });
    await page.getByRole('region', { name: 'Order details' }).getByText('Not paid · Cash').waitFor();
    for (const status of ['Preparing', 'Delivering']) {
      await actions.getByRole('button', { name: `Move to ${status}` }).click();
      await page.getByText(`The order is now ${status}.`).waitFor();
    }
    const complete = actions.getByRole('button', { name: 'Move to Completed' });
    expect(await complete.isDisabled()).toBe(true);
    await actions.getByText('Completed is not possible yet: This order is not paid yet Do this first: Take cash, on this page.').waitFor();
    expect(await actions.getByRole('alert').count()).toBe(0);
    expect((await patientOrder(patient, order.id)).orderStatus).toBe('delivering');
    const takeCash = actions.getByRole('form', { name: 'Take cash' });
    await takeCash.getByText('collect USD 1500.00 from the patient').waitFor();
    await screenshot(page, 'staff-order-take-cash');
    await expectNoAxeViolations(page, 'order with cash to take');
    await takeCash.getByRole('button', { name: 'Take cash USD 1500.00' }).click();
    const receipt = actions.getByRole('region', { name: 'Cash receipt' });
    await receipt.waitFor();
    const receiptNumber = (await receipt.locator('dd').first().textContent())?.trim() ?? '';
    expect(receiptNumber).not.toBe('');
    await page.getByText(`Cash taken. Receipt number ${receiptNumber}.`).waitFor();
    // The total in the tenant's currency, as the payment was recorded.
    expect(await receipt.textContent()).toMatch(/Total[A-Z]{3} 1500\.00/);
    await page.getByRole('region', { name: 'Order details' }).getByText('Paid · Cash').waitFor();
    await takeCash.waitFor({ state: 'detached' });
    expect((await patientOrder(patient, order.id)).serviceRequestPaymentStatus).toBe('paid');
    await screenshot(page, 'staff-order-cash-taken');
    await expectNoAxeViolations(page, 'order with its cash receipt');
    await actions.getByRole('button', { name: 'Move to Completed' }).click();
    await page.getByText('The order is now Completed.').waitFor();
    expect((await patientOrder(patient, order.id)).orderStatus).toBe('completed');
    await page.getByText('Notes are closed on a completed order.').waitFor();
    expect(await actions.getByRole('button', { name: /^Move to/ }).count()).toBe(0);
    await screenshot(page, 'staff-order-completed');
    await expectNoAxeViolations(page, 'completed order');

    // Done: the order is in the Done queue.
    await page.getByRole('link', { name: 'Back to orders' }).click();
    await checkScreen(page, 'Orders', 'staff-pharmacist-orders-again');
    await page.getByRole('tab', { name: 'Done' }).click();
    await page.getByRole('link', { name: `Open order ${identifier} of ${patient.displayName}` }).waitFor();
    await expectNoAxeViolations(page, 'done queue');

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('a home sample collection: the lab technician schedules the collector and the patient sees the name', async () => {
    const patient = await signedInPatient(`Lab${randomUUID().slice(0, 6)}`);
    const [photo] = await drawPrescriptions(browser, 1);
    if (!photo) {
      throw new Error('no photo drawn');
    }
    const order = await createOrder(patient, 'Examination', [photo], {
      serviceRequestInitiatedFor: 'homecare',
      addressLineOne: '12 Galle Road',
      addressLineTwo: 'Kollupitiya',
      addressLineThree: 'Near the temple',
      addressCity: 'Colombo',
    });
    const identifier = order.identifier ?? 'No number';

    const { context, page } = await newConsolePage(browser);
    const errors = collectPageErrors(page);
    page.setDefaultTimeout(30_000);
    await signInAndOpenOrders(page, 'lab-technician.colombo@careline.test', 'lab-technician');
    await page.getByRole('link', { name: `Open order ${identifier} of ${patient.displayName}` }).click();
    await checkScreen(page, `Order ${identifier}`, 'staff-order-lab-test');
    const details = page.getByRole('region', { name: 'Order details' });
    await details.getByText('12 Galle Road, Kollupitiya, Near the temple, Colombo').waitFor();
    const actions = page.getByRole('region', { name: 'Actions' });
    // The pharmacy's estimated time is not a lab technician's.
    expect(await actions.getByRole('form', { name: 'Estimated time' }).count()).toBe(0);

    await actions.getByLabel('Amount (USD)').fill('2500.50');
    await actions.getByRole('button', { name: 'Set charge' }).click();
    await page.getByText("Charge set to USD 2500.50. The patient's invoice is ready.").waitFor();

    // The collector and the time, in hospital time, tomorrow at 09:30.
    const tomorrow = new Date(Date.now() + 330 * 60_000 + 24 * 60 * 60_000).toISOString().slice(0, 10);
    const sample = actions.getByRole('form', { name: 'Home sample collection' });
    await sample.getByLabel("Collector's name").fill('Nimal Silva');
    await sample.getByLabel('Date').fill(tomorrow);
    await sample.getByLabel('Time (hospital time)').fill('09:30');
    await screenshot(page, 'staff-order-schedule-collection');
    await expectNoAxeViolations(page, 'scheduling a home sample collection');
    await sample.getByRole('button', { name: 'Schedule collection' }).click();
    await page.getByText('Sample collection scheduled with Nimal Silva.').waitFor();
    await details.getByText(`Nimal Silva, ${tomorrow} 09:30`).waitFor();

    const scheduled = await patientOrder(patient, order.id);
    expect(scheduled.orderStatus).toBe('sampleCollecting');
    expect(scheduled.sampleCollectionUserName).toBe('Nimal Silva');
    expect(scheduled.sampleCollectionTime).toBe(new Date(`${tomorrow}T04:00:00.000Z`).toISOString());

    await actions.getByRole('button', { name: 'Move to Sample Collector On The Way' }).click();
    await page.getByText('The order is now Sample Collector On The Way.').waitFor();
    await page.getByRole('region', { name: 'History' }).getByText('Sample collection scheduled').waitFor();
    // Both notices reach the patient's mobile, each once: the job queue sends them after the change.
    await vi.waitFor(
      async () => {
        const bodies = (await readOutbox(patient.mobileNo)).map((message) => message.body).filter((body) => body.includes('Nimal Silva'));
        expect(bodies).toEqual([
          expect.stringContaining(`Nimal Silva will collect the sample for your order ${identifier}`),
          expect.stringContaining(`Nimal Silva is on the way to collect the sample for your order ${identifier}`),
        ]);
      },
      { timeout: 30_000, interval: 200 },
    );

    // A result attached by the lab (uploaded with the staff token, author User/…).
    const attach = actions.getByRole('form', { name: 'Attach a result or prescription' });
    await attach.getByLabel('File (image or PDF, at most 10 MB)').setInputFiles({ name: 'report.png', mimeType: 'image/png', buffer: photo.bytes });
    await attach.getByLabel('Description').fill('Lab report');
    await attach.getByRole('button', { name: 'Attach document' }).click();
    await page.getByText('Document attached.').waitFor();
    const documents = page.getByRole('region', { name: 'Prescriptions and documents' });
    await documents.getByRole('button', { name: 'Open Lab report large' }).waitFor();
    await documents.getByText('From the hospital', { exact: false }).waitFor();
    await screenshot(page, 'staff-order-collector-on-the-way');
    await expectNoAxeViolations(page, 'lab test with the collector on the way');

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
