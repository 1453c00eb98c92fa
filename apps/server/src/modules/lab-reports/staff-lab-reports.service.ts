import { AppError, errorString, type ErrorCode } from '@careline/domain/errors';
import { reportSeriesId, type LabRuleAnswer } from '@careline/domain/lab-reports';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from '../../providers/blob-storage/blob-store.ts';
import { recordAudit } from '../audit/index.ts';
import { selectOrderPatients, type OrderPatientRow } from '../orders/index.ts';
import type { SmsOutbox } from '../sms/index.ts';
import type { StaffViewer } from '../staff/index.ts';
import { hospitalScope, notFound, staffActor } from '../staff/index.ts';
import { findLabReportSettings } from './lab-report-settings.repo.ts';
import {
  countHospitalReports,
  findHospitalReport,
  selectHospitalReports,
  selectHospitalSeries,
  selectReportObservations,
  selectSubCodes,
  type DiagnosticReportRow,
  type LabReportQueue,
  type ObservationRow,
  type ReportSubCodeRow,
} from './lab-reports.repo.ts';
import { UUID } from './lab-reports.service.ts';

/*
 * The staff console's lab reports (issue 11): what every staff operation needs, and the reads (one
 * version, a page of a queue). The changes are in staff-lab-reports.change.ts (how one is applied),
 * staff-lab-report-create.service.ts, staff-lab-results.service.ts (results),
 * staff-lab-report-steps.service.ts (verify, issue, outsource, correct) and
 * lab-report-settings.service.ts (the hospital's rules and images).
 */

/** A list page's size unless asked otherwise. */
export const STAFF_LAB_REPORT_PAGE_DEFAULT = 20;
/** The largest list page. */
export const STAFF_LAB_REPORT_PAGE_MAX = 50;

/** What every staff lab report operation needs. */
export type StaffLabReportDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** The SMS outbox: the report-ready SMS is written in the issuing transaction, sent by the job queue. */
  smsOutbox: SmsOutbox;
  /** The tenant's hospital name, the SMS's brand. */
  brand: string;
  /** Where the hospital's report images are kept (checked when one is set). */
  blobStore: BlobStore;
  log?: FastifyBaseLogger;
};

/** The report's patient as the hospital sees them. */
export type LabReportPatient = {
  id: string;
  name: string;
  gender: string;
  birthDate: string | null;
  mobileNo: string | null;
};

/** A report version as the console works it: results, patient, sub-tests to enter, history. */
export type StaffLabReportView = {
  id: string;
  report: DiagnosticReportRow;
  observations: ObservationRow[];
  patient: LabReportPatient;
  subCodes: ReportSubCodeRow[];
  /** Every version of the report, oldest first (this one included). */
  history: DiagnosticReportRow[];
  requireSecondVerifier: boolean;
};

/** A page of the hospital's reports, newest first. */
export type StaffLabReportPage = {
  nodes: StaffLabReportView[];
  endCursor: string | null;
  hasMore: boolean;
  totalCount: number;
};

/** A change asked of one report version: the revision the console saw and the client's idempotency key. */
export type StaffLabReportChange = {
  id: string;
  expectedRevision: number;
  idempotencyKey: string | null;
};

/** An AppError with a message already rendered. */
export function rendered(code: ErrorCode, vars: Record<string, string> = {}): AppError {
  const error = new AppError(code, vars);
  error.message = errorString(code, vars);
  return error;
}

/**
 * The value a lab rule of @careline/domain/lab-reports accepted; its refusal is thrown as the
 * rendered AppError (the same code and text the console shows).
 * @param answer - the rule's answer
 */
export function accepted<T>(answer: LabRuleAnswer<T>): T {
  if (!answer.ok) {
    throw rendered(answer.code, answer.vars);
  }
  return answer.value;
}

function patientView(row: OrderPatientRow | undefined, patientId: string): LabReportPatient {
  if (!row) {
    return { id: patientId, name: '', gender: '', birthDate: null, mobileNo: null };
  }
  return {
    id: row.id,
    name: [row.prefix, row.givenName, row.familyName]
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(' '),
    gender: row.gender,
    birthDate: row.birthDate,
    mobileNo: row.patientMobileNo ?? row.accountMobileNo,
  };
}

/** Whether the hospital wants a second person to verify (its lab report settings; off by default). */
export async function requiresSecondVerifier(
  db: DbOrTx,
  deps: StaffLabReportDeps,
): Promise<boolean> {
  return (await findLabReportSettings(db, hospitalScope(deps)))?.requireSecondVerifier ?? false;
}

/** Report versions as the console shows them, with results, patients, sub-tests and history. */
export async function staffViews(
  db: DbOrTx,
  deps: StaffLabReportDeps,
  rows: DiagnosticReportRow[],
): Promise<StaffLabReportView[]> {
  if (rows.length === 0) {
    return [];
  }
  const codeIds = [
    ...new Set(
      rows.flatMap((row) => (row.diagnosticReportCodeId ? [row.diagnosticReportCodeId] : [])),
    ),
  ];
  const [observations, people, subCodes, second, series] = await Promise.all([
    selectReportObservations(
      db,
      rows.map((row) => row.id),
    ),
    selectOrderPatients(
      db,
      deps.tenantId,
      rows.map((row) => row.patientId),
    ),
    selectSubCodes(db, codeIds),
    requiresSecondVerifier(db, deps),
    selectHospitalSeries(db, hospitalScope(deps), [...new Set(rows.map(reportSeriesId))]),
  ]);
  return rows.map((row) => ({
    id: row.id,
    report: row,
    observations: observations.filter((o) => o.diagnosticReportId === row.id),
    patient: patientView(
      people.find((person) => person.id === row.patientId),
      row.patientId,
    ),
    subCodes: subCodes.filter((sub) => sub.diagnosticReportCodeId === row.diagnosticReportCodeId),
    history: series.filter((version) => reportSeriesId(version) === reportSeriesId(row)),
    requireSecondVerifier: second,
  }));
}

/** A version of the hospital (optionally locked FOR UPDATE); ARO-E2001 for any other id. */
export async function hospitalReport(
  db: DbOrTx,
  deps: StaffLabReportDeps,
  id: string,
  lock: boolean,
): Promise<DiagnosticReportRow> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const row = await findHospitalReport(db, hospitalScope(deps), id, lock);
  if (!row) {
    throw notFound();
  }
  return row;
}

/**
 * A report version of the hospital with its results, patient, sub-tests and every version of the
 * report (issue 11). Another hospital's report answers ARO-E2001 like a missing one. Audited
 * (labReport.read).
 * @param deps - database, tenant, staff member, hospital
 * @param id - the version
 */
export async function readStaffLabReport(
  deps: StaffLabReportDeps,
  id: string,
): Promise<StaffLabReportView> {
  const who = staffActor(deps, 'labReports.read');
  return deps.db.transaction(async (tx) => {
    const row = await hospitalReport(tx, deps, id, false);
    const [view] = await staffViews(tx, deps, [row]);
    if (!view) {
      throw notFound();
    }
    // issue 7 point 3: a staff read of patient data is audited.
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.read',
      correlationId: deps.correlationId,
      patientAccountId: row.accountId,
      patientId: row.patientId,
      details: {
        diagnosticReportId: row.id,
        version: row.version,
        serviceRequestId: row.serviceRequestId,
      },
    });
    return view;
  });
}

/**
 * A page of the hospital's reports (each at its current version), newest first: DRAFT (not
 * verified), VERIFIED (not issued), ISSUED or ALL; optionally of one lab order or patient. The lab
 * orders themselves are the orders module's (staffOrders, category Examination). Audited
 * (labReport.list) with the reports and patients shown.
 * @param deps - database, tenant, staff member, hospital
 * @param filter - queue, order, patient, page size and the endCursor of the page before
 */
export async function listStaffLabReports(
  deps: StaffLabReportDeps,
  filter: {
    queue: LabReportQueue;
    serviceRequestId: string | null;
    patientId: string | null;
    first: number;
    after: string | null;
  },
): Promise<StaffLabReportPage> {
  const who = staffActor(deps, 'labReports.read');
  const { first, after } = filter;
  if (!Number.isInteger(first) || first < 1 || first > STAFF_LAB_REPORT_PAGE_MAX) {
    throw invalid(`first must be from 1 to ${STAFF_LAB_REPORT_PAGE_MAX}`);
  }
  for (const [name, value] of [
    ['after', after],
    ['serviceRequestId', filter.serviceRequestId],
    ['patientId', filter.patientId],
  ] as const) {
    if (value !== null && !UUID.test(value)) {
      throw invalid(`${name} must be an id`);
    }
  }
  return deps.db.transaction(async (tx) => {
    const query = {
      queue: filter.queue,
      serviceRequestId: filter.serviceRequestId,
      patientId: filter.patientId,
    };
    const rows = await selectHospitalReports(tx, hospitalScope(deps), {
      ...query,
      afterId: after,
      limit: first + 1,
    });
    const totalCount = await countHospitalReports(tx, hospitalScope(deps), query);
    const page = rows.slice(0, first);
    const nodes = await staffViews(tx, deps, page);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.list',
      correlationId: deps.correlationId,
      details: {
        queue: filter.queue,
        diagnosticReportIds: page.map((row) => row.id),
        patientIds: [...new Set(page.map((row) => row.patientId))],
      },
    });
    return { nodes, endCursor: page.at(-1)?.id ?? null, hasMore: rows.length > first, totalCount };
  });
}

function invalid(detail: string): AppError {
  const error = new AppError('ARO-E2002');
  error.message = `ARO-E2002:${detail}`;
  return error;
}

/** The console's view of a version just changed (no read audit row: the change's own row covers it). */
export async function readChanged(
  deps: StaffLabReportDeps,
  id: string,
): Promise<StaffLabReportView> {
  const row = await hospitalReport(deps.db, deps, id, false);
  const [view] = await staffViews(deps.db, deps, [row]);
  if (!view) {
    throw notFound();
  }
  return view;
}
