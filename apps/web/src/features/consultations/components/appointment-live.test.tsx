// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig } from '@careline/domain/tenant';
import { createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import { AppointmentScreen } from './appointment-screen.tsx';
import { testAppointment, testSession } from './consultations-test-data.ts';
import { testAccount } from './history-test-render.tsx';
import { signedInSession } from '../../../lib/testing/test-account.ts';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

type Sink = { next: (result: ExecutionResult) => void };

/** Renders the appointment screen with a client whose subscriptions the test feeds. */
async function renderLive(answer: (operationName: string) => unknown) {
  const i18n = createI18n();
  await loadConsultationsMessages(i18n, 'en');
  const sinks = new Map<string, Sink>();
  const queries: string[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
    const body = (typeof init?.body === 'string' ? JSON.parse(init.body) : { query: params.get('query') ?? '' }) as { query: string };
    const operationName = /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    queries.push(operationName);
    return new Response(JSON.stringify(answer(operationName)), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink: Sink) => {
            const name = /subscription\s+(\w+)/.exec(request.query ?? '')?.[1] ?? '';
            sinks.set(name, sink);
            return { unsubscribe: () => sinks.delete(name) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const account = testAccount();
  const session: SessionValue = signedInSession(account);
  const router = createMemoryRouter([{ path: '/view/appointment', element: <AppointmentScreen /> }], {
    initialEntries: ['/view/appointment?sessionId=s-1&appointmentId=a-1'],
  });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <ToastProvider>
              <Suspense fallback={null}>
                <RouterProvider router={router} />
              </Suspense>
            </ToastProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { sinks, queries };
}

const token = (tokenNo: number, appointmentStatus: string) => ({
  __typename: 'SessionToken',
  tokenNo,
  appointmentStatus,
  paymentStatus: 'paid',
});

describe('/view/appointment live, without a reload (spec doc 2 §4 Live updates, issue 8 §9)', () => {
  it('follows the ongoing tokens and the doctor’s arrival as the events come', async () => {
    let status = 'scheduled';
    // issue 32 §1.2: the server's estimate, 11:40 then 11:55 at the hospital (Colombo, +05:30), then none once called.
    let expectedCallAt: string | null = '2099-11-24T06:10:00.000Z';
    const { sinks, queries } = await renderLive((operationName) => {
      switch (operationName) {
        case 'consultationAppointment':
          return {
            data: {
              queryAppointment: [
                { __typename: 'Appointment', ...testAppointment({ id: 'a-1', tokenNo: 6, expectedCallAt, session: testSession({ id: 's-1', status }) }) },
              ],
            },
          };
        case 'consultationSessionTokens':
          return { data: { querySessionTokens: [token(1, 'booked'), token(6, 'booked')] } };
        default:
          return { data: null };
      }
    });
    const queue = await screen.findByRole('region', { name: 'Now with the doctor' });
    await within(queue).findByText('No token called yet');
    expect(within(queue).getByText('Your turn at about 11:40 AM')).toBeTruthy();
    await waitFor(() => expect(sinks.has('consultationSessionTokens')).toBe(true));

    // Staff call tokens 1 to 4: the token event carries the queue.
    act(() => {
      sinks.get('consultationSessionTokens')?.next({
        data: {
          subscribeSessionTokens: [token(1, 'fulfilled'), token(2, 'fulfilled'), token(3, 'arrived'), token(4, 'arrived'), token(5, 'booked'), token(6, 'booked')],
        },
      });
    });
    await waitFor(() => expect(within(queue).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2', '3', '4']));
    expect(within(queue).getByText('1 patient ahead of you')).toBeTruthy();

    // The session starts: its event refetches, and the card says 'Dr. Arrived'.
    status = 'started';
    expectedCallAt = '2099-11-24T06:25:00.000Z';
    const before = queries.filter((name) => name === 'consultationAppointment').length;
    act(() => {
      sinks.get('consultationSessionChanged')?.next({ data: { subscribeSession: { id: 's-1', changed: 'status' } } });
    });
    await screen.findByText('Dr. Arrived');
    expect(queries.filter((name) => name === 'consultationAppointment').length).toBeGreaterThan(before);
    await within(queue).findByText('Your turn at about 11:55 AM');

    // The patient's token is called: no estimate any more, and the line goes.
    expectedCallAt = null;
    act(() => {
      sinks.get('consultationAppointmentChanged')?.next({ data: { subscribeAppointment: [{ id: 'a-1', appointmentStatus: 'booked', paymentStatus: 'paid' }] } });
    });
    await waitFor(() => expect(within(queue).queryByText(/Your turn at about/)).toBeNull());
  });

  it('sets the journey time and shows "Leave home now" once the server sent it, live, then its update (issue 32 §1.3)', async () => {
    let journeyMinutes: number | null = null;
    let leaveHome: { __typename: string; messageNo: number; kind: string; expectedCallAt: string } | null = null;
    const sent: unknown[] = [];
    const { sinks } = await renderLive((operationName) => {
      switch (operationName) {
        case 'consultationAppointment':
          return {
            data: {
              queryAppointment: [
                { __typename: 'Appointment', ...testAppointment({ id: 'a-1', tokenNo: 6, journeyMinutes, leaveHome, session: testSession({ id: 's-1' }) }) },
              ],
            },
          };
        case 'appointmentJourneyTime':
          journeyMinutes = 60;
          sent.push(journeyMinutes);
          return { data: { setAppointmentJourneyTime: { __typename: 'Appointment', id: 'a-1', journeyMinutes, leaveHome } } };
        case 'consultationSessionTokens':
          return { data: { querySessionTokens: [token(6, 'booked')] } };
        default:
          return { data: null };
      }
    });
    const journey = await screen.findByLabelText<HTMLSelectElement>('Journey to the hospital');
    expect(journey.value).toBe('');
    expect(screen.queryByText('Leave home now')).toBeNull();
    act(() => {
      journey.value = '60';
      journey.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await screen.findByText('Journey time saved');
    expect(sent).toEqual([60]);
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Journey to the hospital').value).toBe('60'));

    // The server sent the SMS and announced the session's change: the screen shows it by itself, as a status.
    leaveHome = { __typename: 'LeaveHomeNotice', messageNo: 1, kind: 'leaveNow', expectedCallAt: '2099-11-24T06:10:00.000Z' };
    await waitFor(() => expect(sinks.has('consultationAppointmentChanged')).toBe(true));
    act(() => {
      sinks.get('consultationAppointmentChanged')?.next({ data: { subscribeAppointment: [{ id: 'a-1', appointmentStatus: 'booked', paymentStatus: 'paid' }] } });
    });
    expect((await screen.findByText('Leave home now')).getAttribute('role')).toBe('status');
    // The queue slowed beyond the margin: the update, with its time at the hospital (Colombo, +05:30).
    leaveHome = { __typename: 'LeaveHomeNotice', messageNo: 2, kind: 'later', expectedCallAt: '2099-11-24T06:40:00.000Z' };
    act(() => {
      sinks.get('consultationAppointmentChanged')?.next({ data: { subscribeAppointment: [{ id: 'a-1', appointmentStatus: 'booked', paymentStatus: 'paid' }] } });
    });
    await screen.findByText('The queue is moving slower: your turn at about 12:10 PM');
  });
});
