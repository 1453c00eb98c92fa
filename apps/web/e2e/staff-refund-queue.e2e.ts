import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { expectNoAxeViolations, launchBrowser, readOutbox, screenshot } from './support/index.ts';
import {
  appointmentPath,
  appointmentState,
  book,
  createSession,
  gql,
  payByCardThroughApi,
  signedInPatient,
  signedInPhone,
  staffToken,
} from './support/journey-setup.ts';
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

  // Issue 32 §2.5: the receptionist cancels the session in the console; the card-paid booking is
  // refunded to the card by itself (the sandbox's refund API), the patient gets one SMS with the
  // amount and the way back, and the appointment shows the refund and "Book another session of this doctor".
  it('a session cancelled in the console refunds its card-paid booking by itself, shown on the appointment', async () => {
    const staff = await staffToken();
    const room = 'Room Session Refund';
    const sessionId = await createSession(staff, 3, room);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo' }).format(new Date(Date.now() + 3 * 24 * 60 * 60 * 1000));
    const patient = await signedInPatient('Nadeesha');
    const booked = await book(patient, sessionId);
    await payByCardThroughApi(patient, booked.id);

    const desk = await consoleSignedIn(browser, colomboStaff.receptionist, 'session-refund-receptionist');
    onTestFailed(async () => {
      await screenshot(desk.page, 'session-refund-failure');
    });
    await desk.page.goto('/staff/sessions');
    await desk.page.getByLabel('Day').fill(day);
    const row = desk.page.getByRole('row', { name: new RegExp(room) });
    await row.getByRole('button', { name: /^Cancel session of Dr\. Nimal Perera/ }).click();
    const confirm = desk.page.getByRole('alertdialog', { name: 'Cancel this session?' });
    await confirm.getByRole('button', { name: 'Yes, cancel the session' }).click();
    await desk.page.getByText('The session of Dr. Nimal Perera is cancelled and its patients are told.').waitFor();
    expect(desk.errors).toEqual([]);
    await desk.context.close();

    // The patient's appointment shows the refund, refunded to the card, without a request.
    const phone = await signedInPhone(browser, patient, 'session-refund-patient-failure');
    await phone.page.goto(appointmentPath(sessionId, booked.id));
    const part = phone.page.getByRole('region', { name: 'Your refund' });
    await part.locator('.appointment-session-refund__state', { hasText: 'Refunded' }).waitFor({ timeout: 30_000 });
    expect(await part.locator('.appointment-session-refund__way').textContent()).toBe('To your card');
    expect(await part.locator('.appointment-session-refund__amount').textContent()).toMatch(/^[A-Z]{3} \d+\.\d{2}$/);
    await expectNoAxeViolations(phone.page, 'appointment with the session refund');
    await screenshot(phone.page, 'session-refund-appointment');
    expect(await appointmentState(patient, booked.id)).toMatchObject({ paymentStatus: 'paid', paymentRefundStatus: 'refunded' });
    // Its refund came by itself: nothing to cancel, move or claim is offered (3 days away, a cancel would be open otherwise).
    await phone.page.getByText('Dr. Nimal Perera has cancelled session').waitFor();
    for (const action of [
      phone.page.getByRole('button', { name: 'Cancel appointment' }),
      phone.page.getByRole('link', { name: 'Reschedule' }),
      phone.page.getByRole('button', { name: 'Request a refund' }),
    ]) {
      expect(await action.count()).toBe(0);
    }
    // And the server refuses them, called anyway, with the reason; the appointment stays as it is.
    await expect(gql('mutation ($id: ID!) { patchAppointment(id: $id, status: "cancelled") { id } }', { id: booked.id }, patient.token)).rejects.toThrow(
      'ARO-E4070:The hospital cancelled this session: a paid appointment is refunded without a request. Book another session of this doctor',
    );
    const other = await createSession(staff, 4, 'Room Session Refund Other');
    await expect(
      gql(
        'mutation ($p: ID!, $s: ID!, $from: ID) { createAppointment(patientId: $p, sessionId: $s, appointmentRescheduledFor: $from) { id } }',
        { p: patient.patientId, s: other, from: booked.id },
        patient.token,
      ),
    ).rejects.toThrow('ARO-E4070:');
    expect(await appointmentState(patient, booked.id)).toMatchObject({ appointmentStatus: 'booked', paymentStatus: 'paid', paymentRefundStatus: 'refunded' });

    // One SMS besides the sign-in code: the amount, the way back and the appointment's link (sent by its job).
    const notices = async () => (await readOutbox(patient.mobileNo)).filter((m) => !m.body.includes('verification code'));
    await expect.poll(async () => (await notices()).length, { timeout: 20_000 }).toBe(1);
    const texts = await notices();
    expect(texts[0]?.body).toContain('has been refunded to your card. Book another session of this doctor:');
    expect(texts[0]?.body).toContain(appointmentPath(sessionId, booked.id));

    // "Book another session of this doctor" opens the doctor's sessions.
    await part.getByRole('link', { name: 'Book another session of this doctor' }).click();
    await phone.page.waitForURL(/\/doctor\?selectedPractitioner=/);
    await phone.context.close();
  }, 300_000);
});
