// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { DisplayBoardView } from '../api/display-board.ts';
import type { BoardConnectionEvents } from '../utils/board-connection.ts';
import { DisplayBoardScreen } from './display-board-screen.tsx';

// Issue 32 §3.6: the board's end of the day. A session that ended stays, saying so; when every
// session on the board has ended, the board says today's are over; with none, that there are no more.

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
  delayMinutes: null,
  endedAt: null,
  nowSeeing: 3,
  next: [{ tokenNo: 4, expectedAt: '2026-11-24T11:40:00.000Z' }],
  ...fields,
});

async function showBoard(sessions: BoardSession[]): Promise<void> {
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
    connection.on?.board({ hospitalName: 'Careline Colombo', updatedAt: '2026-11-24T12:00:00.000Z', sessions });
  });
}

beforeEach(() => {
  connection.on = null;
});
afterEach(cleanup);

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
