// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken, setAccessToken } from '../session/session-storage.ts';
import { authActionFor, authNoticeKey, clearAuthNotice, peekAuthNotice, performAuthAction } from './auth-errors.ts';

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('authentication error notices (spec doc 1 §8)', () => {
  it.each([
    ['ARO-E1022:Authentication failed', 'query', 'reload-clear', 'Authentication failed'],
    ['ARO-E1023:Please login', 'mutation', 'logout', 'Please login'],
    ['ARO-E1024:You have been logged out, please login again', 'subscription', 'logout', 'You have been logged out, please login again'],
  ] as const)('%s on a %s keeps its text for the next sign-in screen', (message, kind, action, text) => {
    const location = { reload: vi.fn(), assign: vi.fn() };
    setAccessToken('token-1');
    window.sessionStorage.setItem('careline.other', 'x');
    const picked = authActionFor([message], kind);
    expect(picked).toEqual({ action, text });
    performAuthAction(action, location, picked?.text ?? null);
    expect(getAccessToken()).toBeNull();
    // Session storage is emptied with the session, then the notice is written for after the reload.
    expect(window.sessionStorage.getItem('careline.other')).toBeNull();
    expect(window.sessionStorage.getItem(authNoticeKey)).toBe(text);
    expect(location.reload.mock.calls.length + location.assign.mock.calls.length).toBe(1);
  });

  it('a logout error wins over a reload one, and its text is the one kept', () => {
    setAccessToken('token-1');
    const picked = authActionFor(
      ['ARO-E1022:Authentication failed', 'ARO-E1024:You have been logged out, please login again'],
      'query',
    );
    expect(picked?.action).toBe('logout');
    performAuthAction('logout', { reload: vi.fn(), assign: vi.fn() }, picked?.text ?? null);
    expect(peekAuthNotice()).toBe('You have been logged out, please login again');
  });

  it('keeps nothing when no login data was stored (another request already acted)', () => {
    const picked = authActionFor(['ARO-E1023:Please login'], 'query');
    performAuthAction('logout', { reload: vi.fn(), assign: vi.fn() }, picked?.text ?? null);
    expect(peekAuthNotice()).toBeNull();
  });

  it('an explicit text is kept as given; peek leaves it and clear removes it', () => {
    setAccessToken('token-1');
    performAuthAction('reload-clear', { reload: vi.fn(), assign: vi.fn() }, 'Authentication failed');
    expect(peekAuthNotice()).toBe('Authentication failed');
    expect(peekAuthNotice()).toBe('Authentication failed');
    clearAuthNotice();
    expect(peekAuthNotice()).toBeNull();
  });

  it('other errors pick no action and keep no text', () => {
    setAccessToken('token-1');
    expect(authActionFor(['ARO-E1015:Invalid verification code'], 'mutation')).toBeNull();
    expect(authActionFor(['ARO-E1022:Authentication failed'], 'mutation')).toBeNull();
    performAuthAction('reload-clear', { reload: vi.fn(), assign: vi.fn() });
    expect(peekAuthNotice()).toBeNull();
  });
});
