import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { diagnosticReports, serviceRequests } from '../../db/schema/index.ts';
import { accountOrdersTopic, staffOrdersTopic } from '../orders/index.ts';
import { accountLabReportsTopic } from './lab-reports.live.ts';
import {
  as,
  auditActions,
  CODE,
  code,
  CREATE,
  deskReport,
  fbc,
  fullBloodCount,
  GET,
  hospital,
  ISSUE,
  LIST,
  makePatient,
  MY_OBSERVATIONS,
  MY_REPORT,
  MY_REPORTS,
  NOT_FOUND,
  ok,
  otherHospital,
  OUTSOURCE,
  SAVE,
  SEEN,
  SETTINGS,
  staff,
  t,
  TENANT,
  useLabReportsApp,
  VERIFY,
  type StaffReport,
  type PatientReport,
} from './lab-reports-test-fixture.ts';

/*
 * Lab reports on the server (issue 11): the laboratory's flow (create, draft results, verify with or
 * without a second person, issue, outsource, correct after issue as a new version), the patient's
 * reads (latest issued version only; another account's ids look missing), optimistic locking, input
 * rules that change nothing, audit rows and the live publish on issue. This file: the laboratory's
 * flow; versions and access are lab-report-versions.int.test.ts and lab-report-access.int.test.ts.
 */

useLabReportsApp();

describe('the laboratory flow: draft → verify → issue → the patient sees it', () => {
  it('keeps drafts and verified reports from the patient, shows the issued one with final results, and audits each step', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    expect(created.report).toMatchObject({
      version: 1,
      revision: 1,
      status: 'registered',
      summaryStatus: null,
      serviceRequestId: null,
    });
    expect(created.subTests.map((sub) => sub.name)).toEqual(['Haemoglobin', 'WBC', 'Culture']);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: [
        { subTestId: fbc.hb, valueQuantity: 10.2, critical: true, interpretation: 'L' },
        {
          subTestId: fbc.wbc,
          valueQuantity: 7,
          unit: '10^3/uL',
          referenceRange: { comparator: '<', value: 11 },
        },
      ],
      n: 'Sample slightly haemolysed',
    });
    expect(saved.report).toMatchObject({
      revision: 2,
      status: 'preliminary',
      summaryStatus: 'report',
      enteredBy: [staff.tech.id],
      notes: 'Sample slightly haemolysed',
    });
    expect(
      saved.observations.map((o) => [o.display, o.status, o.valueQuantity, o.critical]),
    ).toEqual([
      ['Haemoglobin', 'preliminary', { value: 10.2, unit: 'g/dL' }, true],
      ['WBC', 'preliminary', { value: 7, unit: '10^3/uL' }, false],
    ]);
    expect(saved.observations[0]?.referenceRange).toMatchObject({ low: 11.5, high: 16.5 });
    expect(saved.observations[1]?.referenceRange).toMatchObject({
      comparator: '<',
      value: 11,
      low: null,
    });

    // A sub-test saved again is replaced, not added.
    const again = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 2,
      r: [{ subTestId: fbc.hb, valueQuantity: 10.4, critical: true }],
    });
    expect(again.observations.map((o) => o.valueQuantity?.value)).toEqual([10.4, 7]);

    const hidden = async () => {
      expect(await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId })).toEqual([]);
      expect(code(await as(alice, MY_REPORT, { id: created.id }))).toBe(NOT_FOUND);
      expect(
        await ok<unknown[]>(alice, MY_OBSERVATIONS, {
          p: `Patient/${alice.patientId}`,
          c: [`DiagnosticReportCode/${fbc.id}`],
        }),
      ).toEqual([]);
    };
    await hidden();

    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: 3,
    });
    expect(verified.report).toMatchObject({
      status: 'final',
      summaryStatus: 'print_ready',
      verifiedBy: staff.tech.id,
      verifiedByName: staff.tech.name,
    });
    expect(verified.report.diagnosticReportVerifiedTime).not.toBeNull();
    expect(verified.observations.every((o) => o.status === 'final')).toBe(true);
    await hidden();

    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    let issued: StaffReport;
    try {
      issued = await ok<StaffReport>(staff.tech, ISSUE, { o: hospital, id: created.id, v: 4 });
      const topics = spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
      expect(topics).toEqual([accountLabReportsTopic(TENANT, alice.accountId)]);
    } finally {
      spy.mockRestore();
    }
    expect(issued.report).toMatchObject({ summaryStatus: 'issued', revision: 5 });

    const [mine] = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(mine).toMatchObject({
      id: created.id,
      status: 'final',
      version: 1,
      summaryStatus: 'issued',
      code: { coding: [{ code: fbc.code, display: 'Full Blood Count' }] },
    });
    expect(
      mine?.observations.map((o) => [o.display, o.status, o.valueQuantity?.value, o.critical]),
    ).toEqual([
      ['Haemoglobin', 'final', 10.4, true],
      ['WBC', 'final', 7, false],
    ]);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: created.id })).id).toBe(created.id);
    const trend = await ok<{ status: string; subject: string }[]>(alice, MY_OBSERVATIONS, {
      p: `Patient/${alice.patientId}`,
      c: [fbc.code],
    });
    expect(trend.map((o) => [o.status, o.subject])).toEqual([
      ['final', `Patient/${alice.patientId}`],
      ['final', `Patient/${alice.patientId}`],
    ]);
    // The code filter of the list: another test's code gives nothing.
    expect(
      await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId, c: ['00000099'] }),
    ).toEqual([]);
    const testCode = await ok<{ name: string; SubDiagnosticReportCodes: { name: string }[] }>(
      alice,
      CODE,
      { id: fbc.code },
    );
    expect(testCode.SubDiagnosticReportCodes.map((sub) => sub.name)).toEqual([
      'Haemoglobin',
      'WBC',
      'Culture',
    ]);
    const seen = await ok<{ lastSeen: string | null }>(alice, SEEN, { id: created.id });
    expect(seen.lastSeen).not.toBeNull();

    expect(await auditActions(created.id)).toEqual([
      'labReport.create',
      'labReport.saveResults',
      'labReport.saveResults',
      'labReport.verify',
      'labReport.issue',
    ]);
    // The console's read is audited too.
    await ok(staff.tech, GET, { o: hospital, id: created.id });
    expect((await auditActions(created.id)).at(-1)).toBe('labReport.read');
  });

  it('a report of a lab order: one per order and test, only lab test orders of the hospital, and the issue is published to the order', async () => {
    const alice = await makePatient();
    const [order] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Examination',
        codeCode: '5',
        organizationId: hospital,
      })
      .returning();
    const [medicine] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Medication',
        codeCode: '4',
        organizationId: hospital,
      })
      .returning();
    const [elsewhere] = await t.database.db
      .insert(serviceRequests)
      .values({
        tenantId: TENANT,
        accountId: alice.accountId,
        patientId: alice.patientId,
        category: 'Examination',
        codeCode: '5',
        organizationId: otherHospital,
      })
      .returning();
    const created = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { serviceRequestId: order?.id, code: fbc.code },
    });
    expect(created.report).toMatchObject({
      serviceRequestId: order?.id,
      patientId: alice.patientId,
    });
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: order?.id, code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7014');
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: medicine?.id, code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7015');
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { serviceRequestId: elsewhere?.id, code: fbc.code },
        }),
      ),
    ).toBe(NOT_FOUND);

    const list = await ok<{ nodes: { id: string }[]; totalCount: number }>(staff.tech, LIST, {
      o: hospital,
      s: order?.id,
    });
    expect(list.nodes.map((node) => node.id)).toEqual([created.id]);
    expect(list.totalCount).toBe(1);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: fullBloodCount(12, 6),
    });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: saved.report.revision,
    });
    const spy = vi.spyOn(t.app.graphql.pubsub, 'publish');
    try {
      await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
      const topics = spy.mock.calls.map(([event]) => (event as { topic: string }).topic);
      expect(topics).toEqual([
        accountLabReportsTopic(TENANT, alice.accountId),
        accountOrdersTopic(TENANT, alice.accountId),
        staffOrdersTopic(TENANT, hospital),
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  it('with a second person required, the member who entered results cannot verify; another can', async () => {
    const alice = await makePatient();
    expect(
      (
        await ok<{ requireSecondVerifier: boolean }>(staff.admin, SETTINGS, {
          o: hospital,
          on: true,
        })
      ).requireSecondVerifier,
    ).toBe(true);
    // Only admins change the rule.
    expect(code(await as(staff.tech, SETTINGS, { o: hospital, on: false }))).toBe('ARO-E1210');
    try {
      const created = await deskReport(alice);
      expect(created.requireSecondVerifier).toBe(true);
      const saved = await ok<StaffReport>(staff.tech, SAVE, {
        o: hospital,
        id: created.id,
        v: 1,
        r: fullBloodCount(14, 8),
      });
      const refused = await as(staff.tech, VERIFY, {
        o: hospital,
        id: created.id,
        v: saved.report.revision,
      });
      expect(refused.errors?.[0]?.message).toBe(
        'ARO-E7009:Another person must verify the results you entered',
      );
      const unchanged = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
      expect(unchanged.report).toMatchObject({
        revision: saved.report.revision,
        status: 'preliminary',
        diagnosticReportVerifiedTime: null,
      });
      const verified = await ok<StaffReport>(staff.tech2, VERIFY, {
        o: hospital,
        id: created.id,
        v: saved.report.revision,
      });
      expect(verified.report).toMatchObject({ status: 'final', verifiedBy: staff.tech2.id });
      const issued = await ok<StaffReport>(staff.tech, ISSUE, {
        o: hospital,
        id: created.id,
        v: verified.report.revision,
      });
      expect(issued.report.summaryStatus).toBe('issued');
      expect(
        (await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId })).map((r) => r.id),
      ).toEqual([created.id]);
    } finally {
      await ok(staff.admin, SETTINGS, { o: hospital, on: false });
    }
  });

  it('an outsourced report is verified without results, and the patient gets no results for it', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    const outsourced = await ok<StaffReport>(staff.tech, OUTSOURCE, {
      o: hospital,
      id: created.id,
      v: 1,
    });
    expect(outsourced.report.diagnosticReportOutsourcedType).toBe('external');
    expect(code(await as(staff.tech, OUTSOURCE, { o: hospital, id: created.id, v: 2 }))).toBe(
      'ARO-E7022',
    );
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: created.id,
      v: 2,
    });
    await ok(staff.tech, ISSUE, { o: hospital, id: created.id, v: verified.report.revision });
    const [mine] = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(mine).toMatchObject({ diagnosticReportOutsourcedType: 'external', observations: [] });
  });

  it('a create retried with its idempotency key answers the first report; the list pages newest first', async () => {
    const alice = await makePatient();
    const key = randomUUID();
    const first = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { patientId: alice.patientId, code: fbc.code },
      k: key,
    });
    const retry = await ok<StaffReport>(staff.tech, CREATE, {
      o: hospital,
      i: { patientId: alice.patientId, code: fbc.code },
      k: key,
    });
    expect(retry.id).toBe(first.id);
    const second = await deskReport(alice);
    const rows = await t.database.db
      .select()
      .from(diagnosticReports)
      .where(eq(diagnosticReports.patientId, alice.patientId));
    expect(rows).toHaveLength(2);
    type Page = {
      nodes: { id: string }[];
      endCursor: string | null;
      hasMore: boolean;
      totalCount: number;
    };
    const page1 = await ok<Page>(staff.tech, LIST, { o: hospital, q: 'DRAFT', first: 1 });
    expect(page1.nodes.map((node) => node.id)).toEqual([second.id]);
    expect(page1.hasMore).toBe(true);
    const page2 = await ok<Page>(staff.tech, LIST, {
      o: hospital,
      q: 'DRAFT',
      first: 1,
      after: page1.endCursor,
    });
    expect(page2.nodes.map((node) => node.id)).toEqual([first.id]);
    expect(page2.totalCount).toBe(page1.totalCount);
    expect(code(await as(staff.tech, LIST, { o: hospital, first: 51 }))).toBe('ARO-E2002');
  });

  it('saves microbiology organism and antibiotic rows', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    const rows = [
      {
        category: 'organism',
        name: 'Escherichia coli',
        definitionId: 'ORG-1',
        comment: 'Heavy growth',
      },
      { category: 'antibiotic', name: 'Ampicillin', result: 'R', organismDefinitionId: 'ORG-1' },
      { category: 'antibiotic', name: 'Gentamicin', result: 'S', organismDefinitionId: 'ORG-1' },
    ];
    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: [{ subTestId: fbc.culture, valueString: 'Growth', microbiology: rows }],
    });
    expect(saved.observations[0]?.microbiology).toEqual([
      {
        category: 'organism',
        name: 'Escherichia coli',
        result: null,
        organismDefinitionId: null,
        comment: 'Heavy growth',
      },
      {
        category: 'antibiotic',
        name: 'Ampicillin',
        result: 'R',
        organismDefinitionId: 'ORG-1',
        comment: null,
      },
      {
        category: 'antibiotic',
        name: 'Gentamicin',
        result: 'S',
        organismDefinitionId: 'ORG-1',
        comment: null,
      },
    ]);
  });
});
