import { Suspense, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadLabReportsMessages } from '@careline/i18n/lab-reports';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import {
  SessionProvider,
  type AccountView,
  type SessionValue,
} from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import type { LabObservationRecord, LabReportRecord } from '../api/lab-report-documents.ts';
import { serverPatient, testAccount } from '../../../lib/testing/test-account.ts';
import { signedInSession } from '../../../lib/testing/test-account.ts';

export { serverPatient, testAccount };

export type GraphQLCall = { operationName: string | undefined; variables: Record<string, unknown> };

type Sink = { next: (result: ExecutionResult) => void };

/**
 * For the lab report tests: renders an element at a path with a ready session and tenant, in English
 * with the lab report texts loaded, answering GraphQL calls from a function (recorded) and
 * subscriptions from the returned feed; any other path shows the location in a test id.
 */
export async function renderLabReports(options: {
  element: ReactNode;
  path: string;
  routePath: string;
  answer?: (call: GraphQLCall) => unknown;
  account?: AccountView;
  /** The app's language; English by default. */
  locale?: 'en' | 'si' | 'ta';
}) {
  // Loaded before the first render: under act(), a suspended screen is not retried when it resolves.
  const i18n = createI18n();
  await activateLocale(i18n, options.locale ?? 'en');
  await loadLabReportsMessages(i18n, options.locale ?? 'en');
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
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
    return new Response(JSON.stringify((await options.answer?.(call)) ?? { data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const sinks = new Set<Sink>();
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: () => ({
          subscribe: (sink: Sink) => {
            sinks.add(sink);
            return { unsubscribe: () => sinks.delete(sink) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const account = options.account ?? testAccount();
  const session: SessionValue = signedInSession(account);
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
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <Suspense fallback={<p>suspended</p>}>
              <RouterProvider router={router} />
            </Suspense>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return {
    calls,
    router,
    /** Sends an issued report to the open subscriptions, as subscribeDiagnosticReport would. */
    sendReport: (report: { id: string }) => {
      for (const sink of sinks) {
        sink.next({
          data: { subscribeDiagnosticReport: { __typename: 'DiagnosticReport', ...report } },
        });
      }
    },
    /** Sends a changed order to the open subscriptions, as subscribeServiceRequest would. */
    sendOrder: (order: { id: string; category: string }) => {
      for (const sink of sinks) {
        sink.next({
          data: { subscribeServiceRequest: { __typename: 'ServiceRequest', ...order } },
        });
      }
    },
  };
}

/** A report as diagnosticReports returns it: full blood count, issued, of p-me. */
export function labReport(
  overrides: Partial<LabReportRecord> & { id: string },
): LabReportRecord & { __typename: 'DiagnosticReport' } {
  return {
    __typename: 'DiagnosticReport',
    code: { coding: [{ display: 'Full Blood Count', code: '00000001' }] },
    status: 'final',
    patientId: 'p-me',
    diagnosticReportCodeId: 'code-fbc',
    diagnosticReportOutsourcedType: null,
    patientCreditStatus: null,
    summaryStatus: 'issued',
    diagnosticReportVerifiedTime: null,
    createdTime: '2026-11-01T04:30:00.000Z',
    version: 1,
    serviceRequestId: null,
    ...overrides,
  };
}

/** A result as diagnosticObservations returns it. */
export function labObservation(
  overrides: Partial<LabObservationRecord> & {
    id: string;
    diagnosticReportId: string;
    code: string;
  },
): LabObservationRecord & { __typename: 'DiagnosticObservation' } {
  return {
    __typename: 'DiagnosticObservation',
    status: 'final',
    createdTime: '2026-11-01T04:00:00.000Z',
    display: overrides.code,
    valueString: null,
    valueQuantity: null,
    referenceRange: null,
    critical: false,
    parameterOrder: null,
    subTestClassification: null,
    ...overrides,
  };
}
