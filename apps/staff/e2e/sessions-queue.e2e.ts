import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  collectPageErrors,
  expectHeading,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  newConsolePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';

// Issue 8, the hospital's side of sessions: a receptionist creates a session and books a patient at
// the desk; the doctor starts the session and calls the next patient. Every screen on the way is
// checked (one h1, its title, axe), and axe runs again on each state the journey brings about.

const password = 'careline-demo-staff';
const receptionistEmail = 'receptionist.colombo@careline.test';
const doctorEmail = 'doctor.colombo@careline.test';

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token });

/** A patient who signed up by SMS and registered a profile at the hospital (through the API). */
async function registerPatientAt(hospitalId: string, mobileNo: string): Promise<{ name: string; token: string; patientId: string }> {
  const since = new Date();
  const started = await gql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
  );
  const code = await latestCode(mobileNo, { since });
  const done = await gql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  const given = `Desk${mobileNo.slice(-4)}`;
  const token = done.completeAuthentication.accessToken;
  const created = await gql<{ createPatient: { id: string } }>(
    `mutation ($h: ID) { createPatient(name: {prefix: "Mrs", given: ["${given}"], family: "Perera"}, birthDate: "1985-04-12", gender: "female", hospitalId: $h) { id } }`,
    { h: hospitalId },
    token,
  );
  return { name: `Mrs ${given} Perera`, token, patientId: created.createPatient.id };
}

async function signInAndOpenSessions(page: Page, email: string, name: string): Promise<void> {
  await page.goto('/staff');
  await expectHeading(page, 'Sign in to the staff console');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await checkScreen(page, 'Home', `staff-${name}-home-sessions`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
  await checkScreen(page, 'Sessions', `staff-${name}-sessions`);
}

describe('sessions and the queue in the staff console', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('receptionist creates a session and books at the desk; the doctor starts it and calls next', async () => {
    const organizations = await gql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
    const colombo = organizations.queryOrganization.find((o) => o.name.endsWith('Colombo'));
    if (!colombo) {
      throw new Error('the demo needs its Colombo branch');
    }
    const mobileNo = randomMobileNo();
    const patientName = (await registerPatientAt(colombo.id, mobileNo)).name;
    // A second patient books from the patient app while the consoles are open.
    const appPatient = await registerPatientAt(colombo.id, randomMobileNo());
    const room = `Room ${mobileNo.slice(-5)}`;

    // The receptionist plans a session for today, late in the evening (hospital time).
    const receptionist = await newConsolePage(browser);
    const receptionistErrors = collectPageErrors(receptionist.page);
    receptionist.page.setDefaultTimeout(30_000);
    await signInAndOpenSessions(receptionist.page, receptionistEmail, 'receptionist');
    await receptionist.page.getByRole('button', { name: 'New session' }).click();
    const form = receptionist.page.getByRole('region', { name: 'New session' });
    await form.getByRole('button', { name: 'Create session' }).click();
    await form.locator('.ui-field__error', { hasText: 'Choose a doctor' }).waitFor();
    await expectNoAxeViolations(receptionist.page, 'new session with errors');
    await form.getByLabel('Doctor').selectOption({ label: 'Dr. Nimal Perera' });
    await form.getByLabel('Room').fill(room);
    await form.getByLabel('Starts at').fill('22:00');
    await form.getByLabel('Ends at').fill('23:30');
    await form.getByLabel('Number of appointments').fill('20');
    await screenshot(receptionist.page, 'staff-new-session');
    await form.getByRole('button', { name: 'Create session' }).click();
    await receptionist.page.getByText('Session saved.').waitFor();
    const row = receptionist.page.getByRole('row', { name: new RegExp(room) });
    await row.waitFor();
    expect(await row.textContent()).toContain('0 of 20');
    await screenshot(receptionist.page, 'staff-sessions-with-new');
    await expectNoAxeViolations(receptionist.page, 'sessions with the new session');

    // The cancel confirmation names what happens, and "No" keeps the session.
    await row.getByRole('button', { name: /^Cancel session of Dr\. Nimal Perera/ }).click();
    const confirm = receptionist.page.getByRole('alertdialog', { name: 'Cancel this session?' });
    await confirm.waitFor();
    await expectNoAxeViolations(receptionist.page, 'cancel confirmation');
    await confirm.getByRole('button', { name: 'No, keep it' }).click();

    // Desk booking from the session's queue.
    await row.getByRole('link', { name: /^Queue of Dr\. Nimal Perera/ }).click();
    await checkScreen(receptionist.page, 'Queue', 'staff-receptionist-queue');
    // The queue is live (staffSubscribeSessionQueue over the console's socket).
    await receptionist.page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
    const sessionId = new URL(receptionist.page.url()).pathname.split('/').pop() ?? '';
    await receptionist.page.getByText('No appointments yet.').waitFor();
    await receptionist.page.getByLabel('Mobile number').fill(`0${mobileNo.slice(2)}`);
    await receptionist.page.getByRole('button', { name: 'Look up' }).click();
    await receptionist.page.getByRole('button', { name: `Book for ${patientName}` }).click();
    await receptionist.page.getByText(`${patientName} is booked: token 1.`).waitFor();
    await receptionist.page.getByRole('rowheader', { name: patientName }).waitFor();
    await receptionist.page.getByText(`Next: token 1, ${patientName}`).waitFor();
    await screenshot(receptionist.page, 'staff-desk-booked');
    await expectNoAxeViolations(receptionist.page, 'queue after a desk booking');

    // The doctor starts the session and calls the next patient.
    const doctor = await newConsolePage(browser);
    const doctorErrors = collectPageErrors(doctor.page);
    doctor.page.setDefaultTimeout(30_000);
    await signInAndOpenSessions(doctor.page, doctorEmail, 'doctor');
    const doctorRow = doctor.page.getByRole('row', { name: new RegExp(room) });
    expect(await doctorRow.getByRole('button').count()).toBe(0);
    await doctorRow.getByRole('link', { name: /^Queue of Dr\. Nimal Perera/ }).click();
    await checkScreen(doctor.page, 'Queue', 'staff-doctor-queue');
    expect(await doctor.page.getByRole('heading', { name: 'Book at the desk' }).count()).toBe(0);
    await doctor.page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();

    // A booking from another client (the patient app) reaches both open queues without a reload;
    // while live there is no poll, so only the live queue can bring it.
    const booked = await gql<{ createAppointment: { tokenNo: number } }>(
      'mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s) { tokenNo } }',
      { p: appPatient.patientId, s: sessionId },
      appPatient.token,
    );
    expect(booked.createAppointment.tokenNo).toBe(2);
    for (const page of [doctor.page, receptionist.page]) {
      await page.getByRole('row', { name: new RegExp(appPatient.name) }).getByText('Booked', { exact: true }).waitFor();
    }
    await screenshot(doctor.page, 'staff-doctor-live-booking');
    await expectNoAxeViolations(doctor.page, 'queue after a live booking');
    await doctor.page.getByRole('button', { name: 'Start session' }).click();
    await doctor.page.getByText('Dr. Arrived', { exact: true }).waitFor();
    // The receptionist's open queue follows the doctor's start live.
    await receptionist.page.getByText('Dr. Arrived', { exact: true }).waitFor();
    await doctor.page.getByRole('button', { name: 'Call next' }).click();
    await doctor.page.getByText(`Token 1 called: ${patientName}.`).waitFor();
    await doctor.page.getByText(`Now seeing: token 1, ${patientName}`).waitFor();
    await doctor.page.getByRole('row', { name: new RegExp(patientName) }).getByText('Ongoing').waitFor();
    await screenshot(doctor.page, 'staff-doctor-called-next');
    await expectNoAxeViolations(doctor.page, 'queue with a patient called');
    await doctor.page.getByRole('button', { name: 'Done: token 1' }).click();
    await doctor.page.getByRole('row', { name: new RegExp(patientName) }).getByText('Done', { exact: true }).waitFor();
    await doctor.page.getByRole('button', { name: 'End session' }).click();
    await doctor.page.getByText('Dr. Left', { exact: true }).waitFor();
    await expectNoAxeViolations(doctor.page, 'queue of an ended session');

    expect(receptionistErrors).toEqual([]);
    expect(doctorErrors).toEqual([]);
    await receptionist.context.close();
    await doctor.context.close();
    // Two signed-in consoles and axe on nine states: longer than the default two minutes on a busy CI box.
  }, 300_000);
});
