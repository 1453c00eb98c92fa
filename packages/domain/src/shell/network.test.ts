import { describe, expect, it } from 'vitest';
import {
  type NetworkEvent,
  type NetworkIssue,
  SOCKET_STATE,
  isLiveResyncPing,
  networkBarFor,
  networkTexts,
  nextNetworkIssue,
} from './network.ts';

// spec doc 1 §2 Global bars and banners.
it.each([
  ['offline', "We can't connect to internet!"],
  ['slow', 'Your device internet is slow!'],
  ['slowDetail', 'Information on this page may not be real-time'],
  ['refreshNow', 'Refresh now'],
] as const)('networkTexts.%s is %j', (key, text) => {
  expect(networkTexts[key]).toBe(text);
});

// spec doc 1 §4: socket states 1 data, 2 complete, 3 error.
it('numbers the socket states', () => {
  expect(SOCKET_STATE).toEqual({ DATA: 1, COMPLETE: 2, ERROR: 3 });
});

// spec doc 1 §4: a socket error sets WS_ERROR, shown as slow; offline sets OFFLINE; online reloads.
describe('network issue', () => {
  it.each<[NetworkIssue, 'offline' | 'slow' | null]>([
    ['OFFLINE', 'offline'],
    ['WS_ERROR', 'slow'],
    [null, null],
  ])('%s shows %s', (issue, bar) => {
    expect(networkBarFor(issue)).toBe(bar);
  });

  it.each<[NetworkIssue, NetworkEvent, NetworkIssue, boolean]>([
    [null, 'offline', 'OFFLINE', false],
    ['WS_ERROR', 'offline', 'OFFLINE', false],
    ['OFFLINE', 'online', null, true],
    [null, 'online', null, true],
    [null, 'socket-error', 'WS_ERROR', false],
    ['OFFLINE', 'socket-error', 'OFFLINE', false],
    ['WS_ERROR', 'socket-data', null, false],
    ['OFFLINE', 'socket-data', 'OFFLINE', false],
  ])('%s + %s → %s (reload %s)', (issue, event, next, reload) => {
    expect(nextNetworkIssue(issue, event)).toEqual({ issue: next, reload });
  });
});

// issue 31 §2.6: the server's ping that asks a client to read again what it shows.
it.each([
  [{ resync: true, withinMs: 5000 }, true],
  [{ resync: true, withinMs: 0 }, true],
  [{ resync: true }, false],
  [{ resync: 'yes', withinMs: 5000 }, false],
  [{ resync: true, withinMs: -1 }, false],
  [undefined, false],
  [null, false],
  [{}, false],
])('isLiveResyncPing(%j) is %s', (payload, expected) => {
  expect(isLiveResyncPing(payload)).toBe(expected);
});
