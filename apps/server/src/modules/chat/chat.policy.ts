import type { StaffRole } from '@careline/domain/staff';

/**
 * Who answers a hospital's chats from the staff console (issue 12 §4 The staff inbox): call-centre
 * agents and receptionists of the hospital, and its admins. Reading (the inbox, a chat, the live
 * inbox, the patient's context) and working a chat (take, reply, close, typing) are separate keys so
 * a later role can be given one without the other. Every read of a patient's chat is audited.
 */
export const staffChatPolicy = {
  'chat.read': ['admin', 'callCentreAgent', 'receptionist'],
  'chat.work': ['admin', 'callCentreAgent', 'receptionist'],
} as const satisfies Record<string, readonly StaffRole[]>;
