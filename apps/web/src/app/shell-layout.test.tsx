// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig } from '@careline/domain/tenant';
import { SessionProvider, type SessionValue } from '../lib/session/session-provider.tsx';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant/tenant-provider.tsx';
import { createAppRoutes, type AppScreens } from './routes.tsx';
import { TestLanguage } from '../lib/i18n/test-language.tsx';

// issue 6 §4.11: each screen has its own document title and one h1; focus moves to it on navigation.
const titled = (heading: string) =>
  function TitledScreen() {
    return (
      <section>
        <h1>{heading}</h1>
        <button type="button">Act</button>
      </section>
    );
  };

const screens: AppScreens = {
  LoginScreen: titled('Sign in'),
  ChatHomeScreen: titled('Chat'),
  ProfilesScreen: titled('You have a profile'),
  ProfileFormScreen: titled('Add Profile'),
  HomeDashboardScreen: titled('Channel your doctor here'),
  FeedbackScreen: titled('Feedback'),
};

const guest: SessionValue = {
  accessToken: null,
  account: null,
  accountState: REQUEST_STATE.IDLE,
  mobileNo: null,
  userProfileId: null,
  loggedIn: false,
  signIn: async () => null,
  refreshAccount: async () => null,
  logout: async () => undefined,
};

function renderAt(path: string) {
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: [path] });
  render(
    <TestLanguage>
      <SessionProvider value={guest}>
        <TenantProvider
          value={{ ...baseTenantConfig, uxFlow: 'chat' }}
          loading={null}
          failed={() => null}
        >
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
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('screen headings (issue 6 §4.11)', () => {
  const hospital = baseTenantConfig.branding.hospitalName;

  it('names the document after the first screen heading, without moving focus', async () => {
    renderAt('/chat-home');
    await screen.findByRole('heading', { level: 1, name: 'Chat' });
    expect(document.title).toBe(`Chat – ${hospital}`);
    expect(document.activeElement).toBe(document.body);
  });

  it('after navigation, retitles the document and focuses the new heading', async () => {
    const router = renderAt('/chat-home');
    await screen.findByRole('heading', { level: 1, name: 'Chat' });
    await act(() => router.navigate('/patient-feedback'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Feedback' });
    expect(document.title).toBe(`Feedback – ${hospital}`);
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('error screens get a title of their own too', async () => {
    const router = renderAt('/chat-home');
    await screen.findByRole('heading', { level: 1, name: 'Chat' });
    await act(() => router.navigate('/no-such-page'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(document.title).toBe(`Something went wrong – ${hospital}`);
    expect(document.activeElement).toBe(heading);
  });
});
