import { AppError, errorString } from '@careline/domain/errors';
import {
  cancelOrderInput,
  moveOrderStatusInput,
  orderStatusLabel,
  scheduleSampleCollectionInput,
  setOrderChargeInput,
  setOrderEstimatedTimeInput,
  transitionOrder,
  type OrderCategory,
  type OrderEvent,
  type OrderNotice,
  type OrderState,
} from '@careline/domain/orders';
import type { Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { closeOpenOrderInvoice } from './order-invoice-hook.ts';
import { runOnce } from '../idempotency/index.ts';
import type { QueuedSms } from '../sms/index.ts';
import { notFound, requireStaffRole, type StaffAction } from '../staff/index.ts';
import { publishOrderChanged } from './orders.live.ts';
import { insertOrderEvents, updateServiceRequestAtVersion, type ServiceRequestRow } from './orders.repo.ts';
import { selectOrderDocuments } from './order-documents.repo.ts';
import { inputError, orderState, rendered, UUID } from './orders.service.ts';
import { orderSmsText, type OrderSms } from './staff-orders.sms.ts';
import { selectOrderPatients, type OrderPatientRow } from './staff-orders.repo.ts';
import {
  categoryOf,
  hospitalOrder,
  orderActor,
  readChanged,
  readStaffOrder,
  rolesHere,
  staffColumns,
  type StaffOrderChange,
  type StaffOrderDeps,
  type StaffOrderView,
} from './staff-orders.service.ts';

/* The hospital's changes of an order (issue 10): charge, estimated time, collection, status and cancel, each through the domain's state machine. */

/** What a change hands on past its transaction: the order(s) to publish and the SMS to send. */
type ChangeOutcome = {
  /** The order the console gets back (the replacement for a replace). */
  id: string;
  published: { id: string; accountId: string; patientId: string; intent: string; organizationId: string | null; category: string }[];
  /** The order's SMS, written to the outbox in the change's transaction; queued after the commit. */
  sms: QueuedSms | null;
};

/** Inside a change's transaction: the locked order of the hospital, its category and the acting member. */
type ChangeScope = {
  tx: Tx;
  row: ServiceRequestRow;
  category: OrderCategory;
  who: Extract<AuditActor, { kind: 'staff' }>;
};

/** What a change asks: its events, a reason for the history, and work once they are accepted and written. */
type ChangePlan = {
  events: OrderEvent[];
  reason?: string | null;
  after?: () => Promise<Partial<ChangeOutcome> | void>;
};

/**
 * Runs one staff change of an order in one transaction, once per idempotency key: the order of the
 * hospital is locked and checked (ARO-E2001 elsewhere, ARO-E1210 for a category the member does not
 * work), the events run through the domain's state machine (its refusal code, nothing changed), the
 * row is written at the version read and the version the console saw (else ARO-E6002), each event
 * adds an order_events row and the change an audit row. A new charge, a cancellation or a replacement
 * closes the open invoice (closeOpenOrderInvoice, after the order lock). After the commit (first run
 * only) the order is published to the patient and to the hospital's staff topic, and the SMS, written
 * to the outbox in the change's transaction, is queued for the job queue to send (with retries). The answer is read without a second audit row; a replay's answer is an
 * audited read (order.read), since it changed nothing.
 */
export async function changeOrder(
  deps: StaffOrderDeps,
  action: StaffAction,
  change: StaffOrderChange,
  operation: string,
  input: Record<string, unknown>,
  work: (scope: ChangeScope) => Promise<ChangePlan>,
): Promise<StaffOrderView> {
  requireStaffRole(deps.staff, action, deps.organizationId);
  if (!UUID.test(change.id)) {
    throw notFound();
  }
  if (!Number.isSafeInteger(change.expectedVersion)) {
    throw rendered('ARO-E6002', errorString('ARO-E6002'));
  }
  let fresh = false;
  const outcome = await runOnce<ChangeOutcome>(
    deps.db,
    { tenantId: deps.tenantId, accountId: deps.staff.staffUserId, key: change.idempotencyKey },
    operation,
    { organizationId: deps.organizationId, id: change.id, expectedVersion: change.expectedVersion, ...input },
    async (tx) => {
      const row = await hospitalOrder(tx, deps, change.id, true);
      const category = categoryOf(row);
      const who = orderActor(deps, action, category);
      const roles = rolesHere(deps);
      const documentCount = (await selectOrderDocuments(tx, [row.id])).length;
      const plan = await work({ tx, row, category, who });
      const applied = ((events: OrderEvent[]) => {
        let state = orderState(row, documentCount);
        const lines: { event: string; fromStatus: string; toStatus: string }[] = [];
        const notices: OrderNotice[] = [];
        let closesInvoice = false;
        for (const event of events) {
          const result = transitionOrder(state, event, { kind: 'staff', roles }, lines.length === 0 ? change.expectedVersion : undefined);
          if (!result.ok) {
            throw rendered(result.code, result.error);
          }
          // A new charge, a cancellation or a replacement leaves the open invoice for the old order.
          closesInvoice ||= result.prepareInvoice || event.type === 'cancel' || event.type === 'replace';
          state = result.order;
          lines.push({ event: result.history.event, fromStatus: result.history.fromStatus, toStatus: result.history.toStatus });
          if (result.notice) {
            notices.push(result.notice);
          }
        }
        return { state, lines, notices, closesInvoice };
      })(plan.events);
      const { state, lines, notices, closesInvoice } = applied;
      if (closesInvoice) {
        // Closed here, with the order locked, not when the patient next prepares it: an ACCEPT of the
        // old invoice can no longer pay it (ARO-E5015 while a payment of it may still come).
        await closeOpenOrderInvoice(tx, { tenantId: deps.tenantId, accountId: row.accountId }, row.id, { pageOpen: true });
      }
      const updated = await updateServiceRequestAtVersion(tx, row.id, row.version, staffColumns(category, state), change.expectedVersion);
      if (!updated) {
        throw rendered('ARO-E6002', errorString('ARO-E6002'));
      }
      await insertOrderEvents(
        tx,
        lines.map((line) => ({
          tenantId: deps.tenantId,
          serviceRequestId: row.id,
          fromStatus: line.fromStatus,
          toStatus: line.toStatus,
          event: line.event,
          actorReference: `User/${deps.staff.staffUserId}`,
          reason: plan.reason ?? null,
        })),
      );
      const extra = (await plan.after?.()) ?? {};
      await recordAudit(tx, {
        tenantId: deps.tenantId,
        actor: who,
        action: `order.${operation}`,
        correlationId: deps.correlationId,
        patientAccountId: row.accountId,
        patientId: row.patientId,
        details: {
          serviceRequestId: row.id,
          category,
          events: lines.map((line) => line.event),
          fromStatus: lines[0]?.fromStatus ?? null,
          toStatus: state.status,
          version: state.version,
          ...(extra.id && extra.id !== row.id ? { replacementId: extra.id } : {}),
        },
      });
      const [person] = await selectOrderPatients(tx, deps.tenantId, [row.patientId]);
      const text = person ? orderSmsFor(deps, row, category, state, notices, person) : null;
      const sms = text
        ? await deps.smsOutbox.add(tx, [{ tenantId: deps.tenantId, to: text.to, body: text.body, kind: 'order.notice' }])
        : null;
      fresh = true;
      return {
        id: extra.id ?? row.id,
        published: [
          { id: row.id, accountId: row.accountId, patientId: row.patientId, intent: row.intent, organizationId: row.organizationId, category },
          ...(extra.published ?? []),
        ],
        sms,
      };
    },
  );
  if (!fresh) {
    // A replay changed nothing: what it shows is a read of the patient's data, audited as one.
    return readStaffOrder(deps, outcome.id);
  }
  await afterCommit(deps, outcome);
  return readChanged(deps, outcome.id);
}

/**
 * Publishes the changed orders after the commit and queues the SMS (a slow or failing provider does
 * not hold the staff member's answer; the job queue retries it); the change stands.
 */
async function afterCommit(deps: StaffOrderDeps, outcome: ChangeOutcome): Promise<void> {
  for (const order of outcome.published) {
    await publishOrderChanged({ publish: deps.publish, log: deps.log }, deps.tenantId, order.accountId, order);
  }
  if (outcome.sms) {
    await deps.smsOutbox.dispatch(outcome.sms);
  }
}

/**
 * The SMS a change sends the patient's account, where the patient would want one (issue 10 staff
 * console): the sample collection scheduled and the collector on the way (name and time), a
 * medication on its way or ready for collection, a lab report ready. Other notices (the invoice,
 * notes, completion, cancellation) reach the patient live only.
 */
function orderSmsFor(
  deps: StaffOrderDeps,
  row: ServiceRequestRow,
  category: OrderCategory,
  state: OrderState,
  notices: readonly OrderNotice[],
  person: OrderPatientRow,
): OrderSms | null {
  const base = {
    to: person.accountMobileNo,
    language: person.language,
    brand: deps.config.branding.hospitalName,
    orderNumber: row.identifier ?? row.id.slice(0, 8).toUpperCase(),
  };
  for (const notice of notices) {
    if ((notice === 'sampleCollectionScheduled' || notice === 'sampleCollectorOnTheWay') && state.sampleCollection) {
      return orderSmsText({
        ...base,
        kind: notice,
        collector: state.sampleCollection.userName,
        time: new Date(state.sampleCollection.time),
      });
    }
    if (notice === 'orderReady' && category === 'Medication') {
      return orderSmsText({ ...base, kind: state.initiatedFor === 'homecare' ? 'medicationOnTheWay' : 'medicationReadyForCollection' });
    }
    if (notice === 'orderReady' && category === 'Examination') {
      return orderSmsText({ ...base, kind: 'reportReady' });
    }
  }
  return null;
}

/**
 * Sets or changes the charging amount the patient's invoice is built from (serviceRequestChargingAmount;
 * the payments module builds the invoice from it). A new order becomes confirming. The domain refuses
 * a paid order (ARO-E6006) and a closed one (ARO-E6001); a bad amount answers ARO-E6005. A new amount
 * closes the order's open invoice in the same transaction; while a payment of it may still come (being
 * processed, or a card or Genie page opened within the blocking window) the change is refused, ARO-E5015.
 * @param deps - database, tenant, staff member, hospital, publish, SMS
 * @param change - the order, the version seen, the idempotency key
 * @param amount - major units, e.g. "1500.00"
 */
export async function setStaffOrderCharge(deps: StaffOrderDeps, change: StaffOrderChange, amount: string): Promise<StaffOrderView> {
  const parsed = setOrderChargeInput.safeParse({ amount: amount.trim() });
  if (!parsed.success) {
    throw inputError(parsed.error);
  }
  const amountMinor = parsed.data.amount;
  return changeOrder(deps, 'orders.work', change, 'setCharge', { amountMinor }, async () => ({
    events: [{ type: 'setCharge', amountMinor }],
  }));
}

/**
 * Sets a medication order's estimated time (other categories ARO-E6010).
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param time - the estimated time
 */
export async function setStaffOrderEstimatedTime(deps: StaffOrderDeps, change: StaffOrderChange, time: Date): Promise<StaffOrderView> {
  const parsed = setOrderEstimatedTimeInput.safeParse({ time: Number.isNaN(time.getTime()) ? '' : time.toISOString() });
  if (!parsed.success) {
    throw new AppError('ARO-E6011');
  }
  const iso = parsed.data.time;
  return changeOrder(deps, 'orders.estimatedTime', change, 'setEstimatedTime', { time: iso }, async () => ({
    events: [{ type: 'setEstimatedTime', time: iso }],
  }));
}

/**
 * Schedules or reschedules the home sample collection: the collector's name and the time; the order
 * moves to sampleCollecting (domain: a home request of a category with sample collection, ARO-E6014;
 * a charge first for paid categories, ARO-E6007) and the patient gets an SMS with both.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - the collector's name and the time
 */
export async function scheduleStaffSampleCollection(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { collectorName: string; time: Date },
): Promise<StaffOrderView> {
  const parsed = scheduleSampleCollectionInput.safeParse({
    userName: input.collectorName,
    time: Number.isNaN(input.time.getTime()) ? '' : input.time.toISOString(),
  });
  if (!parsed.success) {
    throw inputError(parsed.error);
  }
  const { userName, time } = parsed.data;
  return changeOrder(deps, 'orders.sampleCollection', change, 'scheduleSampleCollection', { userName, time }, async () => ({
    events: [{ type: 'scheduleSampleCollection', userName, time }],
  }));
}

/**
 * Moves the order to a status through the state machine: completed closes it (the complete event);
 * canceled needs a reason (staffCancelOrder, ARO-E6009); any other move the domain does not allow
 * answers ARO-E6003. The patient gets an SMS when a medication is on its way or ready for
 * collection, a lab report is ready, or the sample collector is on the way.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param to - the status
 */
export async function moveStaffOrderStatus(deps: StaffOrderDeps, change: StaffOrderChange, to: string): Promise<StaffOrderView> {
  const target = to.trim();
  if (target === 'canceled') {
    throw new AppError('ARO-E6009');
  }
  const parsed = moveOrderStatusInput.safeParse({ to: target });
  return changeOrder(deps, 'orders.work', change, 'moveStatus', { to: target }, async ({ row }) => {
    if (!parsed.success) {
      // Not a status at all: refused like any move the state machine does not know.
      throw new AppError('ARO-E6003', { from: orderStatusLabel(orderState(row, 0).status), to: target.slice(0, 40) });
    }
    const event: OrderEvent = parsed.data.to === 'completed' ? { type: 'complete' } : { type: 'moveStatus', to: parsed.data.to };
    return { events: [event] };
  });
}

/**
 * Cancels the order with a reason from the list (ARO-E6009 otherwise); the reason is kept on the
 * order (orderCanceledReason) and on its history line. The open invoice is closed with it (ARO-E5015
 * while a payment of it may still come, as for a new charge).
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param reason - outOfStock, patientNoResponse or patientRequested
 */
export async function cancelStaffOrder(deps: StaffOrderDeps, change: StaffOrderChange, reason: string): Promise<StaffOrderView> {
  const parsed = cancelOrderInput.safeParse({ reason: reason.trim() });
  if (!parsed.success) {
    throw inputError(parsed.error);
  }
  const chosen = parsed.data.reason;
  return changeOrder(deps, 'orders.work', change, 'cancel', { reason: chosen }, async () => ({
    events: [{ type: 'cancel', reason: chosen }],
    reason: chosen,
  }));
}
