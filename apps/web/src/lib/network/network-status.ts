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
 * (spec doc 1 §4 "An online event reloads the page"), but not a page the patient is leaving: Chromium
 * holds a reload asked for by a page another address is replacing and runs it once that address has
 * committed, so the screen just left came back over the one opened (issue 32 §4.7; with no connection
 * Chromium was seen to send the page being left an online event, then an offline one). Nor on an
 * online event while the browser still says offline: the connection is not back.
 * @param win - the window to listen on
 */
export function watchBrowserConnectivity(win: BrowserWindow = window): () => void {
  let leaving = false;
  const onLeave = () => {
    leaving = true;
  };
  // Shown again from the back-forward cache, or used again (a tel: link or a download left it in
  // place): the page is the patient's screen once more.
  const onBack = () => {
    leaving = false;
  };
  const onOffline = () => {
    reportNetworkEvent('offline');
  };
  const onOnline = () => {
    if (!win.navigator.onLine) {
      return;
    }
    // The bar goes either way; the page that replaces one being left loads with the connection itself.
    if (reportNetworkEvent('online') && !leaving) {
      win.location.reload();
    }
  };
  if (!win.navigator.onLine) {
    reportNetworkEvent('offline');
  }
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  win.addEventListener('beforeunload', onLeave);
  win.addEventListener('pagehide', onLeave);
  const back = ['pageshow', 'pointerdown', 'keydown'] as const;
  back.forEach((type) => win.addEventListener(type, onBack));
  return () => {
    win.removeEventListener('offline', onOffline);
    win.removeEventListener('online', onOnline);
    win.removeEventListener('beforeunload', onLeave);
    win.removeEventListener('pagehide', onLeave);
    back.forEach((type) => win.removeEventListener(type, onBack));
  };
}
