import { randomUUID } from 'node:crypto';
import { normaliseStaffEmail, validateStaffEmail } from '@careline/domain/staff';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, staffMemberships, staffUsers } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { generateTemporaryPassword, hashStaffPassword } from './staff.passwords.ts';

/**
 * Creates an admin of a tenant's hospitals from the command line (`npm run staff:create-admin`): the
 * way the first admin exists in production, where no default credentials are seeded. The temporary
 * password must be changed at first sign-in.
 * @param db - database
 * @param options - tenant, email, name and the hospitals (ids or exact names; all active ones when empty)
 */
export async function createAdminFromCommandLine(
  db: Db,
  options: { tenantId: string; email: string; displayName: string; hospitals: string[] },
): Promise<{
  staffUserId: string;
  temporaryPassword: string;
  hospitals: string[];
  correlationId: string;
}> {
  const email = normaliseStaffEmail(options.email);
  const emailProblem = validateStaffEmail(email);
  if (emailProblem) {
    throw new Error(`${emailProblem}: ${options.email}`);
  }
  const displayName = options.displayName.trim();
  if (displayName.length === 0 || displayName.length > 100) {
    throw new Error('Give a name of 1 to 100 characters with --name');
  }
  const all = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.tenantId, options.tenantId), eq(organizations.active, true)));
  const chosen =
    options.hospitals.length === 0
      ? all
      : options.hospitals.map((wanted) => {
          const found = all.find((h) => h.id === wanted || h.name === wanted);
          if (!found) {
            throw new Error(`No active hospital '${wanted}' in tenant '${options.tenantId}'`);
          }
          return found;
        });
  if (chosen.length === 0) {
    throw new Error(`Tenant '${options.tenantId}' has no active hospital yet`);
  }
  // One id per run of the command, on each of its audit rows (one per hospital), as a request has.
  const correlationId = `command-line:${randomUUID()}`;
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashStaffPassword(temporaryPassword);
  const staffUserId = await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.tenantId, options.tenantId), eq(staffUsers.email, email)));
    if (taken) {
      throw new Error(`A staff user ${email} already exists in tenant '${options.tenantId}'`);
    }
    const [user] = await tx
      .insert(staffUsers)
      .values({
        tenantId: options.tenantId,
        email,
        displayName,
        passwordHash,
        mustChangePassword: true,
      })
      .returning({ id: staffUsers.id });
    if (!user) {
      throw new Error('staff user insert returned no row');
    }
    await tx
      .insert(staffMemberships)
      .values(
        chosen.map((h) => ({
          tenantId: options.tenantId,
          staffUserId: user.id,
          organizationId: h.id,
          role: 'admin',
        })),
      );
    for (const hospital of chosen) {
      await recordAudit(tx, {
        tenantId: options.tenantId,
        actor: { kind: 'staff', staffUserId: user.id, role: null, organizationId: hospital.id },
        action: 'staff.create-admin',
        correlationId,
        details: { email, via: 'npm run staff:create-admin' },
      });
    }
    return user.id;
  });
  return { staffUserId, temporaryPassword, hospitals: chosen.map((h) => h.name), correlationId };
}
