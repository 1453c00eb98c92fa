// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../components/toast.tsx';
import { testAppointment } from '../features/consultations/components/consultations-test-data.ts';
import { testAccount } from '../features/consultations/components/history-test-render.tsx';
import { TestLanguage } from '../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../lib/session';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant';
import { createAppRoutes, type AppScreens } from './routes.tsx';
import { signedInSession } from '../lib/testing/test-account.ts';

// Issue 9: the route composition gives the appointment screen the payments feature (features never
// import each other), lazily, so /login's first bundle does not carry it.

const stub = () =>
  function StubScreen() {
    return <p>stub</p>;
  };
const screens: AppScreens = {
  LoginScreen: stub(),
  ChatHomeScreen: stub(),
  ProfilesScreen: stub(),
  ProfileFormScreen: stub(),
  HomeDashboardScreen: stub(),
  FeedbackScreen: stub(),
};

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

async function renderAppointment(appointment: ReturnType<typeof testAppointment>, query = '') {
  const i18n = createI18n();
  await activateLocale(i18n, 'en');
  await loadConsultationsMessages(i18n, 'en');
  const operations: string[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url)
      .searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : { operationName: params.get('operationName') }
    ) as {
      operationName?: string;
    };
    const name = body.operationName ?? '';
    operations.push(name);
    const answers: Record<string, unknown> = {
      consultationAppointment: {
        data: { queryAppointment: [{ __typename: 'Appointment', ...appointment }] },
      },
      consultationSessionTokens: { data: { querySessionTokens: [] } },
      // The gateway's recorded answer for the booking request: only ACCEPT announces 'Payment success'.
      paymentOutcome: {
        data: {
          queryPaymentGatewayCallback: [
            {
              __typename: 'PaymentRecord',
              id: 'pay-1',
              bookingId: 'br-1',
              response: {
                __typename: 'PaymentResponse',
                status: 'ACCEPT',
                message: null,
                additionalInfo: null,
                reasonCode: '100',
              },
            },
          ],
        },
      },
      prepareInvoice: {
        data: {
          prepareInvoice: {
            __typename: 'Invoice',
            id: 'inv-1',
            items: [
              {
                __typename: 'InvoiceItem',
                description: 'Doctor fee',
                amount: '2500.00',
                category: 'doctor_fee',
              },
            ],
            total: '2500.00',
            currency: 'USD',
            reasonCode: 'prepayment_collected',
          },
        },
      },
    };
    return new Response(JSON.stringify(answers[name] ?? { data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [fetchExchange],
    fetch: fakeFetch,
  });
  const account = testAccount();
  const session: SessionValue = signedInSession(account);
  const router = createMemoryRouter(createAppRoutes(screens), {
    initialEntries: [
      `/view/appointment?sessionId=${appointment.sessionId}&appointmentId=${appointment.id}${query}`,
    ],
  });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <ChromeProvider>
              <ToastProvider>
                <RouterProvider router={router} />
              </ToastProvider>
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return operations;
}

describe('/view/appointment with pay now (spec doc 2 §2 Appointment detail)', () => {
  it('a booked appointment whose payment is pending shows the invoice and Pay by card', async () => {
    await renderAppointment(testAppointment({ id: 'a-1', paymentStatus: 'pending' }));
    await screen.findByRole('heading', { level: 1, name: 'Your appointment' }, { timeout: 5000 });
    const payNow = await screen.findByRole('region', { name: 'Pay now' }, { timeout: 5000 });
    // The doctor fee and the total.
    expect(await within(payNow).findAllByText('2,500.00 USD')).toHaveLength(2);
    expect(within(payNow).getByRole('button', { name: 'Pay by card' })).toBeTruthy();
  });

  it('back from the gateway paid: Payment success, and no pay section nor invoice', async () => {
    const operations = await renderAppointment(
      testAppointment({ id: 'a-1', paymentStatus: 'paid' }),
      '&paymentStatus=Success&bookingId=br-1',
    );
    await screen.findByText('Payment success', undefined, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Pay now' })).toBeNull();
    expect(operations).not.toContain('prepareInvoice');
  });
});
