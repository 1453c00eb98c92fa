import { describe, expect, it } from 'vitest';
import { BOARD_NEXT_TOKENS, boardLanguageAt, boardQueue, displayName, DISPLAY_NAME_MAX, type BoardQueueToken } from './waiting-room-board.ts';

const colombo = (time: string): Date => new Date(`2026-11-24T${time}:00+05:30`);
const token = (tokenNo: number, appointmentStatus: string, calledAt: string | null = null): BoardQueueToken => ({
  tokenNo,
  appointmentStatus,
  calledAt: calledAt ? colombo(calledAt) : null,
});

describe('the board of a session', () => {
  it.each([
    {
      name: 'not started: nobody is seen, the next tokens from the planned start (moved by the delay), 10 min each (default pace)',
      actualStart: null,
      delayMinutes: 15,
      tokens: [token(1, 'booked'), token(2, 'booked'), token(3, 'cancelled'), token(4, 'booked')],
      now: '15:00',
      expected: { nowSeeing: null, next: [[1, '16:15'], [2, '16:25'], [4, '16:35']] },
    },
    {
      name: 'running: the token called last and still Ongoing is seen; no-shows and done tokens are skipped',
      actualStart: colombo('16:05'),
      delayMinutes: 0,
      tokens: [
        token(1, 'fulfilled', '16:05'),
        token(2, 'noshow'),
        token(3, 'arrived', '16:13'),
        token(4, 'booked'),
        token(5, 'booked'),
      ],
      now: '16:14',
      // One gap of 8 minutes against the default 10 (weight 1): 9 minutes per patient from the last call.
      expected: { nowSeeing: 3, next: [[4, '16:22'], [5, '16:31']] },
    },
    {
      name: 'between calls: the patient called last is done, nobody is Ongoing',
      actualStart: colombo('16:00'),
      delayMinutes: 0,
      tokens: [token(1, 'fulfilled', '16:00'), token(2, 'booked')],
      now: '16:20',
      // Never before now.
      expected: { nowSeeing: null, next: [[2, '16:20']] },
    },
  ])('$name', ({ actualStart, delayMinutes, tokens, now, expected }) => {
    const board = boardQueue({
      plannedStart: colombo('16:00'),
      actualStart,
      delayMinutes,
      sessionOver: false,
      pastMinutesPerPatient: [],
      tokens,
      now: colombo(now),
    });
    expect({
      nowSeeing: board.nowSeeing,
      next: board.next.map((next) => [next.tokenNo, next.expectedAt?.toISOString()]),
    }).toEqual({ nowSeeing: expected.nowSeeing, next: expected.next.map(([no, at]) => [no, colombo(String(at)).toISOString()]) });
  });

  it(`shows at most ${BOARD_NEXT_TOKENS} next tokens, lowest first`, () => {
    const tokens = [9, 3, 7, 1, 5, 2, 8].map((no) => token(no, 'booked'));
    const board = boardQueue({
      plannedStart: colombo('16:00'),
      actualStart: null,
      delayMinutes: 0,
      sessionOver: false,
      pastMinutesPerPatient: [],
      tokens,
      now: colombo('15:00'),
    });
    expect(board.next.map((next) => next.tokenNo)).toEqual([1, 2, 3, 5, 7]);
  });

  it('gives no times once the session is over', () => {
    const board = boardQueue({
      plannedStart: colombo('16:00'),
      actualStart: colombo('16:00'),
      delayMinutes: 0,
      sessionOver: true,
      pastMinutesPerPatient: [],
      tokens: [token(1, 'booked')],
      now: colombo('17:00'),
    });
    expect(board.next).toEqual([{ tokenNo: 1, expectedAt: null }]);
  });
});

describe("a display's name", () => {
  it.each([
    ['Ground floor TV', 'Ground floor TV'],
    ['  OPD waiting area  ', 'OPD waiting area'],
    ['', null],
    ['   ', null],
    ['x'.repeat(DISPLAY_NAME_MAX), 'x'.repeat(DISPLAY_NAME_MAX)],
    ['x'.repeat(DISPLAY_NAME_MAX + 1), null],
    ['TV\n2', null],
  ])('%j → %j', (name, expected) => {
    expect(displayName(name)).toBe(expected);
  });
});

describe('the languages in turn', () => {
  it.each([
    [0, 'en'],
    [9_999, 'en'],
    [10_000, 'si'],
    [20_000, 'ta'],
    [30_000, 'en'],
    [-5, 'en'],
  ])('at %i ms the board shows %s', (elapsed, expected) => {
    expect(boardLanguageAt(['en', 'si', 'ta'], elapsed)).toBe(expected);
  });

  it('shows one language for good and none without languages', () => {
    expect(boardLanguageAt(['si'], 123_456)).toBe('si');
    expect(boardLanguageAt([], 0)).toBeNull();
  });
});
