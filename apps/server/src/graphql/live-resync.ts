import type { LiveResyncPing } from '@careline/domain/shell';

/** What a resync needs of a websocket (ws's WebSocket). */
export type ResyncSocket = {
  readonly protocol: string;
  readonly readyState: number;
  send: (data: string) => void;
  once: (event: 'close', listener: () => void) => unknown;
};

/** This instance's open live sockets, to ask them all to read again. */
export type LiveClients = {
  /** Keeps a socket until it closes (called when its connection's context is made). */
  track: (socket: ResyncSocket) => void;
  /** Asks every open client to read again (see {@link askLiveClientsToResync}); answers how many. */
  askToResync: () => number;
};

const WS_OPEN = 1;

/** How long clients take, at most, to read again after a resync ping: their asks are spread over it. */
export const RESYNC_WITHIN_MS = 5000;

/**
 * Asks every open graphql-ws client of this instance to read again what it shows (issue 31 §2.6).
 * Sent when the live-update channel (Redis) listens again after an outage: what was published
 * meanwhile never reached this instance's subscribers, and Redis keeps nothing. The socket stays
 * open (no reconnection storm); the ask is a graphql-ws ping whose payload the client recognises
 * (packages/ui live-socket.ts), and whose pong Mercurius ignores. Clients of the older
 * subscriptions-transport-ws protocol have no ping and are skipped.
 * @param sockets - this instance's websockets
 * @param withinMs - the clients spread their reads over this long
 * @returns how many clients were asked
 */
export function askLiveClientsToResync(sockets: Iterable<ResyncSocket>, withinMs: number = RESYNC_WITHIN_MS): number {
  const payload: LiveResyncPing = { resync: true, withinMs };
  const message = JSON.stringify({ type: 'ping', payload });
  let asked = 0;
  for (const socket of sockets) {
    if (socket.readyState === WS_OPEN && socket.protocol === 'graphql-transport-ws') {
      socket.send(message);
      asked++;
    }
  }
  return asked;
}

/**
 * This instance's live sockets. Mercurius's websocket server is registered inside its own plugin, out
 * of the app's reach, so the app keeps them itself.
 */
export function createLiveClients(): LiveClients {
  const sockets = new Set<ResyncSocket>();
  return {
    track: (socket) => {
      if (sockets.has(socket)) {
        return;
      }
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    },
    askToResync: () => askLiveClientsToResync(sockets),
  };
}
