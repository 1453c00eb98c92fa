// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { REQUEST_STATE } from '@careline/domain/shell';
import { carriesAccessToken, chatHomeRedirect, loginRedirect, rootTarget, shellAccess } from './route-rules.ts';

describe('root behaviour (spec doc 1 §2)', () => {
  it.each([
    ['chat', '/chat-home'],
    ['flat', '/login'],
  ] as const)('the root path in the %s flow goes to %s', (flow, target) => {
    expect(rootTarget(flow)).toBe(target);
  });

  it.each(['/chat-home', '/chat-home/Medication', '/my-home'])('flat flow: %s goes to /home-dashboard', (path) => {
    expect(chatHomeRedirect('flat', path)).toBe('/home-dashboard');
  });

  it('flat flow keeps a sign-in link at /chat-home so it can be read (spec doc 1 §2 route table)', () => {
    expect(chatHomeRedirect('flat', '/chat-home', '?access_token=abc')).toBeNull();
    expect(chatHomeRedirect('flat', '/chat-home', '?access_token=')).toBe('/home-dashboard');
    expect(chatHomeRedirect('flat', '/my-home', '?access_token=abc')).toBe('/home-dashboard');
  });

  it('chat flow keeps /chat-home and its categories, and sends /my-home to /chat-home', () => {
    expect(chatHomeRedirect('chat', '/chat-home')).toBeNull();
    expect(chatHomeRedirect('chat', '/chat-home/Examination')).toBeNull();
    expect(chatHomeRedirect('chat', '/my-home')).toBe('/chat-home');
  });

  it('a logged-in user at /login goes to /home-dashboard', () => {
    expect(loginRedirect(true, '')).toBe('/home-dashboard');
    expect(loginRedirect(true, '?back=/profiles')).toBe('/home-dashboard');
  });

  it('unless the address carries an access token', () => {
    expect(loginRedirect(true, '?access_token=OTQ3NzEyMzQ1Njdf')).toBeNull();
    expect(carriesAccessToken('?access_token=')).toBe(false);
  });

  it('a user who is not logged in stays at /login', () => {
    expect(loginRedirect(false, '')).toBeNull();
    expect(loginRedirect(false, '', '/view/appointment?appointmentId=a1')).toBeNull();
  });

  it('opened with no connection, a logged-in user goes to the kept visit pass (issue 32 §4.7)', () => {
    expect(loginRedirect(true, '', '/view/appointment?appointmentId=a1')).toBe('/view/appointment?appointmentId=a1');
    expect(loginRedirect(true, '', null)).toBe('/home-dashboard');
  });
});

describe('authenticated shell access (spec doc 1 §2, §6)', () => {
  it('requires an access token and a user profile id', () => {
    expect(shellAccess({ accessToken: 't', userProfileId: 'u1', accountState: REQUEST_STATE.DONE })).toBe('allow');
    expect(shellAccess({ accessToken: null, userProfileId: null, accountState: REQUEST_STATE.IDLE })).toBe('login');
    expect(shellAccess({ accessToken: null, userProfileId: 'u1', accountState: REQUEST_STATE.DONE })).toBe('login');
  });

  it('waits while the account of a stored token loads, and gives the login screen if it fails', () => {
    expect(shellAccess({ accessToken: 't', userProfileId: null, accountState: REQUEST_STATE.PENDING })).toBe('wait');
    expect(shellAccess({ accessToken: 't', userProfileId: null, accountState: REQUEST_STATE.FAILED })).toBe('login');
  });
});
