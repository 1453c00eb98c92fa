import { QUERY_LIMITS } from '@careline/domain/constants';
import { compareNaturally } from '@careline/domain/doctors';
import { AppError } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import {
  selectActiveOrganizations,
  selectListedPractitioners,
  type OrganizationRecord,
  type PractitionerRecord,
} from './hospitals.repo.ts';
import { selectPractitionersBySearch, selectSpecialties } from './practitioner-search.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

export type { OrganizationRecord, PractitionerRecord } from './hospitals.repo.ts';

/** Clamps a requested limit into [0, max]; a missing limit means max. */
export const capLimit = (limit: number | null | undefined, max: number): number =>
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

/** Longest search text accepted; longer is ARO-E2002 (issue 8: searches stay cheap). */
export const SEARCH_TEXT_MAX = 100;

/** Default row cap of searchDoctors and searchSpecialties. */
export const SEARCH_DEFAULT_LIMIT = 20;

/** Highest row cap of searchDoctors and searchSpecialties (graphql/limits.ts counts them at 100). */
export const SEARCH_MAX_LIMIT = 100;

/** The search text lower-cased with runs of white space as one space; ARO-E2002 beyond 100 characters. */
function searchText(text: string | null | undefined): string {
  const raw = text ?? '';
  if (raw.length > SEARCH_TEXT_MAX) {
    throw new AppError('ARO-E2002');
  }
  return raw.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Practitioners the patient may pick: active, with at least one role other than 'Doctor' (spec
 * doc 1 §3, §5). `has` applies the doctor-search rule of spec doc 1 §5 to the name and displayed
 * roles, or matches a role code exactly; in SQL with indexes (practitioner-search.repo.ts).
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
  const has = searchText(options.has);
  if (!has) {
    return selectListedPractitioners(db, tenantId, limit);
  }
  return selectPractitionersBySearch(db, tenantId, { text: has, roleCode: has, limit });
}

/**
 * The doctor search (spec doc 1 §5, doc 2 §5): active practitioners with a shown role whose name or
 * role has a word starting with the text, or, when the text has a space, contains it;
 * case-insensitive; optionally only those with a session at one organization.
 * @param db - database
 * @param tenantId - the request's tenant
 * @param options - the text (at most 100 characters), optional organization, limit (default 20)
 */
export async function searchDoctors(
  db: DbOrTx,
  tenantId: string,
  options: { text: string; organizationId?: string | null; limit?: number | null },
): Promise<PractitionerRecord[]> {
  const text = searchText(options.text);
  const limit = capLimit(options.limit ?? SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  const organizationId = options.organizationId ?? null;
  if (limit === 0 || (organizationId !== null && !UUID.test(organizationId))) {
    return [];
  }
  return selectPractitionersBySearch(db, tenantId, { text, limit, ...(organizationId ? { organizationId } : {}) });
}

/**
 * The specialty search (spec doc 2 §5): distinct displayed role names starting with the text,
 * case-insensitive, the hidden role 'Doctor' left out.
 * @param db - database
 * @param tenantId - the request's tenant
 * @param options - the text (at most 100 characters) and limit (default 20)
 */
export async function searchSpecialties(
  db: DbOrTx,
  tenantId: string,
  options: { text: string; limit?: number | null },
): Promise<{ code: string; display: string }[]> {
  const text = searchText(options.text);
  const limit = capLimit(options.limit ?? SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  return limit === 0 ? [] : selectSpecialties(db, tenantId, text, limit);
}
