import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diagnosticReports, observations } from '../../db/schema/index.ts';
import {
  as,
  auditActions,
  code,
  CORRECT,
  CREATE,
  deskReport,
  fbc,
  fullBloodCount,
  GET,
  hospital,
  ISSUE,
  issuedReport,
  LIST,
  makePatient,
  MY_OBSERVATIONS,
  MY_REPORT,
  MY_REPORTS,
  ok,
  SAVE,
  staff,
  t,
  useLabReportsApp,
  VERIFY,
  type StaffReport,
  type PatientReport,
} from './lab-reports-test-fixture.ts';

/*
 * Lab report versions on the server (issue 11): a correction after issue is a new version, both are
 * kept and the patient sees the latest issued one; optimistic locking and input rules that change
 * nothing. The app and helpers are lab-reports-test-fixture.ts.
 */

useLabReportsApp();

describe('a correction after issue is a new version; both are kept and the patient sees the latest issued one', () => {
  it('keeps v1 for the patient until v2 is issued, then shows v2 (amended) only, for v1 and v2 ids alike', async () => {
    const alice = await makePatient();
    const v1 = await issuedReport(alice, 9.1, 7);
    const started = await ok<StaffReport>(staff.tech, CORRECT, {
      o: hospital,
      id: v1.id,
      v: v1.report.revision,
      r: 'Wrong sample tube',
    });
    expect(started.id).not.toBe(v1.id);
    expect(started.report).toMatchObject({
      seriesId: v1.id,
      version: 2,
      status: 'preliminary',
      summaryStatus: null,
      amendmentReason: 'Wrong sample tube',
      // The copied results stay entered by the member who entered them (the second-person rule).
      enteredBy: [staff.tech.id],
    });
    expect(started.observations.map((o) => [o.status, o.valueQuantity?.value])).toEqual([
      ['preliminary', 9.1],
      ['preliminary', 7],
    ]);
    expect(started.history.map((h) => [h.id, h.version, h.supersededById])).toEqual([
      [v1.id, 1, started.id],
      [started.id, 2, null],
    ]);
    // Only one correction of a version, and only of an issued one.
    expect(
      code(
        await as(staff.tech, CORRECT, {
          o: hospital,
          id: v1.id,
          v: v1.report.revision + 1,
          r: 'Again',
        }),
      ),
    ).toBe('ARO-E7013');
    expect(
      code(await as(staff.tech, CORRECT, { o: hospital, id: started.id, v: 1, r: 'Again' })),
    ).toBe('ARO-E7012');
    // The issued version can no longer be changed in place.
    expect(
      code(
        await as(staff.tech, SAVE, {
          o: hospital,
          id: v1.id,
          v: v1.report.revision + 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe('ARO-E7011');

    // While the correction is entered, the patient keeps v1.
    const during = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(during.map((r) => [r.id, r.version, r.observations[0]?.valueQuantity?.value])).toEqual([
      [v1.id, 1, 9.1],
    ]);
    expect(code(await as(alice, MY_REPORT, { id: started.id }))).toBe(null);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: started.id })).id).toBe(v1.id);

    const saved = await ok<StaffReport>(staff.tech, SAVE, {
      o: hospital,
      id: started.id,
      v: 1,
      r: [{ subTestId: fbc.hb, valueQuantity: 13.4 }],
    });
    const verified = await ok<StaffReport>(staff.tech, VERIFY, {
      o: hospital,
      id: started.id,
      v: saved.report.revision,
    });
    expect(verified.report.status).toBe('amended');
    await ok(staff.tech, ISSUE, { o: hospital, id: started.id, v: verified.report.revision });

    const after = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(after.map((r) => [r.id, r.version, r.status, r.seriesId])).toEqual([
      [started.id, 2, 'amended', v1.id],
    ]);
    expect(
      after[0]?.observations.map((o) => [o.display, o.valueQuantity?.value, o.status]),
    ).toEqual([
      ['Haemoglobin', 13.4, 'final'],
      ['WBC', 7, 'final'],
    ]);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: v1.id })).id).toBe(started.id);
    const trend = await ok<{ diagnosticReportId: string }[]>(alice, MY_OBSERVATIONS, {
      p: alice.patientId,
      c: [fbc.id],
    });
    expect(new Set(trend.map((o) => o.diagnosticReportId))).toEqual(new Set([started.id]));

    // Staff keep the history: v1 as it was issued.
    const old = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: v1.id });
    expect(old.report).toMatchObject({
      version: 1,
      status: 'final',
      summaryStatus: 'issued',
      supersededById: started.id,
    });
    expect(old.observations.map((o) => o.valueQuantity?.value)).toEqual([9.1, 7]);
    const rows = await t.database.db
      .select()
      .from(diagnosticReports)
      .where(eq(diagnosticReports.seriesId, v1.id));
    expect(rows.map((row) => row.id)).toEqual([started.id]);
    // The staff list shows the report once, at its current version.
    const list = await ok<{ nodes: { id: string }[] }>(staff.tech, LIST, {
      o: hospital,
      q: 'ISSUED',
      first: 50,
    });
    expect(list.nodes.some((node) => node.id === started.id)).toBe(true);
    expect(list.nodes.some((node) => node.id === v1.id)).toBe(false);
  });
});

describe('version locking and input rules: a refused change changes nothing', () => {
  it('refuses a stale revision with ARO-E7006', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    await ok(staff.tech, SAVE, { o: hospital, id: created.id, v: 1, r: fullBloodCount(12, 6) });
    const stale = await as(staff.tech2, SAVE, {
      o: hospital,
      id: created.id,
      v: 1,
      r: fullBloodCount(1, 1),
    });
    expect(stale.errors?.[0]?.message).toBe(
      'ARO-E7006:This report was changed by someone else. Please reload and try again',
    );
    expect(code(await as(staff.tech2, VERIFY, { o: hospital, id: created.id, v: 1 }))).toBe(
      'ARO-E7006',
    );
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report.revision).toBe(2);
    expect(now.report.enteredBy).toEqual([staff.tech.id]);
    expect(now.observations.map((o) => o.valueQuantity?.value)).toEqual([12, 6]);
  });

  it("answers each bad input with its 'CODE:message' and leaves the report and results as they were", async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    await ok(staff.tech, SAVE, { o: hospital, id: created.id, v: 1, r: fullBloodCount(12, 6) });
    const before = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.diagnosticReportId, created.id));
    const bad: [Record<string, unknown>[], string][] = [
      [
        [{ subTestId: randomUUID(), valueQuantity: 1 }],
        'ARO-E7002:Choose a sub-test of this lab test',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, valueString: 'one' }],
        'ARO-E7003:Enter one result for each sub-test: a number or a text',
      ],
      [[{ subTestId: fbc.hb }], 'ARO-E7003:Enter one result for each sub-test: a number or a text'],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, referenceRange: { low: 5, high: 1 } }],
        'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, referenceRange: { comparator: '=~', value: 1 } }],
        'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
      ],
      [
        [{ subTestId: fbc.hb, valueQuantity: 1, unit: 'x'.repeat(33) }],
        'ARO-E7004:The unit can have at most 32 characters and no control characters',
      ],
      [
        [{ subTestId: fbc.culture, microbiology: [{ category: 'virus', name: 'X' }] }],
        'ARO-E7019:Each organism and antibiotic row needs a name, and a result of at most 200 characters',
      ],
      [
        [
          { subTestId: fbc.hb, valueQuantity: 1 },
          { subTestId: fbc.hb, valueQuantity: 2 },
        ],
        'ARO-E7020:A report can have at most 100 results, and each sub-test only once in a save',
      ],
      [
        [],
        'ARO-E7020:A report can have at most 100 results, and each sub-test only once in a save',
      ],
      // A good result beside a bad one: nothing is saved.
      [
        [
          { subTestId: fbc.wbc, valueQuantity: 99 },
          { subTestId: fbc.hb, valueString: 'bad\u0007' },
        ],
        'ARO-E7004:The result can have at most 500 characters and no control characters',
      ],
    ];
    for (const [results, message] of bad) {
      const body = await as(staff.tech, SAVE, { o: hospital, id: created.id, v: 2, r: results });
      expect(body.errors?.[0]?.message, JSON.stringify(results)).toBe(message);
    }
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, code: 'NOPE' },
        }),
      ),
    ).toBe('ARO-E7001');
    expect(code(await as(staff.tech, CREATE, { o: hospital, i: { code: fbc.code } }))).toBe(
      'ARO-E7017',
    );
    expect(
      code(
        await as(staff.tech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, serviceRequestId: randomUUID(), code: fbc.code },
        }),
      ),
    ).toBe('ARO-E7017');
    expect(code(await as(staff.tech, ISSUE, { o: hospital, id: created.id, v: 2 }))).toBe(
      'ARO-E7010',
    );
    expect(
      code(await as(staff.tech, CORRECT, { o: hospital, id: created.id, v: 2, r: '  ' })),
    ).toBe('ARO-E7018');
    const empty = await deskReport(alice);
    expect(code(await as(staff.tech, VERIFY, { o: hospital, id: empty.id, v: 1 }))).toBe(
      'ARO-E7008',
    );

    const after = await t.database.db
      .select()
      .from(observations)
      .where(eq(observations.diagnosticReportId, created.id));
    expect(after).toEqual(before);
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report).toMatchObject({
      revision: 2,
      status: 'preliminary',
      summaryStatus: 'report',
    });
    expect(await auditActions(created.id)).toEqual([
      'labReport.create',
      'labReport.saveResults',
      'labReport.read',
    ]);
  });
});
