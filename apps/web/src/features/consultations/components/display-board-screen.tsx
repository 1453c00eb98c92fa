import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useParams } from 'react-router';
import { boardDay, BOARD_LANGUAGE_MS, boardPages, boardSessionState, boardTurn } from '@careline/domain/consultations';
import { formatInstant } from '@careline/domain/time';
import { defaultSocketUrl } from '@careline/ui/graphql';
import { activateLocale, createI18n, type I18n } from '@careline/i18n/core';
import { loadConsultationsMessages, useConsultationsTranslate } from '@careline/i18n/consultations';
import { locales, type Locale } from '@careline/i18n/locales';
import { I18nProvider } from '@careline/i18n/react';
import type { DisplayBoardView } from '../api/display-board.ts';
import { connectBoard } from '../utils/board-connection.ts';
import { sessionsPerPage, type BoardListSpace } from '../utils/board-paging.ts';
import { HOSPITAL_TIME_ZONE } from '../utils/session-days.ts';
import './display-board.css';

/*
 * The waiting-room board (issue 32 §3.6): /display/<hospital>#<secret>, opened on a TV's browser.
 * The secret stays in the address's fragment (never sent in a request line) and goes to the server in
 * the subscription's variables. Full screen, large type, in the tenant's languages in turn; it keeps
 * itself connected and says when it is offline, with the time of its last update. More sessions than
 * the screen holds are paged: each page in every language in turn, then the next (boardTurn). A
 * session whose start passed without it starting says so (boardSessionState 'late'), and one whose
 * end passed too says it was not held ('notHeld', until the server drops it) by the server's clock, as the last board read it, moved on by this screen's clock: no event comes when a start passes.
 */

type BoardState = {
  board: DisplayBoardView | null;
  /** The server's clock less this device's when the last board arrived (its updatedAt): a TV's clock may be wrong. */
  clockOffsetMs: number;
  online: boolean;
  /** When the last board arrived (the device's clock: it is this screen's own news). */
  lastUpdate: Date | null;
  refused: string | null;
};

/**
 * The board's own Lingui instance with every language's texts, and its turn: one every
 * BOARD_LANGUAGE_MS since the board opened, each turn the next language (boardTurn).
 */
function useBoardLanguages(): { i18n: I18n; locale: Locale; turn: number } | null {
  const i18n = useMemo(() => createI18n(), []);
  const [ready, setReady] = useState(false);
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    let live = true;
    void (async () => {
      for (const language of locales) {
        await activateLocale(i18n, language);
        await loadConsultationsMessages(i18n, language);
      }
      i18n.activate(locales[0]);
      if (live) {
        setReady(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [i18n]);
  useEffect(() => {
    if (!ready) {
      return;
    }
    const opened = Date.now();
    const timer = setInterval(() => {
      const next = Math.floor(Math.max(0, Date.now() - opened) / BOARD_LANGUAGE_MS);
      i18n.activate(locales[boardTurn(next, locales.length, 1).language] ?? locales[0]);
      setTurn(next);
    }, 1000);
    return () => clearInterval(timer);
  }, [i18n, ready]);
  const locale = locales[boardTurn(turn, locales.length, 1).language] ?? locales[0];
  return ready ? { i18n, locale, turn } : null;
}

const UNMEASURED: BoardListSpace = { availablePx: 0, rowPx: 0, gapPx: 0 };

/**
 * How many sessions fit a page, measured after each render: the list's height and its tallest row,
 * the least height and the tallest row seen since the screen last changed size, so the pages settle
 * instead of changing with each page's rows or each language's texts.
 * @param list - the sessions' list
 * @param shown - what the list shows now (the turn, the board's read): measured again when it changes
 */
function useSessionsPerPage(list: RefObject<HTMLUListElement | null>, shown: string): number {
  const [space, setSpace] = useState<BoardListSpace>(UNMEASURED);
  useEffect(() => {
    const resized = () => setSpace(UNMEASURED);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) {
      return;
    }
    const rows = Array.from(element.children, (child) => (child as HTMLElement).offsetHeight);
    const height = element.clientHeight;
    const measured = {
      availablePx: space.availablePx > 0 && height > 0 ? Math.min(space.availablePx, height) : height,
      rowPx: Math.max(space.rowPx, ...rows),
      gapPx: Number.parseFloat(getComputedStyle(element).rowGap) || 0,
    };
    if (measured.availablePx !== space.availablePx || measured.rowPx !== space.rowPx || measured.gapPx !== space.gapPx) {
      setSpace(measured);
    }
  }, [list, space, shown]);
  return sessionsPerPage(space);
}

/** The secret from the address's fragment ('#<secret>'), or ''. */
function secretFromFragment(): string {
  return decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

function useBoardConnection(hospitalId: string, secret: string): BoardState {
  const [state, setState] = useState<BoardState>({ board: null, clockOffsetMs: 0, online: false, lastUpdate: null, refused: null });
  useEffect(() => {
    if (!secret) {
      return;
    }
    return connectBoard({
      url: defaultSocketUrl(),
      hospitalId,
      secret,
      on: {
        board: (board) =>
          setState((s) => {
            const arrived = new Date();
            return { ...s, board, clockOffsetMs: Date.parse(board.updatedAt) - arrived.getTime(), online: true, lastUpdate: arrived };
          }),
        online: (online) => setState((s) => ({ ...s, online })),
        refused: (message) => setState((s) => ({ ...s, refused: message, online: false })),
      },
    });
  }, [hospitalId, secret]);
  return state;
}

type BoardSessionView = DisplayBoardView['sessions'][number];

/** A session's doctor, specialty and room, and what is said under them. */
function SessionDoctor({ session, children }: { session: BoardSessionView; children?: ReactNode }) {
  const t = useConsultationsTranslate();
  return (
    <div className="display-board__doctor">
      <h2>{session.practitionerName}</h2>
      <p>
        {session.specialty}
        {session.room ? (
          <>
            {' · '}
            <span className="display-board__room">{t('consultations.board.room', { room: session.room })}</span>
          </>
        ) : null}
      </p>
      {children}
    </div>
  );
}

function BoardContent({ state, locale, turn, hasSecret }: { state: BoardState; locale: Locale; turn: number; hasSecret: boolean }) {
  const t = useConsultationsTranslate();
  const list = useRef<HTMLUListElement>(null);
  const perPage = useSessionsPerPage(list, `${String(turn)} ${state.board?.updatedAt ?? ''}`);
  const time = (iso: string | Date | null): string =>
    iso ? (formatInstant(iso instanceof Date ? iso.toISOString() : iso, 'sessionTime', { locale, timeZone: HOSPITAL_TIME_ZONE }) ?? '') : '';
  const board = state.board;
  const heading = board && hasSecret && !state.refused ? t('consultations.board.heading', { hospital: board.hospitalName }) : t('consultations.board.documentTitle');
  // The title is the heading, in the language shown now.
  useEffect(() => {
    document.title = heading;
  }, [heading]);

  if (!hasSecret || state.refused) {
    return (
      <main className="display-board display-board--message" lang={locale}>
        <h1>{heading}</h1>
        <p role="alert">{state.refused ? t('error.ARO-E4062') : t('consultations.board.noSecret')}</p>
      </main>
    );
  }
  const sessions = board?.sessions ?? [];
  const pages = boardPages(sessions, perPage);
  const { page } = boardTurn(turn, locales.length, pages.length);
  // The server's clock now: rendered again at least every turn (BOARD_LANGUAGE_MS), so a start that passes shows within one.
  const now = new Date(Date.now() + state.clockOffsetMs);
  const reads = (session: (typeof sessions)[number]) =>
    boardSessionState({ status: session.status, expectedStart: new Date(session.expectedStart), expectedEnd: new Date(session.expectedEnd) }, now);
  const day = boardDay(sessions.map(reads));
  return (
    <main className="display-board" lang={locale}>
      <header className="display-board__header">
        <h1>{heading}</h1>
        {pages.length > 1 ? <p className="display-board__page">{t('consultations.board.page', { page: page + 1, pages: pages.length })}</p> : null}
        <p className={state.online ? 'display-board__status' : 'display-board__status display-board__status--offline'} role="status">
          {state.online
            ? state.lastUpdate
              ? t('consultations.board.updated', { time: time(state.lastUpdate) })
              : ''
            : state.lastUpdate
              ? t('consultations.board.offline', { time: time(state.lastUpdate) })
              : t('consultations.board.offlineNever')}
        </p>
      </header>
      {!board ? (
        <p className="display-board__empty">{t('consultations.board.loading')}</p>
      ) : day === 'none' ? (
        <p className="display-board__empty">{t('consultations.board.noSessions')}</p>
      ) : (
        <>
          {day === 'ended' ? <p className="display-board__empty">{t('consultations.board.endedForToday')}</p> : null}
          {day === 'over' ? <p className="display-board__empty">{t('consultations.board.noSessions')}</p> : null}
          <ul className="display-board__sessions" ref={list}>
            {(pages[page] ?? []).map((session) => {
              const key = `${session.startTime}-${session.practitionerName}-${session.room ?? ''}`;
              const reading = reads(session);
              if (reading === 'ended' || reading === 'cancelled' || reading === 'notHeld') {
                return (
                  <li className={`display-board__session display-board__session--${reading === 'notHeld' ? 'cancelled' : reading}`} key={key}>
                    <SessionDoctor session={session} />
                    <p className="display-board__ended">
                      {reading === 'ended'
                        ? t('consultations.board.ended', { time: time(session.endedAt) })
                        : reading === 'cancelled'
                          ? t('consultations.board.cancelled', { time: time(session.startTime) })
                          : t('consultations.board.notHeld', { time: time(session.startTime) })}
                    </p>
                  </li>
                );
              }
              // Late, the estimates would count from a start that has not come: the tokens only, no times.
              const late = reading === 'late';
              return (
                <li className={late ? 'display-board__session display-board__session--late' : 'display-board__session'} key={key}>
                  <SessionDoctor session={session}>
                    <p className={late ? 'display-board__late' : undefined}>
                      {reading === 'running'
                        ? t('consultations.board.started')
                        : late
                          ? t('consultations.board.notStarted', { time: time(session.startTime) })
                          : t('consultations.board.startsAt', { time: time(session.expectedStart) })}
                    </p>
                    {session.delayMinutes && reading !== 'running' ? (
                      <p className="display-board__delay">{t('consultations.board.delayed', { minutes: session.delayMinutes })}</p>
                    ) : null}
                  </SessionDoctor>
                  <div className="display-board__now">
                    <h3>{t('consultations.board.nowSeeing')}</h3>
                    {/* Only the number is live: the texts around it change language every few seconds. */}
                    <p className="display-board__token" aria-live="polite" data-testid="now-seeing">
                      {session.nowSeeing ?? ''}
                    </p>
                    {session.nowSeeing === null ? <p className="display-board__token--none">{t('consultations.board.nobodyYet')}</p> : null}
                  </div>
                  <div className="display-board__next">
                    <h3>{t('consultations.board.next')}</h3>
                    {session.next.length === 0 ? (
                      <p>{t('consultations.board.noneWaiting')}</p>
                    ) : (
                      <ol>
                        {session.next.map((next) => (
                          <li
                            key={next.tokenNo}
                            aria-label={
                              late
                                ? t('consultations.board.nextTokenNoTime', { token: next.tokenNo })
                                : t('consultations.board.nextToken', { token: next.tokenNo, time: time(next.expectedAt) })
                            }
                          >
                            <span className="display-board__next-token">{next.tokenNo}</span>
                            {late ? null : <span className="display-board__next-time">{time(next.expectedAt)}</span>}
                          </li>
                        ))}
                      </ol>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}

/** The waiting-room board of /display/:hospitalId: no sign-in, the display's secret in the fragment. */
export function DisplayBoardScreen() {
  const { hospitalId = '' } = useParams();
  const [secret] = useState(secretFromFragment);
  const state = useBoardConnection(hospitalId, secret);
  const languages = useBoardLanguages();
  if (!languages) {
    return null;
  }
  return (
    <I18nProvider i18n={languages.i18n}>
      <BoardContent state={state} locale={languages.locale} turn={languages.turn} hasSecret={secret !== ''} />
    </I18nProvider>
  );
}
