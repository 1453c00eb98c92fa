import { QUERY_LIMITS } from '@careline/domain/constants';
import { compareNaturally, matchesDoctorSearch } from '@careline/domain/doctors';
import { AppError } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import {
  selectActiveOrganizations,
  selectListedPractitioners,
  selectSessions,
  type OrganizationRecord,
  type PractitionerRecord,
  type SessionFilter,
  type SessionRecord,
} from './hospitals.repo.ts';
import { startOfHospitalDay } from './hospitals.time.ts';

export type { OrganizationRecord, PractitionerRecord, SessionRecord } from './hospitals.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Clamps a requested limit into [0, max]; a missing limit means max. */
const capLimit = (limit: number | null | undefined, max: number): number =>
  limit === null || limit === undefined ? max : Math.max(0, Math.min(Math.trunc(limit), max));

/**
 * The tenant's active hospitals, sorted naturally by name (spec doc 2 §2 Home dashboard search).
 * @param db - database
 * @param tenantId - the request's tenant
 */
export async function listOrganizations(
  db: DbOrTx,
  tenantId: string,
): Promise<OrganizationRecord[]> {
  const rows = await selectActiveOrganizations(db, tenantId);
  return rows.sort((a, b) => compareNaturally(a.name, b.name) || a.id.localeCompare(b.id));
}

/**
 * Practitioners the patient may pick: active, with at least one role other than 'Doctor' (spec
 * doc 1 §3, §5). `has` applies the doctor-search rule of spec doc 1 §5 to the name and displayed
 * roles, or matches a role code exactly.
 * @param db - database
 * @param tenantId - the request's tenant
 * @param options - limit (capped at 10000, spec doc 2 §9) and the optional search text
 */
export async function listPractitioners(
  db: DbOrTx,
  tenantId: string,
  options: { limit?: number | null; has?: string | null } = {},
): Promise<PractitionerRecord[]> {
  const limit = capLimit(options.limit, QUERY_LIMITS.practitioners);
  const has = options.has?.trim() ?? '';
  if (!has) {
    return selectListedPractitioners(db, tenantId, limit);
  }
  const all = await selectListedPractitioners(db, tenantId, null);
  const code = has.toLowerCase();
  return all
    .filter(
      (p) =>
        p.roles.some((role) => role.code.toLowerCase() === code) ||
        matchesDoctorSearch(has, { name: p.text, roles: p.roles.map((role) => role.display) }),
    )
    .slice(0, limit);
}

/** The arguments of querySession (spec doc 2 §7). */
export type SessionSearch = {
  id?: string | null;
  startTime?: Date | null;
  status?: string[] | null;
  serviceTypeCodingCode?: string | null;
  /** 'Practitioner/{id}' or 'Organization/{id}'; several of one kind mean any of them. */
  actorReference?: string[] | null;
  practitionerRoleCodingCode?: string | null;
  extensionParticipationMode?: string | null;
  limit?: number | null;
};

/**
 * Turns querySession's arguments into a filter; null when they can match nothing (an id that is
 * not a UUID cannot exist).
 */
export function parseSessionSearch(search: SessionSearch, now: Date): SessionFilter | null {
  const filter: SessionFilter = { limit: capLimit(search.limit, QUERY_LIMITS.sessions) };
  if (search.id !== undefined && search.id !== null) {
    if (!UUID.test(search.id)) {
      return null;
    }
    filter.id = search.id;
  }
  // spec doc 2 §7: startTime from the start of today when no id is given
  const startTime = search.startTime ?? (filter.id ? null : startOfHospitalDay(now));
  if (startTime) {
    filter.startTimeFrom = startTime;
  }
  if (search.status && search.status.length > 0) {
    filter.statuses = search.status;
  }
  if (search.serviceTypeCodingCode) {
    filter.serviceTypeCode = search.serviceTypeCodingCode;
  }
  if (search.practitionerRoleCodingCode) {
    filter.practitionerRoleCode = search.practitionerRoleCodingCode;
  }
  if (search.extensionParticipationMode) {
    filter.participationMode = search.extensionParticipationMode;
  }
  for (const reference of search.actorReference ?? []) {
    const match = /^(Practitioner|Organization)\/(.+)$/.exec(reference.trim());
    if (!match) {
      throw new AppError('ARO-E2002');
    }
    const [, kind, id = ''] = match;
    if (!UUID.test(id)) {
      return null;
    }
    // Practitioner and Organization references combine with AND; several of one kind with OR.
    if (kind === 'Practitioner') {
      filter.practitionerIds = [...(filter.practitionerIds ?? []), id];
    } else {
      filter.organizationIds = [...(filter.organizationIds ?? []), id];
    }
  }
  return filter;
}

/**
 * Sessions for querySession, earliest first; never provider_aborted ones (spec doc 2 §4, §7).
 * @param db - database
 * @param tenantId - the request's tenant
 * @param search - querySession's arguments
 * @param now - the current instant (start of today is taken from it)
 */
export async function searchSessions(
  db: DbOrTx,
  tenantId: string,
  search: SessionSearch,
  now = new Date(),
): Promise<SessionRecord[]> {
  const filter = parseSessionSearch(search, now);
  if (!filter || filter.limit === 0) {
    return [];
  }
  return selectSessions(db, tenantId, filter);
}

/**
 * One session of the tenant by id, whatever its date (provider_aborted ones excluded), or null.
 * @param db - database
 * @param tenantId - the request's tenant
 * @param id - session id
 */
export async function findSession(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<SessionRecord | null> {
  const [session] = await searchSessions(db, tenantId, { id, limit: 1 });
  return session ?? null;
}
