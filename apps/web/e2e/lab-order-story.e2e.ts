import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatReportDateTime } from '@careline/domain/lab-reports';
import { DEFAULT_TIME_ZONE } from '@careline/domain/time';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server's test helper: pdf.js with its standard fonts, the same reading as the server's tests.
import { readPdf } from '../../server/test/read-pdf.ts';
import { checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import {
  createOrderThroughApi,
  gql,
  orderAsPatient,
  signedInPatient,
  signedInPhone,
  staffChangeOrder,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';

// Issue 30 §1, a lab order and its report are one story, on the server the e2e global setup starts:
// the patient orders a lab test (through the API, as the creation screen does) and keeps its order
// page open on the phone; the hospital (the demo admin, through the staff API) charges it, takes
// the cash, moves it through preparing, sample collected and sample arrived, starts its report,
// enters the results, verifies and issues it. The open order page moves to Testing (done when the
// results are entered), then Report (done when issued) without a reload, and its 'Your Report' link
// opens the test's results, where the report names its order; its download reads 'Preparing your
// Report' while the PDF is on its way, and the PDF the phone saves holds the Collected and Received
// times as the hospital's clock prints them and H beside the white cells above their range. Then a
// second report of the test, entered at the lab's desk, joins the open graph: with two reports the
// page stays within a 360 px phone (issue 30 §3.8).

const fullBloodCount = { code: '00000001', display: 'Full Blood Count' };

async function staffMove(staff: string, patient: Patient, orderId: string, to: string): Promise<void> {
  const order = await orderAsPatient(patient, orderId);
  await gql(
    'mutation ($o: ID!, $id: ID!, $v: Int!, $to: String!, $k: String) { staffMoveOrderStatus(organizationId: $o, id: $id, expectedVersion: $v, to: $to, idempotencyKey: $k) { id } }',
    { o: order.organizationId, id: orderId, v: order.version, to, k: randomUUID() },
    staff,
  );
}

type Report = { id: string; report: { revision: number }; subTests: { id: string; name: string }[] };
const FIELDS = 'id report { revision } subTests { id name }';

/** The sub-test's id in a report of the full blood count. */
function subTestId(report: Report, name: string): string {
  const found = report.subTests.find((sub) => sub.name === name);
  if (!found) {
    throw new Error(`the full blood count has no ${name}`);
  }
  return found.id;
}

/** Saves results of a started report, verifies and issues it, as the laboratory does. */
async function enterVerifyIssue(staff: string, organizationId: string, created: Report, results: { subTestId: string; valueQuantity: number }[]): Promise<void> {
  let report = created;
  const steps: [string, string][] = [
    ['staffSaveLabResults', ', $r: [LabResultInput!]!'],
    ['staffVerifyLabReport', ''],
    ['staffIssueLabReport', ''],
  ];
  for (const [mutation, extra] of steps) {
    const args = extra === '' ? '' : ', results: $r';
    report = (
      await gql<Record<string, Report>>(
        `mutation ($o: ID!, $id: ID!, $v: Int!${extra}) { ${mutation}(organizationId: $o, id: $id, expectedRevision: $v${args}) { ${FIELDS} } }`,
        { o: organizationId, id: report.id, v: report.report.revision, r: extra === '' ? undefined : results },
        staff,
      )
    )[mutation] as Report;
  }
}

describe('a lab order and its report are one story (issue 30 §1)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('the open order page moves to Testing, then Report, without a reload, and links to the report', { timeout: 300_000 }, async () => {
    const patient = await signedInPatient('Story');
    const order = await createOrderThroughApi(patient, 'Examination');
    const staff = await staffToken();
    const { organizationId } = await orderAsPatient(patient, order.id);
    await staffChangeOrder(staff, patient, order.id, { kind: 'charge', amount: '1500.00' });
    const charged = await orderAsPatient(patient, order.id);
    await gql(
      'mutation ($o: ID!, $s: ID!, $v: Int!, $k: String) { staffTakeOrderCashPayment(organizationId: $o, serviceRequestId: $s, expectedVersion: $v, idempotencyKey: $k) { __typename } }',
      { o: organizationId, s: order.id, v: charged.version, k: randomUUID() },
      staff,
    );
    for (const to of ['preparing', 'sampleCollected', 'sampleArrived']) {
      await staffMove(staff, patient, order.id, to);
    }

    const phone = await signedInPhone(browser, patient, 'lab-order-story-failure');
    const { page } = phone;
    page.setDefaultTimeout(60_000);
    const errors = collectPageErrors(page);
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        navigations += 1;
      }
    });
    await page.goto(`/order/view?orderId=${encodeURIComponent(order.id)}`);
    const tracker = page.getByRole('region', { name: 'Order progress' });
    const step = (label: string) => tracker.locator('li', { hasText: label });
    await tracker.waitFor();
    expect(await step('Testing').textContent()).toBe('Testing: in progress');
    expect(await step('Report').textContent()).toBe('Report: not yet');
    await checkScreen(page, 'lab order: sample arrived');
    const loadsBefore = navigations;

    // The laboratory: a report of the order, its results, verified.
    const created = (
      await gql<{ staffCreateLabReport: Report }>(
        `mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { ${FIELDS} } }`,
        { o: organizationId, i: { serviceRequestId: order.id, code: fullBloodCount.code } },
        staff,
      )
    ).staffCreateLabReport;
    // Haemoglobin inside 11.5–16.5 g/dL, the white cells above 4–11 (the demo's ranges).
    const saved = (
      await gql<{ staffSaveLabResults: Report }>(
        `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) { staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { ${FIELDS} } }`,
        {
          o: organizationId,
          id: created.id,
          v: created.report.revision,
          r: [
            { subTestId: subTestId(created, 'Haemoglobin'), valueQuantity: 13.4 },
            { subTestId: subTestId(created, 'White Blood Cells'), valueQuantity: 23.5 },
          ],
        },
        staff,
      )
    ).staffSaveLabResults;

    // Results entered: Testing is done, live.
    await expect.poll(() => step('Testing').textContent(), { timeout: 60_000 }).toBe('Testing: done');
    expect(await step('Report').textContent()).toBe('Report: in progress');
    await screenshot(page, 'lab-order-story-testing');

    const verified = (
      await gql<{ staffVerifyLabReport: Report }>(
        `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`,
        { o: organizationId, id: saved.id, v: saved.report.revision },
        staff,
      )
    ).staffVerifyLabReport;
    await gql(
      `mutation ($o: ID!, $id: ID!, $v: Int!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`,
      { o: organizationId, id: verified.id, v: verified.report.revision },
      staff,
    );

    // Issued: Report is done and the order links to it, live.
    await expect.poll(() => step('Report').textContent(), { timeout: 60_000 }).toBe('Report: done');
    const reports = page.getByRole('region', { name: 'Your Report' });
    await reports.getByText('Issued', { exact: true }).waitFor();
    expect(navigations).toBe(loadsBefore);
    await checkScreen(page, 'lab order: report issued');
    await screenshot(page, 'lab-order-story-report');

    // The link opens the value; the report names its order.
    await reports.getByRole('link', { name: `View ${fullBloodCount.display}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/resultsGraph') && url.searchParams.get('code') === fullBloodCount.code);
    await page.getByRole('table', { name: /^Latest results/ }).getByRole('row', { name: /Haemoglobin/ }).getByText('13.4').first().waitFor();
    const back = page.getByRole('link', { name: 'From your lab order' });
    await back.waitFor();
    expect(await back.getAttribute('href')).toBe(`/order/view?orderId=${encodeURIComponent(order.id)}`);
    await checkScreen(page, 'results graph: from the lab order');
    // The patient number the app shows (issue 30 §3.7), which the PDF prints below.
    const patientNo = (await page.locator('.lab-patient__facts > div', { hasText: 'Patient No' }).locator('dd').textContent())?.trim() ?? '';
    expect(patientNo).toMatch(/^\d+$/);

    // 'Preparing your Report' (spec doc 3 §2) lasts as long as the PDF is on its way: hold the
    // server's answer until the state is seen, then let it through.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/lab-reports\/[^/]+\.pdf$/, async (route) => {
      await held;
      await route.continue();
    });
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: /^Download / }).click();
    const preparing = page.getByRole('button', { name: 'Preparing your Report' });
    await preparing.waitFor();
    expect(await preparing.isDisabled()).toBe(true);
    await screenshot(page, 'lab-order-story-preparing');
    release();
    const pdf = await downloaded;
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByRole('button', { name: /^Download / }).waitFor();

    // The PDF the phone saved: when the sample was collected and when it arrived, in the order's
    // history as the hospital's clock writes them, and H beside the white cells (23.5 above 4–11).
    const { serviceRequest } = await gql<{ serviceRequest: { events: { toStatus: string; createdTime: string }[] } }>(
      'query ($id: ID!) { serviceRequest(id: $id) { events { toStatus createdTime } } }',
      { id: order.id },
      patient.token,
    );
    const recorded = (status: string): string => {
      const at = serviceRequest.events.filter((event) => event.toStatus === status).at(-1)?.createdTime;
      const written = formatReportDateTime(at, DEFAULT_TIME_ZONE);
      if (written === null) {
        throw new Error(`the order's history has no ${status}`);
      }
      return written;
    };
    const pdfText = (await readPdf(new Uint8Array(await readFile(await pdf.path())))).pages.map((p) => p.text).join('\n');
    const field = (label: string, value: string) => new RegExp(`${label}:\\s*${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    expect(pdfText).toMatch(field('Collected', recorded('sampleCollected')));
    expect(pdfText).toMatch(field('Received', recorded('sampleArrived')));
    expect(pdfText).toMatch(field('Patient ID', patientNo));
    expect(pdfText).not.toContain(patient.patientId);
    expect(pdfText).toMatch(/23\.5 H\b/);
    expect(pdfText).not.toMatch(/13\.4 [HL]\b/);

    // A second report of the test, entered at the lab's desk for the same patient, joins the open
    // graph; on a 360 px phone the page does not scroll sideways (issue 30 §3.8).
    await page.setViewportSize({ width: 360, height: 780 });
    const desk = (
      await gql<{ staffCreateLabReport: Report }>(
        `mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { ${FIELDS} } }`,
        { o: organizationId, i: { patientId: patient.patientId, code: fullBloodCount.code } },
        staff,
      )
    ).staffCreateLabReport;
    await enterVerifyIssue(staff, organizationId, desk, [
      { subTestId: subTestId(desk, 'Haemoglobin'), valueQuantity: 14.1 },
      { subTestId: subTestId(desk, 'White Blood Cells'), valueQuantity: 9.8 },
    ]);
    await expect.poll(() => page.getByRole('button', { name: /^Download / }).count(), { timeout: 60_000 }).toBe(2);
    const latest = page.getByRole('table', { name: /^Latest results/ });
    await latest.getByRole('row', { name: /Haemoglobin/ }).getByText('14.1').waitFor();
    expect(await latest.locator('thead th').count()).toBe(3);
    // The chart drawn at the card's width, then the page's width.
    await page.getByRole('img', { name: /^Line chart of Haemoglobin across report dates/ }).locator('canvas').waitFor();
    const overflow = await page.evaluate(() => ({
      width: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
      // What reaches past the screen, to name it should the page be too wide.
      past: [...document.querySelectorAll('main *')]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}`),
    }));
    expect(overflow.width, overflow.past.join(', ')).toBeLessThanOrEqual(360);
    await checkScreen(page, 'results graph: two reports at 360 px');
    await screenshot(page, 'lab-order-story-graph-360');

    expect(errors).toEqual([]);
    await phone.context.close();
  });
});
