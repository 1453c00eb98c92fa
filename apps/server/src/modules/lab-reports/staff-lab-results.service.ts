import {
  CORRECTION_DRAFT_STATUS,
  checkLabNotes,
  checkLabResultTotal,
  checkLabResults,
  type LabResultEntry,
} from '@careline/domain/lab-reports';
import type { Tx } from '../../db/client.ts';
import { advanceLabOrderInTransaction, type LabOrderMoved } from '../orders/index.ts';
import { staffActor } from '../staff/index.ts';
import {
  insertObservations,
  selectReportObservations,
  selectSubCodes,
  updateObservation,
  type DiagnosticReportRow,
} from './lab-reports.repo.ts';
import {
  DRAFT_RESULT_STATUS,
  SUMMARY_RESULTS_ENTERED,
  applyChange,
  changeReport,
  refuseLocked,
  type ChangePlan,
  type ChangeScope,
} from './staff-lab-reports.change.ts';
import {
  accepted,
  rendered,
  type StaffLabReportChange,
  type StaffLabReportDeps,
  type StaffLabReportView,
} from './staff-lab-reports.service.ts';

/**
 * One sub-test's result as entered (issue 11: value or text, unit, reference range, critical flag,
 * microbiology rows), checked by @careline/domain/lab-reports checkLabResults.
 */
export type LabResultInput = LabResultEntry;

/**
 * Saves draft results of a version not yet verified (issue 11: per sub-test, a number or a text,
 * unit, reference range, critical flag, interpretation, microbiology organism and antibiotic rows;
 * a sub-test saved again is replaced). Results are preliminary until verified; the report becomes
 * preliminary with summaryStatus report (the lab tracker's Testing, spec doc 3 §4), and its lab order
 * moves to processing in the same transaction, audited and published (issue 30 §1). Refused once
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
  const notes = accepted(checkLabNotes(input.notes));
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
 * of {@link saveStaffLabResults}, one revision bump, and the lab order it moved (for the caller to
 * publish after its commit). Used by the CSV import to write several reports
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
): Promise<LabOrderMoved | null> {
  const who = staffActor(deps, 'labReports.work');
  if (row.revision !== expectedRevision) {
    throw rendered('ARO-E7006');
  }
  const work = saveResultsWork(deps, { results, notes: null });
  const outcome = await applyChange(
    deps,
    { tx, row, who, now: new Date() },
    expectedRevision,
    'saveResults',
    async (scope) => {
      const plan = await work(scope);
      return { ...plan, details: { ...plan.details, ...details } };
    },
  );
  return outcome.orderMoved;
}

/** The work of a results save: its rules, the report's columns, the results written. */
function saveResultsWork(
  deps: StaffLabReportDeps,
  input: { results: LabResultInput[]; notes: string | null },
): (scope: ChangeScope) => Promise<ChangePlan> {
  const { notes } = input;
  return async ({ tx, row, who, now }) => {
    refuseLocked(row);
    if (row.diagnosticReportVerifiedTime !== null) {
      throw rendered('ARO-E7007', { status: 'verified' });
    }
    const subCodes = row.diagnosticReportCodeId
      ? await selectSubCodes(tx, [row.diagnosticReportCodeId])
      : [];
    const results = accepted(checkLabResults(input.results, subCodes));
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
        accepted(checkLabResultTotal(existing.length + inserts.length));
        await insertObservations(tx, inserts);
        // Results entered: the lab order moves to processing, the tracker's Testing (issue 30 §1).
        const orderMoved = row.serviceRequestId
          ? await advanceLabOrderInTransaction(tx, deps, who, 'resultsEntered', {
              id: row.id,
              serviceRequestId: row.serviceRequestId,
            })
          : null;
        return { orderMoved };
      },
    };
  };
}
