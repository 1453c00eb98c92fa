import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may work a hospital's lab reports from the staff console (issue 11): laboratory technicians
 * and admins read, enter, verify, issue, outsource and correct reports of their hospital; only
 * admins change the hospital's lab report settings (the second-person verification). Every read
 * and change is audited.
 */
export const labReportsPolicy = {
  'labReports.read': ['admin', 'labTechnician'],
  'labReports.work': ['admin', 'labTechnician'],
  'labReports.settings': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
