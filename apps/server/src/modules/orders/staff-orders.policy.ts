import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may work a hospital's orders from the staff console (issue 10, staff console). The roles of
 * each category are the domain's (ORDER_STAFF_ROLES: pharmacists medication, lab technicians
 * examinations, nurses procedures and admissions, doctors admissions, admins all): these keys let
 * a member with any of them in, and the service then answers ARO-E1210 for an order of a category
 * their roles do not work. Only the operations a category can take list its roles: the estimated
 * time is the pharmacy's, the home sample collection is for lab tests, procedures and admissions.
 * Every read and change is audited.
 */
export const staffOrdersPolicy = {
  'orders.read': ['admin', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'orders.work': ['admin', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'orders.estimatedTime': ['admin', 'pharmacist'],
  'orders.sampleCollection': ['admin', 'labTechnician', 'nurse', 'doctor'],
} as const satisfies Record<string, readonly StaffRole[]>;
