import type { AppError } from '@careline/domain/errors';
import {
  ISSUED_SUMMARY_STATUS,
  OUTSOURCED_TYPE,
  checkLabResults,
  reportSeriesId,
} from '@careline/domain/lab-reports';
import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { publishOrderChanged, type LabOrderMoved } from '../orders/index.ts';
import { hospitalScope, staffActor } from '../staff/index.ts';
import {
  selectHospitalSeries,
  type DiagnosticReportRow,
  type ReportSubCodeRow,
} from './lab-reports.repo.ts';
import { UUID } from './lab-reports.service.ts';
import {
  matchLabImportRows,
  readLabImportRows,
  type LabImportPreview,
  type LabImportRawRow,
  type LabImportReport,
  type LabImportRow,
  type LabImportRowError,
} from './lab-results-import.ts';
import { saveLabResultsInTransaction, type LabResultInput } from './staff-lab-results.service.ts';
import {
  hospitalReport,
  rendered,
  staffViews,
  type StaffLabReportDeps,
} from './staff-lab-reports.service.ts';

/** A preview or a commit's answer: the preview, and the reports written (none in a preview). */
export type LabImportAnswer = LabImportPreview & { reports: DiagnosticReportRow[] };

/** What the preview showed of a report: its id and revision. */
export type LabImportExpected = { reportId: string; revision: number };

/** A commit's stored answer (a replay of its key gets it again). */
type StoredImport = LabImportPreview & { reportIds: string[] };

function rowErrorOf(error: AppError): LabImportRowError {
  const prefix = `${error.code}:`;
  return {
    code: error.code,
    message: error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
  };
}

function lockOf(row: DiagnosticReportRow): LabImportRowError | null {
  if (row.summaryStatus === ISSUED_SUMMARY_STATUS) {
    return rowErrorOf(rendered('ARO-E7011'));
  }
  if (row.diagnosticReportVerifiedTime !== null) {
    return rowErrorOf(rendered('ARO-E7007', { status: 'verified' }));
  }
  if (row.diagnosticReportOutsourcedType === OUTSOURCED_TYPE) {
    return rowErrorOf(rendered('ARO-E7022'));
  }
  return null;
}

/**
 * The current version of each report the file's sample ids name (any version's id of the report),
 * of this hospital only: an id of another hospital, or none, is simply not there.
 */
async function currentReports(
  db: DbOrTx,
  deps: StaffLabReportDeps,
  rows: readonly LabImportRawRow[],
): Promise<{
  bySample: Map<string, LabImportReport>;
  rows: DiagnosticReportRow[];
  subCodes: Map<string, ReportSubCodeRow[]>;
}> {
  const ids = [
    ...new Set(rows.map((row) => row.sampleId.toLowerCase()).filter((id) => UUID.test(id))),
  ];
  const named = (await selectHospitalSeries(db, hospitalScope(deps), ids)).filter((row) =>
    ids.includes(row.id),
  );
  const versions = await selectHospitalSeries(db, hospitalScope(deps), [
    ...new Set(named.map(reportSeriesId)),
  ]);
  const currentOf = new Map<string, DiagnosticReportRow>();
  for (const version of versions) {
    const series = reportSeriesId(version);
    const known = currentOf.get(series);
    if (!known || version.version > known.version) {
      currentOf.set(series, version);
    }
  }
  const current = [...currentOf.values()];
  const views = await staffViews(db, deps, current);
  const reports = new Map<string, LabImportReport>(
    views.map((view) => [
      view.report.id,
      {
        id: view.report.id,
        revision: view.report.revision,
        patientName: view.patient.name,
        testDisplay: view.report.codeDisplay,
        locked: lockOf(view.report),
        subTests: view.subCodes.map((sub) => ({ id: sub.id, name: sub.name, unit: sub.unit })),
      },
    ]),
  );
  const bySample = new Map<string, LabImportReport>();
  for (const row of named) {
    const report = reportOf(currentOf.get(reportSeriesId(row)), reports);
    if (report) {
      bySample.set(row.id, report);
    }
  }
  return {
    bySample,
    rows: current,
    subCodes: new Map(views.map((view) => [view.report.id, view.subCodes])),
  };
}

function reportOf(
  row: DiagnosticReportRow | undefined,
  reports: Map<string, LabImportReport>,
): LabImportReport | null {
  return row ? (reports.get(row.id) ?? null) : null;
}

function resultInput(
  row: Pick<
    LabImportRow,
    'subTest' | 'valueQuantity' | 'valueString' | 'interpretation' | 'critical'
  >,
): LabResultInput {
  return {
    subCodeId: row.subTest?.id ?? '',
    valueQuantity: row.valueQuantity,
    valueString: row.valueString,
    // The sub-test's own unit and range (a unit in the file was checked to be that unit).
    unit: null,
    referenceRange: null,
    critical: row.critical,
    interpretation: row.interpretation,
    microbiology: null,
  };
}

/** Matches and checks the rows against the hospital's reports (the save's own result rules too). */
async function buildPreview(
  db: DbOrTx,
  deps: StaffLabReportDeps,
  raw: readonly LabImportRawRow[],
): Promise<{ preview: LabImportPreview; reports: DiagnosticReportRow[] }> {
  const { bySample, rows, subCodes } = await currentReports(db, deps, raw);
  const preview = matchLabImportRows(
    raw,
    (sampleId) => bySample.get(sampleId.toLowerCase()) ?? null,
    (report, row) => {
      const checked = checkLabResults([resultInput(row)], subCodes.get(report.id) ?? []);
      return checked.ok ? null : rowErrorOf(rendered(checked.code, checked.vars));
    },
  );
  return { preview, reports: rows };
}

async function auditImport(
  db: DbOrTx,
  deps: StaffLabReportDeps,
  action: string,
  preview: LabImportPreview,
  reports: readonly DiagnosticReportRow[],
): Promise<void> {
  const shown = new Set(preview.rows.flatMap((row) => (row.report ? [row.report.id] : [])));
  const seen = reports.filter((row) => shown.has(row.id));
  await recordAudit(db, {
    tenantId: deps.tenantId,
    actor: staffActor(deps, 'labReports.work'),
    action,
    correlationId: deps.correlationId,
    details: {
      diagnosticReportIds: seen.map((row) => row.id),
      patientIds: [...new Set(seen.map((row) => row.patientId))],
      ...preview.totals,
    },
  });
}

/**
 * Previews a CSV export of a laboratory analyser (issue 11): every row with what it matched (the
 * current version of the report its sample id names, of this hospital, and the sub-test), the
 * value, unit and flag as they would be saved, and its errors; the good rows per report with the
 * revision to pass back; and the counts. Writes nothing. File errors: ARO-E7026 (size, rows),
 * ARO-E7027 (header), ARO-E7028 (quotes). Audited as a read (labReport.importPreview).
 * @param deps - database, tenant, staff member, hospital
 * @param csv - the file's text
 */
export async function previewStaffLabResultsImport(
  deps: StaffLabReportDeps,
  csv: string,
): Promise<LabImportAnswer> {
  staffActor(deps, 'labReports.work');
  const raw = readLabImportRows(csv);
  return deps.db.transaction(async (tx) => {
    const { preview, reports } = await buildPreview(tx, deps, raw);
    await auditImport(tx, deps, 'labReport.importPreview', preview, reports);
    return { ...preview, reports: [] };
  });
}

/**
 * Imports the good rows of a CSV export (issue 11) in one transaction, once per idempotency key:
 * the file is read and checked again as in the preview; if any report's revision is not the one the
 * preview showed (`expected`), or a report to write is not among them, nothing is written
 * (ARO-E7006). Each report's good rows are saved as draft results exactly as staffSaveLabResults
 * does (its rules, one revision bump and its audit row, labReport.saveResults), plus one
 * labReport.import audit row. Bad rows are never written, and are in the answer with their errors.
 * No good row: ARO-E7036, nothing written.
 * @param deps - database, tenant, staff member, hospital
 * @param csv - the file's text, as previewed
 * @param expected - each report of the preview and its revision
 * @param idempotencyKey - one key per submit
 */
export async function importStaffLabResults(
  deps: StaffLabReportDeps,
  csv: string,
  expected: readonly LabImportExpected[],
  idempotencyKey: string | null,
): Promise<LabImportAnswer> {
  staffActor(deps, 'labReports.work');
  const expectedBy = new Map<string, number>();
  for (const entry of expected) {
    if (!UUID.test(entry.reportId) || !Number.isSafeInteger(entry.revision)) {
      throw rendered('ARO-E7006');
    }
    expectedBy.set(entry.reportId.toLowerCase(), entry.revision);
  }
  const raw = readLabImportRows(csv);
  let fresh = false;
  const movedOrders: LabOrderMoved[] = [];
  const stored = await runOnce<StoredImport>(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: idempotencyKey },
    'labReport.importResults',
    {
      organizationId: deps.organizationId,
      csv,
      expected: [...expectedBy].map(([reportId, revision]) => ({ reportId, revision })),
    },
    async (tx) => {
      const { preview, reports } = await buildPreview(tx, deps, raw);
      const revisionOf = new Map(reports.map((row) => [row.id, row.revision]));
      for (const [reportId, revision] of expectedBy) {
        if (revisionOf.get(reportId) !== revision) {
          throw rendered('ARO-E7006');
        }
      }
      if (preview.groups.some((group) => !expectedBy.has(group.reportId))) {
        throw rendered('ARO-E7006');
      }
      if (preview.groups.length === 0) {
        throw rendered('ARO-E7036');
      }
      // Locked in one order, so two imports of overlapping files cannot deadlock.
      const groups = [...preview.groups].sort((a, b) => (a.reportId < b.reportId ? -1 : 1));
      for (const group of groups) {
        const row = await hospitalReport(tx, deps, group.reportId, true);
        const results = preview.rows
          .filter((r) => r.report?.id === group.reportId && r.errors.length === 0)
          .map(resultInput);
        const moved = await saveLabResultsInTransaction(
          deps,
          tx,
          row,
          expectedBy.get(group.reportId) ?? -1,
          results,
          { imported: true, lines: group.lines },
        );
        if (moved) {
          movedOrders.push(moved);
        }
      }
      await auditImport(tx, deps, 'labReport.import', preview, reports);
      fresh = true;
      return { ...preview, reportIds: preview.groups.map((group) => group.reportId) };
    },
  );
  for (const order of movedOrders) {
    // Results entered moved their lab orders (issue 30 §1): the patients' open order pages follow.
    await publishOrderChanged(deps, deps.tenantId, order.accountId, order);
  }
  const ids = new Set(stored.reportIds);
  const written = (await selectHospitalSeries(deps.db, hospitalScope(deps), [...ids])).filter((row) =>
    ids.has(row.id),
  );
  if (!fresh) {
    // A replay's answer is a read of the reports again.
    await auditImport(deps.db, deps, 'labReport.importReplay', stored, written);
  }
  const { reportIds: _reportIds, ...preview } = stored;
  return {
    ...preview,
    reports: stored.reportIds.flatMap((id) => written.filter((row) => row.id === id)),
  };
}
