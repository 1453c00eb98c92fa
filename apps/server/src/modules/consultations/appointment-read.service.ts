import { QUERY_LIMITS } from '@careline/domain/constants';
import { AppError } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import { coalescedRead } from '../../db/coalesce.ts';
import { capLimit } from '../hospitals/index.ts';
import {
  selectAppointmentViews,
  selectOwnedAppointmentViews,
  selectSessionTokens,
  type AppointmentView,
  type AppointmentViewFilter,
  type SessionTokenRow,
} from './appointment-read.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

export type { AppointmentView, SessionTokenRow } from './appointment-read.repo.ts';

/** The arguments of queryAppointment (spec doc 2 §7). */
export type AppointmentSearch = {
  id?: string | null;
  /** 'Patient/{id}' or 'Practitioner/{id}'. */
  participantActorReference?: string[] | null;
  /** 'Session/{id}'. */
  basedOnReference?: string[] | null;
  limit?: number | null;
};

type Owner = { tenantId: string; accountId: string };

/** Splits 'Kind/{uuid}' references into ids per kind; ARO-E2002 for another shape or kind. */
function referenceIds(references: string[], kinds: readonly string[]): Map<string, string[]> {
  const ids = new Map<string, string[]>(kinds.map((kind) => [kind, []]));
  for (const reference of references) {
    const match = /^([A-Za-z]+)\/(.+)$/.exec(reference.trim());
    const list = match ? ids.get(match[1] ?? '') : undefined;
    if (!match || !list) {
      throw new AppError('ARO-E2002');
    }
    // Not a UUID: it cannot exist, so it matches nothing (kept, so the filter stays narrowing).
    list.push(UUID.test(match[2] ?? '') ? (match[2] ?? '') : '00000000-0000-0000-0000-000000000000');
  }
  return ids;
}

/**
 * The caller's appointments for queryAppointment, newest session start first (spec doc 2 §7):
 * only those of the account's own profiles, so another account's ids give [].
 * @param db - database
 * @param owner - tenant and the signed-in account
 * @param search - queryAppointment's arguments
 */
export async function searchAppointments(db: DbOrTx, owner: Owner, search: AppointmentSearch): Promise<AppointmentView[]> {
  const filter: AppointmentViewFilter = { ...owner, limit: capLimit(search.limit, QUERY_LIMITS.appointments) };
  if (search.id !== undefined && search.id !== null) {
    if (!UUID.test(search.id)) {
      return [];
    }
    filter.ids = [search.id];
  }
  if (search.participantActorReference && search.participantActorReference.length > 0) {
    const ids = referenceIds(search.participantActorReference, ['Patient', 'Practitioner']);
    const patientIds = ids.get('Patient') ?? [];
    const practitionerIds = ids.get('Practitioner') ?? [];
    if (patientIds.length > 0) {
      filter.patientIds = patientIds;
    }
    if (practitionerIds.length > 0) {
      filter.practitionerIds = practitionerIds;
    }
  }
  if (search.basedOnReference && search.basedOnReference.length > 0) {
    filter.sessionIds = referenceIds(search.basedOnReference, ['Session']).get('Session') ?? [];
  }
  return selectAppointmentViews(db, filter);
}

// The statuses that free a profile's place in a session: the booking check and the partial unique
// index appointments_session_patient_live_uq count every other status as "already has one" (ARO-E4003).
const NOT_HOLDING_A_PLACE: readonly string[] = ['cancelled', 'entered_in_error'];

/**
 * The appointment that holds a place for one of the account's own profiles in a session: the one a
 * booking is refused for with ARO-E4003 (issue 29 §1.1), so the patient can be led to it. Null when
 * the profile holds none there, and for another account's profile or an unknown id, exactly alike.
 * @param db - database or transaction
 * @param owner - tenant and the signed-in account
 * @param ask - the session and the profile
 */
export async function findMyAppointmentInSession(
  db: DbOrTx,
  owner: Owner,
  ask: { sessionId: string; patientId: string },
): Promise<AppointmentView | null> {
  if (!UUID.test(ask.sessionId) || !UUID.test(ask.patientId)) {
    return null;
  }
  const views = await selectAppointmentViews(db, {
    ...owner,
    sessionIds: [ask.sessionId],
    patientIds: [ask.patientId],
    limit: QUERY_LIMITS.appointments,
  });
  return views.find((view) => !NOT_HOLDING_A_PLACE.includes(view.appointmentStatus)) ?? null;
}

/**
 * The appointments asked for while one read is in flight, per tenant, in one query (db/coalesce.ts):
 * after a booking, a reschedule or a cancel, every request of a rush reads its answer. Each ask gets
 * its appointment only when its own account holds it.
 */
const ownAppointmentOf = coalescedRead<Owner & { id: string }, AppointmentView | null>({
  lane: (ask) => ask.tenantId,
  maxBatch: 50,
  read: async (db, asks) => {
    const found = await selectOwnedAppointmentViews(db, asks[0]?.tenantId ?? '', asks);
    return asks.map((ask) => found.find((row) => row.view.id === ask.id && row.accountId === ask.accountId)?.view ?? null);
  },
});

/**
 * One appointment of the account by id, or ARO-E2001 (another account's is as missing as an unknown one).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the appointment
 */
export async function readOwnAppointment(db: DbOrTx, owner: Owner, id: string): Promise<AppointmentView> {
  const view = UUID.test(id) ? await ownAppointmentOf(db, { ...owner, id }) : null;
  if (!view) {
    throw new AppError('ARO-E2001');
  }
  return view;
}

/**
 * The account's appointments in one session for the given profiles (subscribeAppointment).
 * @param db - database
 * @param owner - tenant and account
 * @param sessionId - the session
 * @param patientIds - the caller's own profile ids (already filtered)
 */
export async function readSessionAppointments(
  db: DbOrTx,
  owner: Owner,
  sessionId: string,
  patientIds: string[],
): Promise<AppointmentView[]> {
  if (!UUID.test(sessionId) || patientIds.length === 0) {
    return [];
  }
  return selectAppointmentViews(db, { ...owner, sessionIds: [sessionId], patientIds, limit: QUERY_LIMITS.appointments });
}

/**
 * A session's tokens with their statuses and no patient data (spec doc 2 §2 live queue), or
 * ARO-E2001 for an unknown session.
 * @param db - database
 * @param tenantId - the tenant
 * @param sessionId - the session
 */
export async function readSessionTokens(db: DbOrTx, tenantId: string, sessionId: string): Promise<SessionTokenRow[]> {
  const tokens = UUID.test(sessionId) ? await selectSessionTokens(db, tenantId, sessionId) : null;
  if (!tokens) {
    throw new AppError('ARO-E2001');
  }
  return tokens;
}

/**
 * Age in whole years from a YYYY-MM-DD birth date, or null when unknown.
 * @param birthDate - the birth date
 * @param now - the current instant
 */
export function ageInYears(birthDate: string | null, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  if (!match) {
    return null;
  }
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  let age = now.getUTCFullYear() - year;
  if (now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day)) {
    age -= 1;
  }
  return age < 0 ? null : age;
}
