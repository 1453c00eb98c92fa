import { AppError } from '@careline/domain/errors';
import { UUID_PATTERN } from '@careline/domain/ids';
import type { StaffAction } from '@careline/domain/staff';
import type { AuditActor } from '../audit/index.ts';
import type { StaffViewer } from './staff.access-sessions.ts';
import { requireStaffRole } from './staff.permissions.ts';

/*
 * What every staff service starts from (issue 28: one helper instead of a copy per module): the
 * member, the hospital of the request, the audit actor and the not-found answer.
 */

/** The part of a staff service's deps every staff request carries: who asks, in which hospital. */
export type StaffContext = { tenantId: string; staff: StaffViewer; organizationId: string };

/** The hospital a staff request concerns, as the repos take it. */
export type HospitalScope = { tenantId: string; organizationId: string };

/** A staff member as the audit trail records them. */
export type StaffAuditActor = Extract<AuditActor, { kind: 'staff' }>;

/**
 * The member as the audit trail names them, under the role the action allows them in the hospital;
 * refuses (requireStaffRole: ARO-E1023, E1201, E2001 or E1210) when there is none.
 * @param context - the staff member and hospital of the request
 * @param action - the operation's policy key
 */
export function staffActor(context: StaffContext, action: StaffAction): StaffAuditActor {
  return {
    kind: 'staff',
    staffUserId: context.staff.staffUserId,
    role: requireStaffRole(context.staff, action, context.organizationId),
    organizationId: context.organizationId,
  };
}

/**
 * The tenant and hospital of a staff request.
 * @param context - the staff member and hospital of the request
 */
export function hospitalScope(
  context: Pick<StaffContext, 'tenantId' | 'organizationId'>,
): HospitalScope {
  return { tenantId: context.tenantId, organizationId: context.organizationId };
}

/** The answer for a record that does not exist or belongs to another hospital: ARO-E2001. */
export function notFound(): AppError {
  return new AppError('ARO-E2001');
}

/**
 * A record id sent by the client; one that is not a UUID is answered as not found (ARO-E2001), the
 * same as a missing record, so a malformed id reveals nothing.
 * @param id - the id as sent
 */
export function requireId(id: string): string {
  if (!UUID_PATTERN.test(id)) {
    throw notFound();
  }
  return id;
}
