// The staff module's face: staff sessions, permissions and what every staff service starts from.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export {
  createStaffAccessSession,
  type StaffMembership,
  type StaffViewer,
} from './staff.access-sessions.ts';
export { createAdminFromCommandLine } from './staff.bootstrap.ts';
export {
  hospitalScope,
  type HospitalScope,
  notFound,
  requireId,
  staffActor,
  type StaffAuditActor,
  type StaffContext,
} from './staff.context.ts';
export {
  actingRole,
  requireStaffRole,
  staffAccess,
  staffAccessError,
  type StaffAction,
} from './staff.permissions.ts';
