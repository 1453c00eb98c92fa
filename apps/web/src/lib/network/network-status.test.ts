import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNetworkIssue, reportNetworkEvent, watchBrowserConnectivity } from './network-status.ts';

/** A window with its connection flag, its page events and a reload to count. */
function fakeWindow(onLine: boolean) {
  const reload = vi.fn();
  const win = Object.assign(new EventTarget(), { navigator: { onLine }, location: { reload } });
  return { win, reload };
}

afterEach(() => {
  // The network state is the module's: leave it as the other files found it.
  reportNetworkEvent('online');
});

describe('watchBrowserConnectivity (spec doc 1 §4: an online event reloads the page)', () => {
  it('reloads when the connection returns', () => {
    const { win, reload } = fakeWindow(false);
    const stop = watchBrowserConnectivity(win);
    expect(getNetworkIssue()).toBe('OFFLINE');
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(getNetworkIssue()).toBeNull();
    stop();
  });

  it('does not reload on an online event while the browser still says offline (Chromium sends one as a page is left with no connection)', () => {
    const { win, reload } = fakeWindow(false);
    const stop = watchBrowserConnectivity(win);
    win.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
    expect(getNetworkIssue()).toBe('OFFLINE');
    stop();
  });

  it('does not reload a page the patient is leaving: the reload would run after the next page and bring the left screen back (issue 32 §4.7)', () => {
    const { win, reload } = fakeWindow(false);
    const stop = watchBrowserConnectivity(win);
    win.dispatchEvent(new Event('beforeunload'));
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
    // The bar goes: the connection is back, whichever page shows it.
    expect(getNetworkIssue()).toBeNull();
    stop();
  });

  it('reloads again on a page shown anew from the back-forward cache', () => {
    const { win, reload } = fakeWindow(false);
    const stop = watchBrowserConnectivity(win);
    win.dispatchEvent(new Event('pagehide'));
    win.dispatchEvent(new Event('pageshow'));
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('reloads again once the patient uses a page that stayed (a tel: link or a download did not replace it)', () => {
    const { win, reload } = fakeWindow(false);
    const stop = watchBrowserConnectivity(win);
    win.dispatchEvent(new Event('beforeunload'));
    win.dispatchEvent(new Event('pointerdown'));
    win.navigator.onLine = true;
    win.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops following the window when stopped', () => {
    const { win, reload } = fakeWindow(true);
    watchBrowserConnectivity(win)();
    win.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
  });
});
