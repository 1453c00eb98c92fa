import { QUERY_LIMITS } from '@careline/domain/constants';
import { compareNaturally, matchesDoctorSearch } from '@careline/domain/doctors';
import type { DbOrTx } from '../../db/client.ts';
import {
  selectActiveOrganizations,
  selectListedPractitioners,
  type OrganizationRecord,
  type PractitionerRecord,
} from './hospitals.repo.ts';

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
