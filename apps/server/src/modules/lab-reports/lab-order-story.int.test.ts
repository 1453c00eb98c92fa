import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditEvents, orderEvents, serviceRequests } from '../../db/schema/index.ts';
import { accountOrdersTopic, staffOrdersTopic } from '../orders/index.ts';
import { accountLabReportsTopic } from './lab-reports.live.ts';
import {
  as,
  code,
  CORRECT,
  CREATE,
  fullBloodCount,
  fbc,
  hospital,
  ISSUE,
  makePatient,
  MY_REPORT,
  NOT_FOUND,
  ok,
  SAVE,
  staff,
  t,
  TENANT,
  useLabReportsApp,
  VERIFY,
  type Patient,
  type PatientReport,
  type StaffReport,
} from './lab-reports-test-fixture.ts';

/*
 * A lab order and its report are one story (issue 30 §1): results entered move the order to
 * processing (the tracker's Testing) and the issue to reportReady (Report), each exactly once, in
 * the report change's transaction, with the order's history line and audit row, published live on
 * the order; the order names its issued report (amended when corrected) and the report its order;
 * another account reaches neither.
 */

useLabReportsApp();

type OrderStory = {
  id: string;
  orderStatus: string;
  version: number;
  events: { event: string; fromStatus: string; toStatus: string }[];
  diagnosticReports: { id: string; status: string; summaryStatus: string | null; serviceRequestId: string | null; version: number }[];
};
const ORDER = `query ($id: ID!) { serviceRequest(id: $id) { id orderStatus version events { event fromStatus toStatus }
  diagnosticReports { id status summaryStatus serviceRequestId version } } }`;

async function arrivedLabOrder(patient: Patient): Promise<string> {
  const [order] = await t.database.db
    .insert(serviceRequests)
    .values({
      tenantId: TENANT,
      accountId: patient.accountId,
      patientId: patient.patientId,
      category: 'Examination',
      codeCode: '5',
      organizationId: hospital,
      examinationOrderStatus: 'sampleArrived',
      serviceRequestPaymentStatus: 'paid',
    })
    .returning();
  if (!order) {
    throw new Error('no order');
  }
  return order.id;
}

async function order(patient: Patient, id: string): Promise<OrderStory> {
  return ok<OrderStory>(patient, ORDER, { id });
}

async function orderAudits(orderId: string): Promise<{ action: string; details: Record<string, unknown> }[]> {
  const rows = await t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, TENANT), eq(auditEvents.action, 'order.moveStatus')));
  return rows
    .filter((row) => (row.details as { serviceRequestId?: string }).serviceRequestId === orderId)
    .map((row) => ({ action: row.action, details: row.details }));
}

function topics(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
}

describe('a lab order follows its report (issue 30 §1)', () => {
  it('moves to processing when results are entered and to reportReady when issued, once each, audited and published', async () => {
    const alice = await makePatient();
    const orderId = await arrivedLabOrder(alice);
    const created = await ok<StaffReport>(staff.tech, CREATE, { o: hospital, i: { serviceRequestId: orderId, code: fbc.code } });
    expect((await order(alice, orderId)).orderStatus).toBe('sampleArrived');
    // Before the issue the order names no report.
    expect((await order(alice, orderId)).diagnosticReports).toEqual([]);

    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    let saved: StaffReport;
    try {
      saved = await ok<StaffReport>(staff.tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: fullBloodCount(13, 7) });
      expect(topics(spy)).toEqual([accountOrdersTopic(TENANT, alice.accountId), staffOrdersTopic(TENANT, hospital)]);
    } finally {
      spy.mockRestore();
    }
    const testing = await order(alice, orderId);
    expect(testing.orderStatus).toBe('processing');
    expect(testing.events).toEqual([{ event: 'moveStatus', fromStatus: 'sampleArrived', toStatus: 'processing' }]);
    // Still no report for the patient: results are not issued.
    expect(testing.diagnosticReports).toEqual([]);

    // Results saved again move nothing.
    saved = await ok<StaffReport>(staff.tech, SAVE, { o: hospital, id: created.id, v: saved.report.revision, r: fullBloodCount(13.2, 7) });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, { o: hospital, id: created.id, v: saved.report.revision });
    expect((await order(alice, orderId)).version).toBe(testing.version);

    const issueSpy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    try {
      await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
      // The issue is published once to the order's topics, with the report's.
      expect(topics(issueSpy)).toEqual([
        accountLabReportsTopic(TENANT, alice.accountId),
        accountOrdersTopic(TENANT, alice.accountId),
        staffOrdersTopic(TENANT, hospital),
      ]);
    } finally {
      issueSpy.mockRestore();
    }
    const report = await order(alice, orderId);
    expect(report.orderStatus).toBe('reportReady');
    expect(report.version).toBe(testing.version + 1);
    expect(report.events.map((e) => `${e.fromStatus}→${e.toStatus}`)).toEqual(['sampleArrived→processing', 'processing→reportReady']);
    expect(report.diagnosticReports).toEqual([
      { id: created.id, status: 'final', summaryStatus: 'issued', serviceRequestId: orderId, version: 1 },
    ]);
    // The report names its order.
    expect((await ok<PatientReport & { serviceRequestId: string }>(alice, `query ($id: ID!) { diagnosticReport(id: $id) { id serviceRequestId } }`, { id: created.id })).serviceRequestId).toBe(orderId);

    // Audited as a console move: one order.moveStatus row per step, by the technician, naming the report.
    const audits = await orderAudits(orderId);
    expect(audits.map((a) => [a.details.fromStatus, a.details.toStatus, a.details.diagnosticReportId, a.details.by])).toEqual([
      ['sampleArrived', 'processing', created.id, 'labReport.saveResults'],
      ['processing', 'reportReady', created.id, 'labReport.issue'],
    ]);
  });

  it('moves the order in the same transaction as the report: a results save that fails after the move leaves the order as it was', async () => {
    const alice = await makePatient();
    const orderId = await arrivedLabOrder(alice);
    const created = await ok<StaffReport>(staff.tech, CREATE, { o: hospital, i: { serviceRequestId: orderId, code: fbc.code } });
    // The report's own audit row is written after the order moved: make it fail for this report.
    await t.database.db.execute(sql.raw(`CREATE FUNCTION i30_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`));
    await t.database.db.execute(sql.raw(`CREATE TRIGGER i30_refuse_audit BEFORE INSERT ON audit_events FOR EACH ROW
      WHEN (NEW.action = 'labReport.saveResults' AND NEW.details->>'diagnosticReportId' = '${created.id}')
      EXECUTE FUNCTION i30_refuse_audit()`));
    try {
      const failed = await as(staff.tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: fullBloodCount(13, 7) });
      expect(failed.errors).toBeDefined();
    } finally {
      await t.database.db.execute(sql.raw('DROP TRIGGER i30_refuse_audit ON audit_events'));
      await t.database.db.execute(sql.raw('DROP FUNCTION i30_refuse_audit()'));
    }
    const after = await order(alice, orderId);
    expect(after.orderStatus).toBe('sampleArrived');
    expect(await t.database.db.select().from(orderEvents).where(eq(orderEvents.serviceRequestId, orderId))).toEqual([]);
    expect(await orderAudits(orderId)).toEqual([]);

    // The same save with an idempotency key, replayed, moves the order once.
    const SAVE_KEYED = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!, $k: String) {
      staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r, idempotencyKey: $k) { id } }`;
    const variables = { o: hospital, id: created.id, v: created.report.revision, r: fullBloodCount(13, 7), k: 'i30-once' };
    await ok(staff.tech, SAVE_KEYED, variables);
    await ok(staff.tech, SAVE_KEYED, variables);
    expect((await order(alice, orderId)).events).toEqual([{ event: 'moveStatus', fromStatus: 'sampleArrived', toStatus: 'processing' }]);
    expect(await orderAudits(orderId)).toHaveLength(1);
  });

  it('an amended report shows as amended on the order, and its issue moves the order no further', async () => {
    const alice = await makePatient();
    const orderId = await arrivedLabOrder(alice);
    const created = await ok<StaffReport>(staff.tech, CREATE, { o: hospital, i: { serviceRequestId: orderId, code: fbc.code } });
    const saved = await ok<StaffReport>(staff.tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: fullBloodCount(13, 7) });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, { o: hospital, id: created.id, v: saved.report.revision });
    const issued = await ok<StaffReport>(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
    const before = await order(alice, orderId);

    const correction = await ok<StaffReport>(staff.tech, CORRECT, { o: hospital, id: created.id, v: issued.report.revision, r: 'Haemoglobin mistyped' });
    const resaved = await ok<StaffReport>(staff.tech, SAVE, { o: hospital, id: correction.id, v: correction.report.revision, r: fullBloodCount(14, 7) });
    const reverified = await ok<StaffReport>(staff.tech, VERIFY, { o: hospital, id: correction.id, v: resaved.report.revision });
    // While the correction is made the order keeps the issued version.
    expect((await order(alice, orderId)).diagnosticReports.map((r) => [r.id, r.status])).toEqual([[created.id, 'final']]);
    await ok(staff.tech, ISSUE, { o: hospital, id: correction.id, v: reverified.report.revision });

    const after = await order(alice, orderId);
    expect(after.diagnosticReports).toEqual([
      { id: correction.id, status: 'amended', summaryStatus: 'issued', serviceRequestId: orderId, version: 2 },
    ]);
    expect(after.orderStatus).toBe('reportReady');
    expect(after.version).toBe(before.version);
    expect(after.events).toHaveLength(2);
    const mine = await ok<PatientReport>(alice, MY_REPORT, { id: created.id });
    expect([mine.id, mine.status]).toEqual([correction.id, 'amended']);
  });

  it("another account reaches neither the order's reports nor the report through the order's link (BOLA)", async () => {
    const alice = await makePatient();
    const mallory = await makePatient();
    const orderId = await arrivedLabOrder(alice);
    const created = await ok<StaffReport>(staff.tech, CREATE, { o: hospital, i: { serviceRequestId: orderId, code: fbc.code } });
    const saved = await ok<StaffReport>(staff.tech, SAVE, { o: hospital, id: created.id, v: created.report.revision, r: fullBloodCount(13, 7) });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, { o: hospital, id: created.id, v: saved.report.revision });
    await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
    const link = (await order(alice, orderId)).diagnosticReports[0]?.id;
    expect(link).toBe(created.id);

    expect(code(await as(mallory, ORDER, { id: orderId }))).toBe(NOT_FOUND);
    expect(code(await as(mallory, MY_REPORT, { id: link }))).toBe(NOT_FOUND);
  });
});
