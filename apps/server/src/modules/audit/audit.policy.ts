import type { StaffRole } from '@careline/domain/staff';

/** Who may read a hospital's audit trail (issue 7 point 3): its admins only. */
export const auditPolicy = {
  'audit.browse': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
