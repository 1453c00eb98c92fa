import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may work a hospital's questionnaires from the staff console (issue 11, staff console: doctors
 * and nurses define questionnaires and read the responses on the appointment; admins too). Reading
 * the responses is a read of patient data and is audited; every definition change is audited.
 */
export const questionnairesPolicy = {
  'questionnaires.read': ['admin', 'doctor', 'nurse'],
  'questionnaires.define': ['admin', 'doctor', 'nurse'],
  'questionnaires.responses': ['admin', 'doctor', 'nurse'],
} as const satisfies Record<string, readonly StaffRole[]>;
