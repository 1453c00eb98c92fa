import { describe, expect, it } from 'vitest';
import { sessionsPerPage } from './board-paging.ts';

describe('how many sessions fit a page of the board', () => {
  it.each([
    // Rows of 150 px, 12 px apart: four need 4 × 150 + 3 × 12 = 636 px, so 600 px hold three.
    [{ availablePx: 600, rowPx: 150, gapPx: 12 }, 3],
    [{ availablePx: 636, rowPx: 150, gapPx: 12 }, 4],
    [{ availablePx: 635, rowPx: 150, gapPx: 12 }, 3],
    [{ availablePx: 150, rowPx: 150, gapPx: 12 }, 1],
    // A row taller than the screen still gets a page of its own.
    [{ availablePx: 100, rowPx: 150, gapPx: 12 }, 1],
    [{ availablePx: 1000, rowPx: 100, gapPx: 0 }, 10],
  ])('%j → %i', (space, expected) => {
    expect(sessionsPerPage(space)).toBe(expected);
  });

  it('puts every session on one page until a row has been measured (no layout yet)', () => {
    expect(sessionsPerPage({ availablePx: 600, rowPx: 0, gapPx: 12 })).toBe(Number.POSITIVE_INFINITY);
    expect(sessionsPerPage({ availablePx: 0, rowPx: 150, gapPx: 12 })).toBe(Number.POSITIVE_INFINITY);
  });
});
