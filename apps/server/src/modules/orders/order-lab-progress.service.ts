import {
  labOrderMovesFor,
  transitionOrder,
  type LabReportStep,
  type OrderState,
} from '@careline/domain/orders';
import type { Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { StaffViewer } from '../staff/index.ts';
import type { OrderChangedEvent } from './orders.live.ts';
import { insertOrderEvents, updateServiceRequestAtVersion } from './orders.repo.ts';
import { selectOrderDocuments } from './order-documents.repo.ts';
import { orderState } from './orders.service.ts';
import { categoryOf, staffColumns } from './staff-orders.service.ts';
import * as staffOrders from './staff-orders.repo.ts';

/** The lab order a report step moved, to publish after the commit (publishOrderChanged). */
export type LabOrderMoved = OrderChangedEvent & {
  accountId: string;
  organizationId: string | null;
  category: string;
};

/**
 * Moves the lab order of a report along with the laboratory's step (issue 30 §1: a lab order and its
 * report are one story), inside the report change's transaction: results entered bring it to
 * processing (the tracker's Testing), the issue to reportReady (Report), by the examination order's
 * own forward moves (@careline/domain/orders labOrderMovesFor), each through the state machine as
 * the acting member. The order is locked after the report; each move adds an order_events row and
 * the change one audit row (order.moveStatus, naming the report step), as a console move does. A
 * second step of the same kind, an amended report's issue, an order with no sample recorded yet or
 * one the member's roles may not move changes nothing (null). Answers what to publish after the
 * commit.
 * @param tx - the report change's transaction
 * @param deps - tenant, staff member, hospital and correlation id of the request
 * @param who - the acting member as the report change's audit actor
 * @param step - resultsEntered or issued
 * @param report - the report version's id and its order
 */
export async function advanceLabOrderInTransaction(
  tx: Tx,
  deps: { tenantId: string; organizationId: string; staff: StaffViewer; correlationId: string },
  who: Extract<AuditActor, { kind: 'staff' }>,
  step: LabReportStep,
  report: { id: string; serviceRequestId: string },
): Promise<LabOrderMoved | null> {
  const row = await staffOrders.findHospitalOrder(
    tx,
    { tenantId: deps.tenantId, organizationId: deps.organizationId },
    report.serviceRequestId,
    true,
  );
  if (!row) {
    return null;
  }
  const category = categoryOf(row);
  const documentCount = (await selectOrderDocuments(tx, [row.id])).length;
  const start = orderState(row, documentCount);
  const targets = labOrderMovesFor(category, start.status, step);
  if (targets.length === 0) {
    return null;
  }
  const roles = deps.staff.memberships
    .filter((m) => m.organizationId === deps.organizationId)
    .map((m) => m.role);
  let state: OrderState = start;
  const lines: { fromStatus: string; toStatus: string }[] = [];
  for (const to of targets) {
    const result = transitionOrder(state, { type: 'moveStatus', to }, { kind: 'staff', roles });
    if (!result.ok) {
      return null;
    }
    state = result.order;
    lines.push({ fromStatus: result.history.fromStatus, toStatus: result.history.toStatus });
  }
  const updated = await updateServiceRequestAtVersion(
    tx,
    row.id,
    row.version,
    staffColumns(category, state),
    null,
  );
  if (!updated) {
    return null;
  }
  const reason = step === 'issued' ? 'labReport.issue' : 'labReport.saveResults';
  await insertOrderEvents(
    tx,
    lines.map((line) => ({
      tenantId: deps.tenantId,
      serviceRequestId: row.id,
      fromStatus: line.fromStatus,
      toStatus: line.toStatus,
      event: 'moveStatus',
      actorReference: `User/${deps.staff.staffUserId}`,
      reason: null,
    })),
  );
  await recordAudit(tx, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'order.moveStatus',
    correlationId: deps.correlationId,
    patientAccountId: row.accountId,
    patientId: row.patientId,
    details: {
      serviceRequestId: row.id,
      category,
      events: lines.map(() => 'moveStatus'),
      fromStatus: start.status,
      toStatus: state.status,
      version: state.version,
      by: reason,
      diagnosticReportId: report.id,
    },
  });
  return {
    id: row.id,
    accountId: row.accountId,
    patientId: row.patientId,
    intent: row.intent,
    organizationId: row.organizationId,
    category,
  };
}
