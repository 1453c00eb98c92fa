import { and, eq, isNull } from 'drizzle-orm';
import type { StaffRole } from '@careline/domain/staff';
import type { DbOrTx } from '../../db/client.ts';
import { staffMemberships, staffUsers } from '../../db/schema/index.ts';
import type { StaffMembership } from '../staff/index.ts';

/**
 * A staff member's roles as they are now, and whether they must still change their password; null
 * for a member disabled (or gone) since.
 * @param db - database
 * @param scope - tenant and staff member
 */
export async function currentStaffStanding(
  db: DbOrTx,
  scope: { tenantId: string; staffUserId: string },
): Promise<{ mustChangePassword: boolean; memberships: StaffMembership[] } | null> {
  const [user] = await db
    .select({ mustChangePassword: staffUsers.mustChangePassword })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, scope.staffUserId), eq(staffUsers.tenantId, scope.tenantId), isNull(staffUsers.disabledAt)));
  if (!user) {
    return null;
  }
  const memberships = await db
    .select({
      organizationId: staffMemberships.organizationId,
      role: staffMemberships.role,
      practitionerId: staffMemberships.practitionerId,
    })
    .from(staffMemberships)
    .where(and(eq(staffMemberships.staffUserId, scope.staffUserId), eq(staffMemberships.tenantId, scope.tenantId)));
  return {
    mustChangePassword: user.mustChangePassword,
    memberships: memberships.map((m) => ({ ...m, role: m.role as StaffRole })),
  };
}
