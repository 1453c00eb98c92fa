/**
 * A chat with hospital staff (spec doc 1 §4 'Chat session with staff', §3 Chat communication, §7
 * Chat) as a small state machine: its statuses, the words the patient sees for them, the moves
 * between them, and the rating.
 */
import { CHAT_SPEC_TEXTS } from './texts.ts';

/** The statuses of a chat with staff (spec doc 1 §4). */
export const STAFF_CHAT_STATUSES = ['preparation', 'in_progress', 'suspended', 'completed', 'entered_in_error'] as const;
/** A status of a chat with staff. */
export type StaffChatStatus = (typeof STAFF_CHAT_STATUSES)[number];

/** The open statuses: a chat in one of them is the account's one open chat. */
export const OPEN_STAFF_CHAT_STATUSES = ['preparation', 'in_progress', 'suspended'] as const satisfies readonly StaffChatStatus[];

/**
 * What the patient sees for a status (spec doc 1 §4: "preparation (connecting to hospital staff)",
 * "suspended (all staff busy)"); null where the spec gives no words.
 */
export const STAFF_CHAT_STATUS_TEXTS: Readonly<Record<StaffChatStatus, string | null>> = {
  preparation: CHAT_SPEC_TEXTS.connectingToHospitalStaff,
  in_progress: null,
  suspended: CHAT_SPEC_TEXTS.allStaffBusy,
  completed: null,
  entered_in_error: null,
};

/**
 * What happens to a chat:
 * - take: a staff member takes the chat (the first answer);
 * - suspend: no staff member is online to take it;
 * - complete: the patient or the staff member ends the chat.
 */
export type StaffChatEvent = 'take' | 'suspend' | 'complete';

/**
 * Whether a status is open (preparation, in_progress or suspended).
 * @param status - the chat's status
 */
export function isStaffChatOpen(status: StaffChatStatus): boolean {
  return (OPEN_STAFF_CHAT_STATUSES as readonly StaffChatStatus[]).includes(status);
}

/**
 * The status after an event, or null when the event is refused in that status.
 * Completing a chat in preparation or suspended sets entered_in_error, otherwise completed (spec
 * doc 1 §4). Ours: a waiting or suspended chat can be taken; only a waiting chat is suspended (an
 * answered chat keeps its staff member); a closed chat takes no event.
 * @param status - the chat's status
 * @param event - what happened
 */
export function nextStaffChatStatus(status: StaffChatStatus, event: StaffChatEvent): StaffChatStatus | null {
  switch (event) {
    case 'take':
      return status === 'preparation' || status === 'suspended' ? 'in_progress' : null;
    case 'suspend':
      return status === 'preparation' ? 'suspended' : null;
    case 'complete':
      if (status === 'preparation' || status === 'suspended') {
        return 'entered_in_error';
      }
      return status === 'in_progress' ? 'completed' : null;
  }
}

/**
 * Whether the patient can start a new chat: with no chat yet, or once the last one is closed
 * (spec doc 1 §4: "A new chat can start after completion"; entered_in_error is closed too).
 * @param lastStatus - the status of the account's latest chat, or null for none
 */
export function canStartStaffChat(lastStatus: StaffChatStatus | null): boolean {
  return lastStatus === null || !isStaffChatOpen(lastStatus);
}

/** A chat's rating: 1 happy, 0 unhappy (spec doc 1 §4), kept as an integer extension (§3). */
export const STAFF_CHAT_RATING = { happy: 1, unhappy: 0 } as const;
/** A rating value. */
export type StaffChatRating = (typeof STAFF_CHAT_RATING)[keyof typeof STAFF_CHAT_RATING];

/**
 * Whether a value is a rating (1 or 0, nothing else).
 * @param value - the candidate
 */
export function isStaffChatRating(value: unknown): value is StaffChatRating {
  return value === STAFF_CHAT_RATING.happy || value === STAFF_CHAT_RATING.unhappy;
}

/**
 * Whether a chat can be rated. Ours: once staff have answered (in_progress) or after it completed;
 * a chat no staff member took (preparation, suspended, entered_in_error) has nothing to rate.
 * @param status - the chat's status
 */
export function canRateStaffChat(status: StaffChatStatus): boolean {
  return status === 'in_progress' || status === 'completed';
}
