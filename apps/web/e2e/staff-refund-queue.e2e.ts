import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/index.ts';
import { appointmentState, book, createSession, payByCardThroughApi, signedInPatient, staffToken } from './support/journey-setup.ts';
import {
  colomboStaff,
  consoleSignedIn,
  openQueue,
  queueRow,
  queueRowState,
  refundToCardInConsole,
  requestRefundThroughApi,
} from './support/staff-console.ts';

// Issue 29 §1.6 "Refund and the queue": a booking paid by card through the sandbox gateway, its
// refund asked for by the patient (through the API, as the refund wizard does; payments.e2e.ts walks
// the wizard itself) and refunded to the card by the cashier in the console, while a receptionist has
// the session's queue open. The open queue follows each step live, without a reload: Paid, then
// 'Paid · refund requested', then 'Refunded'; the patient's own appointment still reads paid (spec
// doc 2 §3 Refund status: refunded is shown as paid to the patient).

describe('refund and the queue', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a card-paid appointment refunded in the console shows as refunded in the open queue, live', async () => {
    const staff = await staffToken();
    const sessionId = await createSession(staff, 2, 'Room Refund Queue');
    const patient = await signedInPatient('Lahiru');
    const booked = await book(patient, sessionId);
    await payByCardThroughApi(patient, booked.id);

    // The receptionist opens the session's queue: the appointment is booked and paid.
    const desk = await consoleSignedIn(browser, colomboStaff.receptionist, 'refund-queue-receptionist');
    onTestFailed(async () => {
      await screenshot(desk.page, 'refund-queue-failure');
    });
    await openQueue(desk.page, sessionId);
    let navigations = 0;
    desk.page.on('framenavigated', (frame) => {
      if (frame === desk.page.mainFrame()) {
        navigations += 1;
      }
    });
    const row = queueRow(desk.page, patient.displayName);
    await expect.poll(() => queueRowState(row)).toEqual({ status: 'Booked', payment: 'Paid' });

    // The patient asks for a refund: the open queue hears it.
    await requestRefundThroughApi(patient, booked.id);
    await expect.poll(() => queueRowState(row), { timeout: 20_000 }).toEqual({ status: 'Booked', payment: 'Paid · refund requested' });

    // The cashier refunds it to the card from Payments.
    const cashier = await consoleSignedIn(browser, colomboStaff.cashier, 'refund-queue-cashier');
    await refundToCardInConsole(cashier.page, { tokenNo: booked.tokenNo, patientName: 'Lahiru Fernando' }, 'refund-queue-cashier');
    expect(cashier.errors).toEqual([]);
    await cashier.context.close();

    // The receptionist's open queue says Refunded, not Paid, and sets the row apart, with no reload.
    await expect.poll(() => queueRowState(row), { timeout: 20_000 }).toEqual({ status: 'Booked', payment: 'Refunded' });
    expect(await row.getAttribute('class')).toContain('queue-row--refunded');
    expect(navigations).toBe(0);
    await expectNoAxeViolations(desk.page, 'queue with a refunded appointment');
    await screenshot(desk.page, 'refund-queue-refunded');

    // The patient's side keeps the spec's rule: the appointment is paid, its refund refunded.
    expect(await appointmentState(patient, booked.id)).toMatchObject({ appointmentStatus: 'booked', paymentStatus: 'paid', paymentRefundStatus: 'refunded' });
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  }, 300_000);
});
