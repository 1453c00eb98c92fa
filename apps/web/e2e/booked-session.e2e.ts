import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, checkScreen, collectPageErrors, expectNoAxeViolations, expectTouchTargets, launchBrowser, screenshot } from './support/index.ts';
import {
  appointmentState,
  book,
  colomboDoctor,
  createSession,
  journeyHost,
  shownToken,
  signedInPatient,
  signedInPhone,
  staffToken,
} from './support/journey-setup.ts';
import { sessionLinkOnDoctorScreen } from './support/doctor-cards.ts';
import {
  colomboStaff,
  consoleSignedIn,
  openQueue,
  queueRow,
  queueRowState,
  refundToCardInConsole,
  requestRefundThroughApi,
} from './support/staff-console.ts';

// Issue 29, the journey of its "Done when": a session already booked (unpaid) is opened again from
// /doctor and leads to that appointment, with its pay and cancel, instead of "Sorry, Unable to book
// at the moment" (§1.1); the patient pays with a 3-D Secure card, backs out of the bank's page with
// no answer and pays again at once (§1.2); paid, the appointment shows the proof (Paid, the amount,
// the method, 'View invoice' opening the invoice) and the history card says Paid (§1.3); the
// cashier refunds it to the card in the console and the receptionist's open queue says Refunded (§1.6).
const host = journeyHost;
/** The sandbox's 3-D Secure card: its bank asks for a one-time code (CHALLENGE_CODE passes). */
const CHALLENGE_CARD = '4000000000001091';
const CHALLENGE_CODE = '1234';
const ALREADY_BOOKED = 'This person already has an appointment in this session';

/** An expiry two years ahead, as the card form takes it (MM/YY). */
function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12${String(year).padStart(2, '0')}`;
}

/** Fills the card form of the 'Pay by card' dialog with the sandbox's 3-D Secure card and pays. */
async function payByCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay by card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await dialog.waitFor();
  await dialog.getByLabel('Name on card').fill('Ruwan Fernando');
  await dialog.getByLabel('Card number').pressSequentially(CHALLENGE_CARD);
  await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially(futureExpiry());
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

describe('a session already booked, paid after an abandoned bank page, refunded (issue 29)', () => {
  let browser: Browser;
  let staff: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await staffToken();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('opens the booked session from /doctor, lands on that appointment, leaves the bank page, pays again at once, shows the proof, the invoice and Paid, and the refund reaches the queue', async () => {
    const sessionId = await createSession(staff, 3, 'Room Booked Again');
    const patient = await signedInPatient('Ruwan');
    // The unpaid attempt: a number taken, nothing paid.
    const first = await book(patient, sessionId);
    const { context, page } = await signedInPhone(browser, patient, 'booked-session-failure');
    const errors = collectPageErrors(page);

    // /doctor, the doctor's sessions: the same session again.
    const { practitionerId } = await colomboDoctor();
    await page.goto(appUrl(`/doctor?selectedPractitioner=${practitionerId}`, host));
    const card = await sessionLinkOnDoctorScreen(page, 'Dr. Nimal Perera', sessionId);
    await card.click();
    await page.waitForURL((url) => url.pathname === '/view/session');
    const picker = page.getByRole('dialog');
    await picker.waitFor();
    await picker.getByRole('button', { name: new RegExp(patient.displayName) }).click();

    // Not a dead end: the catalogue's reason, and the way to the appointment that holds the place.
    const held = page.getByRole('status', { name: ALREADY_BOOKED });
    await held.waitFor();
    expect(await page.getByText('Sorry, Unable to book at the moment').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'session already booked');
    await expectTouchTargets(page);
    await screenshot(page, 'booked-session-held');
    await held.getByRole('link', { name: 'View appointment' }).click();

    // That appointment, with its pay and cancel; 'Payment pending' with 'Retry Booking'.
    await page.waitForURL(
      (url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === first.id,
    );
    expect(await shownToken(page)).toBe(String(first.tokenNo));
    await page.getByText('Payment pending').waitFor();
    await page.getByRole('button', { name: 'Pay by card' }).waitFor();
    await page.getByRole('button', { name: 'Cancel appointment' }).waitFor();
    await expectNoAxeViolations(page, 'held appointment, payment pending');
    await screenshot(page, 'booked-session-appointment');
    await page.getByRole('button', { name: 'Retry Booking' }).click();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('appointment-payment') ?? false)).toBe(true);

    // Pay it: the bank asks for its code, and the patient backs out of its page with no answer.
    await payByCard(page);
    const bank = page.getByRole('heading', { level: 1, name: 'Verify your payment' });
    await bank.waitFor({ timeout: 60_000 });
    await checkScreen(page, "the bank's 3-D Secure page");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === first.id);
    await page.getByText('Payment pending').waitFor();

    // Paid again at once (the server asks the gateway, which captured nothing): back on the
    // appointment, the proof of payment.
    await payByCard(page);
    await bank.waitFor({ timeout: 60_000 });
    await checkScreen(page, "the bank's 3-D Secure page, again");
    await page.getByLabel('One-time code').fill(CHALLENGE_CODE);
    await page.getByRole('button', { name: 'Submit' }).click();
    const success = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await page.waitForURL(
      (url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === first.id && url.searchParams.has('paymentStatus'),
      { timeout: 60_000 },
    );
    await success;
    const proof = page.getByRole('region', { name: 'Payment details' });
    await proof.getByText('Paid', { exact: true }).waitFor();
    // The demo doctor's fees, with 2 decimals and the currency (spec doc 2 §9).
    await proof.getByText(/^[\d,]+\.\d{2} [A-Z]{3}$/).waitFor();
    await proof.getByText(/^Card 400000/).waitFor();
    expect(await page.getByText('Payment pending').count()).toBe(0);
    expect(await appointmentState(patient, first.id)).toMatchObject({ paymentStatus: 'paid', appointmentStatus: 'booked' });
    await expectNoAxeViolations(page, 'paid appointment with its proof');
    await screenshot(page, 'booked-session-paid');

    // 'View invoice' opens the paid invoice, with its PDF.
    await proof.getByRole('button', { name: 'View invoice' }).click();
    const invoice = page.getByRole('dialog', { name: 'Payment Invoice' });
    await invoice.waitFor();
    await invoice.getByText(/Doctor fee/i).waitFor();
    await invoice.getByRole('button', { name: 'Download as PDF' }).waitFor();
    await expectNoAxeViolations(page, 'appointment invoice');
    await screenshot(page, 'booked-session-invoice');
    await page.keyboard.press('Escape');
    await invoice.waitFor({ state: 'hidden' });

    // The history card says Paid.
    await page.goto(appUrl('/history/appointments', host));
    const historyCard = page.locator(`a[href*="appointmentId=${first.id}"]`).first();
    await historyCard.waitFor();
    await historyCard.getByText('Paid', { exact: true }).waitFor();
    await expectNoAxeViolations(page, 'history with a paid appointment');
    await screenshot(page, 'booked-session-history');
    expect(errors).toEqual([]);
    await context.close();

    // The hospital's side: the receptionist has the session's queue open; the patient asks for the
    // refund (as the refund wizard does), the cashier refunds it to the card, the queue says so live.
    const desk = await consoleSignedIn(browser, colomboStaff.receptionist, 'booked-session-receptionist');
    await openQueue(desk.page, sessionId);
    const row = queueRow(desk.page, patient.displayName);
    await expect.poll(() => queueRowState(row)).toEqual({ status: 'Booked', payment: 'Paid' });
    await requestRefundThroughApi(patient, first.id);
    const cashier = await consoleSignedIn(browser, colomboStaff.cashier, 'booked-session-cashier');
    await refundToCardInConsole(cashier.page, { tokenNo: first.tokenNo, patientName: 'Ruwan Fernando' }, 'booked-session-cashier');
    expect(cashier.errors).toEqual([]);
    await cashier.context.close();
    await expect.poll(() => queueRowState(row), { timeout: 20_000 }).toEqual({ status: 'Booked', payment: 'Refunded' });
    await expectNoAxeViolations(desk.page, 'queue with the refunded appointment');
    await screenshot(desk.page, 'booked-session-refunded-queue');
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  }, 420_000);
});
