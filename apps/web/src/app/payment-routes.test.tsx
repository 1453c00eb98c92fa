// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig } from '@careline/domain/tenant';
import { SessionProvider, type SessionValue } from '../lib/session/session-provider.tsx';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant/tenant-provider.tsx';
import type { AccountView } from '../lib/session/account-view.ts';
import { createAppRoutes } from './routes.tsx';
import { TestLanguage } from '../lib/i18n/test-language.tsx';

// Issue 9: the payment history, saved payment methods and terms routes (spec doc 2 §2, doc 3 §2).
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

function renderAt(path: string, signedIn: boolean) {
  const session: SessionValue = {
    accessToken: signedIn ? 'token-1' : null,
    account: signedIn ? account : null,
    accountState: signedIn ? REQUEST_STATE.DONE : REQUEST_STATE.IDLE,
    mobileNo: signedIn ? account.mobileNo : null,
    userProfileId: signedIn ? account.id : null,
    loggedIn: signedIn,
    signIn: async () => null,
    refreshAccount: async () => (signedIn ? account : null),
    logout: async () => undefined,
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [fetchExchange],
    fetch: async () =>
      new Response(JSON.stringify({ data: { queryPaymentGatewayCallback: [] } }), {
        headers: { 'content-type': 'application/json' },
      }),
  });
  const tenant = { ...baseTenantConfig, uxFlow: 'flat' as const, termsAndConditions: ['Fees are charged in full.'] };
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  render(
    <TestLanguage>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={tenant} loading={null} failed={() => null}>
            <ChromeProvider>
              <RouterProvider router={router} />
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return router;
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('payment routes', () => {
  it('/profiles/my-payment-history shows the payment history (lazily loaded)', async () => {
    renderAt('/profiles/my-payment-history', true);
    expect(await screen.findByText("We didn't find any payments of you yet", {}, { timeout: 5000 })).toBeTruthy();
  });

  it('/profiles/payment-methods shows the saved payment methods', async () => {
    renderAt('/profiles/payment-methods', true);
    expect(await screen.findByText("We didn't find any payment methods of you", {}, { timeout: 5000 })).toBeTruthy();
  });

  it('#/paymentTermsAndConditions shows the terms above the screen', async () => {
    const router = renderAt('/login#/paymentTermsAndConditions', false);
    expect(
      await screen.findByRole('dialog', { name: 'By continuing, you agree to the Terms & Conditions' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText('Fees are charged in full.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('the root keeps the hash when it redirects', async () => {
    const router = renderAt('/#/paymentTermsAndConditions', false);
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.hash).toBe('#/paymentTermsAndConditions');
  });

  it('/paymentTermsAndConditions is a public screen', async () => {
    renderAt('/paymentTermsAndConditions', false);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'By continuing, you agree to the Terms & Conditions' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
