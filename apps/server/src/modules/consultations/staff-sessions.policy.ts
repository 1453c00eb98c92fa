import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may run a hospital's consultation sessions from the staff console (issue 8, staff console):
 * receptionists and admins plan sessions and book at the desk; doctors and nurses run the queue
 * beside them. Every change and every read of the queue is audited.
 */
export const staffSessionsPolicy = {
  'sessions.list': ['admin', 'receptionist', 'doctor', 'nurse', 'callCentreAgent'],
  'sessions.manage': ['admin', 'receptionist'],
  'sessions.bookAtDesk': ['admin', 'receptionist'],
  'sessions.run': ['admin', 'receptionist', 'doctor', 'nurse'],
  'sessions.queue': ['admin', 'receptionist', 'doctor', 'nurse'],
} as const satisfies Record<string, readonly StaffRole[]>;
