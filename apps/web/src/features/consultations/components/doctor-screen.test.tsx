// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig } from '@careline/domain/tenant';
import { createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../../../lib/session';
import { ChromeProvider } from '../../../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../../../lib/tenant';
import { DoctorScreen } from './doctor-screen.tsx';
import { daysFromNow, minutesFromNow, testSession } from './consultations-test-data.ts';
import { renderHistory, testAccount, type GraphQLCall } from './history-test-render.tsx';
import { signedInSession } from '../../../lib/testing/test-account.ts';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const organizations = [
  { __typename: 'Organization', id: 'org-10', name: 'Ward 10', phone: null },
  { __typename: 'Organization', id: 'org-1', name: 'Lanka Hospitals Colombo', phone: null },
  { __typename: 'Organization', id: 'org-2', name: 'Ward 2', phone: null },
];

function answering(sessions: unknown[] | 'error') {
  return (call: GraphQLCall) => {
    switch (call.operationName ?? '') {
      case 'consultationOrganizations':
        return { data: { queryOrganization: organizations } };
      case 'consultationSessions':
        return sessions === 'error'
          ? { errors: [{ message: 'ARO-E9999:Something went wrong.' }] }
          : { data: { querySession: sessions.map((session) => ({ __typename: 'Session', ...(session as object) })) } };
      case 'searchDoctors':
        return {
          data: {
            searchDoctors: [
              { __typename: 'Practitioner', id: 'dr-1', name: { text: 'Dr. Nimal Perera' }, roles: [{ code: 'CARD', display: 'Cardiologist' }] },
            ],
          },
        };
      case 'searchSpecialties':
        return { data: { searchSpecialties: [{ __typename: 'Specialty', code: 'CARD', display: 'Cardiologist' }] } };
      default:
        return { data: null };
    }
  };
}

describe('/doctor (spec doc 2 §2 Doctor list)', () => {
  it('asks for a search first and lists the hospitals sorted naturally', async () => {
    const { calls } = await renderHistory({ element: <DoctorScreen />, path: '/doctor', answer: answering([]) });
    await screen.findByText('Search for a doctor or a specialty to see their sessions.');
    const hospital = screen.getByLabelText('Hospital');
    await within(hospital).findByRole('option', { name: 'Ward 2' });
    expect(within(hospital).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All hospitals',
      'Lanka Hospitals Colombo',
      'Ward 2',
      'Ward 10',
    ]);
    expect(calls.some((call) => call.operationName === 'consultationSessions')).toBe(false);
  });

  it('finds a specialty as you type, then lists its sessions by day with labels, fill and blocked ones', async () => {
    const { calls, router } = await renderHistory({
      element: <DoctorScreen />,
      path: '/doctor',
      answer: answering([
        testSession({ id: 's-soon', startTime: minutesFromNow(90), endTime: minutesFromNow(210) }),
        testSession({ id: 's-full', startTime: daysFromNow(3, 9), endTime: daysFromNow(3, 11), appointmentCount: 20 }),
        testSession({ id: 's-later', startTime: daysFromNow(3, 14), endTime: daysFromNow(3, 16), appointmentMaxAllowed: -1 }),
      ]),
    });
    const box = await screen.findByRole('combobox', { name: 'Search for a doctor name or specialty' });
    fireEvent.change(box, { target: { value: 'card' } });
    const option = await screen.findByRole('option', { name: 'Cardiologist' });
    fireEvent.mouseDown(option);

    await screen.findByText('3 sessions found');
    expect(router.state.location.search).toBe('?performerRole=CARD');
    expect(calls.find((call) => call.operationName === 'consultationSessions')?.variables).toMatchObject({
      actorReference: [],
      practitionerRoleCodingCode: 'CARD',
    });
    expect(calls.find((call) => call.operationName === 'searchSpecialties')?.variables).toMatchObject({ text: 'card' });
    // One doctor, one card (issue 29 §4.14): the next session to book first, the rest a tap away.
    const doctors = screen.getAllByRole('heading', { level: 2 });
    expect(doctors.map((heading) => heading.textContent)).toEqual(['Dr. Nimal Perera']);
    const soon = screen.getByRole('link');
    expect(soon.getAttribute('href')).toBe('/view/session?sessionId=s-soon');
    expect(soon.textContent).toMatch(/Starting At/);
    expect(soon.textContent).toContain('4 of 20 booked');
    const more = screen.getByRole('button', { name: 'Show 2 more sessions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('This session is full')).toBeNull();
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Hide the other sessions');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/view/session?sessionId=s-soon', '/view/session?sessionId=s-later']);
    expect(screen.getByText('This session is full')).toBeTruthy();
    expect(screen.getByText('4 booked')).toBeTruthy();
    // A filter set: the chip, with its clear.
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Cardiologist' }));
    await screen.findByText('Search for a doctor or a specialty to see their sessions.');
  });

  it("says when nothing matches, with the call-hospital button", async () => {
    await renderHistory({ element: <DoctorScreen />, path: '/doctor?organization=org-1', answer: answering([]) });
    await screen.findByText("We couldn't find any sessions for you!");
    const call = await screen.findByRole('link', { name: 'Call Lanka Hospitals Colombo' });
    expect(call.getAttribute('href')).toBe('tel:+94112000000');
  });

  it("shows 'something went wrong' when the sessions do not load", async () => {
    await renderHistory({ element: <DoctorScreen />, path: '/doctor?performerRole=CARD', answer: answering('error') });
    await screen.findByText('something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the rescheduling banner and carries the reschedule to the session', async () => {
    await renderHistory({
      element: <DoctorScreen />,
      path: '/doctor?selectedPractitioner=dr-1&appointmentRescheduledFor=a-9',
      answer: answering([testSession({ id: 's-1' })]),
    });
    await screen.findByText('You are rescheduling an appointment. Pick the new session.');
    const doctor = await screen.findByRole('article', { name: 'Dr. Nimal Perera' });
    const card = within(doctor).getByRole('link');
    expect(card.getAttribute('href')).toBe('/view/session?sessionId=s-1&appointmentRescheduledFor=a-9');
    expect(screen.getByRole('button', { name: 'Remove filter: Dr. Nimal Perera' })).toBeTruthy();
  });

  it('remembers a doctor picked from the search as a recent doctor', async () => {
    await renderHistory({ element: <DoctorScreen />, path: '/doctor', answer: answering([testSession({ id: 's-1' })]) });
    const box = await screen.findByRole('combobox', { name: 'Search for a doctor name or specialty' });
    fireEvent.change(box, { target: { value: 'nim' } });
    await screen.findByRole('option', { name: /Dr\. Nimal Perera/ });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('1 session found');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    const recent = await screen.findByRole('region', { name: 'Recent doctors' });
    expect(within(recent).getByRole('button').textContent).toContain('Dr. Nimal Perera');
  });
});

describe('/doctor by doctor, with photos and fees (issue 29 §4.14, §1.4)', () => {
  const dayAt = (day: number, hourUtc: number) => {
    const today = new Date();
    return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day, hourUtc)).toISOString();
  };

  it("shows one card per doctor, the next session to book first, the doctor's photo and each session's fee", async () => {
    const nimal = { id: 'dr-1', text: 'Dr. Nimal Perera', photoUrl: '/blob/practitioner-photo/3f0c.jpg' };
    const sita = { id: 'dr-2', text: 'Dr. Sita Fernando', photoUrl: null };
    const sessions = [
      testSession({ id: 's-full', practitioner: nimal, startTime: dayAt(2, 4), endTime: dayAt(2, 6), appointmentCount: 20 }),
      ...[3, 4, 5, 6, 7].map((day) =>
        testSession({ id: `s-${day}`, practitioner: nimal, startTime: dayAt(day, 4), endTime: dayAt(day, 6), fee: { amount: '3250.5', currency: 'LKR' } }),
      ),
      testSession({ id: 's-sita', practitioner: sita, startTime: dayAt(4, 5), endTime: dayAt(4, 6), fee: { amount: '2500.00', currency: 'LKR' } }),
    ];
    await renderHistory({ element: <DoctorScreen />, path: '/doctor?performerRole=CARD', answer: answering(sessions) });
    await screen.findByText('7 sessions found');
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['Dr. Nimal Perera', 'Dr. Sita Fernando']);
    const [nimalCard, sitaCard] = cards as [HTMLElement, HTMLElement];
    // The full session is not the next one to book: s-3 is, the other five behind the disclosure.
    expect(within(nimalCard).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/view/session?sessionId=s-3']);
    expect(within(nimalCard).getByRole('heading', { level: 3 }).textContent).toMatch(/^Next available · /);
    expect(within(nimalCard).getByRole('link').textContent).toContain('Fee 3,250.50 LKR');
    const photo = nimalCard.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/blob/practitioner-photo/3f0c.jpg');
    expect(photo?.getAttribute('loading')).toBe('lazy');
    expect([photo?.getAttribute('width'), photo?.getAttribute('height')]).toEqual(['56', '56']);
    expect(photo?.getAttribute('alt')).toBe('');
    // No photo: initials on a colour.
    expect(sitaCard.querySelector('img')).toBeNull();
    expect(within(sitaCard).getByText('SF')).toBeTruthy();
    expect(within(sitaCard).getByRole('link').textContent).toContain('Fee 2,500.00 LKR');
    expect(within(sitaCard).queryByRole('button')).toBeNull();

    const more = within(nimalCard).getByRole('button', { name: 'Show 5 more sessions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const rest = document.getElementById(more.getAttribute('aria-controls') ?? '');
    expect(rest?.hidden).toBe(true);
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(rest?.hidden).toBe(false);
    expect(within(nimalCard).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/view/session?sessionId=s-3',
      '/view/session?sessionId=s-4',
      '/view/session?sessionId=s-5',
      '/view/session?sessionId=s-6',
      '/view/session?sessionId=s-7',
    ]);
    // The full one is there, with the spec's text, not a link.
    expect(within(nimalCard).getByText('This session is full')).toBeTruthy();
    // Each of the others under its own day heading.
    expect(within(rest as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it.each([
    ['si', 'ඉල් 25 බදාදා'],
    ['ta', 'நவம்பர் 25, புதன்'],
  ] as const)("writes the day headings in %s, at the hospital's day (issue 29 §1.4)", async (locale, heading) => {
    // 20:00 UTC on 24 November is 01:30 on 25 November in Colombo. The year is one with a 25 November
    // on a Wednesday, far ahead so the session is upcoming.
    const start = '2037-11-24T20:00:00Z';
    await renderHistory({
      element: <DoctorScreen />,
      path: '/doctor?performerRole=CARD',
      answer: answering([testSession({ id: 's-late', startTime: start, endTime: '2037-11-24T22:00:00Z' })]),
      locale,
    });
    const card = await screen.findByRole('article', { name: 'Dr. Nimal Perera' });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toContain(heading);
  });
});

type Sink = { next: (result: ExecutionResult) => void };

/** Renders /doctor with a client whose subscriptions the test feeds (as appointment-live.test.tsx). */
async function renderLive(path: string, answer: (call: GraphQLCall) => unknown) {
  const i18n = createI18n();
  await loadConsultationsMessages(i18n, 'en');
  const sinks = new Map<string, { sink: Sink; variables: unknown }>();
  const calls: GraphQLCall[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : { query: params.get('query') ?? '', variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown> }
    ) as { query: string; variables: Record<string, unknown> };
    const call = { operationName: /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1], variables: body.variables };
    calls.push(call);
    return new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink: Sink) => {
            const name = /subscription\s+(\w+)/.exec(request.query ?? '')?.[1] ?? '';
            sinks.set(name, { sink, variables: request.variables });
            return { unsubscribe: () => sinks.delete(name) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const account = testAccount();
  const session: SessionValue = signedInSession(account);
  const router = createMemoryRouter([{ path: '/doctor', element: <DoctorScreen /> }], { initialEntries: [path] });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <ChromeProvider>
              <ToastProvider>
                <Suspense fallback={null}>
                  <RouterProvider router={router} />
                </Suspense>
              </ToastProvider>
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { sinks, calls };
}

describe('/doctor live, without a reload (spec doc 2 §7 searchSession, issue 8 §9)', () => {
  it("reads the sessions again when searchSession says one changed: 'Dr. Arrived' and fullness follow", async () => {
    let session = testSession({ id: 's-1', startTime: minutesFromNow(-10), endTime: minutesFromNow(110) });
    const { sinks, calls } = await renderLive('/doctor?performerRole=CARD&organization=org-1', (call) => {
      switch (call.operationName ?? '') {
        case 'consultationOrganizations':
          return { data: { queryOrganization: organizations } };
        case 'consultationSessions':
          return { data: { querySession: [{ __typename: 'Session', ...session }] } };
        default:
          return { data: null };
      }
    });
    const doctor = await screen.findByRole('article', { name: 'Dr. Nimal Perera' });
    const card = within(doctor).getByRole('link');
    expect(card.textContent).toContain('Awaiting Dr');
    expect(card.textContent).toContain('4 of 20 booked');
    // The live search listens with the same filters as the list.
    await waitFor(() => expect(sinks.has('consultationSearchSession')).toBe(true));
    expect(sinks.get('consultationSearchSession')?.variables).toEqual({
      actorReference: ['Organization/org-1'],
      practitionerRoleCodingCode: 'CARD',
    });

    // Staff start the session and the last places are booked: one event, one more read.
    session = { ...session, status: 'started', appointmentCount: 20 };
    const reads = () => calls.filter((call) => call.operationName === 'consultationSessions').length;
    const before = reads();
    act(() => {
      sinks.get('consultationSearchSession')?.sink.next({ data: { searchSession: { id: 's-1' } } });
    });
    await screen.findByText('Dr. Arrived');
    expect(reads()).toBeGreaterThan(before);
    expect(screen.getByText('This session is full')).toBeTruthy();
    expect(screen.queryByText('Awaiting Dr')).toBeNull();
  });
});
