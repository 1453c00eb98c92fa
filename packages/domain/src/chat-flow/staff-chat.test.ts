import { describe, expect, it } from 'vitest';
import {
  OPEN_STAFF_CHAT_STATUSES,
  STAFF_CHAT_RATING,
  STAFF_CHAT_STATUSES,
  STAFF_CHAT_STATUS_TEXTS,
  canRateStaffChat,
  canStartStaffChat,
  isStaffChatOpen,
  isStaffChatRating,
  nextStaffChatStatus,
  type StaffChatEvent,
  type StaffChatStatus,
} from './staff-chat.ts';

describe('chat with hospital staff (spec doc 1 §4 Chat session with staff)', () => {
  it('has the five spec statuses', () => {
    expect(STAFF_CHAT_STATUSES).toEqual(['preparation', 'in_progress', 'suspended', 'completed', 'entered_in_error']);
    expect(OPEN_STAFF_CHAT_STATUSES).toEqual(['preparation', 'in_progress', 'suspended']);
  });

  it('says the spec words for preparation and suspended', () => {
    expect(STAFF_CHAT_STATUS_TEXTS).toEqual({
      preparation: 'connecting to hospital staff',
      in_progress: null,
      suspended: 'all staff busy',
      completed: null,
      entered_in_error: null,
    });
  });

  // Every status × event; null is refused.
  it.each([
    ['preparation', 'take', 'in_progress'],
    ['preparation', 'suspend', 'suspended'],
    ['preparation', 'complete', 'entered_in_error'],
    ['in_progress', 'take', null],
    ['in_progress', 'suspend', null],
    ['in_progress', 'complete', 'completed'],
    ['suspended', 'take', 'in_progress'],
    ['suspended', 'suspend', null],
    ['suspended', 'complete', 'entered_in_error'],
    ['completed', 'take', null],
    ['completed', 'suspend', null],
    ['completed', 'complete', null],
    ['entered_in_error', 'take', null],
    ['entered_in_error', 'suspend', null],
    ['entered_in_error', 'complete', null],
  ] as const satisfies readonly (readonly [StaffChatStatus, StaffChatEvent, StaffChatStatus | null])[])(
    '%s --%s--> %s',
    (status, event, next) => {
      expect(nextStaffChatStatus(status, event)).toBe(next);
    },
  );

  it.each([
    [null, true],
    ['preparation', false],
    ['in_progress', false],
    ['suspended', false],
    ['completed', true],
    ['entered_in_error', true],
  ] as const)('after a chat in %s, a new chat can start: %s', (status, can) => {
    expect(canStartStaffChat(status)).toBe(can);
    if (status !== null) {
      expect(isStaffChatOpen(status)).toBe(!can);
    }
  });

  it('rates 1 happy, 0 unhappy, and nothing else', () => {
    expect(STAFF_CHAT_RATING).toEqual({ happy: 1, unhappy: 0 });
    expect([1, 0].every(isStaffChatRating)).toBe(true);
    expect([2, -1, 0.5, '1', true, null, undefined].some(isStaffChatRating)).toBe(false);
  });

  it.each([
    ['preparation', false],
    ['in_progress', true],
    ['suspended', false],
    ['completed', true],
    ['entered_in_error', false],
  ] as const)('a chat in %s can be rated: %s', (status, can) => {
    expect(canRateStaffChat(status)).toBe(can);
  });
});
