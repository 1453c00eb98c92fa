import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makePatientAccount } from '../../../test/factories.ts';
import { auditEvents, diagnosticReports } from '../../db/schema/index.ts';
import {
  as,
  code,
  CREATE,
  deskReport,
  fbc,
  fullBloodCount,
  GET,
  hospital,
  issuedReport,
  LIST,
  makePatient,
  MY_OBSERVATIONS,
  MY_REPORT,
  MY_REPORTS,
  NOT_FOUND,
  ok,
  otherHospital,
  SAVE,
  SEEN,
  staff,
  t,
  TENANT,
  useLabReportsApp,
  VERIFY,
  type StaffReport,
  type PatientReport,
} from './lab-reports-test-fixture.ts';

/*
 * Who sees lab reports on the server (issue 11): another account or hospital sees nothing; sensitive,
 * Administration and payment-pending reports; desk reports only for the hospital's patients; roles.
 * The app and helpers are lab-reports-test-fixture.ts.
 */

useLabReportsApp();

describe('access: another account or hospital sees nothing', () => {
  it("another account's report and observation ids give the same not-found answer as missing ones", async () => {
    const alice = await makePatient();
    const bob = await makePatient();
    const report = await issuedReport(alice);
    const missing = await as(bob, MY_REPORT, { id: randomUUID() });
    const foreign = await as(bob, MY_REPORT, { id: report.id });
    expect(code(missing)).toBe(NOT_FOUND);
    expect(foreign.errors?.[0]?.message).toBe(missing.errors?.[0]?.message);
    expect(foreign.data).toEqual(missing.data);
    expect(code(await as(bob, SEEN, { id: report.id }))).toBe(NOT_FOUND);
    expect(await ok<unknown[]>(bob, MY_REPORTS, { p: alice.patientId })).toEqual([]);
    expect(
      await ok<unknown[]>(bob, MY_OBSERVATIONS, { p: `Patient/${alice.patientId}`, c: [fbc.code] }),
    ).toEqual([]);
    // Alice herself reads it.
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: report.id })).id).toBe(report.id);
  });

  it('sensitive reports are never shown; Administration ones only by id; a pending payment withholds the results', async () => {
    const alice = await makePatient();
    const sensitive = await issuedReport(alice);
    const administration = await issuedReport(alice);
    const pending = await issuedReport(alice);
    await t.database.db
      .update(diagnosticReports)
      .set({ diagnosticReportSensitive: true })
      .where(eq(diagnosticReports.id, sensitive.id));
    await t.database.db
      .update(diagnosticReports)
      .set({ purpose: 'Administration' })
      .where(eq(diagnosticReports.id, administration.id));
    await t.database.db
      .update(diagnosticReports)
      .set({ patientCreditStatus: 'pending', notes: 'Culture: positive' })
      .where(eq(diagnosticReports.id, pending.id));
    const list = await ok<PatientReport[]>(alice, MY_REPORTS, { p: alice.patientId });
    expect(list.map((r) => r.id)).toEqual([pending.id]);
    expect(list[0]).toMatchObject({ patientCreditStatus: 'pending', observations: [] });
    // Nor its notes, which say the result in words.
    const withNotes = await ok<{ notes: string | null }>(
      alice,
      `query ($id: ID!) { diagnosticReport(id: $id) { notes } }`,
      { id: pending.id },
    );
    expect(withNotes.notes).toBeNull();
    expect(code(await as(alice, MY_REPORT, { id: sensitive.id }))).toBe(NOT_FOUND);
    expect((await ok<PatientReport>(alice, MY_REPORT, { id: administration.id })).id).toBe(
      administration.id,
    );
    expect(
      await ok<unknown[]>(alice, MY_OBSERVATIONS, { p: alice.patientId, c: [fbc.code] }),
    ).toEqual([]);
  });

  it('a desk report only for a patient known to the hospital (its profile, an appointment or an order there)', async () => {
    const { patient: stranger } = await makePatientAccount(t.database.db, TENANT, {
      hospitalId: otherHospital,
    });
    const refused = await as(staff.tech, CREATE, {
      o: hospital,
      i: { patientId: stranger.id, code: fbc.code },
    });
    expect(code(refused)).toBe(NOT_FOUND);
    expect(
      await t.database.db
        .select()
        .from(diagnosticReports)
        .where(eq(diagnosticReports.patientId, stranger.id)),
    ).toEqual([]);
  });

  it('a technician of another hospital cannot read, list or enter results; other roles are refused', async () => {
    const alice = await makePatient();
    const created = await deskReport(alice);
    // With this hospital's id: not a member, the same answer as a missing hospital.
    expect(code(await as(staff.otherTech, GET, { o: hospital, id: created.id }))).toBe(NOT_FOUND);
    expect(
      code(
        await as(staff.otherTech, SAVE, {
          o: hospital,
          id: created.id,
          v: 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe(NOT_FOUND);
    expect(
      code(
        await as(staff.otherTech, CREATE, {
          o: hospital,
          i: { patientId: alice.patientId, code: fbc.code },
        }),
      ),
    ).toBe(NOT_FOUND);
    // With their own hospital's id: the report is not there.
    expect(code(await as(staff.otherTech, GET, { o: otherHospital, id: created.id }))).toBe(
      NOT_FOUND,
    );
    expect(
      code(
        await as(staff.otherTech, SAVE, {
          o: otherHospital,
          id: created.id,
          v: 1,
          r: fullBloodCount(1, 1),
        }),
      ),
    ).toBe(NOT_FOUND);
    expect(
      code(await as(staff.otherTech, VERIFY, { o: otherHospital, id: created.id, v: 1 })),
    ).toBe(NOT_FOUND);
    const theirs = await ok<{ nodes: { id: string }[] }>(staff.otherTech, LIST, {
      o: otherHospital,
      first: 50,
    });
    expect(theirs.nodes.some((node) => node.id === created.id)).toBe(false);
    // A nurse of the hospital has no lab report role.
    expect(code(await as(staff.nurse, GET, { o: hospital, id: created.id }))).toBe('ARO-E1210');
    // Nothing changed.
    const now = await ok<StaffReport>(staff.tech, GET, { o: hospital, id: created.id });
    expect(now.report.revision).toBe(1);
    expect(now.observations).toEqual([]);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.actorId, staff.otherTech.id), eq(auditEvents.action, 'labReport.read')),
      );
    expect(reads).toEqual([]);
  });
});
