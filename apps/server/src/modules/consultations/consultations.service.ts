import { QUERY_LIMITS } from '@careline/domain/constants';
import { AppError } from '@careline/domain/errors';
import type { DbOrTx } from '../../db/client.ts';
import { capLimit, startOfHospitalDay } from '../hospitals/index.ts';
import {
  selectConsultationSessions,
  type ConsultationSessionFilter,
  type ConsultationSessionRecord,
} from './consultations.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { buildInvoiceLines, minorToDecimal } from '@careline/domain/payments';
import { selectSessionChargingScheme } from './consultations.repo.ts';

export type { ConsultationSessionRecord } from './consultations.repo.ts';

/** The arguments of querySession (spec doc 2 §7). */
export type ConsultationSessionSearch = {
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
export function parseConsultationSessionSearch(search: ConsultationSessionSearch, now: Date): ConsultationSessionFilter | null {
  const filter: ConsultationSessionFilter = { limit: capLimit(search.limit, QUERY_LIMITS.sessions) };
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
export async function searchConsultationSessions(
  db: DbOrTx,
  tenantId: string,
  search: ConsultationSessionSearch,
  now = new Date(),
): Promise<ConsultationSessionRecord[]> {
  const filter = parseConsultationSessionSearch(search, now);
  if (!filter || filter.limit === 0) {
    return [];
  }
  return selectConsultationSessions(db, tenantId, filter);
}

/**
 * One session of the tenant by id, whatever its date (provider_aborted ones excluded), or null.
 * @param db - database
 * @param tenantId - the request's tenant
 * @param id - session id
 */
export async function findConsultationSession(
  db: DbOrTx,
  tenantId: string,
  id: string,
): Promise<ConsultationSessionRecord | null> {
  const [session] = await searchConsultationSessions(db, tenantId, { id, limit: 1 });
  return session ?? null;
}

/** A session's fee: the total of its charging scheme's lines, as a 2-decimal string, and the currency. */
export type SessionFee = { amount: string; currency: string };

/**
 * A session's fee as its invoice would total it (issue 29 §4.14: the fee on the card): the scheme's
 * lines added in minor units, in the scheme's currency, else the tenant's. Null without a scheme or
 * with lines an invoice would refuse (prepareInvoice answers a free invoice, no lines and 0, or ARO-E5004 then).
 * @param db - database
 * @param tenant - the tenant's id and currency
 * @param session - the session, with its scheme when the search read it
 */
export async function sessionFee(
  db: DbOrTx,
  tenant: { id: string; currency: string },
  session: Pick<ConsultationSessionRecord, 'chargingSchemeId' | 'chargingScheme'>,
): Promise<SessionFee | null> {
  if (!session.chargingSchemeId || !UUID.test(session.chargingSchemeId)) {
    return null;
  }
  const scheme =
    session.chargingScheme !== undefined
      ? session.chargingScheme
      : await selectSessionChargingScheme(db, tenant.id, session.chargingSchemeId);
  if (!scheme) {
    return null;
  }
  try {
    return { amount: minorToDecimal(buildInvoiceLines(scheme.items).totalMinor), currency: scheme.currency || tenant.currency };
  } catch (error) {
    if (error instanceof RangeError) {
      return null;
    }
    throw error;
  }
}
