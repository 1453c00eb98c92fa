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
// pay now from the session screen's booking step; a declined card; a saved card's quick pay;
// Invoice.pdf read back with a PDF parser. Bookings and sessions are made through the API (but the
// session screen's own booking): these journeys are about paying.
const host = journeyHost;
const ACCEPT_CARD = '4111111111111111';
const DECLINE_CARD = '4000000000000002';
/** The sandbox's 3-D Secure card: its bank asks for a one-time code (CHALLENGE_CODE passes). */
const CHALLENGE_CARD = '4000000000001091';
const CHALLENGE_CODE = '1234';
/** The sandbox's other ACCEPT card (type code 002), saved beside the Visa one. */
const MASTERCARD = { number: '5555555555554444', type: '002' };
// spec doc 2 §2 Saved payment methods, §8 (texts as the spec gives them).
const NO_PAYMENT_METHODS = "We didn't find any payment methods of you";
// spec doc 2 §2 #/paymentTermsAndConditions: the terms page's heading.
const TERMS_HEADING = 'By continuing, you agree to the Terms & Conditions';
/** The demo tenant's configured terms (apps/server/src/modules/tenants/tenants.demo.ts), the list the terms page shows. */
const DEMO_TERMS = [
  'Appointment fees are charged in full when you book.',
  'Cancellations are accepted up to 24 hours before the session starts.',
  'Refunds are credited to the card used for payment within 14 working days.',
];

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

/** The id and accessible name of the element that has the focus, and whether it is inside `selector`. */
async function focusInside(page: Page, selector: string): Promise<{ inside: boolean; name: string }> {
  return page.evaluate((within) => {
    const active = document.activeElement;
    const container = document.querySelector(within);
    return {
      inside: Boolean(active && container?.contains(active)),
      name: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim(),
    };
  }, selector);
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
    // 'Payment success' is a toast of a few seconds: watch for it from the start, while the arrival's
    // screen check (axe) runs, so a slow machine cannot miss it.
    const success = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    const back = await backOnAppointment(page, appointmentId);
    expect(back.searchParams.get('sessionId')).toBe(sessionId);
    await success;
    expect(await shownToken(page)).toBe(String(tokenNo));
    await expectNoAxeViolations(page, 'paid appointment');
    await screenshot(page, 'pay-success');
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'paid', tokenNo });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('pays now from the session screen: the invoice in the booking step, the ACCEPT card, back to the paid appointment', async () => {
    // spec doc 2 §4 Booking, pay-now path: choose the session and the profile, the invoice is shown,
    // Pay books the number and pays it at the gateway, and the booking comes back confirmed.
    const sessionId = await createSession(staff, 2, 'Room Pay Session');
    const patient = await signedInPatient('Pradeep');
    const { context, page } = await signedInPhone(browser, patient, 'pay-from-session-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(`/view/session?sessionId=${sessionId}`, host));
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await picker.getByRole('button', { name: new RegExp(patient.displayName) }).click();
    const payNow = page.getByRole('region', { name: 'Pay now' });
    await payNow.getByText('Total').waitFor();
    await expectNoAxeViolations(page, 'session screen with pay now');
    await screenshot(page, 'pay-from-session-invoice');

    await payByCard(page, ACCEPT_CARD);
    const success = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await page.waitForURL(
      (url) => url.pathname === '/view/appointment' && url.searchParams.get('sessionId') === sessionId && url.searchParams.has('paymentStatus'),
      { timeout: 60_000 },
    );
    const appointmentId = new URL(page.url()).searchParams.get('appointmentId') ?? '';
    await success;
    expect(await shownToken(page)).toBe('1');
    await screenshot(page, 'pay-from-session-success');
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'paid', appointmentStatus: 'booked', tokenNo: 1 });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows a session without a charging scheme as nothing to pay, not an invoice error, on the session and the appointment', async () => {
    // spec doc 2 §5: a zero total shows 'Can not pay Rs 00.00' and no pay button; an error only when the
    // invoice could not be calculated. A session the hospital set no fees for has no fee lines at all.
    const sessionId = await createSession(staff, 2, 'Room Pay Free', { charged: false });
    const patient = await signedInPatient('Sunethra');
    const { context, page } = await signedInPhone(browser, patient, 'pay-free-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(`/view/session?sessionId=${sessionId}`, host));
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await picker.getByRole('button', { name: new RegExp(patient.displayName) }).click();
    const payNow = page.getByRole('region', { name: 'Pay now' });
    await payNow.getByText('Can not pay Rs 00.00').waitFor();
    expect(await payNow.getByText('Error while calculating invoice, please refresh').count()).toBe(0);
    expect(await payNow.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'session screen of a free session');

    const booked = await book(patient, sessionId);
    await page.goto(appUrl(appointmentPath(sessionId, booked.id), host));
    await shownToken(page);
    await page.getByText('Can not pay Rs 00.00').waitFor();
    expect(await page.getByText('Error while calculating invoice, please refresh').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    // Nothing to pay, so the appointment does not tell the patient to pay (nothingToPay, as the cash desk).
    expect(await page.getByText('Payment pending').count()).toBe(0);
    expect(await page.getByText('Appointment not paid').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Retry Booking' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'appointment of a free session');
    await screenshot(page, 'pay-free-appointment');
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
    // issue 29 §1.4: the catalogue's text, not the bank's ('General decline of the card. No other
    // information was provided by the issuing bank.' stays in the payment's record).
    expect((await page.locator('.payment-problem__text').textContent())?.trim()).toBe('Payment failed');
    expect(await page.getByText(/General decline/).count()).toBe(0);
    await expectNoAxeViolations(page, 'declined payment');
    await screenshot(page, 'pay-declined');
    // Still payable: the pay button is offered again and the server keeps it pending.
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    expect(await appointmentState(patient, appointmentId)).toMatchObject({ paymentStatus: 'pending', appointmentStatus: 'booked' });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it("leaves the bank's 3-D Secure page by its Cancel and by Back, and pays again at once each time (issue 29 §2)", async () => {
    const first = await bookedPatient(staff, 'Chamari', 'Room Pay 3DS A');
    const { context, page } = await signedInPhone(browser, first.patient, 'pay-3ds-abandoned-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(appointmentPath(first.sessionId, first.appointmentId), host));
    await shownToken(page);

    // The card's 3-D Secure page has a Cancel: the gateway's CANCEL brings the patient back, still payable.
    await payByCard(page, CHALLENGE_CARD, { save: true });
    const bank = page.getByRole('heading', { level: 1, name: 'Verify your payment' });
    await bank.waitFor({ timeout: 60_000 });
    await checkScreen(page, "the bank's 3-D Secure page");
    await screenshot(page, 'pay-3ds-bank-page');
    // The gateway's answer page passes by on the way back: the wait that checks it starts first.
    const cancelled = backOnAppointment(page, first.appointmentId);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await cancelled;
    await page.getByText('Problem with your payment').waitFor();
    // Paid again at once, with the same card: the bank's code passes this time, and the card is saved.
    await payByCard(page, CHALLENGE_CARD, { save: true });
    await bank.waitFor({ timeout: 60_000 });
    const paid = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await page.getByLabel('One-time code').fill(CHALLENGE_CODE);
    const passed = backOnAppointment(page, first.appointmentId);
    await page.getByRole('button', { name: 'Submit' }).click();
    await passed;
    await paid;
    expect(await appointmentState(first.patient, first.appointmentId)).toMatchObject({ paymentStatus: 'paid' });

    // A second booking, quick paid with the saved 3-D Secure card: the patient backs out of the bank's page.
    const secondSession = await createSession(staff, 3, 'Room Pay 3DS B');
    const second = await book(first.patient, secondSession);
    await page.goto(appUrl(appointmentPath(secondSession, second.id), host));
    await shownToken(page);
    const quick = page.getByRole('button', { name: /with your saved card 400000/ });
    await quick.click();
    await bank.waitFor({ timeout: 60_000 });
    await checkScreen(page, "the bank's 3-D Secure step-up");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === second.id);
    // Back without an answer, the next tap pays at once: the server asks the gateway and lets it go.
    await quick.click();
    await bank.waitFor({ timeout: 60_000 });
    const quickPaid = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await page.getByLabel('One-time code').fill(CHALLENGE_CODE);
    const quickBack = backOnAppointment(page, second.id);
    await page.getByRole('button', { name: 'Submit' }).click();
    await quickBack;
    await quickPaid;
    await screenshot(page, 'pay-3ds-paid-after-abandon');
    expect(await appointmentState(first.patient, second.id)).toMatchObject({ paymentStatus: 'paid' });
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
    const success = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await backOnAppointment(page, first.appointmentId);
    await success;

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
    // issue 29 §1.4: the method's and the card's names, not the gateway's codes.
    expect(text).toMatch(/Paid with:\s*Card/);
    expect(text).toMatch(/Card:\s*Visa 411111X+/);
    expect(text).not.toContain('cyberSource');
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

  it('lists the saved cards on /profiles/payment-methods, masked, sets the default, deletes each after a confirm, and shows the empty state', async () => {
    // Two cards saved through real sandbox payments ('Save this card': transaction type
    // sale,create_payment_token): the Visa card first (so the default), then the Mastercard.
    const { patient, appointmentId } = await bookedPatient(staff, 'Ruwan', 'Room Cards A');
    await payByCardThroughApi(patient, appointmentId, { savePaymentMethod: true });
    const second = await book(patient, await createSession(staff, 3, 'Room Cards B'));
    await payByCardThroughApi(patient, second.id, { savePaymentMethod: true, card: MASTERCARD });
    const expiry = `12-${String(new Date().getFullYear() + 2)}`;

    const { context, page } = await signedInPhone(browser, patient, 'payment-methods-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl('/profiles/payment-methods', host));
    await page.getByRole('heading', { level: 1, name: 'Saved Payment Methods' }).waitFor();
    const cards = page.locator('.payment-methods__list > li');
    await expect.poll(() => cards.count()).toBe(2);
    // spec doc 2 §3 Payment method, §5: the type, the first 6 digits then masked, the expiry; the default first.
    const visa = cards.filter({ hasText: 'Visa' });
    const mastercard = cards.filter({ hasText: 'Mastercard' });
    expect(await cards.first().textContent()).toContain('Visa');
    expect(await visa.locator('.payment-method__number').textContent()).toBe('411111XXXXXXXXXX');
    expect(await mastercard.locator('.payment-method__number').textContent()).toBe('555555XXXXXXXXXX');
    expect(await visa.locator('.payment-method__expiry').textContent()).toBe(`Expires ${expiry}`);
    expect(await mastercard.locator('.payment-method__expiry').textContent()).toBe(`Expires ${expiry}`);
    expect(await visa.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await mastercard.getByText('Default', { exact: true }).count()).toBe(0);
    // Never more than the first 6 digits, wherever the screen shows the cards.
    const listText = (await page.locator('.payment-methods__list').textContent()) ?? '';
    expect(listText).not.toMatch(/[Xx]\d|4111111111111111|5555555555554444/);
    await expectNoAxeViolations(page, 'saved payment methods: two cards');
    await expectTouchTargets(page);
    await screenshot(page, 'payment-methods-list');

    // Set default (spec doc 2 §7 setDefaultPaymentMethod): the Mastercard becomes the default and comes first.
    await page.getByRole('button', { name: 'Set Mastercard 555555XXXXXXXXXX as default' }).click();
    await page.getByRole('status').filter({ hasText: 'Default card changed' }).waitFor();
    await expect.poll(async () => cards.first().textContent()).toContain('Mastercard');
    expect(await mastercard.getByText('Default', { exact: true }).count()).toBe(1);
    expect(await visa.getByText('Default', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Set Visa 411111XXXXXXXXXX as default' }).waitFor();
    await expectNoAxeViolations(page, 'saved payment methods: default changed');

    // Delete with its confirm, by keyboard: the dialog takes the focus and keeps it; Escape closes
    // it, changes nothing, and gives the focus back to the card's delete button.
    const deleteVisa = page.getByRole('button', { name: 'Delete Visa 411111XXXXXXXXXX' });
    await deleteVisa.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Delete this card?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Visa 411111XXXXXXXXXX');
    expect((await focusInside(page, '.modal')).inside).toBe(true);
    await expectNoAxeViolations(page, 'delete card: confirm');
    await screenshot(page, 'payment-methods-delete-confirm');
    const tabbed: string[] = [];
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      const focus = await focusInside(page, '.modal');
      expect(focus.inside, `Tab ${String(step + 1)} left the dialog`).toBe(true);
      tabbed.push(focus.name);
    }
    // Tab cycles through the dialog's controls (close, 'Yes, delete', 'Cancel') and wraps around.
    expect(new Set(tabbed)).toEqual(new Set(['Close', 'Yes, delete', 'Cancel']));
    await page.keyboard.press('Shift+Tab');
    expect((await focusInside(page, '.modal')).inside).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await deleteVisa.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await cards.count()).toBe(2);

    // Delete confirmed (spec doc 2 §7 deletePaymentMethod): one card left, the default.
    await page.keyboard.press('Enter');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Card deleted' }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('555555XXXXXXXXXX');
    // The deleted card's button is gone: the focus stays on the screen (its heading), not lost to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await expectNoAxeViolations(page, 'saved payment methods: one card');

    // The last card: the empty state, which the server keeps.
    await page.getByRole('button', { name: 'Delete Mastercard 555555XXXXXXXXXX' }).click();
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();
    await page.getByText(NO_PAYMENT_METHODS).waitFor();
    expect(await cards.count()).toBe(0);
    await expectNoAxeViolations(page, 'saved payment methods: empty');
    await screenshot(page, 'payment-methods-empty');
    await page.reload();
    await page.getByText(NO_PAYMENT_METHODS).waitFor();
    const { queryOneProfile } = await gql<{ queryOneProfile: { paymentMethods: unknown[]; defaultPaymentMethod: string | null } }>(
      '{ queryOneProfile { paymentMethods { id } defaultPaymentMethod } }',
      {},
      patient.token,
    );
    expect(queryOneProfile).toEqual({ paymentMethods: [], defaultPaymentMethod: null });
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it("opens the terms from the pay section's link above the appointment, closes them back to the link, and /paymentTermsAndConditions works on its own", async () => {
    const { patient, sessionId, appointmentId } = await bookedPatient(staff, 'Chaminda', 'Room Terms');
    const { context, page } = await signedInPhone(browser, patient, 'payment-terms-failure');
    const errors = collectPageErrors(page);
    const appointment = appointmentPath(sessionId, appointmentId);
    await page.goto(appUrl(appointment, host));
    await shownToken(page);
    await page.getByText('Total').waitFor();

    // By keyboard: the link opens the terms as a dialog above the screen, with the heading focused.
    const link = page.getByRole('link', { name: TERMS_HEADING });
    await link.focus();
    await page.keyboard.press('Enter');
    const terms = page.getByRole('dialog', { name: TERMS_HEADING });
    await terms.waitFor();
    expect(new URL(page.url()).hash).toBe('#/paymentTermsAndConditions');
    expect(await terms.getByRole('listitem').allTextContents()).toEqual(DEMO_TERMS);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(TERMS_HEADING);
    // The screen beneath keeps its one h1.
    expect(await page.locator('h1').count()).toBe(1);
    await expectNoAxeViolations(page, 'terms above the appointment');
    await expectTouchTargets(page);
    await screenshot(page, 'payment-terms-overlay');
    // Tab stays in the dialog; Escape closes it, back to the appointment, with the focus on the link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await terms.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe('/view/appointment');
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);

    // By touch, closed with its Close button.
    await link.click();
    await terms.waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    expect(await shownToken(page)).not.toBeNull();

    // The address with the terms' hash, opened directly: the terms above the appointment; Close stays there.
    await page.goto(appUrl(`${appointment}#/paymentTermsAndConditions`, host));
    await terms.waitFor();
    await terms.getByRole('button', { name: 'Close' }).click();
    await terms.waitFor({ state: 'detached' });
    expect(`${new URL(page.url()).pathname}${new URL(page.url()).search}${new URL(page.url()).hash}`).toBe(appointment);

    // /paymentTermsAndConditions opened directly (spec doc 3 §2): a screen of its own.
    await page.goto(appUrl('/paymentTermsAndConditions', host));
    await page.getByRole('heading', { level: 1, name: TERMS_HEADING }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('listitem').filter({ hasText: DEMO_TERMS[0] }).count()).toBe(1);
    expect(await page.locator('.payment-terms__list > li').allTextContents()).toEqual(DEMO_TERMS);
    await screenshot(page, 'payment-terms-screen');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname !== '/paymentTermsAndConditions' && url.pathname !== '/');
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
