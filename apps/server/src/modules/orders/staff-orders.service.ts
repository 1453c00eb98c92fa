import { randomUUID } from 'node:crypto';
import { AppError, errorString } from '@careline/domain/errors';
import {
  ORDER_CATEGORIES,
  ORDER_STAFF_ROLES,
  ORDER_STATUS_FIELDS,
  cancelOrderInput,
  isOrderCategory,
  moveOrderStatusInput,
  nextOrderStatuses,
  orderNoteInput,
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
import { ageLabel } from '@careline/domain/profiles';
import { hasControlCharacters, type StaffRole } from '@careline/domain/staff';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import type { serviceRequests } from '../../db/schema/index.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import { currentStaffStanding } from '../consultations/staff-queue-live.repo.ts';
import { HOSPITAL_UTC_OFFSET_MINUTES } from '../hospitals/hospitals.time.ts';
import { closeOpenOrderInvoice } from './order-invoice-hook.ts';
import { runOnce } from '../idempotency/idempotency.service.ts';
import type { StaffViewer } from '../staff/staff.access-sessions.ts';
import { requireStaffRole, type StaffAction } from '../staff/staff.permissions.ts';
import { publishOrderChanged } from './orders.live.ts';
import {
  insertDocumentReference,
  insertNote,
  insertOrderEvents,
  insertServiceRequest,
  linkDocuments,
  selectNotes,
  selectOrderDocuments,
  updateServiceRequestAtVersion,
  type ServiceRequestRow,
} from './orders.repo.ts';
import {
  checkDescription,
  inputError,
  notFound,
  orderDetailOf,
  orderState,
  rendered,
  UUID,
  withDetails,
  type OrderView,
} from './orders.service.ts';
import { orderSmsText, type OrderSms } from './staff-orders.sms.ts';
import {
  countHospitalOrders,
  findHospitalOrder,
  findStaffBlob,
  selectHospitalOrders,
  selectOrderPatients,
  type HospitalScope,
  type OrderPatientRow,
  type QueueName,
} from './staff-orders.repo.ts';

/** A queue page's size unless asked otherwise. */
export const STAFF_ORDER_PAGE_DEFAULT = 20;
/** The largest queue page. */
export const STAFF_ORDER_PAGE_MAX = 50;
/** The longest search text (a name, a mobile number or an order number). */
export const STAFF_ORDER_SEARCH_MAX = 100;
/** Most codes on a replacement (as on creation). */
const CODES_MAX = 50;
const CODE_MAX = 64;

/** What every staff order operation needs. */
export type StaffOrderDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  sms: SmsSender;
  /** The tenant's public config: its brand name on texts, the test and procedure codes of a replacement. */
  config: Pick<TenantPublicConfig, 'branding' | 'diagnosticReportCodes' | 'procedureCodes'>;
  log?: FastifyBaseLogger;
};

/** The patient of an order as the hospital sees it: no relationship to the account holder. */
export type StaffOrderPatient = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  name: string;
  gender: string;
  birthDate: string | null;
  age: number | null;
  ageLabel: string;
  mobileNo: string | null;
};

/** An order with its patient and the statuses staff may move it to next. */
export type StaffOrderView = {
  id: string;
  order: OrderView;
  patient: StaffOrderPatient;
  nextStatuses: string[];
  canScheduleSampleCollection: boolean;
};

/** A page of a queue, newest first, with how many orders the whole queue holds. */
export type StaffOrderPage = { nodes: StaffOrderView[]; endCursor: string | null; hasMore: boolean; totalCount: number };

export type StaffOrderQueue = QueueName;

/** A change asked of one order: the version the console saw and the client's idempotency key. */
export type StaffOrderChange = { id: string; expectedVersion: number; idempotencyKey: string | null };

function scope(deps: StaffOrderDeps): HospitalScope {
  return { tenantId: deps.tenantId, organizationId: deps.organizationId };
}

/** The member's roles in the hospital of the request. */
function rolesHere(deps: Pick<StaffOrderDeps, 'staff' | 'organizationId'>): StaffRole[] {
  return deps.staff.memberships.filter((m) => m.organizationId === deps.organizationId).map((m) => m.role);
}

/**
 * Whether the member holds, in the request's hospital, a role that works orders of the category
 * (ORDER_STAFF_ROLES: pharmacist Medication, lab technician Examination, nurse Procedure and
 * Finance, doctor Finance, admin all).
 * @param deps - the staff member and hospital
 * @param category - an order category
 */
export function staffWorksCategory(deps: Pick<StaffOrderDeps, 'staff' | 'organizationId'>, category: string): boolean {
  if (!isOrderCategory(category)) {
    return false;
  }
  const allowed = ORDER_STAFF_ROLES[category];
  return rolesHere(deps).some((role) => allowed.includes(role));
}

/**
 * Refuses a member who may not read the hospital's orders, with the policy's error (ARO-E2001 for
 * a hospital they do not belong to, ARO-E1210 for a role without orders): the subscription's
 * check at subscribe time, before it listens.
 * @param deps - the staff member and hospital
 */
export function requireStaffOrdersReader(deps: Pick<StaffOrderDeps, 'staff' | 'organizationId'>): void {
  requireStaffRole(deps.staff, 'orders.read', deps.organizationId);
}

/** The refusal for an order category the member's roles do not work. */
export function staffCategoryError(): AppError {
  return new AppError('ARO-E1210');
}

/** The staff member as an audit actor: under a role that works the category, else the policy's. */
function actor(deps: StaffOrderDeps, action: StaffAction, category?: OrderCategory): Extract<AuditActor, { kind: 'staff' }> {
  const policyRole = requireStaffRole(deps.staff, action, deps.organizationId);
  const categoryRole = category ? rolesHere(deps).find((role) => ORDER_STAFF_ROLES[category].includes(role)) : undefined;
  return { kind: 'staff', staffUserId: deps.staff.staffUserId, role: categoryRole ?? policyRole, organizationId: deps.organizationId };
}

function categoryOf(row: ServiceRequestRow): OrderCategory {
  if (!isOrderCategory(row.category)) {
    throw new Error(`order ${row.id} has an unknown category`);
  }
  return row.category;
}

/** An order of the hospital whose category the member works; else ARO-E2001 (not here) or ARO-E1210. */
async function hospitalOrder(db: DbOrTx, deps: StaffOrderDeps, id: string, lock: boolean): Promise<ServiceRequestRow> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const row = await findHospitalOrder(db, scope(deps), id, lock);
  if (!row) {
    throw notFound();
  }
  if (!staffWorksCategory(deps, row.category)) {
    throw staffCategoryError();
  }
  return row;
}

/** Whole years from a YYYY-MM-DD birth date to today in hospital time; null without a valid one. */
function ageInYears(birthDate: string | null, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  if (!match) {
    return null;
  }
  const today = new Date(now.getTime() + HOSPITAL_UTC_OFFSET_MINUTES * 60_000);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) {
    age -= 1;
  }
  return age >= 0 ? age : null;
}

function patientView(row: OrderPatientRow | undefined, patientId: string, now: Date): StaffOrderPatient {
  if (!row) {
    return {
      id: patientId,
      prefix: '',
      givenName: '',
      familyName: '',
      name: '',
      gender: '',
      birthDate: null,
      age: null,
      ageLabel: '',
      mobileNo: null,
    };
  }
  return {
    id: row.id,
    prefix: row.prefix,
    givenName: row.givenName,
    familyName: row.familyName,
    name: [row.prefix, row.givenName, row.familyName].map((part) => part.trim()).filter((part) => part !== '').join(' '),
    gender: row.gender,
    birthDate: row.birthDate,
    age: ageInYears(row.birthDate, now),
    ageLabel: ageLabel(row.birthDate, now),
    mobileNo: row.patientMobileNo ?? row.accountMobileNo,
  };
}

/** Whether the domain would schedule a home sample collection on the order now. */
function canSchedule(state: OrderState, roles: readonly StaffRole[], now: Date): boolean {
  const probe = transitionOrder(state, { type: 'scheduleSampleCollection', userName: 'probe', time: now.toISOString() }, { kind: 'staff', roles });
  return probe.ok;
}

/** Orders as the console shows them: with details, patients and the next moves. */
async function staffViews(db: DbOrTx, deps: StaffOrderDeps, rows: ServiceRequestRow[], now: Date = new Date()): Promise<StaffOrderView[]> {
  const [views, people] = await Promise.all([
    withDetails(db, rows),
    selectOrderPatients(
      db,
      deps.tenantId,
      rows.map((row) => row.patientId),
    ),
  ]);
  const roles = rolesHere(deps);
  return views.map((order) => {
    const state = orderState(order, order.documents.length);
    return {
      id: order.id,
      order,
      patient: patientView(
        people.find((person) => person.id === order.patientId),
        order.patientId,
        now,
      ),
      nextStatuses: nextOrderStatuses(state),
      canScheduleSampleCollection: canSchedule(state, roles, now),
    };
  });
}

/** Reads an order of the hospital for the console and audits the read, in one transaction. */
async function readAudited(deps: StaffOrderDeps, id: string, action: string): Promise<StaffOrderView> {
  actor(deps, 'orders.read');
  return deps.db.transaction(async (tx) => {
    const row = await hospitalOrder(tx, deps, id, false);
    const [view] = await staffViews(tx, deps, [row]);
    if (!view) {
      throw notFound();
    }
    // issue 7 point 3: a staff read of patient data is audited.
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: actor(deps, 'orders.read', categoryOf(row)),
      action,
      correlationId: deps.correlationId,
      patientAccountId: row.accountId,
      patientId: row.patientId,
      details: { serviceRequestId: row.id, category: row.category },
    });
    return view;
  });
}

/** The console's view of an order just changed (no read audit row: the change's own row covers it). */
async function readChanged(deps: StaffOrderDeps, id: string): Promise<StaffOrderView> {
  const row = await hospitalOrder(deps.db, deps, id, false);
  const [view] = await staffViews(deps.db, deps, [row]);
  if (!view) {
    throw notFound();
  }
  return view;
}

/**
 * An order of the hospital with its documents, notes, history and patient (issue 10 staff console).
 * Another hospital's order answers ARO-E2001 like a missing one; a category the member's roles do
 * not work ARO-E1210. Audited (order.read).
 * @param deps - database, tenant, staff member, hospital
 * @param id - the order
 */
export async function readStaffOrder(deps: StaffOrderDeps, id: string): Promise<StaffOrderView> {
  return readAudited(deps, id, 'order.read');
}

/**
 * One delivery of subscribeStaffOrders: the member's roles are read again first, so a role taken
 * away since subscribing stops the patient data at the next change; then read and audited like staffOrder.
 * @param deps - as they subscribed
 * @param id - the changed order
 */
export async function readStaffOrderLive(deps: StaffOrderDeps, id: string): Promise<StaffOrderView> {
  const standing = await currentStaffStanding(deps.db, { tenantId: deps.tenantId, staffUserId: deps.staff.staffUserId });
  if (!standing) {
    throw new AppError('ARO-E1022');
  }
  return readAudited({ ...deps, staff: { ...deps.staff, ...standing } }, id, 'order.read.live');
}

/**
 * A page of one queue of the hospital's orders, newest first (issue 10 staff console: new, in
 * progress, done, with search by patient or order number), of one category or of every category the
 * member works. Audited (order.list) with the orders and patients shown.
 * @param deps - database, tenant, staff member, hospital
 * @param filter - category, queue, search text, page size and the endCursor of the page before
 */
export async function listStaffOrders(
  deps: StaffOrderDeps,
  filter: { category: string | null; queue: StaffOrderQueue; search: string | null; first: number; after: string | null },
): Promise<StaffOrderPage> {
  const who = actor(deps, 'orders.read');
  const { first, after } = filter;
  if (!Number.isInteger(first) || first < 1 || first > STAFF_ORDER_PAGE_MAX) {
    throw rendered('ARO-E2002', `ARO-E2002:first must be from 1 to ${STAFF_ORDER_PAGE_MAX}`);
  }
  if (after !== null && !UUID.test(after)) {
    throw rendered('ARO-E2002', 'ARO-E2002:after must be the endCursor of the page before');
  }
  let categories: OrderCategory[];
  if (filter.category !== null) {
    if (!isOrderCategory(filter.category)) {
      throw rendered('ARO-E2002', 'ARO-E2002:category must be Medication, Examination, Procedure or Finance');
    }
    if (!staffWorksCategory(deps, filter.category)) {
      throw staffCategoryError();
    }
    categories = [filter.category];
  } else {
    categories = ORDER_CATEGORIES.filter((category) => staffWorksCategory(deps, category));
  }
  const search = filter.search?.trim() ?? '';
  if (search.length > STAFF_ORDER_SEARCH_MAX || hasControlCharacters(search)) {
    throw rendered('ARO-E2002', `ARO-E2002:search must be at most ${STAFF_ORDER_SEARCH_MAX} characters`);
  }
  if (categories.length === 0) {
    return { nodes: [], endCursor: null, hasMore: false, totalCount: 0 };
  }
  return deps.db.transaction(async (tx) => {
    const queue = { categories, queue: filter.queue, search: search === '' ? null : search };
    const rows = await selectHospitalOrders(tx, scope(deps), { ...queue, afterId: after, limit: first + 1 });
    const totalCount = await countHospitalOrders(tx, scope(deps), queue);
    const page = rows.slice(0, first);
    const nodes = await staffViews(tx, deps, page);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: who,
      action: 'order.list',
      correlationId: deps.correlationId,
      details: {
        queue: filter.queue,
        categories,
        searched: search !== '',
        serviceRequestIds: page.map((row) => row.id),
        patientIds: [...new Set(page.map((row) => row.patientId))],
      },
    });
    return { nodes, endCursor: page.at(-1)?.id ?? null, hasMore: rows.length > first, totalCount };
  });
}

type OrderColumns = Partial<typeof serviceRequests.$inferInsert>;

const blankToNull = (line: string): string | null => (line.trim() === '' ? null : line);

/** The columns a staff member's accepted events may change, from the state machine's next state. */
function staffColumns(category: OrderCategory, state: OrderState): OrderColumns {
  return {
    [ORDER_STATUS_FIELDS[category]]: state.status,
    serviceRequestChargingAmount: state.chargingAmountMinor === null ? null : state.chargingAmountMinor / 100,
    serviceRequestPaymentStatus: state.paymentStatus,
    serviceRequestPaymentMethod: state.paymentMethod,
    orderCanceledReason: state.canceledReason,
    orderCommunicationStatus: state.communicationStatus,
    medicationOrderEstimatedTime: state.estimatedTime === null ? null : new Date(state.estimatedTime),
    sampleCollectionUserName: state.sampleCollection?.userName ?? null,
    sampleCollectionTime: state.sampleCollection ? new Date(state.sampleCollection.time) : null,
    serviceRequestInitiatedFor: state.initiatedFor,
    addressLineOne: blankToNull(state.address.addressLineOne),
    addressLineTwo: blankToNull(state.address.addressLineTwo),
    addressLineThree: blankToNull(state.address.addressLineThree),
    addressCity: blankToNull(state.address.addressCity),
    replacedById: state.replacedBy,
    version: state.version,
  };
}

/** What a change hands on past its transaction: the order(s) to publish and the SMS to send. */
type ChangeOutcome = {
  /** The order the console gets back (the replacement for a replace). */
  id: string;
  published: { id: string; accountId: string; patientId: string; intent: string; organizationId: string | null; category: string }[];
  sms: OrderSms | null;
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
 * only) the order is published to the patient and to the hospital's staff topic, and the SMS is
 * started (not awaited). The answer is read without a second audit row; a replay's answer is an
 * audited read (order.read), since it changed nothing.
 */
async function changeOrder(
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
      const who = actor(deps, action, category);
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
      const sms = person ? orderSmsFor(deps, row, category, state, notices, person) : null;
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

/** SMS of committed changes still being sent (fire and forget; see orderSmsSettled). */
const smsInFlight = new Set<Promise<void>>();

/**
 * Resolves when every order SMS sent so far has been handed to the provider or failed (tests, shutdown).
 */
export async function orderSmsSettled(): Promise<void> {
  while (smsInFlight.size > 0) {
    await Promise.all([...smsInFlight]);
  }
}

/**
 * Publishes the changed orders after the commit and starts the SMS without waiting for it (a slow
 * provider does not hold the staff member's answer); it is sent once, a failure is logged, the
 * change stands.
 */
async function afterCommit(deps: StaffOrderDeps, outcome: ChangeOutcome): Promise<void> {
  for (const order of outcome.published) {
    await publishOrderChanged({ publish: deps.publish, log: deps.log }, deps.tenantId, order.accountId, order);
  }
  const sms = outcome.sms;
  if (sms) {
    const sending = (async () => {
      try {
        await deps.sms.send({ tenantId: deps.tenantId, to: sms.to, body: sms.body });
      } catch (error) {
        // The sender records the failed message; the change stands and the live update went out.
        deps.log?.warn({ err: error, serviceRequestId: outcome.published[0]?.id }, 'order SMS failed');
      }
    })();
    smsInFlight.add(sending);
    void sending.finally(() => smsInFlight.delete(sending));
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

/** A document of a file this member uploaded, on the order's patient and hospital, author 'User/{id}'. */
async function staffDocument(
  tx: Tx,
  deps: StaffOrderDeps,
  row: ServiceRequestRow,
  blobId: string,
  description: string | null,
): Promise<string> {
  const blob = UUID.test(blobId) ? await findStaffBlob(tx, deps.tenantId, deps.staff.staffUserId, blobId) : null;
  if (!blob) {
    throw notFound();
  }
  const document = await insertDocumentReference(tx, {
    tenantId: deps.tenantId,
    accountId: row.accountId,
    patientId: row.patientId,
    organizationId: deps.organizationId,
    blobId: blob.id,
    url: `/blob/get/${blob.id}`,
    contentType: blob.contentType,
    description,
    authorReference: `User/${deps.staff.staffUserId}`,
    subjectReference: `Patient/${row.patientId}`,
  });
  await linkDocuments(tx, deps.tenantId, row.id, [document.id]);
  return document.id;
}

/**
 * Replies in the order's notes: author 'User/{id}' with the member's name, orderCommunicationStatus
 * performerReplied (domain: closed on a completed order, ARO-E6021; text rules ARO-E6020). An
 * attachment (a file this member uploaded; another's answers ARO-E2001) becomes a document of the
 * order that the note names.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - the text and the optional uploaded file
 * @param now - the clock
 */
export async function addStaffOrderNote(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { text: string; attachmentBlobId: string | null },
  now: Date = new Date(),
): Promise<StaffOrderView> {
  const parsed = orderNoteInput.safeParse({ text: input.text });
  if (!parsed.success) {
    throw inputError(parsed.error);
  }
  const text = parsed.data.text;
  const blobId = input.attachmentBlobId;
  return changeOrder(deps, 'orders.work', change, 'addNote', { text, blobId }, async ({ tx, row }) => {
    const events: OrderEvent[] = [];
    if (blobId !== null) {
      events.push({ type: 'attachDocument', documentId: blobId });
    }
    events.push({ type: 'addNote', text });
    return {
      events,
      after: async () => {
        const documentId = blobId === null ? null : await staffDocument(tx, deps, row, blobId, null);
        await insertNote(tx, {
          tenantId: deps.tenantId,
          serviceRequestId: row.id,
          authorReference: `User/${deps.staff.staffUserId}`,
          authorDisplay: deps.staff.displayName,
          text,
          time: now,
          documentReferenceId: documentId,
        });
      },
    };
  });
}

/**
 * Attaches a result or prescription document (author 'User/{id}') made of a file this member
 * uploaded (another's answers ARO-E2001); allowed after completion, refused on a canceled order
 * (ARO-E6001). The document belongs to the order's patient and is readable by the hospital's staff.
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - the uploaded file and an optional description
 */
export async function attachStaffOrderDocument(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { blobId: string; description: string | null },
): Promise<StaffOrderView> {
  const description = checkDescription(input.description);
  const { blobId } = input;
  return changeOrder(deps, 'orders.work', change, 'attachDocument', { blobId, description }, async ({ tx, row }) => ({
    events: [{ type: 'attachDocument', documentId: blobId }],
    after: async () => {
      await staffDocument(tx, deps, row, blobId, description);
    },
  }));
}

function codeList(codes: string[] | null, field: string): string[] | null {
  if (codes === null) {
    return null;
  }
  const trimmed = codes.map((code) => code.trim());
  if (trimmed.length > CODES_MAX || trimmed.some((code) => code === '' || code.length > CODE_MAX || hasControlCharacters(code))) {
    throw rendered('ARO-E2002', `ARO-E2002:${field} takes at most ${CODES_MAX} codes of 1 to ${CODE_MAX} characters`);
  }
  return trimmed;
}

/**
 * Replaces an order (spec doc 3 §4): a new order of the same patient, account, category, hospital,
 * place, times, charge, documents and notes, at the same status, records the old one in replaces, and the
 * old one records serviceRequestReplacedBy (the patient's order view opens the replacement). The
 * test or procedure codes and the additional note may change. Both orders get a history line
 * (replace; create with the reason 'ServiceRequest/{old}'). Answers the replacement.
 *
 * Payment: the old order's open invoice is closed in the same transaction (ARO-E5015 while a payment
 * of it may still come); an unpaid replacement keeps the charge and method and gets its own invoice
 * (ServiceRequest/{new}) when the patient next pays. A paid order's replacement stays paid: the money
 * was taken for this same request (the charge cannot change once paid, ARO-E6006), its payment,
 * receipt and invoice stay on ServiceRequest/{old}, and the replacement's history says so (a
 * recordPayment line with the reason 'paid on ServiceRequest/{old}').
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - new test codes (examinations), procedure codes, additional note
 */
export async function replaceStaffOrder(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { diagnosticReport: string[] | null; procedureRequest: string[] | null; additionalNote: string | null },
): Promise<StaffOrderView> {
  const diagnosticReport = codeList(input.diagnosticReport, 'diagnosticReport');
  const procedureRequest = codeList(input.procedureRequest, 'procedureRequest');
  const note = input.additionalNote === null ? null : input.additionalNote.trim();
  if (note !== null && (note.length > 1000 || hasControlCharacters(note.replace(/[\n\r\t]/g, ' ')))) {
    throw new AppError('ARO-E6020', { max: '1000' });
  }
  const replacementId = randomUUID();
  return changeOrder(
    deps,
    'orders.work',
    change,
    'replace',
    { diagnosticReport, procedureRequest, additionalNote: note },
    async ({ tx, row, category }) => {
      if (diagnosticReport !== null && category !== 'Examination') {
        throw rendered('ARO-E2002', 'ARO-E2002:diagnosticReport is for examination orders only');
      }
      return {
        events: [{ type: 'replace', replacementId }],
        after: async () => {
          const codes = category === 'Examination' ? diagnosticReport : procedureRequest;
          const known = category === 'Examination' ? deps.config.diagnosticReportCodes : deps.config.procedureCodes;
          const {
            id: _oldId,
            identifier: _oldIdentifier,
            createdAt: _createdAt,
            updatedAt: _updatedAt,
            version: _version,
            replacedById: _replacedBy,
            ...kept
          } = row;
          const replacement = await insertServiceRequest(tx, {
            ...kept,
            id: replacementId,
            identifier: replacementId.slice(0, 8).toUpperCase(),
            replacesId: row.id,
            orderDetail: codes === null ? row.orderDetail : orderDetailOf(codes, known),
            diagnosticReport: category === 'Examination' && diagnosticReport !== null ? diagnosticReport : row.diagnosticReport,
            procedureRequest: procedureRequest ?? row.procedureRequest,
            additionalNote: note ?? row.additionalNote,
            heartbeatLinkSeen: false,
            heartbeatTimestamps: {},
            // The replacement gets its own invoice when the payments module prepares one.
            invoiceOrEncounterIdentifier: null,
          });
          const documents = await selectOrderDocuments(tx, [row.id]);
          await linkDocuments(
            tx,
            deps.tenantId,
            replacement.id,
            documents.map((document) => document.id),
          );
          // The conversation goes on on the replacement: the patient is sent there (spec doc 3 §2).
          for (const note of await selectNotes(tx, [row.id])) {
            const { id: _noteId, serviceRequestId: _from, ...copy } = note;
            await insertNote(tx, { ...copy, serviceRequestId: replacement.id });
          }
          const status = orderState(replacement, documents.length).status;
          await insertOrderEvents(tx, [
            {
              tenantId: deps.tenantId,
              serviceRequestId: replacement.id,
              fromStatus: null,
              toStatus: status,
              event: 'create',
              actorReference: `User/${deps.staff.staffUserId}`,
              reason: `ServiceRequest/${row.id}`,
            },
            ...(replacement.serviceRequestPaymentStatus === 'paid'
              ? [
                  {
                    tenantId: deps.tenantId,
                    serviceRequestId: replacement.id,
                    fromStatus: status,
                    toStatus: status,
                    event: 'recordPayment',
                    actorReference: `User/${deps.staff.staffUserId}`,
                    reason: `paid on ServiceRequest/${row.id}`,
                  },
                ]
              : []),
          ]);
          return {
            id: replacement.id,
            published: [
              {
                id: replacement.id,
                accountId: replacement.accountId,
                patientId: replacement.patientId,
                intent: replacement.intent,
                organizationId: replacement.organizationId,
                category,
              },
            ],
          };
        },
      };
    },
  );
}
