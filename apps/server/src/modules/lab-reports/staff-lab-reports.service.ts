import { randomUUID } from 'node:crypto';
import { AppError, errorString, type ErrorCode } from '@careline/domain/errors';
import {
  CORRECTION_DRAFT_STATUS,
  ISSUED_SUMMARY_STATUS,
  OUTSOURCED_TYPE,
  RANGE_COMPARATORS,
  releasedReportStatus,
  reportSeriesId,
  type RangeComparator,
} from '@careline/domain/lab-reports';
import { hasControlCharacters } from '@careline/domain/staff';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { BlobStore } from '../../providers/blob-storage/blob-store.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import type { diagnosticReports, MicrobiologyRow, ReferenceRange } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { runOnce } from '../idempotency/idempotency.service.ts';
import {
  findHospitalOrder,
  selectOrderPatients,
  type OrderPatientRow,
} from '../orders/staff-orders.repo.ts';
import type { StaffViewer } from '../staff/staff.access-sessions.ts';
import { requireStaffRole, type StaffAction } from '../staff/staff.permissions.ts';
import { publishLabReportIssued } from './lab-reports.live.ts';
import { labReportSmsFor, sendLabReportSms, type LabReportSms } from './lab-reports.sms.ts';
import {
  countHospitalReports,
  findHospitalReport,
  findImageCandidate,
  findLabReportSettings,
  findHospitalPatient,
  labReportImageBlobId,
  insertObservations,
  insertReport,
  selectHospitalReports,
  selectHospitalSeries,
  selectReportCodes,
  selectReportObservations,
  selectSubCodes,
  setObservationsStatus,
  updateObservation,
  updateReportAtRevision,
  upsertLabReportImage,
  upsertLabReportSettings,
  type DiagnosticReportRow,
  type HospitalScope,
  type LabReportImageKind,
  type LabReportQueue,
  type ObservationRow,
  type ReportSubCodeRow,
} from './lab-reports.repo.ts';
import { UUID, notFound } from './lab-reports.service.ts';
import { labReportImageSize } from './pdf/lab-report-pdf.ts';

/** A list page's size unless asked otherwise. */
export const STAFF_LAB_REPORT_PAGE_DEFAULT = 20;
/** The largest list page. */
export const STAFF_LAB_REPORT_PAGE_MAX = 50;
/** Most results one save may carry, and one report may hold (ours). */
export const LAB_RESULTS_MAX = 100;
/** Longest text result, unit and interpretation (ours). */
export const LAB_RESULT_TEXT_MAX = 500;
export const LAB_UNIT_MAX = 32;
export const LAB_INTERPRETATION_MAX = 8;
/** Longest notes (text.div of the printable report) and correction reason (ours). */
export const LAB_NOTES_MAX = 4000;
export const LAB_REASON_MAX = 500;
/** Most organism and antibiotic rows of one sub-test, and the longest name (ours). */
export const LAB_MICROBIOLOGY_ROWS_MAX = 60;
export const LAB_MICROBIOLOGY_TEXT_MAX = 200;

/** Observation status of a saved draft result (FHIR R4), and of a verified one (charted: spec doc 3 §3). */
const DRAFT_RESULT_STATUS = 'preliminary';
const FINAL_RESULT_STATUS = 'final';
/** summaryStatus once results are entered (the lab tracker's Testing, spec doc 3 §4) and once verified (Report). */
const SUMMARY_RESULTS_ENTERED = 'report';
const SUMMARY_VERIFIED = 'print_ready';

/** What every staff lab report operation needs. */
export type StaffLabReportDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Sends the report-ready SMS after an issue commits. */
  sms: SmsSender;
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

/** One sub-test's result as entered (issue 11: value or text, unit, reference range, critical flag, microbiology rows). */
export type LabResultInput = {
  subCodeId: string;
  valueQuantity: number | null;
  valueString: string | null;
  unit: string | null;
  referenceRange: ReferenceRange | null;
  critical: boolean | null;
  interpretation: string | null;
  microbiology: MicrobiologyRow[] | null;
};

/** The hospital's lab report rules, and the printable report's images (blob ids; null when none). */
export type LabReportSettingsView = {
  organizationId: string;
  requireSecondVerifier: boolean;
  headerImageBlobId: string | null;
  footerImageBlobId: string | null;
  signatureImageBlobId: string | null;
};

/** Largest header, footer or signature image (ours: a 150 dpi A4-wide letterhead fits easily). */
export const LAB_REPORT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The image files the printable report can draw (pdfkit: PNG and JPEG). */
export const LAB_REPORT_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

function settingsView(
  organizationId: string,
  row: Awaited<ReturnType<typeof findLabReportSettings>>,
): LabReportSettingsView {
  return {
    organizationId,
    requireSecondVerifier: row?.requireSecondVerifier ?? false,
    headerImageBlobId: labReportImageBlobId(row, 'header'),
    footerImageBlobId: labReportImageBlobId(row, 'footer'),
    signatureImageBlobId: labReportImageBlobId(row, 'signature'),
  };
}

/** An AppError with a message already rendered. */
export function rendered(code: ErrorCode, vars: Record<string, string> = {}): AppError {
  const error = new AppError(code, vars);
  error.message = errorString(code, vars);
  return error;
}

/** The hospital a request works in. */
export function scope(deps: StaffLabReportDeps): HospitalScope {
  return { tenantId: deps.tenantId, organizationId: deps.organizationId };
}

/** The acting member as the audit records them; refused without the action's role (ARO-E1210, ARO-E2001). */
export function actor(
  deps: StaffLabReportDeps,
  action: StaffAction,
): Extract<AuditActor, { kind: 'staff' }> {
  const role = requireStaffRole(deps.staff, action, deps.organizationId);
  return {
    kind: 'staff',
    staffUserId: deps.staff.staffUserId,
    role,
    organizationId: deps.organizationId,
  };
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

async function requiresSecondVerifier(db: DbOrTx, deps: StaffLabReportDeps): Promise<boolean> {
  return (await findLabReportSettings(db, scope(deps)))?.requireSecondVerifier ?? false;
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
    selectHospitalSeries(db, scope(deps), [...new Set(rows.map(reportSeriesId))]),
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
  const row = await findHospitalReport(db, scope(deps), id, lock);
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
  const who = actor(deps, 'labReports.read');
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
  const who = actor(deps, 'labReports.read');
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
    const rows = await selectHospitalReports(tx, scope(deps), {
      ...query,
      afterId: after,
      limit: first + 1,
    });
    const totalCount = await countHospitalReports(tx, scope(deps), query);
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

function checkText(value: string | null | undefined, field: string, max: number): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const text = value.trim();
  if (text.length > max || hasControlCharacters(text)) {
    throw rendered('ARO-E7004', { field, max: String(max) });
  }
  return text === '' ? null : text;
}

/** Notes may hold line breaks; other control characters are refused. */
function checkNotes(value: string | null | undefined): string | null {
  if (value === null || value === undefined) {
    return null;
  }
  const text = value.trim();
  if (text.length > LAB_NOTES_MAX || hasControlCharacters(text.replace(/\r?\n/g, ' '))) {
    throw rendered('ARO-E7004', { field: 'notes', max: String(LAB_NOTES_MAX) });
  }
  return text === '' ? null : text;
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A reference range as entered: low and high (low ≤ high), or a comparator and value, or a text. */
function checkRange(range: ReferenceRange | null): ReferenceRange | null {
  if (range === null) {
    return null;
  }
  const text = checkText(range.text, 'reference range', LAB_UNIT_MAX * 2);
  const hasLowHigh =
    range.low !== null &&
    range.low !== undefined &&
    range.high !== null &&
    range.high !== undefined;
  const hasComparator = range.comparator !== null && range.comparator !== undefined;
  if (
    hasLowHigh &&
    !hasComparator &&
    finite(range.low) &&
    finite(range.high) &&
    range.low <= range.high &&
    (range.value ?? null) === null
  ) {
    return { low: range.low, high: range.high, ...(text ? { text } : {}) };
  }
  if (
    hasComparator &&
    RANGE_COMPARATORS.includes(range.comparator as RangeComparator) &&
    finite(range.value) &&
    (range.low ?? null) === null &&
    (range.high ?? null) === null
  ) {
    return { comparator: range.comparator, value: range.value, ...(text ? { text } : {}) };
  }
  const nothingElse = [range.low, range.high, range.comparator, range.value].every(
    (part) => part === null || part === undefined,
  );
  if (nothingElse) {
    return text ? { text } : null;
  }
  throw rendered('ARO-E7005');
}

function checkMicrobiology(rows: MicrobiologyRow[] | null): MicrobiologyRow[] | null {
  if (rows === null) {
    return null;
  }
  const max = String(LAB_MICROBIOLOGY_TEXT_MAX);
  if (rows.length > LAB_MICROBIOLOGY_ROWS_MAX) {
    throw rendered('ARO-E7019', { max });
  }
  return rows.map((row) => {
    const name = row.name.trim();
    const texts = [row.name, row.result, row.definitionId, row.organismDefinitionId, row.comment];
    if (
      (row.category !== 'organism' && row.category !== 'antibiotic') ||
      name === '' ||
      texts.some(
        (text) =>
          typeof text === 'string' &&
          (text.length > LAB_MICROBIOLOGY_TEXT_MAX || hasControlCharacters(text)),
      )
    ) {
      throw rendered('ARO-E7019', { max });
    }
    return {
      category: row.category,
      name,
      result: row.result?.trim() ?? null,
      definitionId: row.definitionId ?? null,
      organismDefinitionId: row.organismDefinitionId ?? null,
      comment: row.comment?.trim() || null,
    };
  });
}

export type CheckedResult = {
  subCode: ReportSubCodeRow;
  valueQuantity: number | null;
  valueString: string | null;
  unit: string | null;
  referenceRange: ReferenceRange | null;
  critical: boolean;
  interpretation: string | null;
  microbiology: MicrobiologyRow[] | null;
};

/** Checks every result of a save before anything is written (one bad result changes nothing). */
export function checkResults(
  results: readonly LabResultInput[],
  subCodes: readonly ReportSubCodeRow[],
): CheckedResult[] {
  const seen = new Set<string>();
  if (results.length === 0 || results.length > LAB_RESULTS_MAX) {
    throw rendered('ARO-E7020', { max: String(LAB_RESULTS_MAX) });
  }
  return results.map((input) => {
    const subCode = subCodes.find((sub) => sub.id === input.subCodeId);
    if (!subCode) {
      throw rendered('ARO-E7002');
    }
    if (seen.has(subCode.id)) {
      throw rendered('ARO-E7020', { max: String(LAB_RESULTS_MAX) });
    }
    seen.add(subCode.id);
    const microbiology = checkMicrobiology(input.microbiology);
    const valueString = checkText(input.valueString, 'result', LAB_RESULT_TEXT_MAX);
    const hasNumber = input.valueQuantity !== null;
    if (hasNumber && !finite(input.valueQuantity)) {
      throw rendered('ARO-E7003');
    }
    // One value, a number or a text; a microbiology sub-test may carry its rows instead.
    if (
      (hasNumber && valueString !== null) ||
      (!hasNumber && valueString === null && !microbiology?.length)
    ) {
      throw rendered('ARO-E7003');
    }
    return {
      subCode,
      valueQuantity: input.valueQuantity,
      valueString,
      unit: checkText(input.unit, 'unit', LAB_UNIT_MAX) ?? subCode.unit ?? null,
      referenceRange:
        input.referenceRange === null
          ? (subCode.referenceRange ?? null)
          : checkRange(input.referenceRange),
      critical: input.critical ?? false,
      interpretation: checkText(input.interpretation, 'interpretation', LAB_INTERPRETATION_MAX),
      microbiology,
    };
  });
}

/** What a change hands on past its transaction. */
type ChangeOutcome = {
  id: string;
  issued: {
    accountId: string;
    patientId: string;
    order: { id: string; intent: string; organizationId: string | null; category: string } | null;
    /** The report-ready SMS, sent after the commit, once (a replay finds this outcome and sends nothing). */
    sms: LabReportSms | null;
  } | null;
};

/** Inside a change's transaction: the locked version of the hospital and the acting member. */
type ChangeScope = {
  tx: Tx;
  row: DiagnosticReportRow;
  who: Extract<AuditActor, { kind: 'staff' }>;
  now: Date;
};

/** What a change writes: the report's columns (at the revision), and work after that. */
type ChangePlan = {
  set: Partial<typeof diagnosticReports.$inferInsert>;
  /** Runs after the report row is written (at the checked revision). */
  after?: () => Promise<Partial<ChangeOutcome> | void>;
  details?: Record<string, unknown>;
};

/**
 * Applies one change to a version locked at the expected revision, inside the caller's transaction:
 * the work checks its rules, the row is written only at that revision (ARO-E7006 otherwise, checked in
 * the UPDATE itself), then the work after it, and an audit row.
 */
async function applyChange(
  deps: StaffLabReportDeps,
  scope: ChangeScope,
  expectedRevision: number,
  operation: string,
  work: (scope: ChangeScope) => Promise<ChangePlan>,
): Promise<ChangeOutcome> {
  const { tx, row, who } = scope;
  const plan = await work(scope);
  const updated = await updateReportAtRevision(tx, row.id, expectedRevision, plan.set);
  if (!updated) {
    throw rendered('ARO-E7006');
  }
  const extra = (await plan.after?.()) ?? {};
  await recordAudit(tx, {
    tenantId: deps.tenantId,
    actor: who,
    action: `labReport.${operation}`,
    correlationId: deps.correlationId,
    patientAccountId: row.accountId,
    patientId: row.patientId,
    details: {
      diagnosticReportId: row.id,
      version: row.version,
      revision: updated.revision,
      status: updated.status,
      summaryStatus: updated.summaryStatus,
      ...(extra.id && extra.id !== row.id ? { newVersionId: extra.id } : {}),
      ...plan.details,
    },
  });
  return { id: extra.id ?? row.id, issued: extra.issued ?? null };
}

/**
 * Runs one staff change of a report version in one transaction, once per idempotency key: the
 * version of the hospital is locked (ARO-E2001 elsewhere), the work checks its rules (its refusal,
 * nothing changed), the row is written only at the revision the console saw (ARO-E7006 otherwise,
 * checked in the UPDATE itself) and an audit row is added. After the commit (first run only) an
 * issued report is published. The answer is read without a second audit row; a replay's answer is
 * an audited read.
 */
async function changeReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
  operation: string,
  input: Record<string, unknown>,
  work: (scope: ChangeScope) => Promise<ChangePlan>,
): Promise<StaffLabReportView> {
  const who = actor(deps, 'labReports.work');
  if (!UUID.test(change.id)) {
    throw notFound();
  }
  if (!Number.isSafeInteger(change.expectedRevision)) {
    throw rendered('ARO-E7006');
  }
  let fresh = false;
  const outcome = await runOnce<ChangeOutcome>(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: change.idempotencyKey },
    `labReport.${operation}`,
    {
      organizationId: deps.organizationId,
      id: change.id,
      expectedRevision: change.expectedRevision,
      ...input,
    },
    async (tx) => {
      const row = await hospitalReport(tx, deps, change.id, true);
      if (row.revision !== change.expectedRevision) {
        throw rendered('ARO-E7006');
      }
      const outcome = await applyChange(
        deps,
        { tx, row, who, now: new Date() },
        change.expectedRevision,
        operation,
        work,
      );
      fresh = true;
      return outcome;
    },
  );
  if (!fresh) {
    return readStaffLabReport(deps, outcome.id);
  }
  if (outcome.issued) {
    await publishLabReportIssued(deps, deps.tenantId, outcome.issued.accountId, {
      id: outcome.id,
      patientId: outcome.issued.patientId,
      order: outcome.issued.order,
    });
    if (outcome.issued.sms) {
      sendLabReportSms(deps, outcome.issued.sms, outcome.id);
    }
  }
  return readChanged(deps, outcome.id);
}

/** The console's view of a version just changed (no read audit row: the change's own row covers it). */
async function readChanged(deps: StaffLabReportDeps, id: string): Promise<StaffLabReportView> {
  const row = await hospitalReport(deps.db, deps, id, false);
  const [view] = await staffViews(deps.db, deps, [row]);
  if (!view) {
    throw notFound();
  }
  return view;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') {
      return true;
    }
  }
  return false;
}

/**
 * Creates a report (issue 11): for a lab order of the hospital (a service request of category
 * Examination, not canceled or replaced: ARO-E7015, ARO-E7016; one report per order and test,
 * ARO-E7014), or at the desk for a patient of the tenant. The test is a diagnostic report code of
 * the tenant, enabled (ARO-E7001). Starts registered, with no results. Audited (labReport.create).
 * @param deps - database, tenant, staff member, hospital
 * @param input - the order or the patient, the test's code, sensitive, purpose, notes
 * @param idempotencyKey - one key per submit
 */
export async function createStaffLabReport(
  deps: StaffLabReportDeps,
  input: {
    serviceRequestId: string | null;
    patientId: string | null;
    code: string;
    sensitive: boolean;
    purpose: string | null;
    notes: string | null;
  },
  idempotencyKey: string | null,
): Promise<StaffLabReportView> {
  const who = actor(deps, 'labReports.work');
  if ((input.serviceRequestId === null) === (input.patientId === null)) {
    throw rendered('ARO-E7017');
  }
  const notes = checkNotes(input.notes);
  const purpose = checkText(input.purpose, 'purpose', LAB_UNIT_MAX);
  let fresh = false;
  const id = await runOnce<string>(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: idempotencyKey },
    'labReport.create',
    { organizationId: deps.organizationId, ...input },
    async (tx) => {
      let owner: { accountId: string; patientId: string; serviceRequestId: string | null };
      if (input.serviceRequestId !== null) {
        const order = UUID.test(input.serviceRequestId)
          ? await findHospitalOrder(tx, scope(deps), input.serviceRequestId, true)
          : null;
        if (!order) {
          throw notFound();
        }
        if (order.category !== 'Examination') {
          throw rendered('ARO-E7015');
        }
        if (order.replacedById !== null || order.examinationOrderStatus === 'canceled') {
          throw rendered('ARO-E7016', {
            status: order.replacedById !== null ? 'replaced' : order.examinationOrderStatus,
          });
        }
        owner = {
          accountId: order.accountId,
          patientId: order.patientId,
          serviceRequestId: order.id,
        };
      } else {
        const patient = UUID.test(input.patientId ?? '')
          ? await findHospitalPatient(
              tx,
              { tenantId: deps.tenantId, organizationId: deps.organizationId },
              input.patientId ?? '',
            )
          : null;
        if (!patient) {
          throw notFound();
        }
        owner = { accountId: patient.accountId, patientId: patient.id, serviceRequestId: null };
      }
      const [code] = (await selectReportCodes(tx, deps.tenantId, [input.code.trim()])).filter(
        (c) => c.code === input.code.trim() && c.enabled,
      );
      if (!code) {
        throw rendered('ARO-E7001');
      }
      let row: DiagnosticReportRow;
      try {
        // A savepoint, so a duplicate (the unique index) can be answered with its own code.
        row = await tx.transaction((inner) =>
          insertReport(inner, {
            tenantId: deps.tenantId,
            accountId: owner.accountId,
            patientId: owner.patientId,
            organizationId: deps.organizationId,
            serviceRequestId: owner.serviceRequestId,
            diagnosticReportCodeId: code.id,
            codeCode: code.code,
            codeDisplay: code.display,
            status: 'registered',
            diagnosticReportSensitive: input.sensitive,
            purpose,
            notes,
            createdBy: deps.staff.staffUserId,
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw rendered('ARO-E7014');
        }
        throw error;
      }
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: 'labReport.create',
        correlationId: deps.correlationId,
        patientAccountId: row.accountId,
        patientId: row.patientId,
        details: {
          diagnosticReportId: row.id,
          code: row.codeCode,
          serviceRequestId: row.serviceRequestId,
          sensitive: input.sensitive,
        },
      });
      fresh = true;
      return row.id;
    },
  );
  return fresh ? readChanged(deps, id) : readStaffLabReport(deps, id);
}

function refuseLocked(row: DiagnosticReportRow): void {
  if (row.summaryStatus === ISSUED_SUMMARY_STATUS) {
    throw rendered('ARO-E7011');
  }
  if (row.supersededById !== null) {
    throw rendered('ARO-E7013');
  }
}

/**
 * Saves draft results of a version not yet verified (issue 11: per sub-test, a number or a text,
 * unit, reference range, critical flag, interpretation, microbiology organism and antibiotic rows;
 * a sub-test saved again is replaced). Results are preliminary until verified; the report becomes
 * preliminary with summaryStatus report (the lab tracker's Testing, spec doc 3 §4). Refused once
 * verified (ARO-E7007) or issued (ARO-E7011: correct it instead). The member is recorded among
 * those who entered results (the second-person rule). Audited (labReport.saveResults).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 * @param input - the results, and the notes (null keeps them)
 */
export async function saveStaffLabResults(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
  input: { results: LabResultInput[]; notes: string | null },
): Promise<StaffLabReportView> {
  const notes = checkNotes(input.notes);
  return changeReport(
    deps,
    change,
    'saveResults',
    input,
    saveResultsWork(deps, { results: input.results, notes }),
  );
}

/**
 * Saves draft results of a version locked (FOR UPDATE) at the revision the console saw, inside the
 * caller's transaction: the rules, writes and audit row (labReport.saveResults, with `details` added)
 * of {@link saveStaffLabResults}, one revision bump. Used by the CSV import to write several reports
 * in one transaction.
 * @param deps - database, tenant, staff member, hospital
 * @param tx - the caller's transaction
 * @param row - the locked version
 * @param expectedRevision - the revision the console saw (ARO-E7006 when it differs)
 * @param results - the results
 * @param details - added to the audit row
 */
export async function saveLabResultsInTransaction(
  deps: StaffLabReportDeps,
  tx: Tx,
  row: DiagnosticReportRow,
  expectedRevision: number,
  results: LabResultInput[],
  details: Record<string, unknown>,
): Promise<void> {
  const who = actor(deps, 'labReports.work');
  if (row.revision !== expectedRevision) {
    throw rendered('ARO-E7006');
  }
  const work = saveResultsWork(deps, { results, notes: null });
  await applyChange(
    deps,
    { tx, row, who, now: new Date() },
    expectedRevision,
    'saveResults',
    async (scope) => {
      const plan = await work(scope);
      return { ...plan, details: { ...plan.details, ...details } };
    },
  );
}

/** The work of a results save: its rules, the report's columns, the results written. */
function saveResultsWork(
  deps: StaffLabReportDeps,
  input: { results: LabResultInput[]; notes: string | null },
): (scope: ChangeScope) => Promise<ChangePlan> {
  const { notes } = input;
  return async ({ tx, row, now }) => {
    refuseLocked(row);
    if (row.diagnosticReportVerifiedTime !== null) {
      throw rendered('ARO-E7007', { status: 'verified' });
    }
    const subCodes = row.diagnosticReportCodeId
      ? await selectSubCodes(tx, [row.diagnosticReportCodeId])
      : [];
    const results = checkResults(input.results, subCodes);
    const existing = await selectReportObservations(tx, [row.id]);
    const staffId = deps.staff.staffUserId;
    return {
      set: {
        status: CORRECTION_DRAFT_STATUS,
        summaryStatus: SUMMARY_RESULTS_ENTERED,
        enteredBy: row.enteredBy.includes(staffId) ? row.enteredBy : [...row.enteredBy, staffId],
        ...(notes !== null ? { notes } : {}),
      },
      details: { subCodeIds: results.map((result) => result.subCode.id) },
      after: async () => {
        const inserts: Parameters<typeof insertObservations>[1] = [];
        for (const result of results) {
          const values = {
            status: DRAFT_RESULT_STATUS,
            valueQuantity: result.valueQuantity,
            valueString: result.valueString,
            unit: result.unit,
            referenceRange: result.referenceRange,
            critical: result.critical,
            interpretation: result.interpretation,
            microbiology: result.microbiology,
            parameterOrder: result.subCode.parameterOrder,
            subTestClassification: result.subCode.subTestClassification,
            code: result.subCode.id,
            codeDisplay: result.subCode.name,
            enteredBy: staffId,
            createdTime: now,
          };
          const known = existing.find((o) => o.diagnosticReportSubCodeId === result.subCode.id);
          if (known) {
            await updateObservation(tx, known.id, values);
          } else {
            inserts.push({
              ...values,
              tenantId: row.tenantId,
              accountId: row.accountId,
              patientId: row.patientId,
              diagnosticReportId: row.id,
              diagnosticReportCodeId: row.diagnosticReportCodeId,
              diagnosticReportSubCodeId: result.subCode.id,
              basedOn: row.serviceRequestId ? [`ServiceRequest/${row.serviceRequestId}`] : [],
            });
          }
        }
        if (existing.length + inserts.length > LAB_RESULTS_MAX) {
          throw rendered('ARO-E7020', { max: String(LAB_RESULTS_MAX) });
        }
        await insertObservations(tx, inserts);
      },
    };
  };
}

/**
 * Verifies a version (issue 11): its results become final and the report final (amended for a
 * correction), with the verified time and the verifier; summaryStatus print_ready (the lab
 * tracker's Report, spec doc 3 §4). Needs a result unless the report is outsourced (ARO-E7008);
 * when the hospital requires a second person, the verifier must have entered none of the results
 * (ARO-E7009). Already verified ARO-E7021; issued ARO-E7011. Audited (labReport.verify).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 */
export async function verifyStaffLabReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
): Promise<StaffLabReportView> {
  return changeReport(deps, change, 'verify', {}, async ({ tx, row, now }) => {
    refuseLocked(row);
    if (row.diagnosticReportVerifiedTime !== null) {
      throw rendered('ARO-E7021');
    }
    const results = await selectReportObservations(tx, [row.id]);
    if (results.length === 0 && row.diagnosticReportOutsourcedType !== OUTSOURCED_TYPE) {
      throw rendered('ARO-E7008');
    }
    const second = await requiresSecondVerifier(tx, deps);
    if (second && row.enteredBy.includes(deps.staff.staffUserId)) {
      throw rendered('ARO-E7009');
    }
    return {
      set: {
        status: releasedReportStatus(row),
        diagnosticReportVerifiedTime: now,
        verifiedBy: deps.staff.staffUserId,
        verifiedByName: deps.staff.displayName,
        summaryStatus: SUMMARY_VERIFIED,
      },
      details: { secondPersonRequired: second },
      after: async () => {
        await setObservationsStatus(tx, row.id, FINAL_RESULT_STATUS);
      },
    };
  });
}

/**
 * Issues a verified version (issue 11): summaryStatus issued (the RP mark, spec doc 3 §2); the
 * patient sees it from now on (the latest issued version of the report), and it is published live.
 * After the commit the account's mobile gets the report-ready SMS (lab-reports.sms.ts; 'corrected'
 * for an amended version), once: a replay of the same key sends nothing. Not verified ARO-E7010;
 * already issued ARO-E7011. Audited (labReport.issue, with whether an SMS was sent).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 */
export async function issueStaffLabReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
): Promise<StaffLabReportView> {
  return changeReport(deps, change, 'issue', {}, async ({ tx, row, now }) => {
    refuseLocked(row);
    if (row.diagnosticReportVerifiedTime === null) {
      throw rendered('ARO-E7010');
    }
    const order = row.serviceRequestId
      ? await findHospitalOrder(tx, scope(deps), row.serviceRequestId)
      : null;
    const [person] = await selectOrderPatients(tx, deps.tenantId, [row.patientId]);
    const sms = labReportSmsFor(row, order, person, deps.brand);
    return {
      set: {
        summaryStatus: ISSUED_SUMMARY_STATUS,
        issuedAt: now,
        issuedBy: deps.staff.staffUserId,
      },
      details: { smsSent: sms !== null },
      after: () =>
        Promise.resolve({
          issued: {
            accountId: row.accountId,
            patientId: row.patientId,
            sms,
            order: order
              ? {
                  id: order.id,
                  intent: order.intent,
                  organizationId: order.organizationId,
                  category: order.category,
                }
              : null,
          },
        }),
    };
  });
}

/**
 * Marks a version outsourced (diagnosticReportOutsourcedType external, spec doc 3 §3): the patient
 * is shown 'Online view facility is not available' and no results; it can be verified without
 * results. Already outsourced ARO-E7022; issued ARO-E7011. Audited (labReport.outsource).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 */
export async function markStaffLabReportOutsourced(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
): Promise<StaffLabReportView> {
  return changeReport(deps, change, 'outsource', {}, ({ row }) => {
    refuseLocked(row);
    if (row.diagnosticReportOutsourcedType === OUTSOURCED_TYPE) {
      throw rendered('ARO-E7022');
    }
    return Promise.resolve({ set: { diagnosticReportOutsourcedType: OUTSOURCED_TYPE } });
  });
}

/**
 * Starts a correction of an issued version (issue 11): a new version of the same report (the next
 * version number, preliminary, not verified or issued, with a copy of the results as drafts, who
 * entered them, and the reason) that is then saved, verified and issued as usual (status amended). The issued
 * version stays as it was, records the new one, and stays what the patient sees until the
 * correction is issued. Not issued ARO-E7012; a correction already started ARO-E7013; reason
 * ARO-E7018. Answers the new version. Audited (labReport.correct).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the issued version, its revision as read, an idempotency key
 * @param reason - why
 */
export async function correctStaffLabReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
  reason: string,
): Promise<StaffLabReportView> {
  const text = reason.trim();
  if (text === '' || text.length > LAB_REASON_MAX || hasControlCharacters(text)) {
    throw rendered('ARO-E7018', { max: String(LAB_REASON_MAX) });
  }
  const newId = randomUUID();
  return changeReport(deps, change, 'correct', { reason: text }, async ({ tx, row, now }) => {
    if (row.supersededById !== null) {
      throw rendered('ARO-E7013');
    }
    if (row.summaryStatus !== ISSUED_SUMMARY_STATUS) {
      throw rendered('ARO-E7012');
    }
    const results = await selectReportObservations(tx, [row.id]);
    return {
      set: { supersededById: newId },
      details: { reason: text },
      after: async () => {
        await insertReport(tx, {
          id: newId,
          tenantId: row.tenantId,
          accountId: row.accountId,
          patientId: row.patientId,
          organizationId: row.organizationId,
          serviceRequestId: row.serviceRequestId,
          diagnosticReportCodeId: row.diagnosticReportCodeId,
          codeCode: row.codeCode,
          codeDisplay: row.codeDisplay,
          status: CORRECTION_DRAFT_STATUS,
          diagnosticReportCodeType: row.diagnosticReportCodeType,
          diagnosticReportOutsourcedType: row.diagnosticReportOutsourcedType,
          diagnosticReportSensitive: row.diagnosticReportSensitive,
          patientCreditStatus: row.patientCreditStatus,
          summaryStatus: null,
          diagnosticReportPaymentStatus: row.diagnosticReportPaymentStatus,
          purpose: row.purpose,
          seriesId: reportSeriesId(row),
          version: row.version + 1,
          amendmentReason: text,
          notes: row.notes,
          // The copied results count as entered by whoever entered them (the second-person rule).
          enteredBy: row.enteredBy,
          createdBy: deps.staff.staffUserId,
          createdAt: now,
        });
        await insertObservations(
          tx,
          results.map((o) => ({
            tenantId: o.tenantId,
            accountId: o.accountId,
            patientId: o.patientId,
            diagnosticReportId: newId,
            diagnosticReportCodeId: o.diagnosticReportCodeId,
            diagnosticReportSubCodeId: o.diagnosticReportSubCodeId,
            status: o.status === 'entered_in_error' ? o.status : DRAFT_RESULT_STATUS,
            code: o.code,
            codeDisplay: o.codeDisplay,
            valueString: o.valueString,
            valueQuantity: o.valueQuantity,
            unit: o.unit,
            referenceRange: o.referenceRange,
            basedOn: o.basedOn,
            critical: o.critical,
            interpretation: o.interpretation,
            parameterOrder: o.parameterOrder,
            subTestClassification: o.subTestClassification,
            microbiology: o.microbiology,
            enteredBy: o.enteredBy,
            createdTime: now,
          })),
        );
        return { id: newId };
      },
    };
  });
}

/**
 * The hospital's lab report settings (off unless an admin set them).
 * @param deps - database, tenant, staff member, hospital
 */
export async function readLabReportSettings(
  deps: StaffLabReportDeps,
): Promise<LabReportSettingsView> {
  actor(deps, 'labReports.read');
  return settingsView(deps.organizationId, await findLabReportSettings(deps.db, scope(deps)));
}

/**
 * Sets whether a second person must verify the hospital's reports (issue 11; default off).
 * Audited (labReport.settings).
 * @param deps - database, tenant, staff member, hospital
 * @param requireSecondVerifier - the rule
 */
export async function setLabReportSettings(
  deps: StaffLabReportDeps,
  requireSecondVerifier: boolean,
): Promise<LabReportSettingsView> {
  const who = actor(deps, 'labReports.settings');
  return deps.db.transaction(async (tx) => {
    const row = await upsertLabReportSettings(tx, scope(deps), {
      requireSecondVerifier,
      updatedBy: deps.staff.staffUserId,
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.settings',
      correlationId: deps.correlationId,
      details: { requireSecondVerifier },
    });
    return settingsView(row.organizationId, row);
  });
}

/** A size as the refusal says it, e.g. '2 MB'. */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Sets or clears one of the hospital's printable report images (issue 11: the organization's header,
 * footer and signature images; spec doc 3 §2 'Printable lab report'). The image is a blob this
 * member uploaded (POST /blob/put?organizationId=…) or one already an image of the hospital; any
 * other id answers ARO-E2001. It must be a PNG or JPEG file (ARO-E7023), at most
 * LAB_REPORT_IMAGE_MAX_BYTES (ARO-E7024), and one pdfkit can draw (ARO-E7025). The printed reports
 * of the hospital change with it (their cached PDFs are keyed by the image ids). Audited
 * (labReport.image, with the previous image).
 * @param deps - database, tenant, staff member, hospital, blob store
 * @param kind - header, footer or signature
 * @param blobId - the uploaded image, or null to print none
 */
export async function setLabReportImage(
  deps: StaffLabReportDeps,
  kind: LabReportImageKind,
  blobId: string | null,
): Promise<LabReportSettingsView> {
  const who = actor(deps, 'labReports.images');
  let id: string | null = null;
  if (blobId !== null) {
    if (!UUID.test(blobId)) {
      throw notFound();
    }
    id = blobId.toLowerCase();
    const blob = await findImageCandidate(deps.db, scope(deps), id);
    // One of the hospital's images already, or this member's own upload made for this hospital that
    // no patient's document holds; anything else (another member's or hospital's upload, a patient's
    // order file or chat image) answers as a missing one.
    const ownUpload =
      blob?.staffUserId === deps.staff.staffUserId &&
      !blob.isDocument &&
      blob.uploadedFor?.toLowerCase() === deps.organizationId.toLowerCase();
    if (!blob || (!blob.ofHospital && !ownUpload)) {
      throw notFound();
    }
    if (!LAB_REPORT_IMAGE_TYPES.includes(blob.contentType)) {
      throw rendered('ARO-E7023');
    }
    if (blob.byteSize > LAB_REPORT_IMAGE_MAX_BYTES) {
      throw rendered('ARO-E7024', { size: sizeText(LAB_REPORT_IMAGE_MAX_BYTES) });
    }
    const bytes = await deps.blobStore.get(blob.storageKey);
    if (!bytes || !(await labReportImageSize(bytes))) {
      throw rendered('ARO-E7025');
    }
  }
  return deps.db.transaction(async (tx) => {
    const before = await findLabReportSettings(tx, scope(deps));
    const row = await upsertLabReportImage(tx, scope(deps), kind, id, deps.staff.staffUserId);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'labReport.image',
      correlationId: deps.correlationId,
      details: { kind, blobId: id, previousBlobId: labReportImageBlobId(before, kind) },
    });
    return settingsView(row.organizationId, row);
  });
}
