import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { sampleCollectionDateChoices } from '@careline/domain/orders/plain';
import { checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import { photoInPage } from './support/photo.ts';
import { gql, signedInPatient, signedInPhone } from './support/journey-setup.ts';

// Issue 12 'Tests that must exist': a home lab test with address and time through the chat (Home
// Lab Test: the hospital, the tests, the doctor's request photo, the sample collection address, one
// of the 7 dates and a time on it (issue 30 §11: the spec's time picker), the confirmation), axe on
// each new screen; the order is the server's: Examination, at home, the chosen test and the sample
// collection time picked (11:00 at the hospital).

type ChatLabOrder = {
  serviceRequest: {
    id: string;
    patientId: string;
    category: string;
    serviceRequestInitiatedFor: string;
    addressLineOne: string | null;
    addressCity: string | null;
    diagnosticReport: unknown;
    sampleCollectionRequestedTime: string | null;
    documentReferenceIds: string[];
  };
};

async function pickPhoto(page: Page, name: string): Promise<void> {
  const photo = await photoInPage(page, 900, 1200, 0.7, { text: 'Lab request  FBC', seed: 17 });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add a photo' }).click()]);
  await chooser.setFiles([{ name, mimeType: 'image/jpeg', buffer: photo }]);
}

describe('Home Lab Test through the chat (issue 12 §2)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('orders a home lab test with the request photo, the address and a collection day and time', async () => {
    const patient = await signedInPatient('Chatlab');
    const { context, page } = await signedInPhone(browser, patient, 'chat-lab-test-failure');
    page.setDefaultTimeout(30_000);
    const errors = collectPageErrors(page);

    await page.goto('/chat-home');
    const log = page.getByRole('log', { name: 'Chat' });
    await page.getByRole('button', { name: 'Home Lab Test' }).click();
    await log.getByText('Which hospital would you like to go to?').waitFor();
    await page.getByRole('button', { name: /Colombo$/ }).click();

    await log.getByText('Which tests would you like to do?').waitFor();
    await checkScreen(page, 'chat lab test: tests');
    await page.getByRole('checkbox', { name: 'Full Blood Count' }).check();
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();

    await log.getByText("Please upload a photo of your doctor's request for these tests.").waitFor();
    await checkScreen(page, 'chat lab test: request upload');
    await pickPhoto(page, 'lab-request.jpg');
    await log.getByText('Do you have another page to upload?').waitFor();
    await log.getByText('lab-request.jpg').waitFor();
    await page.getByRole('button', { name: 'No', exact: true }).click();

    await log.getByText('Where should we collect your sample?').waitFor();
    await page.getByLabel('address line 1').fill('8 Lotus Lane');
    await page.getByLabel('city').fill('Dehiwala');
    await checkScreen(page, 'chat lab test: address');
    await page.getByRole('button', { name: 'Confirm address' }).click();

    await log.getByText('When should we come to collect your sample?').waitFor();
    await checkScreen(page, 'chat lab test: date');
    // The second of the 7 dates (Today, Tomorrow, ...), in the hospital's time zone.
    const tomorrow = sampleCollectionDateChoices(new Date(), DEFAULT_TIME_ZONE)[1] ?? '';
    await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
    const times = page.getByRole('group', { name: 'Time of the sample collection on Tomorrow' });
    await times.waitFor();
    await checkScreen(page, 'chat lab test: time');
    await times.getByRole('button', { name: '11:00', exact: true }).click();

    await log.getByText('Please check your order and confirm it.').waitFor();
    await log.getByText('You get 10% off lab tests.').waitFor();
    await page.getByText('Tests: Full Blood Count').waitFor();
    await page.getByText('Sample collection at: 8 Lotus Lane, Dehiwala').waitFor();
    await page.getByText('Sample collection on: Tomorrow, 11:00').waitFor();
    await page.getByRole('button', { name: `${patient.displayName} (Me)` }).click();
    await checkScreen(page, 'chat lab test: confirmation');
    await page.getByRole('button', { name: 'Confirm order' }).click();

    await log.getByText('Your request send to hospital').waitFor();
    const link = log.getByRole('link', { name: 'View order' });
    const orderId = new URL(`http://x${(await link.getAttribute('href')) ?? ''}`).searchParams.get('orderId') ?? '';
    const { serviceRequest } = await gql<ChatLabOrder>(
      `query ($id: ID!) { serviceRequest(id: $id) { id patientId category serviceRequestInitiatedFor addressLineOne
        addressCity diagnosticReport sampleCollectionRequestedTime documentReferenceIds } }`,
      { id: orderId },
      patient.token,
    );
    expect(serviceRequest).toMatchObject({
      patientId: patient.patientId,
      category: 'Examination',
      serviceRequestInitiatedFor: 'homecare',
      addressLineOne: '8 Lotus Lane',
      addressCity: 'Dehiwala',
      diagnosticReport: ['00000001'],
    });
    expect(serviceRequest.documentReferenceIds).toHaveLength(1);
    expect(Date.parse(serviceRequest.sampleCollectionRequestedTime ?? '')).toBe(Date.parse(`${tomorrow}T11:00:00+05:30`));
    await screenshot(page, 'chat-lab-test-created');
    await checkScreen(page, 'chat lab test: created');
    expect(errors).toEqual([]);
    await context.close();
  });
});
