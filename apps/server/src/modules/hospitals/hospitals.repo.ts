import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { organizations, practitionerRoles, practitioners } from '../../db/schema/index.ts';

/** An organization row as the API shows it. */
export type OrganizationRecord = {
  id: string;
  name: string;
  city: string | null;
  phone: string | null;
  labReportHeaderImageUrl: string | null;
  labReportFooterImageUrl: string | null;
};

/** A practitioner with its roles (the hidden 'Doctor' role removed). */
export type PractitionerRecord = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  text: string;
  active: boolean;
  includeNoShowInPractitionerPayment: boolean;
  roles: { code: string; display: string }[];
};

/** The tenant's active organizations (unsorted; the service sorts naturally). */
export async function selectActiveOrganizations(
  db: DbOrTx,
  tenantId: string,
): Promise<OrganizationRecord[]> {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      city: organizations.city,
      phone: organizations.phone,
      labReportHeaderImageUrl: organizations.labReportHeaderImageUrl,
      labReportFooterImageUrl: organizations.labReportFooterImageUrl,
    })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.active, true)));
}

/**
 * Active practitioners that have at least one role other than 'Doctor', with those roles, in one
 * query (spec doc 1 §5: only active practitioners with a role are listed).
 */
export async function selectListedPractitioners(
  db: DbOrTx,
  tenantId: string,
  limit: number | null,
): Promise<PractitionerRecord[]> {
  const roles = sql<
    { code: string; display: string }[]
  >`jsonb_agg(distinct jsonb_build_object('code', ${practitionerRoles.code}, 'display', ${practitionerRoles.display}))`;
  const query = db
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
      and(
        eq(practitionerRoles.practitionerId, practitioners.id),
        eq(practitionerRoles.tenantId, tenantId),
        // spec doc 1 §3: the role 'Doctor' is not a displayed role
        sql`lower(${practitionerRoles.code}) <> 'doctor'`,
        sql`lower(${practitionerRoles.display}) <> 'doctor'`,
      ),
    )
    .where(and(eq(practitioners.tenantId, tenantId), eq(practitioners.active, true)))
    .groupBy(practitioners.id)
    .orderBy(asc(practitioners.text), asc(practitioners.id));
  const rows = limit === null ? await query : await query.limit(limit);
  return rows.map((row) => ({
    ...row,
    roles: [...row.roles].sort((a, b) => a.display.localeCompare(b.display)),
  }));
}
