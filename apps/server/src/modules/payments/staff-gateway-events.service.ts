import { AppError } from '@careline/domain/errors';
import { recordAudit } from '../audit/index.ts';
import { hospitalScope, requireId, staffActor } from '../staff/index.ts';
import { findHospitalGatewayEvent, listUnmatchedGatewayEvents, markGatewayEventReconciled } from './staff-payments.repo.ts';
import { cleanRemarks, decimalOf, minorOf, type StaffPaymentsDeps } from './staff-payments.context.ts';

/* Gateway notifications that matched no request, and their reconciliation by the cashier (issue 9 §9). */

/** A gateway event waiting for reconciliation. */
export type UnmatchedEventView = {
  id: string;
  kind: 'second_capture' | 'notification_only';
  createdTime: Date;
  transactionId: string;
  decision: string;
  source: string;
  outcome: string;
  requestReference: string;
  amount: string;
  currency: string;
  patientName: string | null;
};

function eventView(row: Awaited<ReturnType<typeof listUnmatchedGatewayEvents>>[number]): UnmatchedEventView {
  return {
    id: row.event.id,
    kind: row.event.outcome === 'reconcile' ? 'second_capture' : 'notification_only',
    createdTime: row.event.createdAt,
    transactionId: row.event.transactionId,
    decision: row.event.decision,
    source: row.event.source,
    outcome: row.event.outcome,
    requestReference: row.requestReference,
    amount: decimalOf(minorOf(row.amount)),
    currency: row.currency,
    patientName: row.patientName,
  };
}

/**
 * The hospital's gateway answers that need a cashier's look (issue 9 §9), newest first: a second
 * capture for an already paid booking (outcome 'reconcile', to refund), or an answer credited from
 * the server-to-server notification (source 'notify') rather than the patient's browser return;
 * audited.
 * @param deps - database, tenant, staff member, hospital
 */
export async function staffUnmatchedGatewayNotifications(deps: StaffPaymentsDeps): Promise<UnmatchedEventView[]> {
  const who = staffActor(deps, 'payments.reconcile');
  const rows = await listUnmatchedGatewayEvents(deps.db, hospitalScope(deps));
  await recordAudit(deps.db, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'payments.unmatched.read',
    correlationId: deps.correlationId,
    details: { events: rows.length },
  });
  return rows.map(eventView);
}

/**
 * Marks a gateway event of the hospital reconciled (outcome 'reconciled:{outcome}'), with the
 * cashier's remarks in the audit trail; a second time is refused (ARO-E5048).
 * @param deps - database, tenant, staff member, hospital
 * @param eventId - the gateway event
 * @param remarks - what the cashier found or did
 */
export async function staffReconcileGatewayEvent(deps: StaffPaymentsDeps, eventId: string, remarks: string | null): Promise<boolean> {
  const who = staffActor(deps, 'payments.reconcile');
  requireId(eventId);
  const clean = cleanRemarks(remarks);
  const found = await findHospitalGatewayEvent(deps.db, hospitalScope(deps), eventId);
  if (!found) {
    throw new AppError('ARO-E2001');
  }
  await deps.db.transaction(async (tx) => {
    if (!(await markGatewayEventReconciled(tx, eventId))) {
      throw new AppError('ARO-E5048');
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'payments.reconcile',
      correlationId: deps.correlationId,
      patientAccountId: found.accountId,
      patientId: found.patientId,
      details: { eventId, transactionId: found.event.transactionId, outcome: found.event.outcome, remarks: clean },
    });
  });
  return true;
}
