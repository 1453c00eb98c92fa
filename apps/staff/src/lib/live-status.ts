import { useSyncExternalStore } from 'react';
import type { SocketEvent } from '@careline/ui/graphql';

/** The live socket's last word: connected ('socket-data'), failed ('socket-error'), or nothing yet. */
export type LiveSocketState = SocketEvent | null;

let current: LiveSocketState = null;
const listeners = new Set<() => void>();

/**
 * Records the live socket's health (the console's GraphQL client reports here).
 * @param event - 'socket-data' when (re)connected, 'socket-error' on an error or abnormal close
 */
export function reportLiveSocket(event: SocketEvent): void {
  if (event !== current) {
    current = event;
    listeners.forEach((listener) => listener());
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The live socket's health, re-rendering when it changes. */
export function useLiveSocketState(): LiveSocketState {
  return useSyncExternalStore(subscribe, () => current, () => null);
}
