import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import type { ReactNode } from 'react';
import type { I18n } from '@careline/i18n/core';
import { SessionProvider, type AccountView, type SessionValue } from '../session';
import { TenantProvider } from '../tenant';
import { TestLanguage } from '../i18n/test-language.tsx';

export type GraphQLCall = { operationName: string | undefined; variables: Record<string, unknown> };

/**
 * Renders a screen at a path with a ready session and tenant, answering GraphQL calls from a
 * function and recording them; the current location is shown in a test id. In English, or in the
 * language active on a given Lingui instance (createI18n() + await activateLocale(i18n, 'si')).
 */
export function renderScreen(options: {
  path: string;
  routePath: string;
  element: ReactNode;
  account: AccountView | null;
  answer?: (call: GraphQLCall) => unknown;
  tenant?: TenantPublicConfig;
  session?: Partial<SessionValue>;
  i18n?: I18n;
}) {
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    // urql sends short queries as GET (query, variables and operationName in the address).
    const address = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const params = new URL(address, 'http://test.local').searchParams;
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
    // An answer may be a promise (one that never settles keeps the screen loading).
    return new Response(JSON.stringify((await options.answer?.(call)) ?? { data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  const session: SessionValue = {
    accessToken: options.account ? 'token-1' : null,
    account: options.account,
    accountState: options.account ? REQUEST_STATE.DONE : REQUEST_STATE.IDLE,
    mobileNo: options.account?.mobileNo ?? null,
    userProfileId: options.account?.id ?? null,
    loggedIn: options.account !== null,
    signIn: async () => options.account,
    refreshAccount: async () => options.account,
    logout: async () => undefined,
    ...options.session,
  };
  function Where() {
    const location = useLocation();
    return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
  }
  const router = createMemoryRouter(
    [
      { path: options.routePath, element: options.element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [options.path] },
  );
  render(
    <TestLanguage i18n={options.i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={options.tenant ?? baseTenantConfig} loading={null} failed={() => null}>
            <RouterProvider router={router} />
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls, router, session };
}
