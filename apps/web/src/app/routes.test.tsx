// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REQUEST_STATE, type RequestState } from '@careline/domain/shell';
import { baseTenantConfig, type UxFlow } from '@careline/domain/tenant';
import { SessionProvider, type SessionValue } from '../lib/session/session-provider.tsx';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant/tenant-provider.tsx';
import type { AccountView } from '../lib/session/account-view.ts';
import { createAppRoutes, type AppScreens } from './routes.tsx';
import { TestLanguage } from '../lib/i18n/test-language.tsx';
import { accountOwner } from '@careline/domain/ids';
import { ownerOf } from '../lib/offline/owner.ts';
import type { ServerUserProfile } from '../lib/session/account-query.ts';
import { saveAccount } from '../lib/session/session-storage.ts';
import { saveVisitPass } from '../lib/offline/visit-pass.ts';

const stub = (text: string) =>
  function StubScreen() {
    return <p>{text}</p>;
  };

const screens: AppScreens = {
  LoginScreen: stub('login screen'),
  ChatHomeScreen: stub('chat home screen'),
  ProfilesScreen: stub('profiles screen'),
  ProfileFormScreen: stub('profile form screen'),
  HomeDashboardScreen: stub('home dashboard screen'),
  FeedbackScreen: stub('feedback screen'),
};

const account: AccountView = {
  id: 'user-profile-1',
  mobileNo: '94771234567',
  status: 'active',
  patients: {},
  patientList: [],
  paymentMethods: [],
  defaultPaymentMethod: null,
  hasPaymentMethod: false,
  bookingReqId: null,
  loyaltyAccounts: [],
};

// 'offline': the account read from the device because the server could not be reached (issue 6 §4.3).
type Who = 'guest' | 'signed-in' | 'loading' | 'offline';

function sessionFor(who: Who): SessionValue {
  const signedIn = who === 'signed-in' || who === 'offline';
  const accountState: RequestState =
    who === 'loading'
      ? REQUEST_STATE.PENDING
      : who === 'offline'
        ? REQUEST_STATE.FAILED
        : signedIn
          ? REQUEST_STATE.DONE
          : REQUEST_STATE.IDLE;
  return {
    accessToken: who === 'guest' ? null : 'token-1',
    account: signedIn ? account : null,
    accountState,
    mobileNo: signedIn ? account.mobileNo : null,
    userProfileId: signedIn ? account.id : null,
    loggedIn: signedIn,
    signIn: async () => null,
    refreshAccount: async () => null,
    logout: async () => undefined,
  };
}

function renderAt(path: string, uxFlow: UxFlow, who: Who) {
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: [path] });
  render(
    <TestLanguage>
      <SessionProvider value={sessionFor(who)}>
        <TenantProvider value={{ ...baseTenantConfig, uxFlow }} loading={null} failed={() => null}>
          <ChromeProvider>
            <RouterProvider router={router} />
          </ChromeProvider>
        </TenantProvider>
      </SessionProvider>
    </TestLanguage>,
  );
  return router;
}

beforeAll(() => {
  // jsdom does not scroll; the router's scroll restoration calls it on every navigation.
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('routes (spec doc 1 §2)', () => {
  it('the root goes to /chat-home in the chat flow', async () => {
    const router = renderAt('/', 'chat', 'guest');
    expect(await screen.findByText('chat home screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat-home');
  });

  it('the root goes to /login in the flat flow', async () => {
    const router = renderAt('/', 'flat', 'guest');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/chat-home', '/chat-home/Medication', '/my-home'])('flat flow: %s goes to /home-dashboard', async (path) => {
    const router = renderAt(path, 'flat', 'signed-in');
    expect(await screen.findByText('home dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home-dashboard');
  });

  it('a logged-in user at /login goes to /home-dashboard', async () => {
    const router = renderAt('/login', 'chat', 'signed-in');
    expect(await screen.findByText('home dashboard screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home-dashboard');
  });

  it('unless the address carries an access token', async () => {
    const router = renderAt('/login?access_token=abc', 'chat', 'signed-in');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('the authenticated shell gives the login screen to a user without a user profile id', async () => {
    const router = renderAt('/profiles', 'chat', 'guest');
    expect(await screen.findByText('login screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profiles');
  });

  it('the authenticated shell waits while a stored token loads its account', async () => {
    renderAt('/profiles', 'chat', 'loading');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByText('login screen')).toBeNull();
  });

  it('a signed-in user gets the shell screens and the main bottom bar', async () => {
    renderAt('/profiles/registration/p1', 'chat', 'signed-in');
    expect(await screen.findByText('profile form screen')).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: 'Main' });
    expect(bar.textContent).toBe('DoctorHomeAccount');
  });

  it('the main bottom bar shows only when the user has a mobile number', async () => {
    renderAt('/chat-home', 'chat', 'guest');
    await screen.findByText('chat home screen');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it.each(['/patient-feedback?id=1', '/pf?id=1'])('%s shows the feedback screen', async (path) => {
    renderAt(path, 'chat', 'guest');
    expect(await screen.findByText('feedback screen')).toBeTruthy();
  });

  it('an unknown route shows the generic error screen with Go Home', async () => {
    renderAt('/no-such-page', 'chat', 'guest');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    // spec doc 1 §8, doc 3 §2, §8: the full text (issue 30 §10).
    expect(
      screen.getByText(
        'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});

// issue 32 §4.7: opened on a bus with no signal, the app shows the kept visit pass, not sign-in.
describe('an offline start with a kept visit pass', () => {
  // A session far ahead: the pass is always still valid, whatever the day the test runs.
  const keepPass = (owner: string | null) =>
    saveVisitPass({ owner: owner ?? '', appointmentId: 'a1', startTime: '2099-01-01T04:00:00.000Z' });
  // The account the server answered for the session's token: whose pass it is (offline/owner.ts).
  beforeEach(() => {
    saveAccount('token-1', { id: 'user-1' } as ServerUserProfile);
  });

  it.each(['chat', 'flat'] as const)('the root in the %s flow goes to the pass', async (flow) => {
    keepPass(ownerOf('token-1'));
    const router = renderAt('/', flow, 'offline');
    await expect.poll(() => `${router.state.location.pathname}${router.state.location.search}`).toBe('/view/appointment?appointmentId=a1');
  });

  it.each([
    { name: 'online, the root goes on as before', who: 'signed-in' as const, owner: () => ownerOf('token-1'), expected: '/chat-home' },
    { name: "offline with another account's pass, the root goes on as before", who: 'offline' as const, owner: () => accountOwner('user-0'), expected: '/chat-home' },
  ])('$name', async ({ who, owner, expected }) => {
    keepPass(owner());
    const router = renderAt('/', 'chat', who);
    expect(await screen.findByText('chat home screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe(expected);
  });
});
