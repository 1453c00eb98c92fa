import { AppError } from '@careline/domain/errors';
import {
  ORDER_CATEGORIES,
  ORDER_STAFF_ROLES,
  ORDER_STATUS_FIELDS,
  isOrderCategory,
  nextOrderStatuses,
  transitionOrder,
  type OrderCategory,
  type OrderState,
} from '@careline/domain/orders';
import { ageLabel, formatMedicalRecordNumber } from '@careline/domain/profiles';
import { hasControlCharacters, type StaffRole } from '@careline/domain/staff';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import { DEFAULT_TIME_ZONE, zonedParts } from '@careline/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { serviceRequests } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { currentStaffStanding } from '../consultations/index.ts';
import type { SmsOutbox } from '../sms/index.ts';
import type { StaffViewer } from '../staff/index.ts';
import {
  hospitalScope,
  notFound,
  requireStaffRole,
  staffActor,
  type StaffAction,
  type StaffAuditActor,
} from '../staff/index.ts';
import type { StaffOrderChangedEvent } from './orders.live.ts';
import type { ServiceRequestRow } from './orders.repo.ts';
import { orderState, rendered, UUID, withDetails, type OrderView } from './orders.service.ts';
import {
  countHospitalOrders,
  findHospitalOrder,
  selectHospitalOrders,
  selectOrderPatients,
  type OrderPatientRow,
  type QueueName,
} from './staff-orders.repo.ts';

/** A queue page's size unless asked otherwise. */
export const STAFF_ORDER_PAGE_DEFAULT = 20;
/** The largest queue page. */
export const STAFF_ORDER_PAGE_MAX = 50;
/** The longest search text (a name, a mobile number or an order number). */
export const STAFF_ORDER_SEARCH_MAX = 100;

/** What every staff order operation needs. */
export type StaffOrderDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** The SMS outbox: an order's notice is written in the change's transaction, sent by the job queue. */
  smsOutbox: SmsOutbox;
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
  /** The tenant's medical record number as shown ('000042'); '' before one is given (issue 30 §3.7). */
  medicalRecordNumber: string;
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

/** The member's roles in the hospital of the request. */
export function rolesHere(deps: Pick<StaffOrderDeps, 'staff' | 'organizationId'>): StaffRole[] {
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

/**
 * The staff member as an audit actor: the policy's check and role (staffActor), under a role that
 * works the category when the member holds one.
 * @param deps - the staff member and hospital
 * @param action - the operation's policy key
 * @param category - the order's category, when the operation concerns one order
 */
export function orderActor(deps: StaffOrderDeps, action: StaffAction, category?: OrderCategory): StaffAuditActor {
  const who = staffActor(deps, action);
  const categoryRole = category ? rolesHere(deps).find((role) => ORDER_STAFF_ROLES[category].includes(role)) : undefined;
  return categoryRole ? { ...who, role: categoryRole } : who;
}

/** The order's category; throws for a row of an unknown category. */
export function categoryOf(row: ServiceRequestRow): OrderCategory {
  if (!isOrderCategory(row.category)) {
    throw new Error(`order ${row.id} has an unknown category`);
  }
  return row.category;
}

/** An order of the hospital whose category the member works; else ARO-E2001 (not here) or ARO-E1210. */
export async function hospitalOrder(db: DbOrTx, deps: StaffOrderDeps, id: string, lock: boolean): Promise<ServiceRequestRow> {
  if (!UUID.test(id)) {
    throw notFound();
  }
  const row = await findHospitalOrder(db, hospitalScope(deps), id, lock);
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
  const today = zonedParts(now, DEFAULT_TIME_ZONE);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = today.year - y;
  if (today.month < m || (today.month === m && today.day < d)) {
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
      medicalRecordNumber: '',
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
    medicalRecordNumber: formatMedicalRecordNumber(row.medicalRecordNumber),
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
  orderActor(deps, 'orders.read');
  return deps.db.transaction(async (tx) => {
    const row = await hospitalOrder(tx, deps, id, false);
    const [view] = await staffViews(tx, deps, [row]);
    if (!view) {
      throw notFound();
    }
    // issue 7 point 3: a staff read of patient data is audited.
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: orderActor(deps, 'orders.read', categoryOf(row)),
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
export async function readChanged(deps: StaffOrderDeps, id: string): Promise<StaffOrderView> {
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
  const who = orderActor(deps, 'orders.read');
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
    const rows = await selectHospitalOrders(tx, hospitalScope(deps), { ...queue, afterId: after, limit: first + 1 });
    const totalCount = await countHospitalOrders(tx, hospitalScope(deps), queue);
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
export function staffColumns(category: OrderCategory, state: OrderState): OrderColumns {
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

/**
 * Which published order changes a member's subscription to the hospital's orders hears: those of
 * the categories the member works (category narrows it). Refuses before listening, as a result
 * would when it resolves: no orders reader here ARO-E1210, a category the member does not work too.
 * @param deps - database, tenant, staff member and hospital
 * @param category - Medication, Examination, Procedure or Finance; null: every category the member works
 */
export function staffOrderEventFilter(deps: StaffOrderDeps, category: string | null): (payload: unknown) => boolean {
  requireStaffOrdersReader(deps);
  if (category !== null && !staffWorksCategory(deps, category)) {
    throw staffCategoryError();
  }
  return (payload) => {
    const event = payload as Partial<StaffOrderChangedEvent> | null;
    return (
      typeof event?.id === 'string' &&
      typeof event.category === 'string' &&
      (category === null || event.category === category) &&
      staffWorksCategory(deps, event.category)
    );
  };
}

/**
 * The order a published change names, read now and audited ({@link readStaffOrderLive}); null for
 * anything else (the root value of a one-off HTTP request).
 * @param deps - database, tenant, staff member and hospital
 * @param payload - the published event, or the root value
 */
export async function readStaffOrderEvent(deps: StaffOrderDeps, payload: unknown): Promise<StaffOrderView | null> {
  const event = payload as Partial<StaffOrderChangedEvent> | null | undefined;
  return typeof event?.id === 'string' ? readStaffOrderLive(deps, event.id) : null;
}
