// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { reportNetworkEvent, watchBrowserConnectivity } from '../../../lib/network/network-status.ts';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { NetworkBars } from './network-bars.tsx';
import { mainBottomBarVisible } from './main-bottom-bar.tsx';

afterEach(() => {
  cleanup();
  act(() => {
    reportNetworkEvent('online');
  });
});

describe('network bars (spec doc 1 §2, §4)', () => {
  it('a socket error shows the slow bar with Refresh now', () => {
    const reload = vi.fn();
    render(
      <TestLanguage>
        <NetworkBars reload={reload} />
      </TestLanguage>,
    );
    expect(screen.queryByText('Your device internet is slow!')).toBeNull();
    act(() => {
      reportNetworkEvent('socket-error');
    });
    expect(screen.getByText('Your device internet is slow!')).toBeTruthy();
    expect(screen.getByText('Information on this page may not be real-time')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh now' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an offline event shows the offline bar; an online event reloads the page', () => {
    const reload = vi.fn();
    const win = Object.assign(new EventTarget(), { navigator: { onLine: true }, location: { reload } });
    const stop = watchBrowserConnectivity(win);
    render(
      <TestLanguage>
        <NetworkBars />
      </TestLanguage>,
    );
    act(() => {
      win.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText("We can't connect to internet!")).toBeTruthy();
    act(() => {
      win.dispatchEvent(new Event('online'));
    });
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('main bottom bar (spec doc 1 §2)', () => {
  it('shows only for a user with a mobile number, unless a screen hides it', () => {
    expect(mainBottomBarVisible(true, false)).toBe(true);
    expect(mainBottomBarVisible(false, false)).toBe(false);
    expect(mainBottomBarVisible(true, true)).toBe(false);
  });
});
