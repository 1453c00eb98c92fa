import { STAFF_ROLES, type StaffRole } from '@careline/domain/staff';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { hashStaffPassword } from '../../modules/staff/staff.passwords.ts';
import type { TenantRegistry } from '../../modules/tenants/tenants.types.ts';
import type { Db } from '../client.ts';
import { organizations, practitionerRoles, staffMemberships, staffUsers } from '../schema/index.ts';

/** The development-only password of every demo staff user (README). Never seeded in production. */
export const DEMO_STAFF_PASSWORD = 'careline-demo-staff';
/** Demo staff emails: `<role>.<city>@careline.test`, and the group admin of every hospital. */
export const DEMO_STAFF_DOMAIN = 'careline.test';
export const DEMO_GROUP_ADMIN_EMAIL = `admin@${DEMO_STAFF_DOMAIN}`;

const kebab = (role: StaffRole): string => role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The demo email of a role at a hospital, e.g. `lab-technician.kandy@careline.test`.
 * @param role - the staff role
 * @param city - the hospital's city
 */
export function demoStaffEmail(role: StaffRole, city: string): string {
  return `${kebab(role)}.${city.toLowerCase()}@${DEMO_STAFF_DOMAIN}`;
}

/**
 * Seeds one staff user per role at every active demo hospital, and a group admin of all of them, into
 * tenants that have no staff yet (issue 7 point 7). Development only: in production it creates nothing
 * (their password is published), and the first admin comes from `npm run staff:create-admin`.
 * @param db - database
 * @param tenants - tenant registry
 * @param nodeEnv - NODE_ENV; 'production' seeds no one
 * @returns how many staff users it created
 */
export async function seedDemoStaffIfEmpty(db: Db, tenants: TenantRegistry, nodeEnv: string): Promise<number> {
  if (nodeEnv === 'production') {
    return 0;
  }
  const passwordHash = await hashStaffPassword(DEMO_STAFF_PASSWORD);
  let created = 0;
  for (const tenant of tenants.all()) {
    created += await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7311025, hashtext(${tenant.id}))`);
      const [existing] = await tx
        .select({ n: count() })
        .from(staffUsers)
        .where(eq(staffUsers.tenantId, tenant.id));
      if ((existing?.n ?? 0) > 0) {
        return 0;
      }
      const hospitals = await tx
        .select({ id: organizations.id, city: organizations.city })
        .from(organizations)
        .where(and(eq(organizations.tenantId, tenant.id), eq(organizations.active, true)))
        .orderBy(asc(organizations.name));
      let made = 0;
      const insertUser = async (email: string, displayName: string): Promise<string> => {
        const [row] = await tx
          .insert(staffUsers)
          .values({
            tenantId: tenant.id,
            email,
            displayName,
            passwordHash,
            mustChangePassword: false,
          })
          .returning({ id: staffUsers.id });
        if (!row) {
          throw new Error('demo staff insert returned no row');
        }
        made += 1;
        return row.id;
      };
      if (hospitals.length > 0) {
        const groupAdmin = await insertUser(DEMO_GROUP_ADMIN_EMAIL, 'Group Administrator');
        await tx
          .insert(staffMemberships)
          .values(
            hospitals.map((h) => ({
              tenantId: tenant.id,
              staffUserId: groupAdmin,
              organizationId: h.id,
              role: 'admin',
            })),
          );
      }
      for (const hospital of hospitals) {
        const city = hospital.city ?? 'hospital';
        const [doctor] = await tx
          .select({ practitionerId: practitionerRoles.practitionerId })
          .from(practitionerRoles)
          .where(
            and(
              eq(practitionerRoles.tenantId, tenant.id),
              eq(practitionerRoles.organizationId, hospital.id),
            ),
          )
          .orderBy(asc(practitionerRoles.id))
          .limit(1);
        for (const role of STAFF_ROLES) {
          if (role === 'doctor' && !doctor) {
            continue;
          }
          const label = kebab(role).replace(/-/g, ' ');
          const id = await insertUser(
            demoStaffEmail(role, city),
            `${city} ${label.charAt(0).toUpperCase()}${label.slice(1)}`,
          );
          await tx.insert(staffMemberships).values({
            tenantId: tenant.id,
            staffUserId: id,
            organizationId: hospital.id,
            role,
            practitionerId: role === 'doctor' ? (doctor?.practitionerId ?? null) : null,
          });
        }
      }
      return made;
    });
  }
  return created;
}
