// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../components/toast.tsx';
import { testSession } from '../features/consultations/components/consultations-test-data.ts';
import { serverPatient, testAccount } from '../features/consultations/components/history-test-render.tsx';
import { TestLanguage } from '../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../lib/session';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant';
import { createAppRoutes, type AppScreens } from './routes.tsx';
import { signedInSession } from '../lib/testing/test-account.ts';

// spec doc 2 §4 Booking, pay-now path: the route gives the session screen (features/consultations)
// the payments feature's pay now (features never import each other), offered where the tenant's
// online gateways are on; a tap books, invoices the appointment and pays that invoice.

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
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.querySelectorAll('form[data-gateway-form]').forEach((form) => form.remove());
});

type Call = { operationName: string; variables: Record<string, unknown> };

function invoice(id: string) {
  return {
    data: {
      prepareInvoice: {
        __typename: 'Invoice',
        id,
        items: [{ __typename: 'InvoiceItem', description: 'Doctor fee', amount: '2500.00', category: 'doctor_fee' }],
        total: '2500.00',
        currency: 'USD',
        reasonCode: 'prepayment_collected',
      },
    },
  };
}

async function renderSession(tenant: TenantPublicConfig) {
  const i18n = createI18n();
  await activateLocale(i18n, 'en');
  await loadConsultationsMessages(i18n, 'en');
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : {
            operationName: params.get('operationName'),
            variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>,
          }
    ) as { operationName?: string; variables?: Record<string, unknown> };
    const name = body.operationName ?? '';
    const variables = body.variables ?? {};
    calls.push({ operationName: name, variables });
    const input = (variables.input ?? {}) as Record<string, unknown>;
    const answers: Record<string, unknown> = {
      consultationSessions: { data: { querySession: [{ __typename: 'Session', ...testSession({ id: 's-1' }) }] } },
      prepareInvoice: invoice(input.appointmentId ? 'inv-appointment' : 'inv-session'),
      bookAppointment: {
        data: { createAppointment: { __typename: 'Appointment', id: 'a-7', sessionId: 's-1', tokenNo: 5 } },
      },
      initiateBooking: {
        data: {
          initiateBooking: {
            __typename: 'BookingRequest',
            id: 'br-1',
            formUrl: '/sandbox/cybersource/silent/pay',
            formMethod: 'POST',
            signature: {
              __typename: 'Signature',
              parameter: [
                { __typename: 'NameValue', name: 'access_key', value: 'ak-1' },
                { __typename: 'NameValue', name: 'signed_field_names', value: 'access_key' },
                {
                  __typename: 'NameValue',
                  name: 'unsigned_field_names',
                  value: 'card_type,card_number,card_expiry_date,card_cvn',
                },
                { __typename: 'NameValue', name: 'signature', value: 'c2lnbmVk' },
              ],
              value: 'c2lnbmVk',
            },
            unsignedFieldNames: ['card_type', 'card_number', 'card_expiry_date', 'card_cvn'],
          },
        },
      },
    };
    return new Response(JSON.stringify(answers[name] ?? { data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  // One profile: the relationship modal's choice is a single tap.
  const account = testAccount([serverPatient('p-me', 'Me', 'Kamala')]);
  const session: SessionValue = signedInSession(account);
  const router = createMemoryRouter(createAppRoutes(screens), { initialEntries: ['/view/session?sessionId=s-1'] });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={tenant} loading={null} failed={() => null}>
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
  return { calls, router };
}

/** Chooses the account's one profile in the relationship modal that opens on arrival. */
async function chooseProfile() {
  const dialog = await screen.findByRole('dialog', undefined, { timeout: 5000 });
  const options = within(dialog).getAllByRole('button').filter((button) => button.textContent?.includes('Kamala'));
  fireEvent.click(options[0] ?? within(dialog).getByRole('button', { name: /Me/ }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

const onlineOff = deepMerge<TenantPublicConfig>(baseTenantConfig, {
  features: { paymentGateWay: { cyberSource: false, genie: false, mobileBill: false } },
});

describe('/view/session with pay now (spec doc 2 §4 Booking pay-now)', () => {
  it('the online gateways off: no pay now, the hospital counter books as before', async () => {
    const { calls } = await renderSession(onlineOff);
    await screen.findByText('Pay at the hospital when you arrive.', undefined, { timeout: 5000 });
    await chooseProfile();
    expect(screen.queryByRole('region', { name: 'Pay now' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(calls.some((call) => call.operationName === 'prepareInvoice')).toBe(false);
  });

  it("pay now: the session's invoice, then Pay books, invoices the appointment and pays that invoice, back to the appointment", async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { calls } = await renderSession(baseTenantConfig);
    await chooseProfile();
    const region = await screen.findByRole('region', { name: 'Pay now' }, { timeout: 5000 });
    expect(await within(region).findAllByText('2,500.00 USD')).toHaveLength(2);
    // The hospital counter is still offered beside it.
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(calls.find((call) => call.operationName === 'prepareInvoice')?.variables).toEqual({
      input: { sessionId: 's-1', patientId: 'p-me', instrumentType: 'credit_card' },
    });
    expect(calls.some((call) => call.operationName === 'bookAppointment')).toBe(false);

    fireEvent.click(within(region).getByRole('button', { name: 'Pay by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await waitFor(() => expect(dialog.querySelector('form')?.dataset.status).toBe('READY'));
    fireEvent.change(within(dialog).getByLabelText('Name on card'), { target: { value: 'Kamala Perera' } });
    fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: '4111111111111111' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry date (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(within(dialog).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 2,500.00 USD' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), { timeout: 5000 });

    const sequence = calls
      .map((call) => call.operationName)
      .filter((name) => ['prepareInvoice', 'bookAppointment', 'initiateBooking'].includes(name));
    expect(sequence).toEqual(['prepareInvoice', 'bookAppointment', 'prepareInvoice', 'initiateBooking']);
    expect(calls.find((call) => call.operationName === 'bookAppointment')?.variables).toMatchObject({
      patientId: 'p-me',
      sessionId: 's-1',
    });
    const back = '/view/appointment?sessionId=s-1&appointmentId=a-7';
    expect(calls.find((call) => call.operationName === 'initiateBooking')?.variables).toMatchObject({
      input: { id: 'inv-appointment', successUrl: back, failureUrl: back, paymentGatewayType: 'cyberSource' },
    });
  });
});
