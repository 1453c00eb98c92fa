import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
// Report' while the PDF is on its way.

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
    const haemoglobin = created.subTests.find((sub) => sub.name === 'Haemoglobin');
    expect(haemoglobin).toBeDefined();
    const saved = (
      await gql<{ staffSaveLabResults: Report }>(
        `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) { staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { ${FIELDS} } }`,
        { o: organizationId, id: created.id, v: created.report.revision, r: [{ subTestId: haemoglobin?.id, valueQuantity: 13.4 }] },
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
    expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);
    await page.getByRole('button', { name: /^Download / }).waitFor();

    expect(errors).toEqual([]);
    await phone.context.close();
  });
});
