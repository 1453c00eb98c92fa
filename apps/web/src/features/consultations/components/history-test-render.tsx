import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, type AccountView, type SessionValue } from '../../../lib/session';
import { ChromeProvider } from '../../../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../../../lib/tenant';
import { serverPatient, testAccount } from '../../../lib/testing/test-account.ts';

export { serverPatient, testAccount };

export type GraphQLCall = { operationName: string | undefined; variables: Record<string, unknown> };

/**
 * For the history, refund and feedback tests: renders an element at a path with a ready session,
 * tenant, toasts and chrome, answering GraphQL calls from a function and recording them; the
 * location after a navigation is shown in a test id. In English unless a locale is given, with the
 * consultation texts loaded.
 */
export async function renderHistory(options: {
  element: ReactNode;
  path?: string;
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
  await loadConsultationsMessages(i18n, locale);
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    // urql sends queries as GET (query string) and mutations as POST (JSON body).
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
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
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
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
  const path = options.path ?? '/history/appointments';
  const router = createMemoryRouter(
    [
      { path: options.routePath ?? path.split('?')[0] ?? '/', element: options.element },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={options.tenant ?? baseTenantConfig} loading={null} failed={() => null}>
            <ChromeProvider>
              <ToastProvider>
                <Suspense fallback={<p>suspended</p>}>
                  <RouterProvider router={router} />
                </Suspense>
              </ToastProvider>
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls, router };
}

/** An appointment as queryAppointment returns it, with overrides. */
export function historyAppointment(overrides: Partial<HistoryAppointmentFields> & { id: string; start: string }): HistoryAppointmentFields {
  return {
    __typename: 'Appointment',
    sessionId: `s-${overrides.id}`,
    patientId: 'p-me',
    patientName: 'Kamala',
    patientDisplayName: 'Mrs Kamala Perera',
    patientRelationship: 'Me',
    tokenNo: 3,
    end: overrides.start,
    appointmentStatus: 'booked',
    paymentStatus: 'pending',
    paymentRefundStatus: null,
    appointmentRescheduleStatus: null,
    feedbackRating: null,
    feedbackComment: null,
    doctorName: 'Dr. Nimal Silva',
    doctorRole: 'Cardiologist',
    organizationId: 'org-1',
    organizationName: 'Lanka Hospitals',
    session: { __typename: 'Session', id: `s-${overrides.id}`, chargingSchemeId: 'scheme-opd' },
    ...overrides,
  };
}

export type HistoryAppointmentFields = {
  __typename: 'Appointment';
  id: string;
  sessionId: string;
  patientId: string;
  patientName: string | null;
  patientDisplayName: string | null;
  patientRelationship: string | null;
  tokenNo: number;
  start: string;
  end: string;
  appointmentStatus: string;
  paymentStatus: string;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
  feedbackRating: number | null;
  feedbackComment: string | null;
  doctorName: string | null;
  doctorRole: string | null;
  organizationId: string | null;
  organizationName: string | null;
  session: { __typename: 'Session'; id: string; chargingSchemeId: string | null } | null;
};
