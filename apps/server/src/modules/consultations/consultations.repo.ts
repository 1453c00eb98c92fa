import { and, asc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { filterSetName, preparedStatement } from '../../db/prepared.ts';
import {
  appointments,
  chargingSchemes,
  consultationSessions,
  organizations,
  practitionerPhotos,
  practitioners,
} from '../../db/schema/index.ts';

/** A consultation session joined with its practitioner and organization, plus appointment counts. */
export type ConsultationSessionRecord = {
  id: string;
  status: string;
  startTime: Date;
  endTime: Date;
  sessionStartedTime: Date | null;
  sessionCompletedTime: Date | null;
  /** The doctor's delay staff marked, in minutes (issue 32 §1.4); null: none. */
  delayMinutes: number | null;
  appointmentMaxAllowed: number;
  type: string;
  participationMode: string;
  serviceTypeCode: string;
  serviceCategory: string | null;
  chargingSchemeId: string | null;
  practitionerRoleCode: string;
  practitionerRoleDisplay: string;
  locationName: string | null;
  locationImageUrl: string | null;
  /** photoBlobId: the small variant of the doctor's photo (issue 29 §4.14); left out where not read. */
  practitioner: { id: string; text: string; includeNoShowInPractitionerPayment: boolean; photoBlobId?: string | null };
  organization: { id: string; name: string };
  paidAppointments: number;
  appointmentCount: number;
  /**
   * The fee lines and currency of the session's charging scheme, for the fee on its card (issue 29
   * §4.14); null without a scheme, left out where not read (the resolver reads it then).
   */
  chargingScheme?: SessionChargingScheme | null;
};

/** A session's charging scheme as its fee is worked out from. */
export type SessionChargingScheme = {
  items: { category: string; description: string; amount: number }[];
  currency: string;
};

/** Filters of querySession after parsing (spec doc 2 §7). */
export type ConsultationSessionFilter = {
  id?: string;
  startTimeFrom?: Date;
  statuses?: string[];
  serviceTypeCode?: string;
  practitionerIds?: string[];
  organizationIds?: string[];
  practitionerRoleCode?: string;
  participationMode?: string;
  limit: number;
};

/** The session's own columns as the Session type shows them; appointment-read.repo.ts selects them too. */
export const sessionColumns = {
  id: consultationSessions.id,
  status: consultationSessions.status,
  startTime: consultationSessions.startTime,
  endTime: consultationSessions.endTime,
  sessionStartedTime: consultationSessions.sessionStartedTime,
  sessionCompletedTime: consultationSessions.sessionCompletedTime,
  delayMinutes: consultationSessions.delayMinutes,
  appointmentMaxAllowed: consultationSessions.appointmentMaxAllowed,
  type: consultationSessions.type,
  participationMode: consultationSessions.participationMode,
  serviceTypeCode: consultationSessions.serviceTypeCode,
  serviceCategory: consultationSessions.serviceCategory,
  chargingSchemeId: consultationSessions.chargingSchemeId,
  practitionerRoleCode: consultationSessions.practitionerRoleCode,
  practitionerRoleDisplay: consultationSessions.practitionerRoleDisplay,
  locationName: consultationSessions.locationName,
  locationImageUrl: consultationSessions.locationImageUrl,
};

/** Status never returned by a search (spec doc 2 §4 Session status). */
export const HIDDEN_CONSULTATION_SESSION_STATUS = 'provider_aborted';

/** The filters a search uses: each set of them is one prepared statement. */
const filterParts = [
  'id',
  'startTimeFrom',
  'statuses',
  'serviceTypeCode',
  'practitionerIds',
  'organizationIds',
  'practitionerRoleCode',
  'participationMode',
] as const satisfies readonly (keyof ConsultationSessionFilter)[];

type FilterPart = (typeof filterParts)[number];

function usedParts(filter: ConsultationSessionFilter): FilterPart[] {
  return filterParts.filter((part) => filter[part] !== undefined && !(part === 'statuses' && filter.statuses?.length === 0));
}

/** The search's statement for one set of filters, its values as placeholders. */
function buildSessionSearch(db: DbOrTx, parts: readonly FilterPart[], name: string) {
  const value = (part: FilterPart) => sql.placeholder(part);
  const conditionOf: Record<FilterPart, SQL> = {
    id: eq(consultationSessions.id, value('id')),
    startTimeFrom: gte(consultationSessions.startTime, value('startTimeFrom')),
    // A list is one array parameter, so the statement stays the same whatever its length.
    statuses: sql`${consultationSessions.status} = any(${value('statuses')}::text[])`,
    serviceTypeCode: eq(consultationSessions.serviceTypeCode, value('serviceTypeCode')),
    practitionerIds: sql`${consultationSessions.practitionerId} = any(${value('practitionerIds')}::uuid[])`,
    organizationIds: sql`${consultationSessions.organizationId} = any(${value('organizationIds')}::uuid[])`,
    practitionerRoleCode: eq(consultationSessions.practitionerRoleCode, value('practitionerRoleCode')),
    participationMode: eq(consultationSessions.participationMode, value('participationMode')),
  };
  return db
    .select({
      ...sessionColumns,
      // The places taken, as booking counts them (appointments not cancelled, and held numbers).
      liveAppointments: consultationSessions.liveAppointments,
      practitioner: {
        id: practitioners.id,
        text: practitioners.text,
        includeNoShowInPractitionerPayment: practitioners.includeNoShowInPractitionerPayment,
        photoBlobId: practitionerPhotos.blobId,
      },
      organization: { id: organizations.id, name: organizations.name },
      chargingScheme: { items: chargingSchemes.items, currency: chargingSchemes.currency },
      // Per session, its paid appointments (the reserve path is closed once a session has one, spec doc 2
      // §4 Booking step 4); in the same statement, so a search is one round trip (issue 8 bench:search).
      paidAppointments: sql<number>`(
        SELECT count(*)::int FROM ${appointments}
        WHERE ${appointments.sessionId} = ${consultationSessions.id}
          AND ${appointments.tenantId} = ${consultationSessions.tenantId}
          AND ${appointments.paymentStatus} = 'paid')`.mapWith(Number),
    })
    .from(consultationSessions)
    .innerJoin(practitioners, eq(practitioners.id, consultationSessions.practitionerId))
    .innerJoin(organizations, eq(organizations.id, consultationSessions.organizationId))
    // The doctor's photo and the fee (issue 29 §4.14), in the same statement (issue 8 bench:search).
    .leftJoin(practitionerPhotos, eq(practitionerPhotos.practitionerId, consultationSessions.practitionerId))
    .leftJoin(
      chargingSchemes,
      and(
        eq(chargingSchemes.id, consultationSessions.chargingSchemeId),
        eq(chargingSchemes.tenantId, consultationSessions.tenantId),
      ),
    )
    .where(
      and(
        eq(consultationSessions.tenantId, sql.placeholder('tenantId')),
        ne(consultationSessions.status, HIDDEN_CONSULTATION_SESSION_STATUS),
        ...parts.map((part) => conditionOf[part]),
      ),
    )
    .orderBy(asc(consultationSessions.startTime), asc(consultationSessions.id))
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

/** Sessions matching a search, joined with practitioner and organization, with their paid counts: one statement. */
export async function selectConsultationSessions(
  db: DbOrTx,
  tenantId: string,
  filter: ConsultationSessionFilter,
): Promise<ConsultationSessionRecord[]> {
  // An empty list of doctors or hospitals matches no session (no status at all means any status).
  if (filter.practitionerIds?.length === 0 || filter.organizationIds?.length === 0) {
    return [];
  }
  const parts = usedParts(filter);
  const name = filterSetName('session_search', filterParts, parts);
  const statement = preparedStatement(db, name, () => buildSessionSearch(db, parts, name));
  const rows = await statement.execute({
    tenantId,
    limit: filter.limit,
    id: filter.id,
    // As Drizzle sends a timestamp column's value.
    startTimeFrom: filter.startTimeFrom?.toISOString(),
    statuses: filter.statuses,
    serviceTypeCode: filter.serviceTypeCode,
    practitionerIds: filter.practitionerIds,
    organizationIds: filter.organizationIds,
    practitionerRoleCode: filter.practitionerRoleCode,
    participationMode: filter.participationMode,
  });
  return rows.map(({ liveAppointments, ...row }) => ({ ...row, appointmentCount: liveAppointments }));
}

/**
 * The fee lines and currency of a charging scheme of the tenant, or null.
 * @param db - database
 * @param tenantId - the tenant
 * @param chargingSchemeId - the session's scheme
 */
export async function selectSessionChargingScheme(
  db: DbOrTx,
  tenantId: string,
  chargingSchemeId: string,
): Promise<SessionChargingScheme | null> {
  const [row] = await db
    .select({ items: chargingSchemes.items, currency: chargingSchemes.currency })
    .from(chargingSchemes)
    .where(and(eq(chargingSchemes.tenantId, tenantId), eq(chargingSchemes.id, chargingSchemeId)))
    .limit(1);
  return row ?? null;
}
