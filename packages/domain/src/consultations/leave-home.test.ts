import { describe, expect, it } from 'vitest';
import {
  checkJourneyMinutes,
  DEFAULT_LEAVE_HOME_SETTINGS,
  LEAVE_HOME_MAX_MESSAGES,
  leaveHomeAt,
  nextLeaveHomeMessage,
  type LeaveHomeKind,
  type LeaveHomeSent,
} from './leave-home.ts';

// A Colombo hospital's clock (+05:30).
const at = (time: string): Date => new Date(`2026-12-03T${time}:00+05:30`);
const sentAt = (...messages: [LeaveHomeKind, string][]): LeaveHomeSent[] =>
  messages.map(([kind, expected], index) => ({ messageNo: index + 1, kind, expectedCallAt: at(expected) }));

const settings = { leadMinutes: 10, marginMinutes: 15 };

describe('the journey time a patient sets', () => {
  it.each([
    [null, null],
    [5, 5],
    [45, 45],
    [240, 240],
  ])('%s is kept as %s', (minutes, expected) => {
    expect(checkJourneyMinutes(minutes)).toBe(expected);
  });

  it.each([[4], [241], [0], [-10], [12.5], [Number.NaN], ['30'], [undefined]])('%s is refused with ARO-E4060', (minutes) => {
    expect(() => checkJourneyMinutes(minutes)).toThrow(/^ARO-E4060:The journey time must be a whole number of minutes from 5 to 240$/);
  });
});

describe('when to leave home', () => {
  it('is the expected call minus the journey', () => {
    expect(leaveHomeAt(at('11:40'), 45)).toEqual(at('10:55'));
  });

  it('defaults to a lead of 10 minutes and a margin of 15', () => {
    expect(DEFAULT_LEAVE_HOME_SETTINGS).toEqual({ leadMinutes: 10, marginMinutes: 15 });
  });
});

describe('the next leave-home message', () => {
  // Expected call, journey, now, sent so far → the decision (kind and number, or nothing).
  it.each<[string, string | null, number | null, string, LeaveHomeSent[], [LeaveHomeKind, number] | null]>([
    ['no journey time set: nothing', '11:40', null, '11:30', [], null],
    ['no estimate (called, or not booked): nothing', null, 45, '11:30', [], null],
    ['long before the time to leave: nothing', '11:40', 45, '10:30', [], null],
    ['one minute before the lead: nothing', '11:40', 45, '10:44', [], null],
    ['at the lead before the time to leave: leave now', '11:40', 45, '10:45', [], ['leaveNow', 1]],
    ['past the time to leave (a faster queue): leave now at once', '11:00', 45, '10:40', [], ['leaveNow', 1]],
    ['sent, estimate unchanged: nothing', '11:40', 45, '10:50', sentAt(['leaveNow', '11:40']), null],
    ['sent, queue slower within the margin: nothing', '11:55', 45, '11:00', sentAt(['leaveNow', '11:40']), null],
    ['sent, queue slower beyond the margin: one later update', '11:56', 45, '11:00', sentAt(['leaveNow', '11:40']), ['later', 2]],
    ['sent, queue faster within the margin: nothing', '11:25', 45, '10:50', sentAt(['leaveNow', '11:40']), null],
    ['sent, queue much faster: one earlier update', '11:24', 45, '10:50', sentAt(['leaveNow', '11:40']), ['earlier', 2]],
    [
      'an update is measured from the last message, not the first',
      '11:20',
      45,
      '10:52',
      sentAt(['leaveNow', '11:40'], ['earlier', '11:24']),
      null,
    ],
    [
      'a third message after two, beyond the margin of the last',
      '11:05',
      45,
      '10:55',
      sentAt(['leaveNow', '11:40'], ['earlier', '11:24']),
      ['earlier', 3],
    ],
    [
      'never a fourth',
      '10:30',
      45,
      '10:20',
      sentAt(['leaveNow', '11:40'], ['earlier', '11:24'], ['earlier', '11:05']),
      null,
    ],
  ])('%s', (_name, expected, journey, now, sent, decision) => {
    const next = nextLeaveHomeMessage({
      expectedCallAt: expected === null ? null : at(expected),
      journeyMinutes: journey,
      now: at(now),
      sent,
      settings,
    });
    expect(next === null ? null : [next.kind, next.messageNo]).toEqual(decision);
    if (next !== null && expected !== null) {
      expect(next.expectedCallAt).toEqual(at(expected));
    }
  });

  it(`never sends more than ${LEAVE_HOME_MAX_MESSAGES} messages, however the estimate swings`, () => {
    const sent: LeaveHomeSent[] = [];
    const swings = ['11:40', '11:00', '12:30', '10:30', '13:30', '10:00'];
    for (const expected of swings) {
      const next = nextLeaveHomeMessage({ expectedCallAt: at(expected), journeyMinutes: 30, now: at('11:00'), sent, settings });
      if (next) {
        sent.push(next);
      }
    }
    expect(sent.map((message) => [message.messageNo, message.kind])).toEqual([
      [1, 'leaveNow'],
      [2, 'earlier'],
      [3, 'later'],
    ]);
  });

  it('a lead of 0 waits for the time to leave itself', () => {
    const zeroLead = { leadMinutes: 0, marginMinutes: 15 };
    expect(nextLeaveHomeMessage({ expectedCallAt: at('11:40'), journeyMinutes: 45, now: at('10:54'), sent: [], settings: zeroLead })).toBeNull();
    expect(nextLeaveHomeMessage({ expectedCallAt: at('11:40'), journeyMinutes: 45, now: at('10:55'), sent: [], settings: zeroLead })?.kind).toBe(
      'leaveNow',
    );
  });
});
