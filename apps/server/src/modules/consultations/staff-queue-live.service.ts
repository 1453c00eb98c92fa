import { AppError } from '@careline/domain/errors';
import { currentStaffStanding } from './staff-queue-live.repo.ts';
import { readStaffSessionQueue, type StaffSessionDeps, type StaffSessionQueue } from './staff-sessions.service.ts';

/**
 * One delivery of the live queue (staffSubscribeSessionQueue): the staff member's roles are read
 * again first, so a role taken away (or an account disabled) since subscribing stops the patient data
 * at the next change, with the query's own refusals; then the queue is read and audited like the query.
 * @param deps - database, tenant, the staff member as they subscribed, hospital
 * @param sessionId - the session
 */
export async function readLiveStaffSessionQueue(deps: StaffSessionDeps, sessionId: string): Promise<StaffSessionQueue> {
  const standing = await currentStaffStanding(deps.db, { tenantId: deps.tenantId, staffUserId: deps.staff.staffUserId });
  if (!standing) {
    throw new AppError('ARO-E1022');
  }
  return readStaffSessionQueue({ ...deps, staff: { ...deps.staff, ...standing } }, sessionId);
}
