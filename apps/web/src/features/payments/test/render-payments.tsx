import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import type { I18n } from '@careline/i18n/core';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import {
  SessionProvider,
  type AccountView,
  type PaymentMethod,
  type SessionValue,
} from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import type { PayableAppointment } from '../utils/payable.ts';
import { signedInSession } from '../../../lib/testing/test-account.ts';

export type GraphQLCall = { operationName: string | undefined; variables: Record<string, unknown> };

/**
 * For the payments tests: renders an element at a path with a ready session, tenant and toasts,
 * answering GraphQL calls from a function and recording them (queries come as GET, mutations as
 * POST); any other path shows the location in a test id. In English, or in the language active on a
 * given Lingui instance.
 */
export function renderPayments(options: {
  element: ReactNode;
  path: string;
  routePath: string;
  answer?: (call: GraphQLCall) => unknown;
  account?: AccountView;
  tenant?: TenantPublicConfig;
  i18n?: I18n;
}) {
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
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
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [fetchExchange],
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
    <TestLanguage i18n={options.i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider
            value={options.tenant ?? baseTenantConfig}
            loading={null}
            failed={() => null}
          >
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls, router };
}

/** A signed-in account, with saved cards when given (the first one the default). */
export function testAccount(paymentMethods: PaymentMethod[] = []): AccountView {
  return {
    id: 'up-1',
    mobileNo: '94771234567',
    status: 'active',
    patients: {},
    patientList: [],
    paymentMethods,
    defaultPaymentMethod: paymentMethods[0]?.id ?? null,
    hasPaymentMethod: paymentMethods.length > 0,
    bookingReqId: null,
    loyaltyAccounts: [],
  };
}

/** A saved card as queryOneProfile returns it (masked by the server). */
export function savedCard(id: string): PaymentMethod {
  return {
    id,
    type: 'card',
    status: 'active',
    cardExpiry: '12-2030',
    cardType: '001',
    cardNumber: '411111XXXXXXXXXX',
    defaultMethod: true,
  };
}

/** A booked appointment whose payment is pending, with overrides. */
export function payableAppointment(
  overrides: Partial<PayableAppointment> = {},
): PayableAppointment {
  return {
    id: 'a-1',
    sessionId: 's-1',
    appointmentStatus: 'booked',
    paymentStatus: 'pending',
    appointmentRescheduleStatus: null,
    appointmentRescheduledFor: null,
    participationMode: 'in_person',
    ...overrides,
  };
}

/** prepareInvoice's answer: a doctor fee, a hospital fee and a discount. */
export function invoiceAnswer(overrides: { total?: string; currency?: string } = {}) {
  return {
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
          {
            __typename: 'InvoiceItem',
            description: 'Hospital fee',
            amount: '750.50',
            category: 'hospital_fee',
          },
          {
            __typename: 'InvoiceItem',
            description: 'Seasonal discount',
            amount: '-250.00',
            category: 'seasonal_discount_fee',
          },
        ],
        total: overrides.total ?? '3000.50',
        currency: overrides.currency ?? 'LKR',
        reasonCode: 'prepayment_collected',
      },
    },
  };
}

/** initiateBooking's answer: the signed fields for the sandbox's silent pay form. */
export function bookingRequestAnswer() {
  return {
    data: {
      initiateBooking: {
        __typename: 'BookingRequest',
        id: 'br-1',
        formUrl: '/sandbox/cybersource/silent/pay',
        signature: {
          __typename: 'Signature',
          parameter: [
            { __typename: 'NameValue', name: 'access_key', value: 'ak-1' },
            { __typename: 'NameValue', name: 'profile_id', value: 'pr-1' },
            { __typename: 'NameValue', name: 'reference_number', value: 'ref-1' },
            { __typename: 'NameValue', name: 'amount', value: '3000.50' },
            {
              __typename: 'NameValue',
              name: 'signed_field_names',
              value: 'access_key,profile_id,reference_number,amount',
            },
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
  };
}
