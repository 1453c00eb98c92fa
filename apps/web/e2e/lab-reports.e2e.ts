import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
// The server's test helper: pdf.js with its standard fonts, the same reading as the server's tests.
import { readPdf } from '../../server/test/read-pdf.ts';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';
import { createOrderThroughApi, journeyHost, signedInPatient, signedInPhone } from './support/journey-setup.ts';

// Issue 11, lab reports and questionnaires through the real UIs on the server the e2e global setup starts.
//
// 1. A lab technician (the demo's Colombo account) signs in to the staff console (desktop), starts a
//    report for a patient's lab order (the patient and an Examination order are made through the
//    API), enters a full blood count (three sub-tests, one critical), saves the draft, verifies and
//    issues it. The patient's phone (412×823) has /resultsGraph open for that test: the report
//    appears without a reload (the screen subscribes to the profile's lab orders, and issuing a
//    report of an order publishes the order's change; see features/lab-reports). The patient
//    switches the charted sub-test by clicking a row, a sub-test's button and the keyboard, and
//    downloads the printable PDF (application/pdf, %PDF, read back: A4, the results, 'End of
//    Report'); /history/examination's Result button leads to the same screen.
// 2. On the first demo tenant (first.localhost), whose questionnaireResponse flag is on, the seeded
//    pre-visit questionnaire is answered from the appointment's banner: banner → modal → answers →
//    Submit → 'Questionnaire Successfully Submitted' → no banner; then the tenant's Colombo nurse
//    signs in to the console, opens Questionnaires and reads that response's answers (issue 30 §4.9).
//
// Every screen is checked (one h1, its title, axe), again in each state the journey brings about and
// with the dialog open. The patient app's journeys do not import the console's (eslint app
// boundaries), so the staff page is made here, as in order-journey.e2e.ts.

const staffPassword = 'careline-demo-staff';
const technicianEmail = 'lab-technician.colombo@careline.test';
const fullBloodCount = { code: '00000001', display: 'Full Blood Count' };
/** The demo's full blood count sub-tests (seed/demo-data.ts) and what the technician enters. */
const results = [
  { name: 'Haemoglobin', value: '13.4', critical: false },
  { name: 'White Blood Cells', value: '23.5', critical: true },
  { name: 'Platelets', value: '310', critical: false },
];

/** A desktop-sized page of the staff console on a tenant's host (the demo tenant's unless told). */
async function newStaffPage(browser: Browser, host = journeyHost): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: appUrl('', host),
    locale: 'en-US',
  });
  const page = await context.newPage();
  onTestFailed(async () => {
    await screenshot(page, 'lab-reports-staff-failure');
  });
  return { context, page };
}

/** Waits for the console screen whose h1 is `heading`, then checks it (one h1, its title, axe). */
async function staffScreen(page: Page, heading: string, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await checkScreen(page, `staff: ${heading}`);
  await screenshot(page, name);
}

/** The chart's heading on /resultsGraph: 'Trend of <sub-test>'. */
function chartHeading(page: Page, subTest: string) {
  return page.getByRole('heading', { level: 2, name: `Trend of ${subTest}`, exact: true });
}

describe('lab reports: a technician issues a full blood count and the patient sees it live (issue 11)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it(
    'enter, save, verify and issue in the console → the report appears live in /resultsGraph → switch sub-tests → PDF',
    { timeout: 300_000 },
    async () => {
      const patient = await signedInPatient('Lab');
      const order = await createOrderThroughApi(patient, 'Examination');
      expect(order.identifier).not.toBeNull();

      // The patient's phone has the full blood count's graph open: no report yet.
      const phone = await signedInPhone(browser, patient, 'lab-reports-patient-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const patientErrors = collectPageErrors(page);
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) {
          navigations += 1;
        }
      });
      const graphPath = `/resultsGraph/?patientId=${encodeURIComponent(patient.patientId)}&code=${fullBloodCount.code}`;
      await page.goto(graphPath);
      await page.getByText("We didn't find any Lab Tests of you").waitFor();
      await page.getByRole('heading', { level: 1, name: fullBloodCount.display }).waitFor();
      await checkScreen(page, 'results graph: no report yet');
      await screenshot(page, 'lab-reports-graph-empty');
      const loadsBefore = navigations;

      // The Colombo lab technician signs in and starts a report for the order.
      const staff = await newStaffPage(browser);
      const desk = staff.page;
      desk.setDefaultTimeout(60_000);
      const staffErrors = collectPageErrors(desk);
      await desk.goto('/staff');
      await staffScreen(desk, 'Sign in to the staff console', 'lab-reports-staff-sign-in');
      await desk.getByLabel('Email address').fill(technicianEmail);
      await desk.getByLabel('Password', { exact: true }).fill(staffPassword);
      await desk.getByRole('button', { name: 'Sign in' }).click();
      await staffScreen(desk, 'Home', 'lab-reports-staff-home');
      await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lab reports' }).click();
      await staffScreen(desk, 'Lab reports', 'lab-reports-staff-list');

      const start = desk.getByRole('region', { name: 'Start a report' });
      const orderSelect = start.getByRole('combobox', { name: 'Order' });
      // The open lab orders load after the screen: wait for this one's option.
      const identifier = order.identifier ?? '';
      await expect
        .poll(() => orderSelect.locator('option').evaluateAll((options, id) => options.some((o) => (o.textContent ?? '').startsWith(`${id} ·`)), identifier), {
          timeout: 60_000,
        })
        .toBe(true);
      const orderValue = await orderSelect
        .locator('option')
        .evaluateAll(
          (options, id) => (options as HTMLOptionElement[]).find((o) => o.text.startsWith(`${id} ·`))?.value ?? '',
          identifier,
        );
      await orderSelect.selectOption(orderValue);
      await start.getByRole('combobox', { name: 'Test' }).selectOption(fullBloodCount.code);
      await checkScreen(desk, 'staff: start a report for the order');
      await start.getByRole('button', { name: 'Start report' }).click();
      await desk.waitForURL(/\/staff\/lab-reports\/[^/]+$/);
      const reportHeading = `Lab report: ${fullBloodCount.display}`;
      await staffScreen(desk, reportHeading, 'lab-reports-staff-report');
      await desk.getByRole('region', { name: 'Patient' }).getByText(patient.displayName.replace(/^Mr /, ''), { exact: false }).waitFor();

      // A full blood count: three sub-tests, the white cells critical.
      for (const result of results) {
        await desk.getByLabel(`Result of ${result.name}`, { exact: true }).fill(result.value);
        if (result.critical) {
          await desk.getByLabel(`Critical result of ${result.name}`, { exact: true }).check();
        }
      }
      // The unit and range come from the test's definition.
      expect(await desk.getByLabel('Unit of Haemoglobin', { exact: true }).inputValue()).toBe('g/dL');
      await checkScreen(desk, 'staff: results entered');
      await screenshot(desk, 'lab-reports-staff-entered');
      await desk.getByRole('button', { name: 'Save draft' }).click();
      await desk.getByText('Draft saved.').waitFor();
      const actions = desk.getByRole('region', { name: 'Actions' });
      await actions.getByRole('button', { name: 'Verify results' }).click();
      await actions.getByText('The results are verified.').waitFor();
      // Verified: the results are read-only, the critical one marked.
      await desk.getByRole('cell', { name: '23.5 (Critical)' }).waitFor();
      await checkScreen(desk, 'staff: verified');
      await actions.getByRole('button', { name: 'Issue report' }).click();
      await actions.getByText('The report is issued.').waitFor();
      await desk.getByText(/^Issued at /).waitFor();
      await checkScreen(desk, 'staff: issued');
      await screenshot(desk, 'lab-reports-staff-issued');

      // The patient's open graph shows the report without a reload.
      const download = page.getByRole('button', { name: /^Download / });
      await download.waitFor({ timeout: 60_000 });
      expect(navigations).toBe(loadsBefore);
      await chartHeading(page, 'Haemoglobin').waitFor();
      await page.getByRole('img', { name: /^Line chart of Haemoglobin across report dates/ }).waitFor();
      const table = page.getByRole('table', { name: /^Latest results/ });
      await table.getByRole('row', { name: /White Blood Cells/ }).getByRole('cell', { name: '23.5 (Critical)' }).waitFor();
      await checkScreen(page, 'results graph: the issued report');
      await screenshot(page, 'lab-reports-graph-live');

      // Switch the charted sub-test: a sub-test's button, the keyboard, and a click on a row.
      const platelets = table.getByRole('button', { name: 'Platelets', exact: true });
      await platelets.click();
      await chartHeading(page, 'Platelets').waitFor();
      expect(await platelets.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('img', { name: /^Line chart of Platelets across report dates/ }).waitFor();
      const whiteCells = table.getByRole('button', { name: 'White Blood Cells', exact: true });
      await whiteCells.focus();
      await page.keyboard.press('Enter');
      await chartHeading(page, 'White Blood Cells').waitFor();
      expect(await whiteCells.getAttribute('aria-pressed')).toBe('true');
      expect(await platelets.getAttribute('aria-pressed')).toBe('false');
      await checkScreen(page, 'results graph: white blood cells');
      await screenshot(page, 'lab-reports-graph-white-cells');
      await table.getByRole('row', { name: /Haemoglobin/ }).getByRole('cell').first().click();
      await chartHeading(page, 'Haemoglobin').waitFor();

      // The printable report: the server's PDF, saved by the phone.
      const [pdfResponse, saved] = await Promise.all([
        page.waitForResponse((response) => /\/lab-reports\/[^/]+\.pdf$/.test(new URL(response.url()).pathname)),
        page.waitForEvent('download'),
        download.click(),
      ]);
      expect(pdfResponse.status()).toBe(200);
      expect(pdfResponse.headers()['content-type']).toContain('application/pdf');
      expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
      const bytes = await readFile(await saved.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const { pages } = await readPdf(new Uint8Array(bytes));
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toContainEqual([595, 842]);
      const text = pages.map((p) => p.text).join('\n');
      for (const result of results) {
        expect(text).toContain(result.name);
        expect(text).toContain(result.value);
      }
      expect(text).toContain('End of Report');
      expect(text).toContain('Medical Laboratory Technologist');
      // Back to the ready state once the PDF is made.
      await download.waitFor();
      await checkScreen(page, 'results graph: after the download');

      // Lab Tests: the report's Result button leads to the same graph.
      await page.goto('/history/examination');
      const result = page.getByRole('link', { name: `Result of ${fullBloodCount.display} for ${patient.displayName}` });
      await result.waitFor();
      await screenshot(page, 'lab-reports-lab-tests');
      await result.click();
      await page.waitForURL((url) => url.pathname.startsWith('/resultsGraph') && url.searchParams.get('code') === fullBloodCount.code);
      await page.getByRole('button', { name: /^Download / }).waitFor();
      await checkScreen(page, 'results graph from the Result button');

      expect(patientErrors).toEqual([]);
      expect(staffErrors).toEqual([]);
      await staff.context.close();
      await phone.context.close();
    },
  );
});

/** The first demo tenant (Lakeside), which asks its hospitals' appointments the seeded pre-visit questionnaire (issue 30 §4.9). */
const questionnaireHost = 'first.localhost';
const qgql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host: questionnaireHost });
/** The seeded questionnaire's title and the questions answered (apps/server/src/db/seed/demo-data.ts). */
const preVisit = {
  title: 'Before your visit',
  allergies: '1. Are you allergic to any medicines, foods or anything else? Please name them.',
  conditions: '4. Do you have any of these long-term conditions?',
};
/** The first tenant's Colombo nurse, who reads the responses there (policy questionnaires.responses). */
const nurseEmail = 'nurse.colombo@careline.test';

/** A patient of the first tenant signed in by SMS code through the API, with one profile (Me). */
async function questionnairePatient(): Promise<{ token: string; patientId: string; displayName: string }> {
  const mobileNo = randomMobileNo();
  const since = new Date();
  const started = await qgql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
  );
  const code = await latestCode(mobileNo, { since });
  const done = await qgql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  const token = done.completeAuthentication.accessToken;
  const created = await qgql<{ createPatient: { id: string } }>(
    `mutation { createPatient(name: {prefix: "Ms", given: ["Nadeesha"], family: "Silva"},
      birthDate: "1988-09-12", gender: "female", extension: [{ valueId: "relationship", value: "Me" }]) { id } }`,
    {},
    token,
  );
  return { token, patientId: created.createPatient.id, displayName: 'Ms Nadeesha Silva' };
}

/** A session of Dr. Nimal Perera at the first tenant's Colombo branch tomorrow, made by its admin. */
async function colomboSession(): Promise<string> {
  const { staffSignIn } = await qgql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: 'admin@careline.test', p: staffPassword },
  );
  const staff = staffSignIn.token;
  const { queryOrganization } = await qgql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
  const colombo = queryOrganization.find((o) => o.name.endsWith('Colombo'));
  const { searchDoctors } = await qgql<{ searchDoctors: { id: string; name: { text: string } }[] }>(
    '{ searchDoctors(text: "Nimal Perera") { id name { text } } }',
  );
  const doctor = searchDoctors.find((d) => d.name.text === 'Dr. Nimal Perera');
  if (!colombo || !doctor) {
    throw new Error('the first tenant needs its Colombo branch and Dr. Nimal Perera');
  }
  const { staffChargingSchemes } = await qgql<{ staffChargingSchemes: { id: string; practitionerId: string | null }[] }>(
    'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id practitionerId } }',
    { o: colombo.id },
    staff,
  );
  const scheme = staffChargingSchemes.find((row) => row.practitionerId === doctor.id) ?? staffChargingSchemes[0];
  const startTime = new Date(Date.now() + 24 * 60 * 60 * 1000);
  startTime.setSeconds(0, 0);
  const { staffCreateSession } = await qgql<{ staffCreateSession: { id: string } }>(
    'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
    {
      o: colombo.id,
      input: {
        practitionerId: doctor.id,
        locationName: 'Room Questionnaire',
        startTime: startTime.toISOString(),
        endTime: new Date(startTime.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        appointmentMaxAllowed: 10,
        participationMode: 'in_person',
        chargingSchemeId: scheme?.id ?? null,
      },
    },
    staff,
  );
  return staffCreateSession.id;
}

describe('questionnaires: answered from the appointment’s banner, read in the console (issue 11, issue 30 §4.9)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('banner → modal → answers → Submit → the toast, the banner gone → the nurse reads the answers in the console', { timeout: 240_000 }, async () => {
    const sessionId = await colomboSession();
    const patient = await questionnairePatient();
    const { createAppointment } = await qgql<{ createAppointment: { id: string } }>(
      'mutation ($p: ID!, $s: ID!, $k: String) { createAppointment(patientId: $p, sessionId: $s, idempotencyKey: $k) { id } }',
      { p: patient.patientId, s: sessionId, k: randomUUID() },
      patient.token,
    );

    const { context, page } = await newPhonePage(browser, { host: questionnaireHost });
    page.setDefaultTimeout(60_000);
    await context.addInitScript((token: string) => {
      window.localStorage.setItem('accessToken', token);
    }, patient.token);
    onTestFailed(async () => {
      await screenshot(page, 'questionnaire-failure');
    });
    const errors = collectPageErrors(page);
    await page.goto(`/view/appointment?${new URLSearchParams({ sessionId, appointmentId: createAppointment.id }).toString()}`);
    const banner = page.getByRole('region', { name: 'The hospital has a few questions for you before your visit.' });
    await banner.waitFor();
    await checkScreen(page, 'appointment with the questionnaire banner');
    await screenshot(page, 'questionnaire-banner');

    await banner.getByRole('button', { name: 'Answer the questions' }).click();
    const dialog = page.getByRole('dialog', { name: preVisit.title });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByText('Answer at least one question to submit.').waitFor();
    await checkScreen(page, 'questionnaire modal');
    await screenshot(page, 'questionnaire-modal');
    await dialog.getByLabel(preVisit.allergies).fill('Penicillin');
    await dialog.getByRole('group', { name: preVisit.conditions }).getByLabel('Asthma').check();
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await checkScreen(page, 'questionnaire modal answered');
    await screenshot(page, 'questionnaire-modal-answered');
    // The toast shows for a few seconds: watch for it from the click.
    const toast = page.getByText('Questionnaire Successfully Submitted').waitFor();
    await submit.click();
    await toast;
    await dialog.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    await checkScreen(page, 'appointment after the questionnaire');
    await screenshot(page, 'questionnaire-submitted');

    // The server has the answers as the appointment's (what keeps the banner away from now on).
    const { appointmentQuestionnaire } = await qgql<{ appointmentQuestionnaire: { responded: boolean } }>(
      'query ($a: ID!) { appointmentQuestionnaire(appointmentId: $a) { responded } }',
      { a: createAppointment.id },
      patient.token,
    );
    expect(appointmentQuestionnaire.responded).toBe(true);
    expect(errors).toEqual([]);
    await context.close();

    // The Colombo nurse of the same tenant signs in to the console and reads them.
    const staff = await newStaffPage(browser, questionnaireHost);
    const desk = staff.page;
    desk.setDefaultTimeout(60_000);
    const staffErrors = collectPageErrors(desk);
    await desk.goto('/staff');
    await desk.getByLabel('Email address').fill(nurseEmail);
    await desk.getByLabel('Password', { exact: true }).fill(staffPassword);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Home', exact: true }).waitFor();
    await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Questionnaires' }).click();
    await staffScreen(desk, 'Questionnaire responses', 'questionnaire-staff-list');
    const list = desk.getByRole('table', { name: /^Questionnaire responses at Lakeside Hospitals - Colombo$/ });
    // Newest first: this patient's response is the first row.
    const row = list.getByRole('row').nth(1);
    await expect.poll(() => row.getByRole('cell').first().textContent()).toBe(preVisit.title);
    await row.getByRole('link', { name: `Open the answers of ${patient.displayName}` }).click();
    await staffScreen(desk, `Answers of ${patient.displayName}`, 'questionnaire-staff-response');
    const answers = desk.getByRole('table', { name: `Questions and answers: ${preVisit.title}` });
    await expect.poll(() => answers.getByRole('row').allTextContents()).toEqual([
      'QuestionAnswer',
      `${preVisit.allergies}Penicillin`,
      `${preVisit.conditions}Asthma`,
    ]);
    expect(staffErrors).toEqual([]);
    await staff.context.close();
  });
});
