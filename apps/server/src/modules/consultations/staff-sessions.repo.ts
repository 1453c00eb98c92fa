import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  appointments,
  chargingSchemes,
  consultationSessions,
  databaseRestores,
  organizations,
  patients,
  practitionerRoles,
  practitioners,
} from '../../db/schema/index.ts';

/** A session as the staff console sees it. */
export type StaffSessionView = {
  id: string;
  organizationId: string;
  practitionerId: string;
  practitionerName: string;
  practitionerRoleCode: string;
  practitionerRoleDisplay: string;
  chargingSchemeId: string | null;
  locationName: string | null;
  status: string;
  startTime: Date;
  endTime: Date;
  sessionStartedTime: Date | null;
  sessionCompletedTime: Date | null;
  /** The doctor's delay staff marked, in minutes (issue 32 §1.4); null: none. */
  delayMinutes: number | null;
  appointmentMaxAllowed: number;
  participationMode: string;
  issuedTokens: number;
  liveAppointments: number;
  /**
   * Set while the session takes no bookings after a restore, until staff confirm its highest token
   * (issue 31 §4.13): when the restore ran, and the newest change in the restored data.
   */
  tokenCheck: { restoredAt: Date; dataAsOf: Date | null } | null;
};

/** One appointment of a session's queue. */
export type StaffQueueAppointment = {
  id: string;
  sessionId: string;
  patientId: string;
  accountId: string;
  tokenNo: number;
  patientName: string;
  appointmentStatus: string;
  paymentStatus: string;
  /**
   * The refund (spec doc 2 §3 Refund status): requested, approved (collect at the hospital),
   * refunded, rejected; null when none was asked for. Staff see it as it is (issue 29 §1.6).
   */
  paymentRefundStatus: string | null;
  practitionerStatus: string | null;
  appointmentOriginChannel: string;
  appointmentArrivedTime: Date | null;
};

const sessionColumns = {
  id: consultationSessions.id,
  organizationId: consultationSessions.organizationId,
  practitionerId: consultationSessions.practitionerId,
  practitionerName: practitioners.text,
  practitionerRoleCode: consultationSessions.practitionerRoleCode,
  practitionerRoleDisplay: consultationSessions.practitionerRoleDisplay,
  chargingSchemeId: consultationSessions.chargingSchemeId,
  locationName: consultationSessions.locationName,
  status: consultationSessions.status,
  startTime: consultationSessions.startTime,
  endTime: consultationSessions.endTime,
  sessionStartedTime: consultationSessions.sessionStartedTime,
  sessionCompletedTime: consultationSessions.sessionCompletedTime,
  delayMinutes: consultationSessions.delayMinutes,
  appointmentMaxAllowed: consultationSessions.appointmentMaxAllowed,
  participationMode: consultationSessions.participationMode,
  issuedTokens: consultationSessions.issuedTokens,
  liveAppointments: consultationSessions.liveAppointments,
  tokenCheck: { restoredAt: databaseRestores.restoredAt, dataAsOf: databaseRestores.dataAsOf },
};

/**
 * A hospital's sessions that start within [from, to), earliest first.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param range - from (inclusive) and to (exclusive)
 */
export async function listHospitalSessions(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  range: { from: Date; to: Date },
): Promise<StaffSessionView[]> {
  return db
    .select(sessionColumns)
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .leftJoin(databaseRestores, eq(databaseRestores.id, consultationSessions.tokenCheckRestoreId))
    .where(
      and(
        eq(consultationSessions.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
        gte(consultationSessions.startTime, range.from),
        lt(consultationSessions.startTime, range.to),
      ),
    )
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id))
    .limit(500);
}

/**
 * A session of the hospital, or null (a session of another hospital is as missing as an unknown
 * one). With `lock`, the row is locked for the transaction, so queue changes of one session run
 * one after the other on PostgreSQL (PGlite runs one transaction at a time anyway).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param sessionId - the session
 * @param lock - lock the row FOR UPDATE
 */
export async function findHospitalSession(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  sessionId: string,
  lock = false,
): Promise<StaffSessionView | null> {
  const query = db
    .select(sessionColumns)
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .leftJoin(databaseRestores, eq(databaseRestores.id, consultationSessions.tokenCheckRestoreId))
    .where(
      and(
        eq(consultationSessions.id, sessionId),
        eq(consultationSessions.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
      ),
    );
  const [row] = lock ? await query.for('update', { of: consultationSessions }) : await query;
  return row ?? null;
}

/**
 * A hospital's sessions awaiting a token check after a restore, earliest first (any day).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function listHospitalSessionsAwaitingTokenCheck(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
): Promise<StaffSessionView[]> {
  return db
    .select(sessionColumns)
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(databaseRestores, eq(databaseRestores.id, consultationSessions.tokenCheckRestoreId))
    .where(and(eq(consultationSessions.tenantId, scope.tenantId), eq(consultationSessions.organizationId, scope.organizationId)))
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id))
    .limit(500);
}

/**
 * An active practitioner of the tenant with their roles (specialties), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param practitionerId - the practitioner
 */
export async function findPractitionerWithRoles(
  db: DbOrTx,
  tenantId: string,
  practitionerId: string,
): Promise<{ id: string; text: string; roles: { code: string; display: string; organizationId: string | null }[] } | null> {
  const [row] = await db
    .select({ id: practitioners.id, text: practitioners.text })
    .from(practitioners)
    .where(and(eq(practitioners.id, practitionerId), eq(practitioners.tenantId, tenantId), eq(practitioners.active, true)));
  if (!row) {
    return null;
  }
  const roles = await db
    .select({ code: practitionerRoles.code, display: practitionerRoles.display, organizationId: practitionerRoles.organizationId })
    .from(practitionerRoles)
    .where(eq(practitionerRoles.practitionerId, row.id))
    .orderBy(asc(practitionerRoles.code));
  return { ...row, roles };
}

/**
 * Whether an active charging scheme belongs to the hospital.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param chargingSchemeId - the scheme
 */
export async function isHospitalChargingScheme(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  chargingSchemeId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: chargingSchemes.id })
    .from(chargingSchemes)
    .where(
      and(
        eq(chargingSchemes.id, chargingSchemeId),
        eq(chargingSchemes.tenantId, scope.tenantId),
        eq(chargingSchemes.organizationId, scope.organizationId),
        eq(chargingSchemes.status, 'active'),
      ),
    );
  return row !== undefined;
}

/**
 * The hospital's name and phone, for texts to patients.
 * @param db - database or transaction
 * @param organizationId - the hospital
 */
export async function findHospitalContact(db: DbOrTx, organizationId: string): Promise<{ name: string; phone: string | null }> {
  const [row] = await db
    .select({ name: organizations.name, phone: organizations.phone })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { name: '', phone: null };
}

/**
 * The appointments of a session in token order, with each profile's display name.
 * @param db - database or transaction
 * @param sessionId - the session
 */
export async function listQueue(db: DbOrTx, sessionId: string): Promise<StaffQueueAppointment[]> {
  const rows = await db
    .select({
      id: appointments.id,
      sessionId: appointments.sessionId,
      patientId: appointments.patientId,
      accountId: appointments.accountId,
      tokenNo: appointments.tokenNo,
      prefix: patients.prefix,
      givenName: patients.givenName,
      familyName: patients.familyName,
      appointmentStatus: appointments.appointmentStatus,
      paymentStatus: appointments.paymentStatus,
      paymentRefundStatus: appointments.paymentRefundStatus,
      practitionerStatus: appointments.practitionerStatus,
      appointmentOriginChannel: appointments.appointmentOriginChannel,
      appointmentArrivedTime: appointments.appointmentArrivedTime,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(eq(appointments.sessionId, sessionId))
    .orderBy(asc(appointments.tokenNo));
  return rows.map(({ prefix, givenName, familyName, ...rest }) => ({
    ...rest,
    patientName: [prefix, givenName, familyName].filter((part) => part.length > 0).join(' '),
  }));
}

/**
 * An appointment in one of the hospital's sessions, or null (any other is as missing as an
 * unknown one).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param appointmentId - the appointment
 */
export async function findHospitalAppointment(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  appointmentId: string,
): Promise<{ id: string; sessionId: string; patientId: string; accountId: string; tokenNo: number; appointmentStatus: string } | null> {
  const [row] = await db
    .select({
      id: appointments.id,
      sessionId: appointments.sessionId,
      patientId: appointments.patientId,
      accountId: appointments.accountId,
      tokenNo: appointments.tokenNo,
      appointmentStatus: appointments.appointmentStatus,
    })
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * Moves an appointment from one of some statuses to another, in one conditional UPDATE; false when
 * it was in none of them any more (a concurrent change won).
 * @param tx - the change's transaction
 * @param appointmentId - the appointment
 * @param from - the statuses it may move from
 * @param to - the new status (arrived also stamps appointmentArrivedTime)
 */
export async function moveAppointmentStatus(
  tx: DbOrTx,
  appointmentId: string,
  from: readonly string[],
  to: 'arrived' | 'noshow' | 'fulfilled',
): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({
      appointmentStatus: to,
      ...(to === 'arrived' ? { appointmentArrivedTime: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(appointments.id, appointmentId), inArray(appointments.appointmentStatus, [...from])))
    .returning({ id: appointments.id });
  return rows.length === 1;
}

/**
 * Ends every ongoing (arrived) appointment of a session as fulfilled; returns their ids.
 * @param tx - the change's transaction (holding the session's lock)
 * @param sessionId - the session
 */
export async function fulfilOngoing(tx: DbOrTx, sessionId: string): Promise<string[]> {
  const rows = await tx
    .update(appointments)
    .set({ appointmentStatus: 'fulfilled', updatedAt: sql`now()` })
    .where(and(eq(appointments.sessionId, sessionId), eq(appointments.appointmentStatus, 'arrived')))
    .returning({ id: appointments.id });
  return rows.map((row) => row.id);
}

/**
 * Calls the booked appointment with the lowest token: it becomes arrived (Ongoing). The row is taken
 * by a conditional UPDATE on its status, so a call never takes an appointment another call took.
 * @param tx - the change's transaction (holding the session's lock)
 * @param sessionId - the session
 */
export async function callLowestBooked(tx: DbOrTx, sessionId: string): Promise<{ id: string; tokenNo: number; patientId: string } | null> {
  const [next] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.sessionId, sessionId), eq(appointments.appointmentStatus, 'booked')))
    .orderBy(asc(appointments.tokenNo))
    .limit(1);
  if (!next) {
    return null;
  }
  const [row] = await tx
    .update(appointments)
    .set({ appointmentStatus: 'arrived', appointmentArrivedTime: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(appointments.id, next.id), eq(appointments.appointmentStatus, 'booked')))
    .returning({ id: appointments.id, tokenNo: appointments.tokenNo, patientId: appointments.patientId });
  return row ?? null;
}

/**
 * Moves a session from one of some statuses to another in one conditional UPDATE, with the times it
 * stamps; false when it was in none of them any more.
 * @param tx - the change's transaction
 * @param sessionId - the session
 * @param from - the statuses it may move from
 * @param set - the new status and stamps
 */
export async function moveSessionStatus(
  tx: DbOrTx,
  sessionId: string,
  from: readonly string[],
  set: { status: string; sessionStartedTime?: Date; sessionCompletedTime?: Date },
): Promise<boolean> {
  const rows = await tx
    .update(consultationSessions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(consultationSessions.id, sessionId), inArray(consultationSessions.status, [...from])))
    .returning({ id: consultationSessions.id });
  return rows.length === 1;
}

/** The fields a receptionist sets on a session. */
export type SessionFields = {
  practitionerId: string;
  practitionerRoleCode: string;
  practitionerRoleDisplay: string;
  chargingSchemeId: string | null;
  locationName: string | null;
  startTime: Date;
  endTime: Date;
  appointmentMaxAllowed: number;
  participationMode: string;
};

/**
 * Inserts a scheduled session; returns its id.
 * @param tx - the change's transaction
 * @param scope - tenant and hospital
 * @param fields - the session's fields
 */
export async function insertSession(
  tx: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  fields: SessionFields,
): Promise<string> {
  const [row] = await tx
    .insert(consultationSessions)
    .values({ ...scope, ...fields, status: 'scheduled' })
    .returning({ id: consultationSessions.id });
  if (!row) {
    throw new Error('session insert returned no row');
  }
  return row.id;
}

/**
 * Changes a scheduled or started session, in one conditional UPDATE that also checks the new
 * capacity is not below its live appointments (a booking racing the edit cannot slip over it);
 * false when the session moved on or the capacity is too low.
 * @param tx - the change's transaction
 * @param sessionId - the session
 * @param fields - the new fields
 */
export async function updateSessionIfRoom(tx: DbOrTx, sessionId: string, fields: SessionFields): Promise<boolean> {
  const rows = await tx
    .update(consultationSessions)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(
      and(
        eq(consultationSessions.id, sessionId),
        inArray(consultationSessions.status, ['scheduled', 'started']),
        fields.appointmentMaxAllowed === -1
          ? undefined
          : sql`${consultationSessions.liveAppointments} <= ${fields.appointmentMaxAllowed}`,
      ),
    )
    .returning({ id: consultationSessions.id });
  return rows.length === 1;
}

/**
 * Marks the booked (and ongoing) appointments of a cancelled session as declined by the practitioner
 * and returns them with their account's mobile number, for the SMS.
 * @param tx - the cancellation's transaction
 * @param sessionId - the session
 */
export async function declineLiveAppointments(
  tx: DbOrTx,
  sessionId: string,
): Promise<{ id: string; tokenNo: number; patientId: string; accountId: string; mobileNo: string }[]> {
  const declined = await tx
    .update(appointments)
    .set({ practitionerStatus: 'declined', updatedAt: sql`now()` })
    .where(and(eq(appointments.sessionId, sessionId), inArray(appointments.appointmentStatus, ['booked', 'arrived'])))
    .returning({ id: appointments.id, tokenNo: appointments.tokenNo, patientId: appointments.patientId, accountId: appointments.accountId });
  if (declined.length === 0) {
    return [];
  }
  const mobiles = await tx
    .select({ id: accounts.id, mobileNo: accounts.mobileNo })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(declined.map((row) => row.accountId))]));
  const byAccount = new Map(mobiles.map((row) => [row.id, row.mobileNo]));
  return declined
    .map((row) => ({ ...row, mobileNo: byAccount.get(row.accountId) ?? '' }))
    .filter((row) => row.mobileNo.length > 0)
    .sort((a, b) => a.tokenNo - b.tokenNo);
}
