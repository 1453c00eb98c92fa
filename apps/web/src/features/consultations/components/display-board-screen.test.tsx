// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DisplayBoardView } from '../api/display-board.ts';
import type { BoardConnectionEvents } from '../utils/board-connection.ts';
import { DisplayBoardScreen } from './display-board-screen.tsx';

// Issue 32 §3.6: the board's end of the day. A session that ended stays, saying so; when every
// session on the board has ended, the board says today's are over; with none, that there are no more.
// A session cancelled stays, saying so, without tokens; one whose start passed says it has not started,
// and once its end passed too, that it was not held (not 'Not started yet' until midnight).

const connection = vi.hoisted(() => ({ on: null as BoardConnectionEvents | null }));
vi.mock('../utils/board-connection.ts', () => ({
  connectBoard: (options: { on: BoardConnectionEvents }) => {
    connection.on = options.on;
    return () => undefined;
  },
}));

type BoardSession = DisplayBoardView['sessions'][number];

const session = (fields: Partial<BoardSession>): BoardSession => ({
  practitionerName: 'Dr. Nimal Perera',
  specialty: 'Cardiologist',
  room: 'Room 4',
  status: 'started',
  startTime: '2026-11-24T10:30:00.000Z',
  expectedStart: '2026-11-24T10:30:00.000Z',
  expectedEnd: '2026-11-24T12:30:00.000Z',
  delayMinutes: null,
  endedAt: null,
  nowSeeing: 3,
  next: [{ tokenNo: 4, expectedAt: '2026-11-24T11:40:00.000Z' }],
  ...fields,
});

async function showBoard(sessions: BoardSession[], updatedAt = '2026-11-24T12:00:00.000Z'): Promise<void> {
  window.location.hash = '#board-secret';
  render(
    <MemoryRouter initialEntries={['/display/hospital-1']}>
      <Routes>
        <Route path="/display/:hospitalId" element={<DisplayBoardScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByText('Loading the board…');
  act(() => {
    connection.on?.online(true);
    connection.on?.board({ hospitalName: 'Careline Colombo', updatedAt, sessions });
  });
}

beforeEach(() => {
  connection.on = null;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the end of the day on the board', () => {
  it('a session that ended says so, with nobody seen and no tokens; the day is not over while another runs', async () => {
    await showBoard([
      session({ room: 'Room 4' }),
      session({ practitionerName: 'Dr. Kamala Silva', room: 'Room 7', status: 'completed', endedAt: '2026-11-24T12:10:00.000Z', nowSeeing: null, next: [] }),
    ]);
    // 17:40 in Colombo.
    expect(await screen.findByText('Session ended at 5:40 PM')).toBeTruthy();
    expect(screen.getAllByTestId('now-seeing').map((token) => token.textContent)).toEqual(['3']);
    expect(screen.queryByText("All of today's sessions have ended")).toBeNull();
    expect(screen.queryByText(/^Page \d/)).toBeNull();
  });

  it("says today's sessions have ended when every one on the board has", async () => {
    await showBoard([session({ status: 'completed', endedAt: '2026-11-24T12:10:00.000Z', nowSeeing: null, next: [] })]);
    expect(await screen.findByText("All of today's sessions have ended")).toBeTruthy();
    expect(screen.getByText('Session ended at 5:40 PM')).toBeTruthy();
    expect(screen.queryAllByTestId('now-seeing')).toEqual([]);
  });

  it('says there are no more sessions when none is on the board', async () => {
    await showBoard([]);
    expect(await screen.findByText('No more sessions today')).toBeTruthy();
    expect(screen.queryByText("All of today's sessions have ended")).toBeNull();
  });
});

// The board's clock is the server's (its updatedAt, 12:00 UTC = 17:30 in Colombo), whatever the device says.
describe('a session cancelled or not started on the board', () => {
  const cancelled = (fields: Partial<BoardSession> = {}): BoardSession =>
    session({
      practitionerName: 'Dr. Kamala Silva',
      room: 'Room 7',
      status: 'practitioner_canceled',
      startTime: '2026-11-24T13:30:00.000Z',
      expectedStart: '2026-11-24T13:30:00.000Z',
      nowSeeing: null,
      next: [],
      ...fields,
    });

  it('a cancelled session says so, at its planned start, with no tokens; the day is not over while another runs', async () => {
    await showBoard([session({ room: 'Room 4' }), cancelled()]);
    // 19:00 in Colombo.
    expect(await screen.findByText('Session at 7:00 PM cancelled')).toBeTruthy();
    expect(screen.getAllByTestId('now-seeing').map((token) => token.textContent)).toEqual(['3']);
    expect(screen.queryByText('No more sessions today')).toBeNull();
    expect(screen.queryByText("All of today's sessions have ended")).toBeNull();
  });

  it('says there are no more sessions when the rest are cancelled or ended, and not that all have ended', async () => {
    await showBoard([cancelled(), session({ room: 'Room 9', status: 'completed', endedAt: '2026-11-24T11:50:00.000Z', nowSeeing: null, next: [] })]);
    expect(await screen.findByText('No more sessions today')).toBeTruthy();
    expect(screen.getByText('Session at 7:00 PM cancelled')).toBeTruthy();
    expect(screen.getByText('Session ended at 5:20 PM')).toBeTruthy();
    expect(screen.queryByText("All of today's sessions have ended")).toBeNull();
    expect(screen.queryAllByTestId('now-seeing')).toEqual([]);
  });

  it.each([
    {
      name: 'before its start: when it starts, the tokens with their times',
      fields: { startTime: '2026-11-24T12:30:00.000Z', expectedStart: '2026-11-24T12:30:00.000Z' },
      says: ['Starts at 6:00 PM'],
      token: 'Token 4, at about 5:10 PM',
    },
    {
      name: 'past its start: not started yet, at its planned time; the tokens without times',
      fields: { startTime: '2026-11-24T11:30:00.000Z', expectedStart: '2026-11-24T11:30:00.000Z' },
      says: ['Not started yet (was to start at 5:00 PM)'],
      token: 'Token 4',
    },
    {
      name: "delayed by 45 minutes, before the delay's start: the expected start",
      fields: { startTime: '2026-11-24T11:30:00.000Z', expectedStart: '2026-11-24T12:15:00.000Z', delayMinutes: 45 },
      says: ['Starts at 5:45 PM', 'Doctor delayed by 45 minutes'],
      token: 'Token 4, at about 5:10 PM',
    },
    {
      name: "delayed by 45 minutes, past the delay's start: not started yet, with the delay",
      fields: { startTime: '2026-11-24T11:00:00.000Z', expectedStart: '2026-11-24T11:45:00.000Z', delayMinutes: 45 },
      says: ['Not started yet (was to start at 4:30 PM)', 'Doctor delayed by 45 minutes'],
      token: 'Token 4',
    },
  ])('a scheduled session $name', async ({ fields, says, token }) => {
    await showBoard([session({ status: 'scheduled', nowSeeing: null, next: [{ tokenNo: 4, expectedAt: '2026-11-24T11:40:00.000Z' }], ...fields })]);
    for (const text of says) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getByRole('listitem', { name: token })).toBeTruthy();
    expect(screen.queryByText(/^Starts at/) === null).toBe(says.every((text) => !text.startsWith('Starts at')));
  });

  it('turns a session to not started once its start passes, with no new board from the server', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-24T11:29:55.000Z'));
    await showBoard(
      [session({ status: 'scheduled', startTime: '2026-11-24T11:30:00.000Z', expectedStart: '2026-11-24T11:30:00.000Z', nowSeeing: null })],
      '2026-11-24T11:29:55.000Z',
    );
    expect(await screen.findByText('Starts at 5:00 PM')).toBeTruthy();
    // Three turns (si, ta, then en again): the start passed on the first.
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(await screen.findByText('Not started yet (was to start at 5:00 PM)')).toBeTruthy();
    expect(screen.queryByText('Starts at 5:00 PM')).toBeNull();
  });

  it('says a session that never started and whose end passed was not held, without tokens; with nothing left to run, no more sessions today', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-24T11:29:55.000Z'));
    await showBoard(
      [
        session({
          status: 'scheduled',
          startTime: '2026-11-24T09:30:00.000Z',
          expectedStart: '2026-11-24T09:30:00.000Z',
          expectedEnd: '2026-11-24T11:30:00.000Z',
          nowSeeing: null,
        }),
      ],
      '2026-11-24T11:29:55.000Z',
    );
    expect(await screen.findByText('Not started yet (was to start at 3:00 PM)')).toBeTruthy();
    // Its end passes on the next turn: no new board from the server is needed.
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(await screen.findByText('Session at 3:00 PM was not held')).toBeTruthy();
    expect(screen.queryByText(/^Not started yet/)).toBeNull();
    expect(screen.queryAllByTestId('now-seeing')).toEqual([]);
    expect(screen.getByText('No more sessions today')).toBeTruthy();
  });
});
