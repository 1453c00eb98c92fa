import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { consultationSessions, practitionerRoles, practitioners, practitionerSearchTerms } from '../../db/schema/index.ts';
import type { PractitionerRecord } from './hospitals.repo.ts';

/** What the doctor search asks the database (spec doc 1 §5, doc 2 §5), already lower-cased and trimmed. */
export type PractitionerSearch = {
  /** The typed text; empty means no text condition. */
  text: string;
  /** Also match practitioners with this role code exactly (queryPractitioner has=). */
  roleCode?: string;
  /** Only practitioners with a session at this organization. */
  organizationId?: string;
  limit: number;
};

/** Escapes LIKE's wildcards so typed text matches itself. */
export const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

// spec doc 1 §3: the role 'Doctor' is not a displayed role
const shownRole = sql`lower(trim(${practitionerRoles.code})) <> 'doctor' AND lower(trim(${practitionerRoles.display})) <> 'doctor'`;

/**
 * Practitioners matching the doctor search, in SQL with indexes: word starts are found in
 * practitioner_search_terms by an index range scan; a text with a space is a substring of the name
 * or a displayed role, and its part after the first space starts a word, so the same index narrows
 * the candidates before the substring check. Active practitioners with a shown role only, by name.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param search - text, optional role code and organization, row cap
 */
export async function selectPractitionersBySearch(
  db: DbOrTx,
  tenantId: string,
  search: PractitionerSearch,
): Promise<PractitionerRecord[]> {
  const conditions: SQL[] = [eq(practitioners.tenantId, tenantId), eq(practitioners.active, true)];
  if (search.text !== '') {
    const spaced = search.text.includes(' ');
    const wordStart = spaced ? (search.text.slice(search.text.indexOf(' ')).trim().split(/\s+/)[0] ?? '') : search.text;
    const byTerm = sql`${practitioners.id} IN (SELECT ${practitionerSearchTerms.practitionerId} FROM ${practitionerSearchTerms}
      WHERE ${practitionerSearchTerms.tenantId} = ${tenantId} AND ${practitionerSearchTerms.term} LIKE ${`${likeEscape(wordStart)}%`})`;
    const contains = `%${likeEscape(search.text)}%`;
    const textMatch = spaced
      ? sql`(${byTerm} AND (lower(${practitioners.text}) LIKE ${contains} OR EXISTS (SELECT 1 FROM ${practitionerRoles} r2
          WHERE r2.practitioner_id = ${practitioners.id} AND lower(r2.display) LIKE ${contains}
          AND lower(trim(r2.code)) <> 'doctor' AND lower(trim(r2.display)) <> 'doctor')))`
      : byTerm;
    conditions.push(
      search.roleCode
        ? sql`(${textMatch} OR ${practitioners.id} IN (SELECT r3.practitioner_id FROM ${practitionerRoles} r3
            WHERE r3.tenant_id = ${tenantId} AND lower(r3.code) = ${search.roleCode}))`
        : textMatch,
    );
  }
  if (search.organizationId) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${consultationSessions} s WHERE s.practitioner_id = ${practitioners.id}
        AND s.organization_id = ${search.organizationId} AND s.status <> 'provider_aborted')`,
    );
  }
  const roles = sql<
    { code: string; display: string }[]
  >`jsonb_agg(distinct jsonb_build_object('code', ${practitionerRoles.code}, 'display', ${practitionerRoles.display}))`;
  const rows = await db
    .select({
      id: practitioners.id,
      prefix: practitioners.prefix,
      givenName: practitioners.givenName,
      familyName: practitioners.familyName,
      text: practitioners.text,
      active: practitioners.active,
      includeNoShowInPractitionerPayment: practitioners.includeNoShowInPractitionerPayment,
      roles,
    })
    .from(practitioners)
    .innerJoin(
      practitionerRoles,
      and(eq(practitionerRoles.practitionerId, practitioners.id), eq(practitionerRoles.tenantId, tenantId), shownRole),
    )
    .where(and(...conditions))
    .groupBy(practitioners.id)
    .orderBy(asc(practitioners.text), asc(practitioners.id))
    .limit(search.limit);
  return rows.map((row) => ({
    ...row,
    roles: [...row.roles].sort((a, b) => a.display.localeCompare(b.display)),
  }));
}

/**
 * Distinct displayed role names starting with the text, case-insensitive (spec doc 2 §5 specialty
 * search), served by the lower(display) text_pattern_ops index; roles of active practitioners only.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param text - lower-cased, trimmed text
 * @param limit - row cap
 */
export async function selectSpecialties(
  db: DbOrTx,
  tenantId: string,
  text: string,
  limit: number,
): Promise<{ code: string; display: string }[]> {
  const rows = await db
    .select({ code: sql<string>`min(${practitionerRoles.code})`, display: practitionerRoles.display })
    .from(practitionerRoles)
    .innerJoin(practitioners, and(eq(practitioners.id, practitionerRoles.practitionerId), eq(practitioners.active, true)))
    .where(
      and(
        eq(practitionerRoles.tenantId, tenantId),
        sql`lower(${practitionerRoles.display}) LIKE ${`${likeEscape(text)}%`}`,
        shownRole,
      ),
    )
    .groupBy(practitionerRoles.display)
    .orderBy(asc(practitionerRoles.display))
    .limit(limit);
  return rows;
}
