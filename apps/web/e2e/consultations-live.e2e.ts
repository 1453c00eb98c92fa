import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import {
  appUrl,
  collectPageErrors,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  readOutbox,
  screenshot,
  serverGraphql,
} from './support/index.ts';

// Issue 8 browser journey across both apps: the doctor starts the session and calls the next token in
// the staff console, and the patient's open appointment shows 'Dr. Arrived' and the ongoing token
// without a reload (spec doc 2 §4 Session status, Live updates, Numbered slot display), and 'Your turn
// at about …' moves with each call (issue 32 §1.2): the time the server estimates, at the hospital's
// clock. The patient's sign-in is not what this journey is about, so it signs in through the API and
// reuses the token. On the way the patient sets a journey time, and once the doctor starts early the
// screen says 'Leave home now' and one such SMS goes out (issue 32 §1.3).
// Before the start, the doctor marks a delay (issue 32 §1.4): the open appointment shows it live and
// the patient gets one SMS for it.
const host = 'localhost';
const staffPassword = 'careline-demo-staff';
const adminEmail = 'admin@careline.test';
const doctorEmail = 'doctor.colombo@careline.test';

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host });

/** A new patient signed in by SMS code through the API, with one profile (Me). */
async function signedInPatient(): Promise<{ token: string; patientId: string; mobileNo: string }> {
  const mobileNo = randomMobileNo();
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
  const token = done.completeAuthentication.accessToken;
  const created = await gql<{ createPatient: { id: string } }>(
    'mutation { createPatient(name: {prefix: "Mr", given: ["Sunil"], family: "Fernando"}, birthDate: "1979-02-03", gender: "male") { id } }',
    {},
    token,
  );
  return { token, patientId: created.createPatient.id, mobileNo };
}

/** A session of the Colombo doctor the demo's doctor account is linked to, starting in 2 hours. */
async function colomboSession(): Promise<string> {
  const { queryOrganization } = await gql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
  const colombo = queryOrganization.find((o) => o.name.endsWith('Colombo'));
  const { searchDoctors } = await gql<{ searchDoctors: { id: string; name: { text: string } }[] }>(
    '{ searchDoctors(text: "Nimal Perera") { id name { text } } }',
  );
  const doctor = searchDoctors.find((d) => d.name.text === 'Dr. Nimal Perera');
  if (!colombo || !doctor) {
    throw new Error('the demo needs its Colombo branch and Dr. Nimal Perera');
  }
  const { staffSignIn } = await gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: adminEmail, p: staffPassword },
  );
  const start = new Date(Date.now() + 2 * 60 * 60 * 1000);
  start.setSeconds(0, 0);
  const { staffCreateSession } = await gql<{ staffCreateSession: { id: string } }>(
    'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
    {
      o: colombo.id,
      input: {
        practitionerId: doctor.id,
        locationName: 'Room Live',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        appointmentMaxAllowed: 12,
        participationMode: 'in_person',
      },
    },
    staffSignIn.token,
  );
  return staffCreateSession.id;
}

/** The server's estimate of the patient's turn, as the appointment screen writes it; null when there is none. */
async function expectedTurnText(token: string, appointmentId: string): Promise<string | null> {
  const { queryAppointment } = await gql<{ queryAppointment: { expectedCallAt: string | null }[] }>(
    'query ($id: ID) { queryAppointment(id: $id) { expectedCallAt } }',
    { id: appointmentId },
    token,
  );
  const at = queryAppointment[0]?.expectedCallAt ?? null;
  return at === null ? null : `Your turn at about ${formatInstant(at, 'sessionTime', { locale: 'en', timeZone: DEFAULT_TIME_ZONE }) ?? ''}`;
}

/** The 'Leave home now' SMS the patient got (not its updates, which say the queue moved first). */
async function leaveHomeSms(mobileNo: string): Promise<string[]> {
  return (await readOutbox(mobileNo)).map((message) => message.body).filter((body) => /^[^:]+: Leave home now\./.test(body));
}

/** Waits until the screen shows the server's current estimate, and returns its text. */
async function shownTurn(page: Page, token: string, appointmentId: string): Promise<string> {
  const text = await expectedTurnText(token, appointmentId);
  if (text === null) {
    throw new Error('the server has no estimate for a booked token');
  }
  await page.locator('.queue__turn', { hasText: text }).waitFor({ timeout: 30_000 });
  return text;
}

describe('consultations live: the staff console moves the patient’s screen', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('the doctor starts the session and calls tokens; the patient sees Dr. Arrived, the ongoing token and their turn move without a reload', async () => {
    const sessionId = await colomboSession();
    // Two patients booked before ours: tokens 1 and 2 are called first.
    for (let ahead = 1; ahead <= 2; ahead++) {
      const before = await signedInPatient();
      await gql('mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s) { id } }', { p: before.patientId, s: sessionId }, before.token);
    }
    const patient = await signedInPatient();
    const { createAppointment } = await gql<{ createAppointment: { id: string; tokenNo: number } }>(
      'mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s) { id tokenNo } }',
      { p: patient.patientId, s: sessionId },
      patient.token,
    );
    expect(createAppointment.tokenNo).toBe(3);

    // The patient's phone, signed in with the stored token, opens the appointment.
    const phone = await newPhonePage(browser, { host });
    const phoneErrors = collectPageErrors(phone.page);
    onTestFailed(async () => {
      await screenshot(phone.page, 'consultations-live-failure');
    });
    await phone.context.addInitScript((token: string) => {
      window.localStorage.setItem('accessToken', token);
    }, patient.token);
    let navigations = 0;
    phone.page.on('framenavigated', (frame) => {
      if (frame === phone.page.mainFrame()) {
        navigations += 1;
      }
    });
    await phone.page.goto(appUrl(`/view/appointment?sessionId=${sessionId}&appointmentId=${createAppointment.id}`, host));
    const token = phone.page.locator('.appointment-facts__token-number');
    await token.waitFor();
    expect(await token.textContent()).toBe('3');
    await phone.page.getByText('Starting At').first().waitFor();
    await phone.page.getByText('No token called yet').waitFor();
    const turnBeforeStart = await shownTurn(phone.page, patient.token, createAppointment.id);
    // An hour and a half from home: over two hours before the turn, so nothing is due yet.
    await phone.page.getByLabel('Journey to the hospital').selectOption('90');
    await phone.page.getByText('Journey time saved').waitFor();
    expect(await phone.page.getByText('Leave home now', { exact: true }).count()).toBe(0);
    await expectNoAxeViolations(phone.page, 'appointment with the expected turn and the journey time');
    const loadsBefore = navigations;

    // The doctor, in the staff console, opens the session's queue and starts it.
    const console = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl('', host), locale: 'en-US' });
    const desk = await console.newPage();
    desk.setDefaultTimeout(30_000);
    const deskErrors = collectPageErrors(desk);
    await desk.goto('/staff');
    await desk.getByLabel('Email address').fill(doctorEmail);
    await desk.getByLabel('Password', { exact: true }).fill(staffPassword);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await desk.goto(`/staff/sessions/${sessionId}`);
    await desk.getByRole('heading', { name: 'Queue', level: 1 }).waitFor();

    // The doctor is running late: marked in the console, shown on the patient's open appointment.
    await desk.getByLabel('Delay in minutes (5 to 240)').fill('30');
    await desk.getByRole('button', { name: 'Mark delay' }).click();
    await desk.getByText('Delay of 30 minutes marked: the patients waiting are told.').waitFor();
    await desk.getByText('Doctor delayed by 30 minutes').waitFor();
    await expectNoAxeViolations(desk, 'queue with a delay marked');
    await phone.page
      .getByText('Dr. Nimal Perera is delayed by 30 minutes. Your token stays yours.')
      .waitFor({ timeout: 30_000 });
    await screenshot(phone.page, 'consultations-live-doctor-delayed');
    await expectNoAxeViolations(phone.page, 'appointment with the doctor delayed');
    // One SMS for the mark, with the link to the appointment (sent by the job queue after the change).
    await vi.waitFor(
      async () => {
        const delayed = (await readOutbox(patient.mobileNo)).filter((message) => message.body.includes('delayed by 30 minutes'));
        expect(delayed.map((message) => message.body)).toEqual([
          expect.stringContaining(`/view/appointment?sessionId=${sessionId}&appointmentId=${createAppointment.id}`),
        ]);
      },
      { timeout: 30_000, interval: 200 },
    );

    await desk.getByRole('button', { name: 'Start session' }).click();

    // The patient's screen follows by itself.
    await phone.page.getByText('Dr. Arrived', { exact: true }).first().waitFor({ timeout: 30_000 });
    // Started two hours early: the turn is now within the journey, and the screen says so by itself.
    await phone.page.getByText('Leave home now', { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => leaveHomeSms(patient.mobileNo), { timeout: 30_000 }).toHaveLength(1);
    await desk.getByRole('button', { name: 'Call next' }).click();
    const ongoing = phone.page.locator('.queue__token');
    await ongoing.first().waitFor({ timeout: 30_000 });
    expect(await ongoing.allTextContents()).toEqual(['1']);
    const turnAfterFirstCall = await shownTurn(phone.page, patient.token, createAppointment.id);
    expect(turnAfterFirstCall).not.toBe(turnBeforeStart);
    await screenshot(phone.page, 'consultations-live-called');

    // Token 2 is called moments later: the session's own quick pace brings the patient's turn nearer.
    await desk.getByRole('button', { name: 'Call next' }).click();
    await phone.page.locator('.queue__token', { hasText: '2' }).waitFor({ timeout: 30_000 });
    const turnAfterSecondCall = await shownTurn(phone.page, patient.token, createAppointment.id);
    expect(turnAfterSecondCall).not.toBe(turnAfterFirstCall);

    // Their own token is called: no estimate any more.
    await desk.getByRole('button', { name: 'Call next' }).click();
    await phone.page.locator('.queue__token', { hasText: '3' }).waitFor({ timeout: 30_000 });
    await phone.page.locator('.queue__turn').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await expectedTurnText(patient.token, createAppointment.id)).toBeNull();
    expect(navigations).toBe(loadsBefore);
    // However the calls moved the turn, one 'Leave home now' SMS.
    expect(await leaveHomeSms(patient.mobileNo)).toHaveLength(1);

    expect(phoneErrors).toEqual([]);
    expect(deskErrors).toEqual([]);
    await console.close();
    await phone.context.close();
  }, 300_000);
});
