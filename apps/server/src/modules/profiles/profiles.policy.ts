import { STAFF_ROLES, type StaffRole } from '@careline/domain/staff';

/**
 * Who may read patients' profiles from the staff console (issue 7 point 6): every role of the
 * hospital, since each of them serves patients at the desk, on the phone or in the ward. Each read is
 * audited.
 */
export const profilesStaffPolicy = {
  'patients.lookup': STAFF_ROLES,
} as const satisfies Record<string, readonly StaffRole[]>;
