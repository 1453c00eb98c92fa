import { ISSUED_SUMMARY_STATUS } from '@careline/domain/lab-reports';
import type { Tx } from '../../db/client.ts';
import type { diagnosticReports } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import type { QueuedSms } from '../sms/index.ts';
import { publishOrderChanged, type LabOrderMoved } from '../orders/index.ts';
import { notFound, staffActor } from '../staff/index.ts';
import { publishLabReportIssued } from './lab-reports.live.ts';
import { updateReportAtRevision, type DiagnosticReportRow } from './lab-reports.repo.ts';
import { UUID } from './lab-reports.service.ts';
import {
  hospitalReport,
  readChanged,
  readStaffLabReport,
  rendered,
  type StaffLabReportChange,
  type StaffLabReportDeps,
  type StaffLabReportView,
} from './staff-lab-reports.service.ts';

/*
 * How one staff change of a report version is applied (issue 11): once per idempotency key, on the
 * version locked at the revision the console saw, audited, and published after the commit when it
 * issued the report. The changes themselves are staff-lab-results.service.ts and
 * staff-lab-report-steps.service.ts.
 */

/** Observation status of a saved draft result (FHIR R4), and of a verified one (charted: spec doc 3 §3). */
export const DRAFT_RESULT_STATUS = 'preliminary';
export const FINAL_RESULT_STATUS = 'final';
/** summaryStatus once results are entered (the lab tracker's Testing, spec doc 3 §4) and once verified (Report). */
export const SUMMARY_RESULTS_ENTERED = 'report';
export const SUMMARY_VERIFIED = 'print_ready';

/** What a change hands on past its transaction. */
export type ChangeOutcome = {
  id: string;
  issued: {
    accountId: string;
    patientId: string;
    order: { id: string; intent: string; organizationId: string | null; category: string } | null;
    /**
     * The report-ready SMS, written to the outbox in the change's transaction and queued after the
     * commit, once (a replay finds this outcome and queues nothing).
     */
    sms: QueuedSms | null;
  } | null;
  /**
   * The lab order the change moved (results entered → processing, issued → reportReady: issue 30
   * §1), in the change's transaction; published after the commit.
   */
  orderMoved: LabOrderMoved | null;
};

/** Inside a change's transaction: the locked version of the hospital and the acting member. */
export type ChangeScope = {
  tx: Tx;
  row: DiagnosticReportRow;
  who: Extract<AuditActor, { kind: 'staff' }>;
  now: Date;
};

/** What a change writes: the report's columns (at the revision), and work after that. */
export type ChangePlan = {
  set: Partial<typeof diagnosticReports.$inferInsert>;
  /** Runs after the report row is written (at the checked revision). */
  after?: () => Promise<Partial<ChangeOutcome> | void>;
  details?: Record<string, unknown>;
};

/**
 * Applies one change to a version locked at the expected revision, inside the caller's transaction:
 * the work checks its rules, the row is written only at that revision (ARO-E7006 otherwise, checked in
 * the UPDATE itself), then the work after it, and an audit row.
 * @param deps - database, tenant, staff member, hospital
 * @param scope - the transaction, the locked version, the acting member and the time
 * @param expectedRevision - the revision the console saw
 * @param operation - the audit action's name after 'labReport.'
 * @param work - the change's rules and writes
 */
export async function applyChange(
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
  return { id: extra.id ?? row.id, issued: extra.issued ?? null, orderMoved: extra.orderMoved ?? null };
}

/**
 * Runs one staff change of a report version in one transaction, once per idempotency key: the
 * version of the hospital is locked (ARO-E2001 elsewhere), the work checks its rules (its refusal,
 * nothing changed), the row is written only at the revision the console saw (ARO-E7006 otherwise,
 * checked in the UPDATE itself) and an audit row is added. After the commit (first run only) an
 * issued report is published, and a lab order the change moved. The answer is read without a second audit row; a replay's answer is
 * an audited read.
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 * @param operation - the audit action's name after 'labReport.'
 * @param input - what the idempotency key's request holds besides the change
 * @param work - the change's rules and writes
 */
export async function changeReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
  operation: string,
  input: Record<string, unknown>,
  work: (scope: ChangeScope) => Promise<ChangePlan>,
): Promise<StaffLabReportView> {
  const who = staffActor(deps, 'labReports.work');
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
  if (outcome.orderMoved && !outcome.issued?.order) {
    // The order moved without an issue (results entered): the patient's open order page follows it.
    await publishOrderChanged(deps, deps.tenantId, outcome.orderMoved.accountId, outcome.orderMoved);
  }
  if (outcome.issued) {
    await publishLabReportIssued(deps, deps.tenantId, outcome.issued.accountId, {
      id: outcome.id,
      patientId: outcome.issued.patientId,
      order: outcome.issued.order,
    });
    if (outcome.issued.sms) {
      // Sent by the job queue (retried while the provider is down); the issue stands either way.
      await deps.smsOutbox.dispatch(outcome.issued.sms);
    }
  }
  return readChanged(deps, outcome.id);
}

/**
 * Refuses a change of an issued version (ARO-E7011: correct it instead) or of one already corrected
 * (ARO-E7013).
 * @param row - the locked version
 */
export function refuseLocked(row: DiagnosticReportRow): void {
  if (row.summaryStatus === ISSUED_SUMMARY_STATUS) {
    throw rendered('ARO-E7011');
  }
  if (row.supersededById !== null) {
    throw rendered('ARO-E7013');
  }
}
