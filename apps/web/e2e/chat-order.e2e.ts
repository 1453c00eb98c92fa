import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import { photoInPage } from './support/photo.ts';
import { gql, signedInPatient, signedInPhone } from './support/journey-setup.ts';

// Issue 12 'Tests that must exist': order medicine through the chat with a photo (Online Pharmacy:
// the hospital, the prescription photo, the more-upload prompt, the delivery mode and address, the
// order's confirmation for a family member), axe on each screen; the conversation survives a reload
// on the way, and so does a photo still uploading (nothing the patient did is lost); after ordering
// the chat is back at the upcoming check and the order is the server's.

type ChatOrder = {
  serviceRequest: {
    id: string;
    patientId: string;
    category: string;
    serviceRequestInitiatedFor: string;
    addressLineOne: string | null;
    documentReferenceIds: string[];
  };
};

async function pickPhoto(page: Page, name: string): Promise<void> {
  const photo = await photoInPage(page, 900, 1200, 0.7, { text: 'Rx Paracetamol 500 mg  1 x 3', seed: 11 });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add a photo' }).click()]);
  await chooser.setFiles([{ name, mimeType: 'image/jpeg', buffer: photo }]);
}

/**
 * The state the phone keeps for a file of the chat's prescription upload (the order drafts' IndexedDB
 * record '<account>:chat'), or null while it keeps none.
 */
async function keptChatUpload(page: Page, name: string): Promise<string | null> {
  return page.evaluate(
    (fileName) =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('careline-order-drafts');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains('drafts')) {
            resolve(null);
            return;
          }
          const cursor = database.transaction('drafts').objectStore('drafts').openCursor();
          cursor.onerror = () => resolve(null);
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) {
              resolve(null);
              return;
            }
            if (typeof at.key === 'string' && at.key.endsWith(':chat')) {
              const files = (at.value as { files: { name: string; status: string }[] }).files;
              resolve(files.find((file) => file.name === fileName)?.status ?? null);
              return;
            }
            at.continue();
          };
        };
      }),
    name,
  );
}

describe('Online Pharmacy through the chat (issue 12 §2)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('orders medicine with a photo for the mother, delivered home, and comes back to the upcoming check', async () => {
    const patient = await signedInPatient('Chatorder');
    const mother = await gql<{ createPatient: { id: string } }>(
      `mutation { createPatient(name: {prefix: "Mrs", given: ["Chandra"], family: "Fernando"},
        birthDate: "1954-03-09", gender: "female", extension: [{ valueId: "relationship", value: "Mother" }]) { id } }`,
      {},
      patient.token,
    );
    const { context, page } = await signedInPhone(browser, patient, 'chat-order-failure');
    page.setDefaultTimeout(30_000);
    const errors = collectPageErrors(page);

    await page.goto('/chat-home');
    const log = page.getByRole('log', { name: 'Chat' });
    await page.getByRole('button', { name: 'Online Pharmacy' }).click();
    await log.getByText('Which hospital would you like to go to?').waitFor();
    await page.getByRole('button', { name: /Colombo$/ }).click();

    await log.getByText('Please upload a photo of your prescription.').waitFor();
    await checkScreen(page, 'chat order: prescription upload');
    await pickPhoto(page, 'prescription.jpg');
    await log.getByText('Do you have another prescription to upload?').waitFor();
    await log.getByText('prescription.jpg').waitFor();
    // The photo itself is in the stream, read from the blob service (issue 12 §2).
    await expect
      .poll(() => log.getByRole('img', { name: 'prescription.jpg' }).evaluate((image) => (image as HTMLImageElement).naturalWidth), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);

    // A second page, still uploading when the page reloads: it goes on after the reload (the first
    // blob upload is held until the reload cuts it; the next one goes through).
    let blobCalls = 0;
    let held: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    await page.route('**/blob/put', async (route: Route) => {
      blobCalls += 1;
      if (blobCalls === 1) {
        held();
        return;
      }
      await route.continue();
    });
    await page.getByRole('button', { name: 'Yes' }).click();
    await pickPhoto(page, 'prescription-2.jpg');
    await uploadHeld;
    // Once the phone keeps the file with its bytes, reload.
    await expect.poll(() => keptChatUpload(page, 'prescription-2.jpg'), { timeout: 30_000 }).toBe('uploading');
    await page.reload();
    await log.getByText('prescription-2.jpg').waitFor();
    await expect.poll(() => log.getByText('Do you have another prescription to upload?').count()).toBe(2);
    expect(blobCalls).toBe(2);
    // The files are in the conversation now: the phone keeps them no longer.
    await expect.poll(() => keptChatUpload(page, 'prescription-2.jpg')).toBeNull();
    await page.getByRole('button', { name: 'No' }).click();

    await log.getByText('How would you like to get your medicine?').waitFor();
    await page.getByRole('button', { name: 'Deliver to my home' }).waitFor();
    // issue 12 §2: the conversation survives a reload, where it was.
    await page.reload();
    await log.getByText('Please upload a photo of your prescription.').first().waitFor();
    await page.getByRole('button', { name: 'Deliver to my home' }).click();

    await log.getByText('Please confirm the delivery address.').waitFor();
    await page.getByLabel('address line 1').fill('12 Flower Road');
    await page.getByLabel('city').fill('Colombo 7');
    await checkScreen(page, 'chat order: delivery address');
    await page.getByRole('button', { name: 'Confirm address' }).click();

    await log.getByText('Please check your order and confirm it.').waitFor();
    await log.getByText('You get 10% off medication ordered via chat.').waitFor();
    await page.getByText('Prescriptions: 2').waitFor();
    await page.getByRole('button', { name: 'Mrs Chandra Fernando (Mother)' }).click();
    await checkScreen(page, 'chat order: confirmation');
    await page.getByRole('button', { name: 'Confirm order' }).click();

    await log.getByText('Your request send to hospital').waitFor();
    const link = log.getByRole('link', { name: 'View order' });
    const orderId = new URL(`http://x${(await link.getAttribute('href')) ?? ''}`).searchParams.get('orderId') ?? '';
    const { serviceRequest } = await gql<ChatOrder>(
      `query ($id: ID!) { serviceRequest(id: $id) { id patientId category serviceRequestInitiatedFor addressLineOne
        documentReferenceIds } }`,
      { id: orderId },
      patient.token,
    );
    expect(serviceRequest).toMatchObject({
      patientId: mother.createPatient.id,
      category: 'Medication',
      serviceRequestInitiatedFor: 'homecare',
      addressLineOne: '12 Flower Road',
    });
    expect(serviceRequest.documentReferenceIds).toHaveLength(2);
    // spec doc 1 §4: back to the upcoming check, then the menu.
    await page.getByRole('button', { name: 'What is my upcoming' }).waitFor();
    await screenshot(page, 'chat-order-created');
    await checkScreen(page, 'chat order: created');

    await link.click();
    await page.waitForURL((url) => url.pathname === '/order/view');
    expect(errors).toEqual([]);
    await context.close();
  });
});
