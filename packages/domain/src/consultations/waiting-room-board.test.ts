import { describe, expect, it } from 'vitest';
import {
  BOARD_NEXT_TOKENS,
  boardDay,
  boardLanguageAt,
  boardPages,
  boardQueue,
  boardSessionState,
  boardShowsCancelled,
  boardShowsEnded,
  boardShowsNotStarted,
  boardTurn,
  displayName,
  DISPLAY_NAME_MAX,
  type BoardQueueToken,
} from './waiting-room-board.ts';

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

describe('the pages in turn', () => {
  it('cuts the sessions into pages of what fits, the last one shorter; no sessions is one empty page', () => {
    expect(boardPages([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(boardPages([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(boardPages([1, 2], 0)).toEqual([[1], [2]]);
    expect(boardPages([], 4)).toEqual([[]]);
  });

  // Turns of BOARD_LANGUAGE_MS: each page in en, si, ta, then the next page.
  it.each([
    [0, 2, { language: 0, page: 0 }],
    [1, 2, { language: 1, page: 0 }],
    [2, 2, { language: 2, page: 0 }],
    [3, 2, { language: 0, page: 1 }],
    [5, 2, { language: 2, page: 1 }],
    [6, 2, { language: 0, page: 0 }],
    [4, 1, { language: 1, page: 0 }],
    [7, 3, { language: 1, page: 2 }],
    [-1, 2, { language: 0, page: 0 }],
  ])('turn %i of 3 languages and %i pages: %j', (turn, pages, expected) => {
    expect(boardTurn(turn, 3, pages)).toEqual(expected);
  });

  it('shows every page in every language, whatever the page count (3 pages and 3 languages too)', () => {
    for (const pages of [1, 2, 3, 4, 6]) {
      const seen = new Set<string>();
      for (let turn = 0; turn < 3 * pages; turn += 1) {
        const { language, page } = boardTurn(turn, 3, pages);
        seen.add(`${String(page)}:${String(language)}`);
      }
      expect(seen.size).toBe(3 * pages);
    }
  });

  it('a page count that shrinks between two turns still lands on a page that exists', () => {
    expect(boardTurn(9, 3, 4)).toEqual({ language: 0, page: 3 });
    expect(boardTurn(9, 3, 2)).toEqual({ language: 0, page: 1 });
  });
});

describe('the end of the day', () => {
  const ended = colombo('17:00');
  it.each([
    [null, '17:10', false],
    [ended, '17:00', true],
    [ended, '17:29', true],
    [ended, '17:30', false],
    [ended, '16:59', false],
  ])('ended at %s, at %s: still shown as ended %s', (endedAt, now, expected) => {
    expect(boardShowsEnded(endedAt, colombo(now))).toBe(expected);
  });

  it.each([
    [[], 'none'],
    [['ended'], 'ended'],
    [['ended', 'ended'], 'ended'],
    [['ended', 'running'], 'running'],
    [['startsAt'], 'running'],
    [['late'], 'running'],
    [['cancelled'], 'over'],
    [['ended', 'cancelled'], 'over'],
    [['cancelled', 'startsAt'], 'running'],
    [['cancelled', 'running'], 'running'],
    // A session that never started and whose end passed is not left to run either.
    [['notHeld'], 'over'],
    [['ended', 'notHeld'], 'over'],
    [['notHeld', 'late'], 'running'],
  ] as const)('sessions %j: the day is %s', (states, expected) => {
    expect(boardDay(states)).toBe(expected);
  });
});

describe('a session cancelled during the day', () => {
  // Planned 14:00 to 16:00.
  const plannedEnd = colombo('16:00');
  it.each([
    ['10:00', '10:00', true],
    ['10:00', '15:59', true],
    ['10:00', '16:00', false],
    // Cancelled near (or past) its planned end: still read for 30 minutes after the cancel.
    ['15:50', '16:19', true],
    ['15:50', '16:20', false],
    ['16:30', '16:45', true],
    ['16:30', '17:00', false],
  ])('cancelled at %s, at %s: still shown as cancelled %s', (cancelledAt, now, expected) => {
    expect(boardShowsCancelled(plannedEnd, colombo(cancelledAt), colombo(now))).toBe(expected);
  });
});

describe('how a session reads on the board', () => {
  // Planned 16:00 to 18:00; expectedStart and expectedEnd are the planned ones moved by the delay staff marked.
  it.each([
    { status: 'scheduled', expectedStart: '16:00', now: '15:59', expected: 'startsAt' },
    { status: 'scheduled', expectedStart: '16:00', now: '16:00', expected: 'late' },
    { status: 'scheduled', expectedStart: '16:00', now: '17:59', expected: 'late' },
    // Its end passed and it never started: it was not held, no longer 'Not started yet' until midnight.
    { status: 'scheduled', expectedStart: '16:00', now: '18:00', expected: 'notHeld' },
    { status: 'scheduled', expectedStart: '16:00', now: '23:30', expected: 'notHeld' },
    // 'Doctor delayed by 20 minutes': it starts at 16:20 and ends at 18:20, late only past the one, not held past the other.
    { status: 'scheduled', expectedStart: '16:20', expectedEnd: '18:20', now: '16:10', expected: 'startsAt' },
    { status: 'scheduled', expectedStart: '16:20', expectedEnd: '18:20', now: '16:20', expected: 'late' },
    { status: 'scheduled', expectedStart: '16:20', expectedEnd: '18:20', now: '18:10', expected: 'late' },
    { status: 'scheduled', expectedStart: '16:20', expectedEnd: '18:20', now: '18:20', expected: 'notHeld' },
    { status: 'started', expectedStart: '16:05', now: '15:00', expected: 'running' },
    { status: 'started', expectedStart: '16:05', now: '17:00', expected: 'running' },
    // A doctor who starts past the planned end runs: the session is not 'not held'.
    { status: 'started', expectedStart: '18:10', now: '18:30', expected: 'running' },
    { status: 'completed', expectedStart: '16:05', now: '19:00', expected: 'ended' },
    { status: 'practitioner_canceled', expectedStart: '16:00', now: '15:00', expected: 'cancelled' },
    { status: 'practitioner_canceled', expectedStart: '16:00', now: '16:30', expected: 'cancelled' },
    { status: 'practitioner_canceled', expectedStart: '16:00', now: '18:30', expected: 'cancelled' },
    { status: 'provider_aborted', expectedStart: '16:00', now: '16:30', expected: 'cancelled' },
  ])('$status, expected at $expectedStart, at $now: $expected', ({ status, expectedStart, expectedEnd = '18:00', now, expected }) => {
    expect(boardSessionState({ status, expectedStart: colombo(expectedStart), expectedEnd: colombo(expectedEnd) }, colombo(now))).toBe(expected);
  });
});

describe('a session that never started', () => {
  // Expected to end at 18:00 (planned end plus any marked delay): shown 30 minutes past that, as ended ones are.
  it.each([
    ['16:00', true],
    ['17:59', true],
    ['18:00', true],
    ['18:29', true],
    ['18:30', false],
    ['23:59', false],
  ])('at %s: still on the board %s', (now, expected) => {
    expect(boardShowsNotStarted(colombo('18:00'), colombo(now))).toBe(expected);
  });
});
