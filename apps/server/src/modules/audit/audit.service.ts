import { AppError } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import { insertAuditEvent, listAuditEvents } from './audit.repo.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';
import {
  AUDIT_PATIENT_SEARCH_MAX,
  AUDIT_PATIENT_SEARCH_MIN,
  auditPatientSearch,
  auditPatientSearchProblem,
  isAuditAction,
  patientMobileNoFor,
  type StaffRole,
} from '@careline/domain/staff';

/** Who acted: a staff member under one role in one hospital, or a patient account. */
export type AuditActor =
  | { kind: 'staff'; staffUserId: string; role: string | null; organizationId: string | null }
  | { kind: 'patient'; accountId: string };

export type AuditRecord = {
  tenantId: string;
  actor: AuditActor;
  /** Dotted verb, e.g. 'patient.lookup', 'staff.create', 'auth.sign-in', 'profile.update'. */
  action: string;
  correlationId: string;
  /** The patient account whose data was read or changed. */
  patientAccountId?: string | null;
  patientId?: string | null;
  /** The hospital the action concerned, when the actor is a patient or it differs from the role's. */
  organizationId?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Records one audited action. Call it with the transaction of the change it records, so that a
 * change that fails leaves no row and a row never exists without its change (issue 7 point 3).
 * @param db - the change's transaction (or the database for a pure read)
 * @param record - who, what, whose, where and the correlation id
 */
export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  const { actor } = record;
  await insertAuditEvent(db, {
    tenantId: record.tenantId,
    actorKind: actor.kind,
    actorId: actor.kind === 'staff' ? actor.staffUserId : actor.accountId,
    role: actor.kind === 'staff' ? actor.role : null,
    organizationId:
      record.organizationId ?? (actor.kind === 'staff' ? actor.organizationId : null) ?? null,
    action: record.action,
    patientAccountId:
      record.patientAccountId ?? (actor.kind === 'patient' ? actor.accountId : null),
    patientId: record.patientId ?? null,
    correlationId: record.correlationId,
    details: record.details ?? {},
  });
}

export type AuditEventView = {
  id: string;
  at: Date;
  actorKind: string;
  actorId: string;
  actorName: string | null;
  role: string | null;
  /** The hospital the row concerns; null for a row of the tenant as a whole. */
  organizationId: string | null;
  action: string;
  patientAccountId: string | null;
  patientId: string | null;
  /** The patient's name ('Mrs Nadeesha Perera'), when the row concerns one. */
  patientName: string | null;
  /** The patient's mobile number as the reader may see it: '+94 77 123 4567' or '+94 77 *** **67'. */
  patientMobileNo: string | null;
  correlationId: string;
  details: Record<string, unknown>;
};

export const AUDIT_PAGE_MAX = 100;


function encodeCursor(event: { at: Date; id: string }): string {
  return Buffer.from(`${event.at.toISOString()}|${event.id}`, 'utf8').toString('base64url');
}

function invalidFilter(detail: string): AppError {
  const error = new AppError('ARO-E2002');
  error.message = `ARO-E2002:${detail}`;
  return error;
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime()) || !uuidPattern.test(id)) {
    throw new AppError('ARO-E2002');
  }
  return { at, id };
}

/** An id filter as sent: absent, or a well-formed id (a malformed one is the client's mistake). */
function idFilter(value: string | null | undefined, name: string): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  if (!uuidPattern.test(value)) {
    throw invalidFilter(`${name} must be an id`);
  }
  return value;
}

/** The patient search as sent: absent, or 2 to 100 characters of text (a name part or digits). */
function patientSearch(value: string | null | undefined): string | null {
  const problem = auditPatientSearchProblem(value ?? '');
  if (problem === 'length') {
    throw invalidFilter(
      `patient must be ${String(AUDIT_PATIENT_SEARCH_MIN)} to ${String(AUDIT_PATIENT_SEARCH_MAX)} characters`,
    );
  }
  if (problem === 'characters') {
    throw invalidFilter('patient must be a name or a mobile number');
  }
  return auditPatientSearch(value ?? '') || null;
}

/** A row's details as the reader may see them: a searched mobile number masked as the patient's is. */
function detailsFor(details: Record<string, unknown>, roles: readonly StaffRole[]): Record<string, unknown> {
  const mobileNo = details.mobileNo;
  return typeof mobileNo === 'string'
    ? { ...details, mobileNo: patientMobileNoFor(mobileNo, roles) }
    : details;
}

/** The action filter as sent: absent, or one of the trail's actions. */
function actionFilter(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  if (!isAuditAction(value)) {
    throw invalidFilter('action is not an action of the audit trail');
  }
  return value;
}

/**
 * One page of the audit trail an admin browses from a hospital (issue 7 point 3), newest first: the
 * rows of that hospital, and the rows of the tenant as a whole (hospital null: patients' sign-ins,
 * sign-outs, account changes and uploads; staff sign-ins and password changes), which any admin of
 * the tenant may read. Never rows of another tenant or of its other hospitals. Reading the trail is
 * itself not audited: it holds who looked at patients, not the patients' records.
 * @param deps - database and tenant
 * @param organizationId - the hospital (authorised by the caller's scope: an admin there)
 * @param filter - optional action, staff member (the actor), patient account or patient search (name
 *   or number), time range, page size and cursor; a bad one is refused (ARO-E2002) before any read
 * @param readerRoles - the reader's roles in the hospital: they decide whether patients' numbers are
 *   shown in full or masked (seesPatientMobileNo)
 */
export async function browseAuditTrail(
  deps: { db: DbOrTx; tenantId: string },
  organizationId: string,
  filter: {
    action?: string | null;
    staffUserId?: string | null;
    patientAccountId?: string | null;
    patient?: string | null;
    from?: Date | null;
    to?: Date | null;
    first?: number | null;
    after?: string | null;
  },
  readerRoles: readonly StaffRole[],
): Promise<{ events: AuditEventView[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(filter.first ?? 50, 1), AUDIT_PAGE_MAX);
  if (filter.from && filter.to && filter.from.getTime() > filter.to.getTime()) {
    throw invalidFilter('from must not be after to');
  }
  const rows = await listAuditEvents(deps.db, {
    tenantId: deps.tenantId,
    organizationIds: [organizationId],
    tenantRows: true,
    action: actionFilter(filter.action),
    staffUserId: idFilter(filter.staffUserId, 'staffUserId'),
    patientAccountId: idFilter(filter.patientAccountId, 'patientAccountId'),
    patient: patientSearch(filter.patient),
    from: filter.from,
    to: filter.to,
    before: filter.after ? decodeCursor(filter.after) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({
      id: row.id,
      at: row.at,
      actorKind: row.actorKind,
      actorId: row.actorId,
      actorName: row.actorName,
      role: row.role,
      organizationId: row.organizationId,
      action: row.action,
      patientAccountId: row.patientAccountId,
      patientId: row.patientId,
      patientName: row.patientName,
      patientMobileNo: patientMobileNoFor(row.patientMobileNo, readerRoles),
      correlationId: row.correlationId,
      details: detailsFor(row.details, readerRoles),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}
