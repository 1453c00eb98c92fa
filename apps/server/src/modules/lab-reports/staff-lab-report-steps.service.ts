import { randomUUID } from 'node:crypto';
import {
  CORRECTION_DRAFT_STATUS,
  ISSUED_SUMMARY_STATUS,
  OUTSOURCED_TYPE,
  checkLabCorrectionReason,
  releasedReportStatus,
  reportSeriesId,
} from '@careline/domain/lab-reports';
import { advanceLabOrderInTransaction, findHospitalOrder, selectOrderPatients } from '../orders/index.ts';
import { hospitalScope } from '../staff/index.ts';
import { labReportSmsFor } from './lab-reports.sms.ts';
import {
  insertObservations,
  insertReport,
  selectReportObservations,
  setObservationsStatus,
} from './lab-reports.repo.ts';
import {
  DRAFT_RESULT_STATUS,
  FINAL_RESULT_STATUS,
  SUMMARY_VERIFIED,
  changeReport,
  refuseLocked,
} from './staff-lab-reports.change.ts';
import {
  accepted,
  rendered,
  requiresSecondVerifier,
  type StaffLabReportChange,
  type StaffLabReportDeps,
  type StaffLabReportView,
} from './staff-lab-reports.service.ts';

/*
 * The laboratory's steps on a report version after its results (issue 11): verify, issue, mark
 * outsourced, and correct an issued version. Each is one change (staff-lab-reports.change.ts).
 */

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
 * The account's mobile gets the report-ready SMS (lab-reports.sms.ts; 'corrected' for an amended
 * version), written to the SMS outbox in the issuing transaction and sent by the job queue after the
 * commit, once: a replay of the same key sends nothing. Not verified ARO-E7010;
 * already issued ARO-E7011. Audited (labReport.issue, with whether an SMS was sent). Its lab order
 * moves to reportReady in the same transaction, audited (order.moveStatus) and published with the
 * report (issue 30 §1).
 * @param deps - database, tenant, staff member, hospital
 * @param change - the version, its revision as read, an idempotency key
 */
export async function issueStaffLabReport(
  deps: StaffLabReportDeps,
  change: StaffLabReportChange,
): Promise<StaffLabReportView> {
  return changeReport(deps, change, 'issue', {}, async ({ tx, row, who, now }) => {
    refuseLocked(row);
    if (row.diagnosticReportVerifiedTime === null) {
      throw rendered('ARO-E7010');
    }
    const order = row.serviceRequestId
      ? await findHospitalOrder(tx, hospitalScope(deps), row.serviceRequestId)
      : null;
    // Issued: the lab order moves to reportReady, the tracker's Report (issue 30 §1); an amended
    // version's issue finds it there already and moves nothing.
    const orderMoved = order
      ? await advanceLabOrderInTransaction(tx, deps, who, 'issued', { id: row.id, serviceRequestId: order.id })
      : null;
    const [person] = await selectOrderPatients(tx, deps.tenantId, [row.patientId]);
    const text = labReportSmsFor(row, order, person, deps.brand);
    const sms = text
      ? await deps.smsOutbox.add(tx, [{ tenantId: deps.tenantId, to: text.to, body: text.body, kind: 'labReport.issued' }])
      : null;
    return {
      set: {
        summaryStatus: ISSUED_SUMMARY_STATUS,
        issuedAt: now,
        issuedBy: deps.staff.staffUserId,
      },
      details: { smsSent: sms !== null },
      after: () =>
        Promise.resolve({
          orderMoved,
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
  const text = accepted(checkLabCorrectionReason(reason));
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
