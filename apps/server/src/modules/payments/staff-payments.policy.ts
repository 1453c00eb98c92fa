import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may run the hospital's side of payments from the staff console (issue 9 §8 Refunds carried
 * out, §9 Cashier's console): cashiers and admins take cash at the desk, see the day's payments,
 * decide refund requests and reconcile gateway notifications. Every read of patient data and every
 * change is audited.
 */
export const staffPaymentsPolicy = {
  'payments.cash': ['admin', 'cashier'],
  'payments.list': ['admin', 'cashier'],
  'refunds.list': ['admin', 'cashier'],
  'refunds.decide': ['admin', 'cashier'],
  'payments.reconcile': ['admin', 'cashier'],
} as const satisfies Record<string, readonly StaffRole[]>;
