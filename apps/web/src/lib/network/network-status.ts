import { useSyncExternalStore } from 'react';
import { nextNetworkIssue, type NetworkEvent, type NetworkIssue } from '@careline/domain/shell';

export type { NetworkIssue };

type Listener = () => void;

let current: NetworkIssue = null;
const listeners = new Set<Listener>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

/** The current network issue, outside React. */
export function getNetworkIssue(): NetworkIssue {
  return current;
}

/**
 * Applies a network event (spec doc 1 §4); returns whether the page must reload.
 * @param event - offline, online, socket-error or socket-data
 */
export function reportNetworkEvent(event: NetworkEvent): boolean {
  const next = nextNetworkIssue(current, event);
  if (next.issue !== current) {
    current = next.issue;
    emit();
  }
  return next.reload;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current network issue, re-rendering when it changes. */
export function useNetworkIssue(): NetworkIssue {
  return useSyncExternalStore(subscribe, getNetworkIssue, () => null);
}

type BrowserWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  navigator: { onLine: boolean };
  location: { reload: () => void };
};

/**
 * Follows the browser's online/offline events: offline sets OFFLINE, online reloads the page
 * (spec doc 1 §4 "An online event reloads the page").
 * @param win - the window to listen on
 */
export function watchBrowserConnectivity(win: BrowserWindow = window): () => void {
  const onOffline = () => {
    reportNetworkEvent('offline');
  };
  const onOnline = () => {
    if (reportNetworkEvent('online')) {
      win.location.reload();
    }
  };
  if (!win.navigator.onLine) {
    reportNetworkEvent('offline');
  }
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  return () => {
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('online', onOnline);
  };
}
