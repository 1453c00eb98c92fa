import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's test helper: pdf.js with its standard fonts, the same reading as the server's tests.
import { readPdf } from '../../server/test/read-pdf.ts';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  expectNoAxeViolations,
  expectTouchTargets,
  launchBrowser,
  screenshot,
} from './support/index.ts';
import {
  appointmentPath,
  appointmentState,
  book,
  createSession,
  gql,
  journeyHost,
  payByCardThroughApi,
  shownToken,
  signedInPatient,
  signedInPhone,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';

// Issue 9 browser journeys: pay a booking by card through the sandbox gateway, which speaks
// CyberSource Secure Acceptance's signed protocol (served by the same server at /sandbox/cybersource);
// a declined card; a saved card's quick pay; Invoice.pdf read back with a PDF parser. Bookings and
// sessions are made through the API: these journeys are about paying.
const host = journeyHost;
const ACCEPT_CARD = '4111111111111111';
const DECLINE_CARD = '4000000000000002';

/** An expiry two years ahead, as the card form takes it (MM/YY). */
function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12/${String(year).padStart(2, '0')}`;
}

/** Fills the card form of the open 'Pay by card' dialog and pays (spec doc 2 §5 card form). */
async function payByCard(page: Page, cardNumber: string, options: { save?: boolean } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await dialog.waitFor();
  await dialog.getByLabel('Name on card').fill('Nuwan Fernando');
  await dialog.getByLabel('Card number').pressSequentially(cardNumber);
  await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially(futureExpiry().replace('/', ''));
  await dialog.getByLabel('CVV').fill('123');
  if (options.save) {
    await dialog.getByLabel('Save this card').check();
  }
  await expectNoAxeViolations(page, 'card form');
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

/** Waits for the gateway's answer to bring the browser back to the appointment screen, with the outcome. */
async function backOnAppointment(page: Page, appointmentId: string): Promise<URL> {
  // The gateway's 303 lands with the outcome in the address (the app then takes it out of it).
  await page.waitForURL(
    (url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === appointmentId && url.searchParams.has('paymentStatus'),
    { timeout: 60_000 },
  );
  return new URL(page.url());
}

/** A session two days ahead with one booking of a new patient. */
async function bookedPatient(staff: string, given: string, room: string): Promise<{ patient: Patient; sessionId: string; appointmentId: string; tokenNo: number }> {
  const sessionId = await createSession(staff, 2, room);
  const patient = await signedInPatient(given);
  const booked = await book(patient, sessionId);
  return { patient, sessionId, appointmentId: booked.id, tokenNo: booked.tokenNo };
}

describe('payments', () => {
  let browser: Browser;
  let staff: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await staffToken();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('pays a booking with the sandbox ACCEPT card and comes back to the paid appointment with its token', async () => {
    const { patient, sessionId, appointmentId, tokenNo } = await bookedPatient(staff, 'Nuwan', 'Room Pay A');
    const { context, page } = await signedInPhone(browser, patient, 'pay-accept-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(appointmentPath(sessionId, appointmentId), host));
    expect(await shownToken(page)).toBe(String(tokenNo));
    // spec doc 2 §5: the invoice with 2 decimals before the pay button.
    await page.getByText('Total').waitFor();
    await expectNoAxeViolations(page, 'appointment awaiting payment');
    await expectTouchTargets(page);
    await screenshot(page, 'pay-invoice');

    await payByCard(page, ACCEPT_CARD);
    const back = await backOnAppointment(page, appointmentId);
    expect(back.searchParams.get('sessionId')).toBe(sessionId);
    await page.getByText('Payment success').waitFor();
    expect(await shownToken(page)).toBe(String(tokenNo));
    await expectNoAxeViolations(page, 'paid appointment');
    await screenshot(page, 'pay-success');
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'paid', tokenNo });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows the failure for the DECLINE card and keeps the booking payable', async () => {
    const { patient, sessionId, appointmentId } = await bookedPatient(staff, 'Dilan', 'Room Pay B');
    const { context, page } = await signedInPhone(browser, patient, 'pay-decline-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(appointmentPath(sessionId, appointmentId), host));
    await shownToken(page);
    await payByCard(page, DECLINE_CARD);
    await backOnAppointment(page, appointmentId);
    await page.getByText('Problem with your payment').waitFor();
    await expectNoAxeViolations(page, 'declined payment');
    await screenshot(page, 'pay-declined');
    // Still payable: the pay button is offered again and the server keeps it pending.
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'pending', appointmentStatus: 'booked' });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('saves the card on a payment, quick pays a second booking with it, and downloads Invoice.pdf (A4) with the invoice lines', async () => {
    const first = await bookedPatient(staff, 'Kamal', 'Room Pay C');
    const { context, page } = await signedInPhone(browser, first.patient, 'pay-saved-card-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(appointmentPath(first.sessionId, first.appointmentId), host));
    await shownToken(page);
    await payByCard(page, ACCEPT_CARD, { save: true });
    await backOnAppointment(page, first.appointmentId);
    await page.getByText('Payment success').waitFor();

    // A second booking of the same patient: one tap with the saved default card (completeBooking).
    const secondSession = await createSession(staff, 3, 'Room Pay D');
    const second = await book(first.patient, secondSession);
    await page.goto(appUrl(appointmentPath(secondSession, second.id), host));
    await shownToken(page);
    const quick = page.getByRole('button', { name: /with your saved card 411111/ });
    await quick.waitFor();
    await expectNoAxeViolations(page, 'quick pay offered');
    await quick.click();
    await page.getByText('Payment success').waitFor();
    expect(await appointmentState(first.patient, second.id)).toMatchObject({ paymentStatus: 'paid' });

    // Payment history: both payments, the invoice modal, and Invoice.pdf.
    const { queryPaymentGatewayCallback } = await gql<{ queryPaymentGatewayCallback: { id: string; requestReference: string }[] }>(
      '{ queryPaymentGatewayCallback { id requestReference } }',
      {},
      first.patient.token,
    );
    const firstPayment = queryPaymentGatewayCallback.find((record) => record.requestReference === `Appointment/${first.appointmentId}`);
    expect(firstPayment).toBeDefined();
    await page.goto(appUrl(`/profiles/my-payment-history?paymentId=${firstPayment?.id ?? ''}`, host));
    await page.getByRole('button', { name: 'View invoice' }).first().click();
    const invoice = page.getByRole('dialog', { name: 'Payment Invoice' });
    await invoice.waitFor();
    await expectNoAxeViolations(page, 'payment invoice');
    await screenshot(page, 'payment-invoice');
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('button', { name: 'Download as PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('Invoice.pdf');
    const { pages } = await readPdf(new Uint8Array(await readFile(await download.path())));
    expect(pages.map((page) => [Math.round(page.width), Math.round(page.height)])).toEqual([[595, 842]]);
    const text = pages[0]?.text ?? '';
    expect(text).toContain('Payment Invoice');
    expect(text).toMatch(/Doctor fee/i);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it("asks for a refund through the wizard; the cashier refunds it to the card; the patient sees it refunded", async () => {
    const { patient, sessionId, appointmentId, tokenNo } = await bookedPatient(staff, 'Sunil', 'Room Refund Card');
    await payByCardThroughApi(patient, appointmentId);

    // The patient: /view/appointment → 'Request a refund' → category → subcategory → confirm (spec doc 2 §4 Refund).
    const { context, page } = await signedInPhone(browser, patient, 'refund-card-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(appointmentPath(sessionId, appointmentId), host));
    expect(await shownToken(page)).toBe(String(tokenNo));
    await page.getByRole('button', { name: 'Request a refund' }).click();
    const wizard = page.getByRole('dialog', { name: 'Request a refund' });
    await wizard.getByRole('heading', { name: 'Why do you want a refund?' }).waitFor();
    await expectNoAxeViolations(page, 'refund wizard: category');
    await wizard.getByRole('button', { name: 'Doctor related' }).click();
    await wizard.getByRole('heading', { name: 'What happened?' }).waitFor();
    await wizard.getByRole('button', { name: 'doctor requested' }).click();
    await wizard.getByRole('heading', { name: 'Send this refund request?' }).waitFor();
    await expectNoAxeViolations(page, 'refund wizard: confirm');
    await screenshot(page, 'refund-wizard-confirm');
    await wizard.getByRole('button', { name: 'Send request' }).click();
    await wizard.getByRole('heading', { name: 'Refund requested' }).waitFor();
    await wizard.locator('.refund-wizard').getByRole('button', { name: 'Close', exact: true }).click();
    const refundFact = page.locator('.appointment-facts__refund');
    await expect.poll(() => refundFact.textContent()).toBe('Requested');
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'paid', paymentRefundStatus: 'requested' });

    // The cashier: Payments → the request → Refund to card → Confirm (issue 9 §8).
    const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const cashier = await desk.newPage();
    const cashierErrors = collectPageErrors(cashier);
    await cashier.goto(appUrl('/staff', host));
    await cashier.getByLabel('Email address').fill('cashier.colombo@careline.test');
    await cashier.getByLabel('Password', { exact: true }).fill('careline-demo-staff');
    await cashier.getByRole('button', { name: 'Sign in' }).click();
    await cashier.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    await cashier.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    const request = cashier.getByRole('listitem').filter({ has: cashier.getByRole('heading', { level: 3, name: new RegExp(`^Token ${String(tokenNo)}, .*Sunil Fernando$`) }) });
    await request.waitFor();
    await checkScreen(cashier, 'staff payments');
    await request.getByRole('button', { name: 'Refund to card' }).click();
    const confirm = cashier.getByRole('alertdialog', { name: 'Refund to the card?' });
    await confirm.waitFor();
    await expectNoAxeViolations(cashier, 'refund to the card: confirm');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await cashier.getByText('The refund request is now refunded.').waitFor();
    await screenshot(cashier, 'staff-refund-to-card');
    expect(cashierErrors).toEqual([]);
    await desk.close();

    // The patient sees it refunded: the refund shows as paid (spec doc 2 §4).
    await page.reload();
    await expect.poll(() => refundFact.textContent(), { timeout: 20_000 }).toBe('Paid');
    await expectNoAxeViolations(page, 'refunded appointment');
    await screenshot(page, 'refund-card-refunded');
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'paid', paymentRefundStatus: 'refunded' });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
