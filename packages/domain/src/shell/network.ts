/** Network and live-update states and their bars (spec doc 1 §2 Global bars, §4 Network and live updates, §8). */

export type NetworkIssue = 'OFFLINE' | 'WS_ERROR' | null;

/** Live socket message states (spec doc 1 §4): 1 data received, 2 complete, 3 error. */
export const SOCKET_STATE = { DATA: 1, COMPLETE: 2, ERROR: 3 } as const;
export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];

/** The close code used when sockets are closed before resubscribing (spec doc 1 §4). */
export const SOCKET_CLOSE_NORMAL = 1000;

/**
 * The graphql-ws ping payload by which the server asks a client to read again what it shows (issue 31
 * §2.6): sent when the server's live-update channel (Redis) returns after an outage, during which
 * updates were lost. The client re-reads at a random moment within `withinMs`, so thousands of phones
 * do not all ask at once.
 */
export type LiveResyncPing = { resync: true; withinMs: number };

/**
 * Whether a ping's payload asks for a resync.
 * @param payload - the payload of a graphql-ws ping
 */
export function isLiveResyncPing(payload: unknown): payload is LiveResyncPing {
  const ping = payload as Partial<LiveResyncPing> | null | undefined;
  return ping?.resync === true && typeof ping.withinMs === 'number' && ping.withinMs >= 0;
}

/**
 * Bar texts (spec doc 1 §2). The spec gives the offline bar "with re-check text" but not the words;
 * offlineRecheck is ours.
 */
export const networkTexts = {
  offline: "We can't connect to internet!",
  offlineRecheck: 'Check your connection, we will reload when you are back online',
  slow: 'Your device internet is slow!',
  slowDetail: 'Information on this page may not be real-time',
  refreshNow: 'Refresh now',
} as const;

/**
 * Which bar a network issue shows: a socket error shows as slow (spec doc 1 §4).
 * @param issue - the network issue state
 */
export function networkBarFor(issue: NetworkIssue): 'offline' | 'slow' | null {
  switch (issue) {
    case 'OFFLINE':
      return 'offline';
    case 'WS_ERROR':
      return 'slow';
    case null:
      return null;
  }
}

export type NetworkEvent = 'offline' | 'online' | 'socket-error' | 'socket-data';

/**
 * The network issue after an event, and whether the page must reload: offline sets OFFLINE, online
 * reloads, a socket error sets WS_ERROR (spec doc 1 §4). Data arriving clears a socket error, since
 * the socket is working again; it does not clear OFFLINE.
 * @param issue - the current issue
 * @param event - what happened
 */
export function nextNetworkIssue(issue: NetworkIssue, event: NetworkEvent): { issue: NetworkIssue; reload: boolean } {
  switch (event) {
    case 'offline':
      return { issue: 'OFFLINE', reload: false };
    case 'online':
      return { issue: null, reload: true };
    case 'socket-error':
      return { issue: issue === 'OFFLINE' ? 'OFFLINE' : 'WS_ERROR', reload: false };
    case 'socket-data':
      return { issue: issue === 'WS_ERROR' ? null : issue, reload: false };
  }
}
