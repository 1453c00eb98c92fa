import type { StaffRole } from '@careline/domain/staff';

/**
 * Who may call a patient on a video consultation from the staff console (issue 13 Build 4): the
 * doctor. The spec shows practitioners as the only caller in video calls (doc 2 §6), so nurses,
 * receptionists and admins run the queue (sessions.*) but do not call. The same key covers the
 * whole call of the member who placed it: ring, signalling, the live channel and hang-up; signalling
 * and the live channel further answer only the member who placed the current call. Every call and
 * hang-up is audited.
 */
export const staffVideoPolicy = {
  'video.call': ['doctor'],
} as const satisfies Record<string, readonly StaffRole[]>;
