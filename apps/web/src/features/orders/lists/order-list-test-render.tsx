import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { loadOrdersMessages } from '@careline/i18n/orders';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import {
  SessionProvider,
  type AccountView,
  type SessionValue,
} from '../../../lib/session';
import { ChromeProvider } from '../../../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../../../lib/tenant';
import type { OrderListItem } from './order-list-documents.ts';
import { serverPatient, testAccount } from '../../../lib/testing/test-account.ts';

export { serverPatient, testAccount };

export type GraphQLCall = { operationName: string | undefined; variables: Record<string, unknown> };

type Sink = { next: (result: ExecutionResult) => void };

/** Feeds the screen's live subscription, as the server's subscribeServiceRequest would. */
export type LiveFeed = {
  /** The variables of the subscriptions open now. */
  subscriptions: () => Record<string, unknown>[];
  /** Sends an order to every open subscription. */
  send: (order: OrderListItem) => void;
};

/**
 * For the order list tests: renders an element at a path with a ready session, tenant and chrome,
 * answering GraphQL queries from a function (recorded) and subscriptions from the returned feed. In
 * English unless a locale is given, with the order texts loaded; after a navigation the location
 * shows in a test id.
 */
export async function renderOrderList(options: {
  element: ReactNode;
  path: string;
  routePath?: string;
  account?: AccountView | null;
  answer?: (call: GraphQLCall) => unknown;
  tenant?: TenantPublicConfig;
  locale?: Locale;
}) {
  // Loaded before the first render: under act(), a suspended screen is not retried when it resolves.
  const i18n = createI18n();
  const locale = options.locale ?? 'en';
  await activateLocale(i18n, locale);
  await loadOrdersMessages(i18n, locale);
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    // urql sends queries as GET (query string) and mutations as POST (JSON body).
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url)
      .searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : {
            operationName: params.get('operationName') ?? undefined,
            query: params.get('query') ?? '',
            variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>,
          }
    ) as { operationName?: string; query: string; variables: Record<string, unknown> };
    const operationName = body.operationName ?? /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1];
    const call = { operationName, variables: body.variables };
    calls.push(call);
    const answer = (await options.answer?.(call)) ?? { data: null };
    return new Response(JSON.stringify(answer), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const sinks = new Map<Sink, Record<string, unknown>>();
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink: Sink) => {
            sinks.set(sink, request.variables ?? {});
            return { unsubscribe: () => sinks.delete(sink) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const live: LiveFeed = {
    subscriptions: () => [...sinks.values()],
    send: (order) => {
      for (const sink of sinks.keys()) {
        sink.next({
          data: { subscribeServiceRequest: { __typename: 'ServiceRequest', ...order } },
        });
      }
    },
  };
  const account = options.account === undefined ? testAccount() : options.account;
  const session: SessionValue = {
    accessToken: account ? 'token-1' : null,
    account,
    accountState: account ? REQUEST_STATE.DONE : REQUEST_STATE.IDLE,
    mobileNo: account?.mobileNo ?? null,
    userProfileId: account?.id ?? null,
    loggedIn: account !== null,
    signIn: async () => account,
    refreshAccount: async () => account,
    logout: async () => undefined,
  };
  function Where() {
    const location = useLocation();
    return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
  }
  const router = createMemoryRouter(
    [
      { path: options.routePath ?? options.path.split('?')[0] ?? '/', element: options.element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [options.path] },
  );
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider
            value={options.tenant ?? baseTenantConfig}
            loading={null}
            failed={() => null}
          >
            <ChromeProvider>
              <Suspense fallback={<p>suspended</p>}>
                <RouterProvider router={router} />
              </Suspense>
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls, router, live };
}

/** An order as serviceRequests returns it, with overrides. */
export function listOrder(
  overrides: Partial<OrderListItem> & { id: string },
): OrderListItem & { __typename: 'ServiceRequest' } {
  return {
    __typename: 'ServiceRequest',
    identifier: `SR-${overrides.id}`,
    intent: 'order',
    category: 'Medication',
    orderStatus: 'new',
    patientId: 'p-me',
    organizationId: 'org-1',
    createdTime: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

/** A page of orders as serviceRequests returns it. */
export function orderPage(nodes: OrderListItem[], hasMore: boolean) {
  return { __typename: 'ServiceRequestPage', nodes, endCursor: nodes.at(-1)?.id ?? null, hasMore };
}
