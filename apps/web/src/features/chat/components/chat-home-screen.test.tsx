// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect, useRef } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig } from '@careline/domain/tenant';
import { authNoticeKey } from '../../../lib/graphql/auth-errors.ts';
import { SessionProvider, type SessionValue } from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import { keepInViewTarget } from '../hooks/use-keep-in-view.ts';
import { ChatHomeScreen, type ChatHomeScreenProps } from './chat-home-screen.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { activateLocale, createI18n, type I18n } from '@careline/i18n/core';

function renderChat(
  answer: (operationName: string | undefined) => unknown,
  i18n?: I18n,
  options: { session?: Partial<SessionValue>; registration?: ChatHomeScreenProps['registration'] } = {},
) {
  const fakeFetch: typeof fetch = async (_url, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { query: string };
    return new Response(JSON.stringify(answer(/mutation\s+(\w+)/.exec(body.query)?.[1])), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  const session: SessionValue = {
    accessToken: null,
    account: null,
    accountState: REQUEST_STATE.IDLE,
    mobileNo: null,
    userProfileId: null,
    loggedIn: false,
    signIn: async () => null,
    refreshAccount: async () => null,
    logout: async () => undefined,
    ...options.session,
  };
  const router = createMemoryRouter(
    [
      { path: '/chat-home', element: <ChatHomeScreen registration={options.registration} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: ['/chat-home'] },
  );
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={{ ...baseTenantConfig, uxFlow: 'chat' }} loading={null} failed={() => null}>
            <RouterProvider router={router} />
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
}

/** Lets the chat's paced messages (about 1 s each, spec doc 1 §9) all appear, on fake time. */
async function letChatType() {
  for (let step = 0; step < 10; step += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
  }
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('chat home sign-in (spec doc 1 §4, §8)', () => {
  it('speaks Tamil at its first step, the server’s notice included (issue 6 §5)', async () => {
    window.sessionStorage.setItem(authNoticeKey, 'You have been logged out, please login again');
    const i18n = createI18n();
    await activateLocale(i18n, 'ta');
    renderChat(() => ({ data: { initiateAuthentication: { id: 'c1' } } }), i18n);
    await letChatType();
    expect(screen.getByText('உள்நுழைய உங்கள் கைபேசி எண்ணைத் தட்டச்சு செய்யவும்.')).toBeTruthy();
    expect(screen.getByText('நீங்கள் வெளியேற்றப்பட்டீர்கள், தயவுசெய்து மீண்டும் உள்நுழையவும்')).toBeTruthy();
    const mobile = screen.getByRole('textbox', { name: 'கைபேசி எண்' });
    expect(mobile.getAttribute('placeholder')).toBe('உங்கள் கைபேசி எண்ணை இங்கே தட்டச்சு செய்யவும்');
    expect(screen.getByRole('button', { name: 'இப்போது அனுப்பு' })).toBeTruthy();
  });

  it('shows once why the last session ended, and focuses each input as it appears', async () => {
    window.sessionStorage.setItem(authNoticeKey, 'You have been logged out, please login again');
    renderChat(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    await letChatType();
    const mobile = screen.getByRole('textbox', { name: 'Mobile number' });
    expect(document.activeElement).toBe(mobile);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('You have been logged out, please login again');
    expect(window.sessionStorage.getItem(authNoticeKey)).toBeNull();

    fireEvent.change(mobile, { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await letChatType();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Verification code' }));
    expect(screen.queryByText('You have been logged out, please login again')).toBeNull();
  });

  it("a wrong code shows the server's text and the wrong-code line", async () => {
    renderChat((operationName) =>
      operationName === 'initiateAuthentication'
        ? { data: { initiateAuthentication: { id: 'c1' } } }
        : { data: null, errors: [{ message: 'ARO-E1015:Invalid verification code' }] },
    );
    await letChatType();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await letChatType();
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await letChatType();
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('Invalid verification code');
    expect(log.textContent).toContain('that is not the code I sent you');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Verification code' }));
  });

  it("offers 'Change number' at the code step, back to the mobile step with the number kept (issue 6 §4.6)", async () => {
    const usernames: unknown[] = [];
    renderChat((operationName) => {
      if (operationName === 'initiateAuthentication') {
        usernames.push(operationName);
        return { data: { initiateAuthentication: { id: `c${usernames.length}` } } };
      }
      return { data: null, errors: [{ message: 'ARO-E1102:This code is used up after 5 wrong tries. Tap Resend OTP to get a new code' }] };
    });
    await letChatType();
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await letChatType();
    // A used-up code says what to do, not that the code is wrong (issue 6 §4.4).
    fireEvent.change(screen.getByRole('textbox', { name: 'Verification code' }), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await letChatType();
    const log = screen.getByRole('log');
    expect(log.textContent).toContain('This code is used up after 5 wrong tries. Tap Resend OTP to get a new code');
    expect(log.textContent).not.toContain('that is not the code I sent you');
    fireEvent.click(screen.getByRole('button', { name: 'Change number' }));
    await letChatType();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    const mobile = screen.getByRole<HTMLInputElement>('textbox', { name: 'Mobile number' });
    expect(mobile.value).toBe('771234567');
    expect(document.activeElement).toBe(mobile);
    fireEvent.change(mobile, { target: { value: '771234568' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await letChatType();
    expect(usernames).toHaveLength(2);
    expect(screen.getByRole('log').textContent).toContain('I sent a verification code by SMS to +94771234568.');
  });
});

// issue 6 §4.2: the chat keeps its newest message and its actions in view.
describe('chat home keeps its actions in view', () => {
  type ScrollCall = { element: Element; options: ScrollIntoViewOptions | boolean | undefined };
  let calls: ScrollCall[];

  beforeEach(() => {
    calls = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element, options?: ScrollIntoViewOptions | boolean) {
      calls.push({ element: this, options });
    };
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    Reflect.deleteProperty(window, 'matchMedia');
  });

  function lastScroll(): ScrollCall {
    const call = calls.at(-1);
    if (!call) {
      throw new Error('nothing was scrolled into view');
    }
    return call;
  }

  it('scrolls the actions into view each time new ones appear, smoothly by default', async () => {
    renderChat(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    await letChatType();
    const suggestions = screen.getByRole('region', { name: 'Suggestions' });
    expect(suggestions.contains(screen.getByRole('textbox', { name: 'Mobile number' }))).toBe(true);
    expect(lastScroll()).toEqual({ element: suggestions, options: { block: 'end', inline: 'nearest', behavior: 'smooth' } });

    const before = calls.length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await letChatType();
    // The code step's actions (Verify now, Resend OTP) came into view after its messages.
    expect(screen.getByRole('button', { name: /Resend OTP/ })).toBeTruthy();
    expect(calls.length).toBeGreaterThan(before);
    expect(lastScroll().element).toBe(suggestions);
  });

  it('jumps without animation when the user prefers reduced motion', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    renderChat(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    await letChatType();
    expect(lastScroll().options).toEqual({ block: 'end', inline: 'nearest', behavior: 'auto' });
  });

  it('keeps the question in view above a widget too tall for both (the registration form), and alone decides', async () => {
    // A phone's height; the form is taller than it, the mobile step's actions are not.
    const height = window.innerHeight;
    window.innerHeight = 800;
    const rect = (top: number, bottom: number) => ({ top, bottom, left: 0, right: 360, width: 360, height: bottom - top, x: 0, y: top }) as DOMRect;
    const measure = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function getBoundingClientRect(this: Element) {
      if (this.classList.contains('chat-suggestions')) {
        return this.querySelector('form') !== null ? rect(300, 1500) : rect(300, 400);
      }
      return this.classList.contains('chat-message') ? rect(200, 260) : rect(0, 0);
    });
    try {
      renderChat(() => ({ data: null }), undefined, {
        session: {
          accessToken: 'token-1',
          account: { patientList: [] } as unknown as SessionValue['account'],
          accountState: REQUEST_STATE.DONE,
          userProfileId: 'up-1',
          loggedIn: true,
        },
        registration: ({ onCreated, onShown }) => <FakeRegistration onCreated={onCreated} onShown={onShown} />,
      });
      await letChatType();
      const question = screen.getByText("I couldn't find a profile for this number. Add your profile to continue.");
      expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
      expect(lastScroll()).toEqual({ element: question, options: { block: 'start', inline: 'nearest', behavior: 'smooth' } });
      // Only the stream scrolls: the actions or the newest message, never something inside the form.
      const suggestions = screen.getByRole('region', { name: 'Suggestions' });
      expect(calls.every((call) => call.element === suggestions || call.element.classList.contains('chat-message'))).toBe(true);
    } finally {
      measure.mockRestore();
      window.innerHeight = height;
    }
  });
});

describe('what the stream keeps in view (issue 6 §4.2, issue 12 §2)', () => {
  it("is the actions' end when the newest message and the actions fit together, else the newest message's top", () => {
    expect(keepInViewTarget(100, 700, 736)).toBe('actions-end');
    expect(keepInViewTarget(100, 836, 736)).toBe('actions-end');
    expect(keepInViewTarget(100, 837, 736)).toBe('newest-start');
    // Scrolled away already: only the distance between the two counts.
    expect(keepInViewTarget(-2000, -1500, 736)).toBe('actions-end');
  });
});

describe('chat home registration step (issue 12 §2)', () => {
  const signedInWithoutProfiles: Partial<SessionValue> = {
    accessToken: 'token-1',
    account: { patientList: [] } as unknown as SessionValue['account'],
    accountState: REQUEST_STATE.DONE,
    userProfileId: 'up-1',
    loggedIn: true,
  };
  const withProfile = { patientList: [{ id: 'p-1' }] } as unknown as NonNullable<SessionValue['account']>;

  it('shows the composed registration form inline, focuses it, and goes on to the menu once the profile exists', async () => {
    const refreshAccount = vi.fn(async () => withProfile);
    renderChat(() => ({ data: null }), undefined, {
      session: { ...signedInWithoutProfiles, refreshAccount },
      registration: ({ onCreated, onShown }) => (
        <FakeRegistration onCreated={onCreated} onShown={onShown} />
      ),
    });
    await letChatType();
    expect(screen.getByRole('log').textContent).toContain('Add your profile to continue.');
    expect(screen.queryByRole('button', { name: 'Add new profile' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Given name' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await letChatType();
    // The chat reads the account again (spec doc 1 §4 Profile creation), then carries on.
    expect(refreshAccount).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('log').textContent).toContain('How can I help you today?');
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it("says so with 'Try again' when the account cannot be read again, never going back to the form", async () => {
    const answers: (NonNullable<SessionValue['account']> | null)[] = [null, { patientList: [] } as unknown as NonNullable<SessionValue['account']>, withProfile];
    const refreshAccount = vi.fn(async () => answers.shift() ?? null);
    renderChat(() => ({ data: null }), undefined, {
      session: { ...signedInWithoutProfiles, refreshAccount },
      registration: ({ onCreated, onShown }) => <FakeRegistration onCreated={onCreated} onShown={onShown} />,
    });
    await letChatType();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await letChatType();
    const failed = "I couldn't reach the hospital just now. Please check your connection and try again.";
    expect(screen.getByRole('log').textContent).toContain(failed);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('log').textContent?.match(/Add your profile to continue/g)).toHaveLength(1);

    // An account read back without the profile is no better: the same answer, Try again once more.
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await letChatType();
    expect(screen.getByRole('log').textContent?.split(failed)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await letChatType();
    expect(refreshAccount).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('log').textContent).toContain('How can I help you today?');
  });

  it('without a composed form keeps the button to the registration screen', async () => {
    renderChat(() => ({ data: null }), undefined, { session: signedInWithoutProfiles });
    await letChatType();
    fireEvent.click(screen.getByRole('button', { name: 'Add new profile' }));
    await letChatType();
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });
});

/** Stands in for the profiles' form that app/ composes in. */
function FakeRegistration({ onCreated, onShown }: { onCreated: () => void; onShown: () => void }) {
  // Once, as the real one.
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current();
  }, []);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onCreated();
      }}
    >
      <input aria-label="Given name" />
      <button type="submit">Save</button>
    </form>
  );
}
