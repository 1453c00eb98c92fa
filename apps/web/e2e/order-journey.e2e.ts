import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { appUrl, checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import { photoInPage } from './support/photo.ts';
import { gql, journeyHost, signedInPatient, signedInPhone, type Patient } from './support/journey-setup.ts';

// Issue 10, the whole medicine order through both real UIs on the server the e2e global setup starts:
// a phone (412×823) orders medicine with two prescription photos (one over 1 MB, compressed) for the
// patient's mother at the Colombo branch; the Colombo pharmacist signs in to the staff console
// (desktop), finds the order in the New queue, sees both photos and sets the charge; the patient's open
// order view shows the invoice live and the patient pays by the sandbox card ('Payment success'); the
// pharmacist moves the order on to completed and the patient's view shows 'Completed' and 'Request
// Another Medication' live. Only the signed-in patient and the mother's profile are set up through the
// API. The patient app's journeys do not import the console's (eslint app boundaries), so the staff
// page is made here: desktop-sized, each of its screens checked with the shared checkScreen (one h1,
// its title, axe).

const staffEmail = 'pharmacist.colombo@careline.test';
const staffPassword = 'careline-demo-staff';
const ACCEPT_CARD = '4111111111111111';
const mother = 'Mrs Kamala Fernando';

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

/** A photo of a prescription, drawn in the page. */
function photoOf(page: Page, width: number, height: number, quality: number): Promise<Buffer> {
  return photoInPage(page, width, height, quality, { text: 'Rx Paracetamol 500 mg  2 x 3  3 days', seed: 11 });
}

/** An expiry two years ahead, as the card form takes it (MM/YY). */
function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12${String(year).padStart(2, '0')}`;
}

/** A desktop-sized page of the staff console on the demo tenant's host. */
async function newStaffPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: appUrl('', journeyHost),
    locale: 'en-US',
  });
  const page = await context.newPage();
  onTestFailed(async () => {
    await screenshot(page, 'order-journey-staff-failure');
  });
  return { context, page };
}

/** Waits for the console screen whose h1 is `heading`, then checks it (one h1, its title, axe). */
async function staffScreen(page: Page, heading: string, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await checkScreen(page, `staff: ${heading}`);
  await screenshot(page, name);
}

describe('a medicine order from the phone to completed, through both UIs (issue 10)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it(
    'order with two photos for the mother → the pharmacist sets the charge → the invoice live, paid by card → completed live',
    { timeout: 480_000 },
    async () => {
      const patient = await signedInPatient('Journey');
      await addMother(patient);
      const phone = await signedInPhone(browser, patient, 'order-journey-patient-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const patientErrors = collectPageErrors(page);

      // 1. The patient orders medicine with two prescription photos for the mother at the Colombo branch.
      await page.goto('/order/create/Medication');
      await page.getByRole('heading', { level: 1, name: 'Order medicines' }).waitFor();
      const big = await photoOf(page, 3000, 2250, 0.92);
      expect(big.length).toBeGreaterThan(1024 * 1024);
      const small = await photoOf(page, 600, 800, 0.7);
      expect(small.length).toBeLessThan(1024 * 1024);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add photos' }).click()]);
      await chooser.setFiles([
        { name: 'prescription-page-1.jpg', mimeType: 'image/jpeg', buffer: big },
        { name: 'prescription-page-2.jpg', mimeType: 'image/jpeg', buffer: small },
      ]);
      await expect
        .poll(() => page.locator('[data-upload-status="done"]').count(), { timeout: 120_000, interval: 250 })
        .toBe(2);

      const hospital = page.getByRole('combobox', { name: 'Hospital' });
      await hospital.waitFor();
      const colombo = await hospital.locator('option').evaluateAll((options) =>
        (options as HTMLOptionElement[]).find((option) => option.text.trim().endsWith('Colombo'))?.value ?? '',
      );
      expect(colombo).not.toBe('');
      await hospital.selectOption(colombo);
      // Home delivery (the default): the address.
      await page.getByLabel('No, Address line 1').fill('12 Flower Road');
      await page.getByLabel('Address near landmark').fill('Near the temple');
      await page.getByLabel('City').fill('Colombo 7');
      await checkScreen(page, 'order create: two photos, Colombo');
      await screenshot(page, 'order-journey-create');
      const send = page.getByRole('button', { name: 'Send request' });
      await expect.poll(() => send.isEnabled(), { timeout: 30_000 }).toBe(true);
      await send.click();

      const dialog = page.getByRole('dialog');
      await dialog.getByText('Select the profile to order').waitFor();
      await checkScreen(page, 'order create: select the profile');
      // 'Your request send to hospital' is a toast of 4 s, shown as the view opens: watch for it from the click.
      const sentToast = page.getByText('Your request send to hospital').waitFor({ timeout: 60_000 });
      await dialog.getByRole('button').filter({ hasText: 'Kamala' }).click();

      await page.waitForURL(/\/order\/view\?orderId=/);
      await sentToast;
      await page.getByRole('heading', { level: 1, name: 'Medication Order' }).waitFor();
      await page.locator('.order-person__name').getByText(mother).waitFor();
      const identifier = ((await page.locator('.order-view__identifier').textContent()) ?? '').trim();
      expect(identifier).not.toBe('');
      await screenshot(page, 'order-journey-sent');

      // 2. The Colombo pharmacist signs in to the console, finds the order in the New queue and sets the charge.
      const staff = await newStaffPage(browser);
      const console_ = staff.page;
      console_.setDefaultTimeout(60_000);
      const staffErrors = collectPageErrors(console_);
      await console_.goto('/staff');
      await staffScreen(console_, 'Sign in to the staff console', 'order-journey-staff-sign-in');
      await console_.getByLabel('Email address').fill(staffEmail);
      await console_.getByLabel('Password', { exact: true }).fill(staffPassword);
      await console_.getByRole('button', { name: 'Sign in' }).click();
      await staffScreen(console_, 'Home', 'order-journey-staff-home');
      await console_.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
      await staffScreen(console_, 'Orders', 'order-journey-staff-orders');
      await console_.getByRole('tab', { name: 'New', selected: true }).waitFor();
      const link = console_.getByRole('link', { name: `Open order ${identifier} of ${mother}` });
      await link.click();
      await staffScreen(console_, `Order ${identifier}`, 'order-journey-staff-order');
      // Both prescription photos.
      const photos = console_.getByRole('region', { name: 'Prescriptions and documents' }).getByRole('button', { name: /^Open .+ large$/ });
      await expect.poll(() => photos.count(), { timeout: 60_000 }).toBe(2);
      await console_.getByRole('button', { name: 'Open prescription-page-2.jpg large' }).click();
      const viewer = console_.getByRole('dialog', { name: /^Image 2 of 2/ });
      const photo = viewer.getByRole('img', { name: 'prescription-page-2.jpg' });
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
      await checkScreen(console_, 'staff: prescription photo viewer');
      await console_.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      const actions = console_.getByRole('region', { name: 'Actions' });
      await actions.getByLabel('Amount (USD)').fill('1500');
      await actions.getByRole('button', { name: 'Set charge' }).click();
      await console_.getByText("Charge set to USD 1500.00. The patient's invoice is ready.").waitFor();
      await checkScreen(console_, 'staff: order with its charge set');
      await screenshot(console_, 'order-journey-staff-charged');

      // 3. The patient's open order view shows the invoice live, and the patient pays by the sandbox card.
      const block = page.getByRole('region', { name: 'Payment' });
      await block.getByText(/1,500\.00/).first().waitFor();
      const pay = block.getByRole('button', { name: 'Pay and book now' });
      await pay.waitFor();
      await checkScreen(page, 'order view: invoice');
      await screenshot(page, 'order-journey-invoice');
      await pay.click();
      const card = page.getByRole('dialog', { name: 'Pay by card' });
      await card.waitFor();
      await card.getByLabel('Name on card').fill('Ruwan Fernando');
      await card.getByLabel('Card number').pressSequentially(ACCEPT_CARD);
      await card.getByLabel('Expiry date (MM/YY)').pressSequentially(futureExpiry());
      await card.getByLabel('CVV').fill('123');
      await checkScreen(page, 'order view: card form');
      await card.getByRole('button', { name: /^Pay / }).click();
      // 'Payment success' is a toast of a few seconds: watch for it from the start.
      const success = page.getByText('Payment success').waitFor({ timeout: 120_000 });
      await page.waitForURL((url) => url.pathname === '/order/view' && url.searchParams.get('paymentStatus') === 'Success', {
        timeout: 120_000,
      });
      await success;
      await block.getByText('Paid', { exact: true }).waitFor();
      await checkScreen(page, 'order view: paid');
      await screenshot(page, 'order-journey-paid');
      const orderId = new URL(page.url()).searchParams.get('orderId') ?? '';

      // 4. The pharmacist moves the order on to completed, through the statuses the console offers.
      await console_.getByRole('region', { name: 'Order details' }).getByText(/^Paid/).first().waitFor();
      for (const status of ['Preparing', 'Delivering', 'Completed']) {
        await actions.getByRole('button', { name: `Move to ${status}` }).click();
        await console_.getByText(`The order is now ${status}.`).waitFor();
      }
      expect(await actions.getByRole('button', { name: /^Move to/ }).count()).toBe(0);
      await checkScreen(console_, 'staff: completed order');
      await screenshot(console_, 'order-journey-staff-completed');

      // 5. Without a reload, the patient's view shows 'Completed' and 'Request Another Medication'.
      const banner = page.locator('.order-banner').filter({ hasText: 'Completed' });
      await banner.waitFor({ timeout: 60_000 });
      const another = banner.getByRole('link', { name: 'Request Another Medication' });
      await another.waitFor();
      expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);
      await checkScreen(page, 'order view: completed');
      await screenshot(page, 'order-journey-completed');
      expect(new URL((await another.getAttribute('href')) ?? '', appUrl('/', journeyHost)).pathname).toBe('/order/create/Medication');
      await another.click();
      await page.waitForURL((url) => url.pathname === '/order/create/Medication');
      await page.getByRole('heading', { level: 1, name: 'Order medicines' }).waitFor();
      await checkScreen(page, 'order create again');

      expect(patientErrors).toEqual([]);
      expect(staffErrors).toEqual([]);
      await staff.context.close();
      await phone.context.close();
    },
  );
});
