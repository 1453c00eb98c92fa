import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may run the hospital's side of payments from the staff console (issue 9 §8 Refunds carried
 * out, §9 Cashier's console): cashiers and admins take cash at the desk, see the day's payments,
 * decide refund requests and reconcile gateway notifications. Every read of patient data and every
 * change is audited.
 */
export const staffPaymentsPolicy = {
  'payments.cash': ['admin', 'cashier'],
  // An order's cash payment: cashiers, admins and the staff who work the order (ORDER_STAFF_ROLES:
  // pharmacists hand medicines over, lab technicians, nurses and doctors finish lab tests, procedures
  // and admissions); the domain's recordPayment rule then holds the role to the order's category
  // (orders/transitions.ts), so a pharmacist never takes a lab test's cash.
  'payments.orderCash': ['admin', 'cashier', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'payments.list': ['admin', 'cashier'],
  'refunds.list': ['admin', 'cashier'],
  'refunds.decide': ['admin', 'cashier'],
  'payments.reconcile': ['admin', 'cashier'],
} as const satisfies Record<string, readonly StaffRole[]>;
