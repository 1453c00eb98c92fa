/*
 * The waiting-room board's pages (issue 32 §3.6): a hospital may run more sessions than a TV holds,
 * so the board shows as many as fit and pages through the rest in turn (boardTurn in the domain).
 * How many fit comes from the screen as measured: the list's height and its tallest row.
 */

/** What the board measured of its list: the height it may fill, its tallest row and the gap between rows. */
export type BoardListSpace = { availablePx: number; rowPx: number; gapPx: number };

/**
 * How many sessions fit one page of the board: as many of its tallest row as the list's height holds,
 * at least one. Before anything is measured (no row yet, or no layout) every session is on one page.
 * @param space - the list's height, its tallest row and the gap between rows, in CSS pixels
 */
export function sessionsPerPage(space: BoardListSpace): number {
  if (!(space.rowPx > 0) || !(space.availablePx > 0)) {
    return Number.POSITIVE_INFINITY;
  }
  const gap = Math.max(0, space.gapPx);
  return Math.max(1, Math.floor((space.availablePx + gap) / (space.rowPx + gap)));
}
