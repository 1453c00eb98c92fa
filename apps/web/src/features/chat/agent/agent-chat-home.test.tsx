// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig, deepMerge, type FeatureFlags } from '@careline/domain/tenant';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, toAccountView } from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import { ChatHomeScreen } from '../components/chat-home-screen.tsx';
import { signedInSession } from '../../../lib/testing/test-account.ts';

// The Lakeside demo tenant turns agent chat off (spec doc 1 §6 'First tenant override').
const lakesideFeatures = deepMerge<FeatureFlags>(baseTenantConfig.features, {
  agentChat: { enabled: false },
  medicationOrder: { enabled: false },
});
const chatOff = deepMerge<FeatureFlags>(baseTenantConfig.features, { chat: { enabled: false } });

function renderHome(path: string, features: FeatureFlags) {
  const operations: string[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url)
      .searchParams;
    const query =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as { query: string }).query
        : (params.get('query') ?? '');
    const operation = /(?:mutation|query)\s+(\w+)/.exec(query)?.[1] ?? '';
    operations.push(operation);
    const data =
      operation === 'agentChatLatest'
        ? { queryChat: [] }
        : operation === 'agentChatHospitals'
          ? {
              queryOrganization: [
                { id: '6f1c2b1e-8a51-4c36-9d3f-3b7a2f1e0c11', name: 'Lanka Hospitals' },
              ],
            }
          : null;
    return new Response(JSON.stringify({ data }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [fetchExchange],
    fetch: fakeFetch,
  });
  const account = toAccountView(
    {
      id: 'up-1',
      identifier: '94771234567',
      status: 'active',
      mobileNo: '94771234567',
      patients: [
        {
          id: 'p-me',
          name: { prefix: 'Mrs', given: ['Kamala'], family: 'Perera' },
          telecom: [],
          birthDate: '1960-04-09',
          gender: 'female',
          address: null,
          extension: [{ valueId: 'relationship', value: 'Me' }],
          link: [],
          hospitalId: 'h-1',
          medicalRecordNumber: '',
        },
      ],
      paymentMethods: [],
      defaultPaymentMethod: null,
      hasPaymentMethod: false,
      bookingReqId: null,
      loyaltyAccounts: [],
      preferredLanguage: null,
    },
    new Date(2026, 0, 1),
  );
  const session = signedInSession(account);
  const router = createMemoryRouter(
    [
      { path: '/chat-home', element: <ChatHomeScreen /> },
      { path: '/chat-home/:category', element: <ChatHomeScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestLanguage>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider
            value={{ ...baseTenantConfig, features, uxFlow: 'chat' }}
            loading={null}
            failed={() => null}
          >
            <RouterProvider router={router} />
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { router, operations };
}

/** Lets the chat's paced messages (about 1 s each, spec doc 1 §9) and the lazy agent chat appear. */
async function letChatType() {
  for (let step = 0; step < 12; step += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
  }
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the Chat With Hospital button (issue 12 §3; spec doc 1 §2, §6 agentChat, chat.enabled)', () => {
  it('opens the chat with hospital staff inside the chat home', async () => {
    const { router, operations } = renderHome('/chat-home', baseTenantConfig.features);
    await letChatType();
    fireEvent.click(screen.getByRole('button', { name: 'Chat With Hospital' }));
    await letChatType();
    expect(router.state.location.pathname).toBe('/chat-home/agent-chat');
    expect(await screen.findByRole('log', { name: 'Chat with hospital staff' })).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    // The service menu gives way to the chat; 'Back to menu' returns to it.
    expect(screen.queryByRole('button', { name: 'Book a Doctor' })).toBeNull();
    expect(operations).toContain('agentChatLatest');
    fireEvent.click(screen.getByRole('button', { name: 'Back to menu' }));
    await letChatType();
    expect(router.state.location.pathname).toBe('/chat-home');
    expect(screen.getByRole('button', { name: 'Chat With Hospital' })).toBeTruthy();
  });

  it.each([
    ['Lakeside (agentChat off)', lakesideFeatures],
    ['chat.enabled off', chatOff],
  ])(
    'is not offered for %s, and /chat-home/agent-chat shows the menu instead',
    async (_name, features) => {
      const { operations } = renderHome('/chat-home/agent-chat', features);
      await letChatType();
      expect(screen.queryByRole('button', { name: 'Chat With Hospital' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Book a Doctor' })).toBeTruthy();
      expect(screen.queryByRole('log', { name: 'Chat with hospital staff' })).toBeNull();
      expect(operations).not.toContain('agentChatLatest');
    },
  );
});
