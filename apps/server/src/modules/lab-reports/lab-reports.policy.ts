import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may work a hospital's lab reports from the staff console (issue 11): laboratory technicians
 * and admins read, enter, verify, issue, outsource and correct reports of their hospital; only
 * admins change the hospital's lab report settings (the second-person verification). Those who
 * issue reports (technicians and admins) set the hospital's header, footer and signature images of
 * the printable report (and may upload them, files.routes STAFF_UPLOAD_ACTIONS). Every read and
 * change is audited.
 */
export const labReportsPolicy = {
  'labReports.read': ['admin', 'labTechnician'],
  'labReports.work': ['admin', 'labTechnician'],
  'labReports.settings': ['admin'],
  'labReports.images': ['admin', 'labTechnician'],
} as const satisfies Record<string, readonly StaffRole[]>;
