import { LAB_UNIT_MAX, checkLabNotes, checkLabText } from '@careline/domain/lab-reports';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { findHospitalOrder } from '../orders/index.ts';
import { hospitalScope, notFound, staffActor } from '../staff/index.ts';
import { findPatientKnownToHospital } from '../profiles/index.ts';
import {
  insertReport,
  selectReportCodes,
  type DiagnosticReportRow,
} from './lab-reports.repo.ts';
import { UUID } from './lab-reports.service.ts';
import {
  accepted,
  readChanged,
  readStaffLabReport,
  rendered,
  type StaffLabReportDeps,
  type StaffLabReportView,
} from './staff-lab-reports.service.ts';

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
  const who = staffActor(deps, 'labReports.work');
  if ((input.serviceRequestId === null) === (input.patientId === null)) {
    throw rendered('ARO-E7017');
  }
  const notes = accepted(checkLabNotes(input.notes));
  const purpose = accepted(checkLabText(input.purpose, 'purpose', LAB_UNIT_MAX));
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
          ? await findHospitalOrder(tx, hospitalScope(deps), input.serviceRequestId, true)
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
          ? await findPatientKnownToHospital(
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
