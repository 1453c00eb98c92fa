// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig } from '@careline/domain/tenant';
import { SessionProvider, type AccountView, type SessionValue } from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import { authNoticeKey } from '../../../lib/graphql/auth-errors.ts';
import { LoginScreen } from './login-screen.tsx';
import { captureServerSignInForm } from '../../../lib/sign-in/server-sign-in.ts';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { ShellLayout } from '../../../app/shell-layout.tsx';
import { ChromeProvider } from '../../../lib/shell/chrome-context.tsx';
import { activateLocale, createI18n, type I18n } from '@careline/i18n/core';

type Call = { operationName: string | undefined; variables: Record<string, unknown> };

const account: AccountView = {
  id: 'up-1',
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

function renderLogin(answer: (call: Call) => unknown, i18n?: I18n) {
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (_url, init) => {
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { query: string; variables: Record<string, unknown> };
    const call = { operationName: /mutation\s+(\w+)/.exec(body.query)?.[1], variables: body.variables };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  const signIn = vi.fn(async () => account);
  const session: SessionValue = {
    accessToken: null,
    account: null,
    accountState: REQUEST_STATE.IDLE,
    mobileNo: null,
    userProfileId: null,
    loggedIn: false,
    signIn,
    refreshAccount: async () => null,
    logout: async () => undefined,
  };
  function Where() {
    return <output data-testid="location">{useLocation().pathname}</output>;
  }
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={{ ...baseTenantConfig, uxFlow: 'flat' }} loading={null} failed={() => null}>
            <RouterProvider router={router} />
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls, signIn };
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const mobileInput = () => screen.getByPlaceholderText<HTMLInputElement>('Type your mobile number here');
const codeInput = () => screen.findByPlaceholderText<HTMLInputElement>('Type verification code');

describe('/login (spec doc 1 §4 Sign-in, §5)', () => {
  it('shows the mobile rules inline, strips non-digits and sends the 94 form', async () => {
    const { calls } = renderLogin(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(screen.getByRole('alert').textContent).toBe('Type Your Mobile No.');
    fireEvent.change(mobileInput(), { target: { value: '077-123 4567' } });
    expect(mobileInput().value).toBe('0771234567');
    expect(screen.getByRole('alert').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await codeInput();
    // The app's language goes along, for the first SMS of a number without an account (issue 6 §5).
    expect(calls).toEqual([{ operationName: 'initiateAuthentication', variables: { username: '94771234567', language: 'en' } }]);
    expect(screen.getByText('There may be SMS delays. Please wait and check again your SMS')).toBeTruthy();
    const resend = screen.getByRole<HTMLButtonElement>('button', { name: /Resend OTP/ });
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Resend OTP\s*(1:00|0:59)/);
  });

  it('a wrong code shows the spec text; the right one signs in and goes on', async () => {
    const { calls, signIn } = renderLogin((call) => {
      if (call.operationName === 'initiateAuthentication') {
        return { data: { initiateAuthentication: { id: 'c1' } } };
      }
      return call.variables.verificationCode === 123
        ? { data: { completeAuthentication: { id: 'c1', accessToken: 'token-9', outcome: 'succeeded' } } }
        : { data: null, errors: [{ message: 'ARO-E1015:Invalid verification code' }] };
    });
    fireEvent.change(mobileInput(), { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const code = await codeInput();
    // The code form replaces the mobile form: focus moves to the code input.
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    expect(screen.getByText('Type verification code we sent you SMS')).toBeTruthy();
    fireEvent.change(code, { target: { value: '12' } });
    expect(screen.getByText('verification code should have 4 digits!')).toBeTruthy();
    fireEvent.change(code, { target: { value: '9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await screen.findByText('that is not the code I sent you');
    // spec doc 1 §8: the server's text for ARO-E1015 shows as the second line
    expect(screen.getByText('Invalid verification code').parentElement?.id).toBe('login-code-error');
    expect(code.value).toBe('');
    fireEvent.change(code, { target: { value: '0123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    // spec doc 1 §2: an account with zero patients goes to /profiles/registration
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles/registration'));
    expect(signIn).toHaveBeenCalledWith('token-9');
    // spec doc 1 §5: the code is sent as an integer ('0123' → 123)
    expect(calls.at(-1)).toEqual({ operationName: 'completeAuthentication', variables: { id: 'c1', verificationCode: 123 } });
  });

  it('says a used-up code is used up (not wrong) and offers a new one (issue 6 §4.4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let challenge = 0;
      const { calls } = renderLogin((call) =>
        call.operationName === 'initiateAuthentication'
          ? { data: { initiateAuthentication: { id: `c${++challenge}` } } }
          : { data: null, errors: [{ message: 'ARO-E1102:This code is used up after 5 wrong tries. Tap Resend OTP to get a new code' }] },
      );
      fireEvent.change(mobileInput(), { target: { value: '771234567' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
      const code = await codeInput();
      fireEvent.change(code, { target: { value: '1234' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
      await screen.findByText('This code is used up after 5 wrong tries. Tap Resend OTP to get a new code');
      expect(screen.queryByText('that is not the code I sent you')).toBeNull();
      expect(code.value).toBe('');
      // A minute after the send, Resend OTP asks for a new code and the next try uses it.
      vi.setSystemTime(Date.now() + 61_000);
      const resend = screen.getByRole<HTMLButtonElement>('button', { name: /Resend OTP/ });
      await waitFor(() => expect(resend.disabled).toBe(false));
      fireEvent.click(resend);
      await screen.findByText('OTP Resent');
      fireEvent.change(code, { target: { value: '4321' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
      await waitFor(() => expect(calls.at(-1)?.variables).toEqual({ id: 'c2', verificationCode: 4321 }));
    } finally {
      vi.useRealTimers();
    }
  });

  it("says until when a locked number may try again, in the user's time (issue 6 §4.4)", async () => {
    const until = new Date(Date.now() + 60 * 60_000);
    until.setSeconds(0, 0);
    renderLogin(() => ({
      data: null,
      errors: [{ message: `ARO-E1103:Too many wrong codes for this number. You can try again after ${until.toISOString()}` }],
    }));
    fireEvent.change(mobileInput(), { target: { value: '771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const hours = until.getHours();
    const time = `${hours % 12 === 0 ? 12 : hours % 12}:${String(until.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
    const text = await screen.findByText(new RegExp(`^Too many wrong codes for this number\\. You can try again after ${time} (today|tomorrow)$`));
    expect(text.id).toBe('login-mobile-error');
  });

  it('shows other server errors by their text', async () => {
    renderLogin(() => ({ data: null, errors: [{ message: 'ARO-E1001:Failed to initiate user authentication' }] }));
    fireEvent.change(mobileInput(), { target: { value: '94771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await screen.findByText('Failed to initiate user authentication');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send now' }).disabled).toBe(false);
  });

  it('speaks Sinhala: labels, the spec’s rules, server errors and the language sent (issue 6 §5)', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    const { calls } = renderLogin(
      () => ({ data: null, errors: [{ message: 'ARO-E1001:Failed to initiate user authentication' }] }),
      i18n,
    );
    const send = screen.getByRole('button', { name: 'දැන් යවන්න' });
    fireEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('ඔබගේ ජංගම දුරකථන අංකය ටයිප් කරන්න.');
    fireEvent.change(screen.getByLabelText('ජංගම දුරකථන අංකය'), { target: { value: '0771234567' } });
    fireEvent.click(send);
    await screen.findByText('පරිශීලක සත්‍යාපනය ආරම්භ කිරීමට නොහැකි විය');
    expect(calls[0]?.variables).toEqual({ username: '94771234567', language: 'si' });
  });

  it('shows once why the last session ended (spec doc 1 §8 ARO-E1023)', async () => {
    window.sessionStorage.setItem(authNoticeKey, 'Please login');
    renderLogin(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Please login');
    await waitFor(() => expect(window.sessionStorage.getItem(authNoticeKey)).toBeNull());
    cleanup();
    renderLogin(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    expect(screen.queryByText('Please login')).toBeNull();
  });

  it('shows the tenant logo once, in the shell header, not again on the screen (issue 6 §4.10)', async () => {
    // The login screen as the app shows it: inside the shell layout, whose header carries the logo.
    const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: async () => new Response('{}') });
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
    };
    const router = createMemoryRouter([{ element: <ShellLayout />, children: [{ path: '/login', element: <LoginScreen /> }] }], {
      initialEntries: ['/login'],
    });
    render(
      <TestLanguage>
        <Provider value={client}>
          <SessionProvider value={session}>
            <TenantProvider value={{ ...baseTenantConfig, uxFlow: 'flat' }} loading={null} failed={() => null}>
              <ChromeProvider>
                <RouterProvider router={router} />
              </ChromeProvider>
            </TenantProvider>
          </SessionProvider>
        </Provider>
      </TestLanguage>,
    );
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const logoUrl = baseTenantConfig.branding.logoUrl;
    const logos = Array.from(document.querySelectorAll('img')).filter((image) => image.getAttribute('src') === logoUrl);
    expect(logos).toHaveLength(1);
    expect(logos[0]?.closest('header')?.className).toBe('app-header');
  });

  // issue 33 §2: the server writes /login's number form before the app runs.
  it("keeps what was typed into the server's form before the app ran, and its focus", async () => {
    const serverForm = document.createElement('form');
    serverForm.setAttribute('data-careline-sign-in', 'mobile');
    serverForm.innerHTML = '<input name="mobile" type="tel" value="077">';
    document.body.append(serverForm);
    const typed = serverForm.querySelector('input') as HTMLInputElement;
    typed.focus();
    captureServerSignInForm();
    // Still typing while the app starts.
    typed.value = '0771234567';
    typed.dispatchEvent(new Event('input'));
    serverForm.remove();
    const { calls } = renderLogin(() => ({ data: { initiateAuthentication: { id: 'c1' } } }));
    expect(mobileInput().value).toBe('0771234567');
    await waitFor(() => expect(document.activeElement).toBe(mobileInput()));
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await codeInput();
    expect(calls[0]?.variables).toMatchObject({ username: '94771234567' });
  });

  it("finishes a sign-in the server's plain form made, taking its token once, and goes on", async () => {
    document.cookie = 'careline-signed-in=1; Path=/';
    const taken: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      taken.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({ accessToken: 'token-form' }), { headers: { 'content-type': 'application/json' } });
    });
    try {
      const { signIn } = renderLogin(() => ({ data: null }));
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profiles/registration'));
      expect(signIn).toHaveBeenCalledWith('token-form');
      expect(taken).toEqual(['POST /login/session']);
    } finally {
      vi.unstubAllGlobals();
      document.cookie = 'careline-signed-in=; Path=/; Max-Age=0';
    }
  });
});
