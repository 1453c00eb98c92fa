/**
 * Open websockets by the sign-in (access session) they subscribed with, so a socket does not outlive
 * its sign-in: sign-out closes the sockets of that session on this instance at once, and a sweep
 * closes, on every instance, sockets whose session has since been revoked, expired or gone idle
 * (a password change, an admin disabling a member, another instance's sign-out).
 */

/** What the registry needs of a websocket. */
export type LiveSocket = {
  close: (code: number, reason: string) => void;
  once: (event: 'close', listener: () => void) => unknown;
};

export type LiveSessionKind = 'patient' | 'staff';

/** 4401: the graphql-ws client reconnects with its token, which is then refused, and signs out. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export type LiveSessions = {
  /** Records that a socket subscribed under a session (once per socket and session is enough). */
  track: (kind: LiveSessionKind, accessSessionId: string, socket: LiveSocket) => void;
  /** Closes this instance's sockets of a session that just ended. */
  end: (accessSessionId: string) => void;
  /** Closes the sockets whose session is no longer active; answers how many it closed. */
  sweep: (now?: Date) => Promise<number>;
  /** Starts the periodic sweep; answers the stop function. */
  start: (onError: (error: unknown) => void) => () => void;
};

/**
 * @param activeIds - of the given session ids, those still active (not revoked, expired or idle)
 * @param intervalMs - how often start() sweeps (GRAPHQL_WS_SESSION_CHECK_MS)
 */
export function createLiveSessions(
  activeIds: (kind: LiveSessionKind, ids: string[], now: Date) => Promise<Set<string>>,
  intervalMs: number,
): LiveSessions {
  const sockets = new Map<string, { kind: LiveSessionKind; sockets: Set<LiveSocket> }>();

  const closeAll = (accessSessionId: string): number => {
    const open = [...(sockets.get(accessSessionId)?.sockets ?? [])];
    sockets.delete(accessSessionId);
    for (const socket of open) {
      socket.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
    }
    return open.length;
  };

  const sweep = async (now: Date = new Date()): Promise<number> => {
    let closed = 0;
    for (const kind of ['patient', 'staff'] as const) {
      const ids = [...sockets].filter(([, entry]) => entry.kind === kind).map(([id]) => id);
      if (ids.length === 0) {
        continue;
      }
      const active = await activeIds(kind, ids, now);
      for (const id of ids) {
        if (!active.has(id)) {
          closed += closeAll(id);
        }
      }
    }
    return closed;
  };

  return {
    track: (kind, accessSessionId, socket) => {
      const entry = sockets.get(accessSessionId) ?? { kind, sockets: new Set<LiveSocket>() };
      sockets.set(accessSessionId, entry);
      if (entry.sockets.has(socket)) {
        return;
      }
      entry.sockets.add(socket);
      socket.once('close', () => {
        entry.sockets.delete(socket);
        if (entry.sockets.size === 0 && sockets.get(accessSessionId) === entry) {
          sockets.delete(accessSessionId);
        }
      });
    },
    end: (accessSessionId) => {
      closeAll(accessSessionId);
    },
    sweep,
    start: (onError) => {
      let running = false;
      const timer = setInterval(() => {
        if (running) {
          return;
        }
        running = true;
        sweep()
          .catch(onError)
          .finally(() => {
            running = false;
          });
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
