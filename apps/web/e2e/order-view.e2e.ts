import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  latestCode,
  launchBrowser,
  mintSignInLink,
  newPhonePage,
  screenshot,
} from './support/index.ts';
import {
  createHomeLabTestThroughApi,
  createOrderThroughApi,
  gql,
  journeyHost,
  signedInPatient,
  signedInPhone,
  staffChangeOrder,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';

// Issue 10 Build 3, 5, 7, 8, 9: the patient's order view (spec doc 3 §2 Order detail screen) on a
// phone, against the real server: a home lab test made through the API, its address changed, visit ↔
// home sample collection, the hospital's charge and sample collector appearing live, notes both ways,
// a replaced order opening its replacement, another account's order → /accessDenied, and the SR link
// sign-in landing on the order view.

/** A 2×2 PNG the patient sends with a note. */
const notePhoto = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

const orderPath = (id: string) => `/order/view?orderId=${encodeURIComponent(id)}`;

type ServerOrder = { serviceRequestInitiatedFor: string; addressCity: string | null; heartbeatLinkSeen: boolean; note: { text: string }[] };

async function serverOrder(patient: Patient, id: string): Promise<ServerOrder> {
  const { serviceRequest } = await gql<{ serviceRequest: ServerOrder }>(
    'query ($id: ID!) { serviceRequest(id: $id) { serviceRequestInitiatedFor addressCity heartbeatLinkSeen note { text } } }',
    { id },
    patient.token,
  );
  return serviceRequest;
}

/** Waits until the server has the order in the state the check wants (the screen's save is done). */
async function untilServer(patient: Patient, id: string, check: (order: ServerOrder) => boolean): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (check(await serverOrder(patient, id))) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server never reached the expected order state');
}

/** Picks a choice of 'Are you sure want to Change request?' and presses Update. */
async function changeRequest(page: Page, choice: 'Book a visit to hospital' | 'Request home sample collection', shot: string) {
  await page.getByRole('button', { name: 'Change request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure want to Change request?' });
  await dialog.waitFor();
  expect(await dialog.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
  await dialog.getByText(choice).click();
  await checkScreen(page, `change request → ${choice}`);
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('order view', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a home lab test: address change, visit ↔ home, the hospital live, notes both ways, the replacement, access denied', { timeout: 180_000 }, async () => {
    const patient = await signedInPatient('Orderview');
    const staff = await staffToken();
    const order = await createHomeLabTestThroughApi(patient);
    const { context, page } = await signedInPhone(browser, patient, 'order-view-failure');
    const errors = collectPageErrors(page);

    await page.goto(orderPath(order.id));
    await page.getByRole('heading', { level: 1, name: 'Examination Order' }).waitFor();
    await page.getByRole('heading', { name: 'Home Sample Collection' }).waitFor();
    await page.getByText('Sample Collection Address').waitFor();
    await page.getByRole('region', { name: 'Test List' }).getByText('Full blood count').waitFor();
    // The prescription's thumbnail, read with the account's token (GET /blob/get/{id}).
    const thumb = page.getByRole('img', { name: 'Image 1' });
    await thumb.waitFor();
    expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await checkScreen(page, 'order view');
    await screenshot(page, 'order-view');
    // spec doc 3 §4: viewing marked heartbeatLinkSeen.
    await untilServer(patient, order.id, (current) => current.heartbeatLinkSeen);

    // 'Change homecare address': Update waits for a change.
    await page.getByRole('button', { name: 'Change address' }).click();
    const addressDialog = page.getByRole('dialog', { name: 'Change homecare address' });
    await addressDialog.waitFor();
    const update = addressDialog.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    await addressDialog.getByLabel('City').fill('Kandy');
    expect(await update.isDisabled()).toBe(false);
    await checkScreen(page, 'change homecare address');
    await screenshot(page, 'order-view-change-address');
    await update.click();
    await addressDialog.waitFor({ state: 'detached' });
    await page.locator('.order-address__lines').getByText('Kandy').waitFor();
    await untilServer(patient, order.id, (current) => current.addressCity === 'Kandy');

    // Visit ↔ home sample collection.
    await changeRequest(page, 'Book a visit to hospital', 'order-view-change-to-visit');
    await page.getByRole('heading', { name: 'Visit to hospital' }).waitFor();
    await untilServer(patient, order.id, (current) => current.serviceRequestInitiatedFor === 'appointment');
    await changeRequest(page, 'Request home sample collection', 'order-view-change-to-home');
    await page.getByRole('heading', { name: 'Home Sample Collection' }).waitFor();
    await untilServer(patient, order.id, (current) => current.serviceRequestInitiatedFor === 'homecare');

    // The hospital sets the charge and schedules the collector: both appear without a reload.
    await staffChangeOrder(staff, patient, order.id, { kind: 'charge', amount: '2500.00' });
    await page.getByText('Confirming', { exact: true }).waitFor();
    // 04:00 UTC tomorrow is 09:30 hospital time (UTC+05:30), shown so whatever the phone's time zone.
    const at = new Date(Date.now() + 24 * 60 * 60 * 1000);
    at.setUTCHours(4, 0, 0, 0);
    await staffChangeOrder(staff, patient, order.id, { kind: 'schedule', collectorName: 'Kamal Silva', time: at.toISOString() });
    const box = page.getByRole('region', { name: 'Sample collection scheduled' });
    await box.waitFor();
    expect((await box.textContent()) ?? '').toContain('Kamal Silva will meet you at home at 09:30 AM');
    await checkScreen(page, 'order view, sample collection scheduled');
    await screenshot(page, 'order-view-sample-collection');

    // Notes: the patient writes, the hospital answers live.
    const toggle = page.getByRole('button', { name: /Chat with hospital/ });
    await toggle.click();
    const reply = page.getByRole('button', { name: 'Reply' });
    expect(await reply.isDisabled()).toBe(true);
    await page.getByLabel('Type any additional notes here and send reply').fill('Please ring the bell twice');
    await reply.click();
    await page.locator('.order-note--patient').getByText('Please ring the bell twice').waitFor();
    await untilServer(patient, order.id, (current) => current.note.some((note) => note.text === 'Please ring the bell twice'));
    // A photo with the note: uploaded, recorded as a document and shown in the thread.
    await page.locator('.order-notes__attach input[type="file"]').setInputFiles({ name: 'rash.png', mimeType: 'image/png', buffer: notePhoto });
    const threadPhoto = page.locator('.order-notes__list img');
    await threadPhoto.waitFor();
    expect(await threadPhoto.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    await staffChangeOrder(staff, patient, order.id, { kind: 'note', text: 'The collector will call you first' });
    await page.locator('.order-note--staff').getByText('The collector will call you first').waitFor();
    await checkScreen(page, 'order notes');
    await screenshot(page, 'order-view-notes');
    // Closed, a newer hospital reply shows as unread until the block is opened again.
    await toggle.click();
    await staffChangeOrder(staff, patient, order.id, { kind: 'note', text: 'See you tomorrow' });
    await page.getByText('1 new reply').waitFor();
    await toggle.click();
    await page.locator('.order-note--staff').getByText('See you tomorrow').waitFor();
    expect(await page.getByText('1 new reply').count()).toBe(0);

    // The hospital replaces the order: the old address opens the replacement.
    const replacement = await staffChangeOrder(staff, patient, order.id, { kind: 'replace' });
    await page.goto(orderPath(order.id));
    await page.waitForURL((url) => url.pathname === '/order/view' && url.searchParams.get('orderId') === replacement.id);
    await page.getByRole('heading', { level: 1, name: 'Examination Order' }).waitFor();
    await checkScreen(page, 'replacement order');
    await screenshot(page, 'order-view-replacement');

    // Another account's order answers like a missing one: /accessDenied, and nothing of it shows.
    const other = await signedInPatient('Otheraccount');
    const otherOrder = await createOrderThroughApi(other, 'Medication');
    await page.goto(orderPath(otherOrder.id));
    await page.waitForURL((url) => url.pathname === '/accessDenied');
    await screenshot(page, 'order-view-access-denied');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('an SR sign-in link opens the real order view after the code', { timeout: 120_000 }, async () => {
    const patient = await signedInPatient('Linkorder');
    const order = await createOrderThroughApi(patient, 'Medication');
    const { queryOneProfile } = await gql<{ queryOneProfile: { mobileNo: string } }>('{ queryOneProfile { mobileNo } }', {}, patient.token);
    const link = await mintSignInLink({ mobileNo: queryOneProfile.mobileNo, orderId: order.id }, { host: journeyHost });
    const url = new URL(link.url);

    const { context, page } = await newPhonePage(browser, { host: journeyHost });
    onTestFailed(async () => {
      await screenshot(page, 'order-link-failure');
    });
    const since = new Date();
    await page.goto(appUrl(`${url.pathname}${url.search}`, journeyHost));
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    await codeInput.fill(await latestCode(queryOneProfile.mobileNo, { since }));
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.waitForURL((target) => target.pathname === '/order/view' && target.searchParams.get('orderId') === order.id);
    await page.getByRole('heading', { level: 1, name: 'Medication Order' }).waitFor();
    await checkScreen(page, 'order view from an SR link');
    await screenshot(page, 'order-view-from-link');
    await context.close();
  });
});
