import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may administer staff (issue 7 point 2): the roles that may run each staff-administration
 * operation in a hospital where they hold the role.
 */
export const staffPolicy = {
  'staff.users.list': ['admin'],
  'staff.users.create': ['admin'],
  'staff.users.setRoles': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
