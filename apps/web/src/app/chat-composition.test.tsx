// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { useState, type ReactNode } from 'react';
import { formatChatDate } from '@careline/domain/chat-flow';
import { REQUEST_STATE } from '@careline/domain/shell';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n, type I18n } from '@careline/i18n/core';
import { testSession } from '../features/consultations/components/consultations-test-data.ts';
import { testAccount } from '../features/consultations/components/history-test-render.tsx';
import { RECENT_DOCTORS_KEY } from '../features/consultations/utils/recent-doctors.ts';
import { TestLanguage } from '../lib/i18n/test-language.tsx';
import { SessionProvider, type SessionValue } from '../lib/session';
import { TenantProvider } from '../lib/tenant';
import { ChatHomeScreen, chatConsultations } from './chat-composition.tsx';

// issue 12 §2: Book a Doctor and What is my upcoming in the chat, with the consultations' operations
// composed in (chat-composition.tsx), against a fake GraphQL server answering by operation name.

type Call = { operationName: string | undefined; variables: Record<string, unknown> };
type Answer = (call: Call) => unknown;

function renderChat(
  answer: Answer,
  options: { tenant?: TenantPublicConfig; i18n?: I18n; account?: ReturnType<typeof testAccount> } = {},
) {
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    // urql may send queries as GET (query string) and mutations as POST (JSON body).
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url)
      .searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : {
            query: params.get('query') ?? '',
            variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>,
          }
    ) as { query: string; variables: Record<string, unknown> };
    const call = {
      operationName: /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1],
      variables: body.variables ?? {},
    };
    calls.push(call);
    return new Response(JSON.stringify(answer(call) ?? { data: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [fetchExchange],
    fetch: fakeFetch,
  });
  const account = options.account ?? testAccount();
  const refreshed = { count: 0 };
  const base: SessionValue = {
    accessToken: 'token-1',
    account,
    accountState: REQUEST_STATE.DONE,
    mobileNo: account.mobileNo,
    userProfileId: account.id,
    loggedIn: true,
    signIn: async () => account,
    refreshAccount: async () => null,
    logout: async () => undefined,
  };
  // As the app's session: a refresh reads the account again (with the profile just created).
  function LiveSession({ children }: { children: ReactNode }) {
    const [current, setCurrent] = useState(account);
    const session: SessionValue = {
      ...base,
      account: current,
      refreshAccount: async () => {
        refreshed.count += 1;
        const next = testAccount();
        setCurrent(next);
        return next;
      },
    };
    return <SessionProvider value={session}>{children}</SessionProvider>;
  }
  function Where() {
    const location = useLocation();
    return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
  }
  const router = createMemoryRouter(
    [
      { path: '/chat-home', element: <ChatHomeScreen /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/chat-home'] },
  );
  render(
    <TestLanguage i18n={options.i18n}>
      <Provider value={client}>
        <LiveSession>
          <TenantProvider
            value={options.tenant ?? { ...baseTenantConfig, uxFlow: 'chat' }}
            loading={null}
            failed={() => null}
          >
            <RouterProvider router={router} />
          </TenantProvider>
        </LiveSession>
      </Provider>
    </TestLanguage>,
  );
  return { calls, router, refreshed };
}

/** Lets the chat's paced messages (about 1 s each, spec doc 1 §9) and its buttons all appear, on fake time. */
async function letChatType(rounds = 14) {
  for (let step = 0; step < rounds; step += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
  }
}

async function tap(name: string | RegExp) {
  fireEvent.click(screen.getByRole('button', { name }));
  await letChatType();
}

/** Book a Doctor, Search by doctor name, 'Nim', Dr. Nimal Perera. */
async function pickDoctorByName() {
  await tap('Book a Doctor');
  await tap('Search by doctor name');
  fireEvent.change(screen.getByRole('searchbox', { name: 'Doctor name' }), { target: { value: 'Nim' } });
  await letChatType(2);
  fireEvent.click(within(screen.getByRole('list', { name: 'Doctors' })).getByRole('button', { name: /Dr\. Nimal Perera/ }));
  await letChatType();
}

const hospitals = [
  { id: 'org-1', name: 'Lanka Hospitals Colombo', phone: null },
  { id: 'org-2', name: 'Lanka Hospitals Kandy', phone: null },
];
const threeHospitals = [...hospitals, { id: 'org-3', name: 'Lanka Hospitals Galle', phone: null }];
const sessionStart = (index: number) => new Date(2030, 2, 3 + index, 16, 30).toISOString();
const sevenSessions = Array.from({ length: 7 }, (_, index) =>
  testSession({ id: `s-${index + 1}`, startTime: sessionStart(index) }),
);

/** A fake server for the booking path; upcoming holds what queryUpcomingAppointments answers. */
function server(options: {
  organizations?: typeof hospitals;
  sessions?: unknown[];
  /** The sessions a search at one hospital finds (its Organization/ reference), null for any hospital. */
  sessionsAt?: (organizationId: string | null) => unknown[] | 'fail';
  book?: Answer;
  upcoming?: unknown[];
  /** What myAppointmentInSession answers (issue 29 §1.1). */
  held?: (call: Call) => unknown;
}) {
  const state = { upcoming: options.upcoming ?? [] };
  const answer: Answer = (call) => {
    switch (call.operationName ?? '') {
      case 'consultationOrganizations':
        return { data: { queryOrganization: options.organizations ?? hospitals } };
      case 'searchDoctors':
        return {
          data: {
            searchDoctors: [
              {
                id: 'dr-1',
                name: { text: 'Dr. Nimal Perera' },
                roles: [{ code: 'CARD', display: 'Cardiologist' }],
              },
              {
                id: 'dr-2',
                name: { text: 'Dr. Nimali Silva' },
                roles: [{ code: 'DERM', display: 'Dermatologist' }],
              },
            ],
          },
        };
      case 'searchSpecialties':
        return { data: { searchSpecialties: [{ code: 'CARD', display: 'Cardiologist' }] } };
      case 'consultationSessions': {
        if (options.sessionsAt) {
          const references = (call.variables.actorReference ?? []) as string[];
          const at = references.find((reference) => reference.startsWith('Organization/'));
          const found = options.sessionsAt(at === undefined ? null : at.slice('Organization/'.length));
          return found === 'fail' ? { errors: [{ message: 'down' }] } : { data: { querySession: found } };
        }
        return { data: { querySession: options.sessions ?? sevenSessions } };
      }
      case 'bookAppointment':
        return options.book?.(call) ?? { data: null };
      case 'chatUpcomingAppointments':
        return { data: { queryUpcomingAppointments: state.upcoming } };
      case 'myAppointmentInSession':
        return { data: { myAppointmentInSession: options.held?.(call) ?? null } };
      default:
        return { data: null };
    }
  };
  return { answer, state };
}

const bookedAppointment = {
  id: 'a-1',
  sessionId: 's-5',
  patientDisplayName: 'Mrs Sita Perera',
  tokenNo: 7,
  start: sessionStart(4),
  doctorName: 'Dr. Nimal Perera',
  organizationName: 'Lanka Hospitals Kandy',
};

beforeAll(() => {
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  window.localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Book a Doctor in the chat (issue 12 §2; spec doc 1 §2, §4; doc 2 §4, §9)', () => {
  it('finds the doctor by name, asks the hospital, pages the sessions, books for a family member and lists it as upcoming', async () => {
    const fake = server({
      book: (call) => {
        fake.state.upcoming = [bookedAppointment];
        return {
          data: {
            createAppointment: { id: 'a-1', sessionId: call.variables.sessionId, tokenNo: 7 },
          },
        };
      },
    });
    const { calls, router } = renderChat(fake.answer);
    await letChatType();
    await tap('Book a Doctor');
    const log = screen.getByRole('log', { name: 'Chat' });
    // No recent doctor yet: the search actions (spec doc 1 §2).
    expect(log.textContent).toContain('How would you like to find your doctor?');
    expect(screen.queryByRole('button', { name: 'My recent doctor' })).toBeNull();
    // Keyboard users go on from the step's first action, the tapped button being gone.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search by doctor name' }));
    await tap('Search by doctor name');
    expect(log.textContent).toContain('Which doctor would you like to see?');

    const input = screen.getByRole('searchbox', { name: 'Doctor name' });
    expect(input.getAttribute('placeholder')).toBe('Type your doctor name');
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'Nim' } });
    await letChatType(2);
    const doctors = screen.getByRole('list', { name: 'Doctors' });
    expect(within(doctors).getAllByRole('button')).toHaveLength(2);
    fireEvent.click(within(doctors).getByRole('button', { name: /Dr\. Nimal Perera/ }));
    await letChatType();
    expect(calls.find((call) => call.operationName === 'searchDoctors')?.variables).toMatchObject({
      text: 'Nim',
    });

    // Two hospitals: the organization picker asks.
    expect(log.textContent).toContain('Which hospital would you like to go to?');
    await tap('Lanka Hospitals Kandy');
    // The hospitals were each asked for the doctor's sessions first (issue 29 §11), then Kandy's list.
    const sessionCall = calls.filter((call) => call.operationName === 'consultationSessions').at(-1);
    expect(sessionCall?.variables).toMatchObject({
      actorReference: ['Practitioner/dr-1', 'Organization/org-2'],
    });

    // doc 2 §9: 3 sessions, then 3 more per 'See more'.
    expect(log.textContent).toContain('Here are the sessions I found.');
    const sessions = () =>
      within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('button');
    expect(sessions()).toHaveLength(3);
    expect(sessions()[0]?.textContent).toContain(
      formatChatDate(new Date(sessionStart(0))) ?? 'no date',
    );
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(sessions()).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(sessions()).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();

    fireEvent.click(sessions()[4] as HTMLElement);
    await letChatType();
    expect(log.textContent).toContain('Please check the session and book your appointment.');
    // The profile choice: no one chosen yet, so booking asks first.
    await tap('Book now');
    expect(screen.getByText('Choose who the appointment is for.')).toBeTruthy();
    expect(calls.some((call) => call.operationName === 'bookAppointment')).toBe(false);
    const mother = screen.getByRole('button', { name: 'Mrs Sita Perera (Mother)' });
    fireEvent.click(mother);
    expect(mother.getAttribute('aria-pressed')).toBe('true');
    await tap('Book now');

    const booking = calls.filter((call) => call.operationName === 'bookAppointment');
    expect(booking).toHaveLength(1);
    expect(booking[0]?.variables).toMatchObject({ patientId: 'p-mother', sessionId: 's-5' });
    expect(typeof booking[0]?.variables.idempotencyKey).toBe('string');
    expect(log.textContent).toContain('Your appointment is booked.');
    expect(log.textContent).toContain('Token No. 7');
    // spec doc 1 §4: after booking, the upcoming check: the booking just made is listed.
    expect(log.textContent).toContain('Here are your upcoming appointments.');
    const links = within(log).getAllByRole('link', { name: /View appointment/ });
    expect(links).toHaveLength(2);
    expect(
      links.every(
        (link) => link.getAttribute('href') === '/view/appointment?sessionId=s-5&appointmentId=a-1',
      ),
    ).toBe(true);
    expect(log.textContent).toContain(
      formatChatDate(new Date(bookedAppointment.start)) ?? 'no date',
    );
    // ... and then the menu again.
    expect(screen.getByRole('button', { name: 'What is my upcoming' })).toBeTruthy();
    // The doctor is remembered as a recent doctor for next time.
    expect(window.localStorage.getItem(RECENT_DOCTORS_KEY)).toContain('dr-1');

    fireEvent.click(links[1] as HTMLElement);
    await letChatType(1);
    expect(router.state.location.pathname).toBe('/view/appointment');
  });

  it('skips the hospital picker for a single organization and offers the recent doctor', async () => {
    window.localStorage.setItem(
      RECENT_DOCTORS_KEY,
      JSON.stringify([{ id: 'dr-1', name: 'Dr. Nimal Perera', role: 'Cardiologist' }]),
    );
    const fake = server({
      organizations: [hospitals[0] as (typeof hospitals)[number]],
      sessions: [],
    });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await tap('Book a Doctor');
    const log = screen.getByRole('log', { name: 'Chat' });
    // issue 29 §12: the search actions, 'My recent doctor' among them from the first Book a Doctor.
    expect(log.textContent).toContain('How would you like to find your doctor?');
    await tap('My recent doctor');
    expect(log.textContent).toContain('Would you like to see one of your recent doctors again?');
    await tap(/Dr\. Nimal Perera/);
    expect(log.textContent).not.toContain('Which hospital would you like to go to?');
    expect(
      calls.find((call) => call.operationName === 'consultationSessions')?.variables,
    ).toMatchObject({
      actorReference: ['Practitioner/dr-1', 'Organization/org-1'],
    });
    // spec doc 1 §8: no sessions.
    expect(log.textContent).toContain("I couldn't find any sessions");
    await tap('Search again');
    expect(log.textContent).toContain('How would you like to find your doctor?');
    await tap('Search by specialty');
    await tap('Cardiologist');
    const bySpecialty = calls
      .filter((call) => call.operationName === 'consultationSessions')
      .at(-1);
    expect(bySpecialty?.variables).toMatchObject({
      practitionerRoleCodingCode: 'CARD',
      actorReference: ['Organization/org-1'],
    });
  });

  it('offers only the hospitals where the doctor has sessions to pick (issue 29 §11)', async () => {
    const kandySession = testSession({
      id: 's-kandy',
      startTime: sessionStart(1),
      organization: { id: 'org-2', orgName: 'Lanka Hospitals Kandy' },
    });
    const galleSession = testSession({
      id: 's-galle',
      startTime: sessionStart(2),
      organization: { id: 'org-3', orgName: 'Lanka Hospitals Galle' },
    });
    // Colombo's only session is full: not one the patient can pick (spec doc 2 §4 Session status).
    const fullColombo = testSession({ id: 's-full', appointmentCount: 20, appointmentMaxAllowed: 20 });
    const fake = server({
      organizations: threeHospitals,
      sessionsAt: (organizationId) =>
        organizationId === 'org-1' ? [fullColombo] : organizationId === 'org-2' ? [kandySession] : organizationId === 'org-3' ? [galleSession] : [],
    });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await pickDoctorByName();
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).toContain('Which hospital would you like to go to?');
    const offered = within(screen.getByRole('list', { name: 'Hospitals' })).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual(['Lanka Hospitals Kandy', 'Lanka Hospitals Galle']);
    // Each hospital was asked for the doctor's sessions, as the session list asks.
    expect(
      calls
        .filter((call) => call.operationName === 'consultationSessions')
        .map((call) => call.variables.actorReference),
    ).toEqual([
      ['Practitioner/dr-1', 'Organization/org-1'],
      ['Practitioner/dr-1', 'Organization/org-2'],
      ['Practitioner/dr-1', 'Organization/org-3'],
    ]);
    await tap('Lanka Hospitals Galle');
    expect(log.textContent).toContain('Here are the sessions I found.');
    expect(log.textContent).not.toContain("I couldn't find any sessions");
    expect(within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('button')).toHaveLength(1);

    // Search again, another doctor: the hospitals are asked again for that doctor.
    await tap('Search again');
    await tap('Search by doctor name');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Doctor name' }), { target: { value: 'Nimali' } });
    await letChatType(2);
    fireEvent.click(within(screen.getByRole('list', { name: 'Doctors' })).getByRole('button', { name: /Dr\. Nimali Silva/ }));
    await letChatType();
    expect(calls.filter((call) => (call.variables.actorReference as string[] | undefined)?.includes('Practitioner/dr-2'))).toHaveLength(3);
  });

  it('goes straight to the sessions of the one hospital where the doctor has some', async () => {
    const kandySession = testSession({ id: 's-kandy', organization: { id: 'org-2', orgName: 'Lanka Hospitals Kandy' } });
    const fake = server({
      organizations: threeHospitals,
      sessionsAt: (organizationId) => (organizationId === 'org-2' ? [kandySession] : []),
    });
    renderChat(fake.answer);
    await letChatType();
    await pickDoctorByName();
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).not.toContain('Which hospital would you like to go to?');
    expect(log.textContent).toContain('Here are the sessions I found.');
    const sessions = within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('button');
    expect(sessions.map((button) => button.textContent)).toEqual([expect.stringContaining('Lanka Hospitals Kandy')]);
  });

  it("says 'I couldn't find any sessions' at once when no hospital has one, and offers Search again", async () => {
    const fake = server({ organizations: threeHospitals, sessionsAt: () => [] });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await pickDoctorByName();
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).not.toContain('Which hospital would you like to go to?');
    expect(log.textContent).toContain("I couldn't find any sessions");
    expect(calls.filter((call) => call.operationName === 'consultationSessions')).toHaveLength(3);
    await tap('Search again');
    expect(log.textContent).toContain('How would you like to find your doctor?');
  });

  it('offers the hospitals of a specialty’s sessions too, and a failed check offers Try again, never a shorter list', async () => {
    let failing = true;
    const fake = server({
      organizations: threeHospitals,
      sessionsAt: (organizationId) =>
        organizationId === 'org-3' && failing ? 'fail' : organizationId === 'org-1' ? [] : [testSession({ id: `s-${organizationId ?? 'any'}` })],
    });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await tap('Book a Doctor');
    await tap('Search by specialty');
    await tap('Cardiologist');
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(screen.queryByRole('list', { name: 'Hospitals' })).toBeNull();
    failing = false;
    await tap('Try again');
    const offered = within(screen.getByRole('list', { name: 'Hospitals' })).getAllByRole('button');
    expect(offered.map((button) => button.textContent)).toEqual(['Lanka Hospitals Kandy', 'Lanka Hospitals Galle']);
    expect(log.textContent).toContain('Which hospital would you like to go to?');
    expect(calls.filter((call) => call.operationName === 'consultationSessions').at(-1)?.variables).toMatchObject({
      practitionerRoleCodingCode: 'CARD',
    });
  });

  it("says 'Sorry, Unable to book at the moment' with the server's text, and a retry reuses the key", async () => {
    let attempts = 0;
    const fake = server({
      organizations: [hospitals[0] as (typeof hospitals)[number]],
      book: () => {
        attempts += 1;
        return { errors: [{ message: 'ARO-E4001:This session is full' }] };
      },
    });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await tap('Book a Doctor');
    await tap('Search by specialty');
    await tap('Cardiologist');
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole(
        'button',
      )[0] as HTMLElement,
    );
    await letChatType();
    fireEvent.click(screen.getByRole('button', { name: 'Mrs Kamala Perera (Me)' }));
    await tap('Book now');
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).toContain('Sorry, Unable to book at the moment');
    expect(log.textContent).toContain('This session is full');
    fireEvent.click(screen.getByRole('button', { name: 'Mrs Kamala Perera (Me)' }));
    await tap('Book now');
    const keys = calls
      .filter((call) => call.operationName === 'bookAppointment')
      .map((call) => call.variables.idempotencyKey);
    expect(attempts).toBe(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('leads to the appointment that already holds the place when the booking is refused with ARO-E4003 (issue 29 §1.1)', async () => {
    const fake = server({
      organizations: [hospitals[0] as (typeof hospitals)[number]],
      book: () => ({ errors: [{ message: 'ARO-E4003:This person already has an appointment in this session' }] }),
      held: (call) =>
        call.variables.patientId === 'p-me'
          ? { __typename: 'Appointment', id: 'a-held', sessionId: call.variables.sessionId, tokenNo: 4 }
          : null,
    });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    await tap('Book a Doctor');
    await tap('Search by specialty');
    await tap('Cardiologist');
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole(
        'button',
      )[0] as HTMLElement,
    );
    await letChatType();
    fireEvent.click(screen.getByRole('button', { name: 'Mrs Kamala Perera (Me)' }));
    await tap('Book now');
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).toContain('This person already has an appointment in this session');
    const link = within(log).getByRole('link', { name: /View appointment/ });
    expect(link.getAttribute('href')).toBe('/view/appointment?sessionId=s-1&appointmentId=a-held');
    expect(calls.find((call) => call.operationName === 'myAppointmentInSession')?.variables).toEqual({
      sessionId: 's-1',
      patientId: 'p-me',
    });
  });

  it('keeps the session-less doctor search usable: Scroll to see more ... and Clear', async () => {
    const many = Array.from({ length: 6 }, (_, index) => ({
      id: `dr-${index}`,
      name: { text: `Dr. Test ${index}` },
      roles: [{ code: 'GP', display: 'General Practitioner' }],
    }));
    const fake = server({});
    renderChat((call) =>
      call.operationName === 'searchDoctors'
        ? { data: { searchDoctors: many } }
        : fake.answer(call),
    );
    await letChatType();
    await tap('Book a Doctor');
    await tap('Search by doctor name');
    const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Doctor name' });
    fireEvent.change(input, { target: { value: 'Test' } });
    await letChatType(2);
    expect(screen.getByText('Scroll to see more ...')).toBeTruthy();
    await tap('Clear');
    expect(input.value).toBe('');
    expect(screen.queryByRole('list', { name: 'Doctors' })).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it("the Video Channel's session search asks the server for video sessions only; Book a Doctor's for all (issue 29 §2.8)", async () => {
    vi.useRealTimers();
    const videoSession = testSession({ id: 's-video', startTime: sessionStart(0), participationMode: 'remote_presence_video_call' });
    const clinicSession = testSession({ id: 's-clinic', startTime: sessionStart(1), participationMode: 'in_person' });
    const asked: Record<string, unknown>[] = [];
    const client = new Client({
      url: 'http://test.local/graphql',
      exchanges: [fetchExchange],
      fetch: async (url, init) => {
        const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
        const variables = (typeof init?.body === 'string'
          ? (JSON.parse(init.body) as { variables: Record<string, unknown> }).variables
          : (JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>)) ?? {};
        asked.push(variables);
        // The server's filter (querySession extensionParticipationMode).
        const mode = variables.extensionParticipationMode;
        const querySession = [videoSession, clinicSession].filter((session) => !mode || session.participationMode === mode);
        return new Response(JSON.stringify({ data: { querySession } }), { headers: { 'content-type': 'application/json' } });
      },
    });
    const consultations = chatConsultations(client);
    const filter = { doctorId: 'dr-1', specialtyCode: null, organizationId: null };
    const video = await consultations.sessions({ ...filter, videoOnly: true });
    expect(asked.at(-1)).toMatchObject({ extensionParticipationMode: 'remote_presence_video_call' });
    expect(video?.map((session) => session.id)).toEqual(['s-video']);
    const all = await consultations.sessions(filter);
    expect(asked.at(-1)?.extensionParticipationMode ?? null).toBeNull();
    expect(all?.map((session) => session.id)).toEqual(['s-video', 's-clinic']);
  });
});

describe("'What is my upcoming' in the chat (issue 12 §2; spec doc 1 §4)", () => {
  it("lists the account's upcoming appointments in the chat's date format, each with its link", async () => {
    const fake = server({ upcoming: [bookedAppointment] });
    const { calls } = renderChat(fake.answer);
    await letChatType();
    // spec doc 1 §4, issue 12 §1: the flow starts at the upcoming check, which lists it already
    const upcomingCalls = () => calls.filter((call) => call.operationName === 'chatUpcomingAppointments');
    expect(upcomingCalls()).toHaveLength(1);
    expect(screen.getByRole('log', { name: 'Chat' }).textContent).toContain('Here are your upcoming appointments.');
    await tap('What is my upcoming');
    expect(upcomingCalls()).toHaveLength(2);
    const log = screen.getByRole('log', { name: 'Chat' });
    expect(log.textContent).toContain('What is my upcoming');
    expect(log.textContent).toContain('Here are your upcoming appointments.');
    const when = formatChatDate(new Date(bookedAppointment.start)) ?? 'no date';
    expect(when).toMatch(
      /^\d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \([A-Z][a-z]{2}\), \d{2}:\d{2} (AM|PM)$/,
    );
    expect(log.textContent).toContain(when);
    expect(log.textContent).toContain('Mrs Sita Perera');
    const links = within(log).getAllByRole('link', { name: /View appointment/ });
    expect(links).toHaveLength(2);
    expect(links.at(-1)?.getAttribute('href')).toBe('/view/appointment?sessionId=s-5&appointmentId=a-1');
    expect(screen.getByRole('button', { name: 'Book a Doctor' })).toBeTruthy();
  });

  it("says 'I couldn't find any sessions' when nothing is coming up, in Tamil too", async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'ta');
    renderChat(server({}).answer, { i18n });
    await letChatType();
    await tap('எனது வரவிருக்கும் சந்திப்புகள் என்ன');
    expect(screen.getByRole('log').textContent).toContain('எந்த அமர்வும் கிடைக்கவில்லை');
  });

  it("sends the booking to the session's screen, to pay there, where the hospital takes no payment at the desk", async () => {
    const tenant = deepMerge<TenantPublicConfig>(
      { ...baseTenantConfig, uxFlow: 'chat' },
      { features: { paymentGateWay: { cash: false } } },
    );
    const fake = server({ organizations: [hospitals[0] as (typeof hospitals)[number]] });
    const { calls } = renderChat(fake.answer, { tenant });
    await letChatType();
    await tap('Book a Doctor');
    await tap('Search by specialty');
    await tap('Cardiologist');
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Sessions' })).getAllByRole('button')[0] as HTMLElement,
    );
    await letChatType();
    const link = screen.getByRole('link', { name: 'Book now' });
    expect(link.getAttribute('href')).toMatch(/^\/view\/session\?sessionId=/);
    expect(screen.queryByRole('button', { name: 'Book now' })).toBeNull();
    expect(calls.some((call) => call.operationName === 'bookAppointment')).toBe(false);
  });

  it('leaves Book a Doctor off the menu where channelling is off', async () => {
    const tenant = deepMerge<TenantPublicConfig>(
      { ...baseTenantConfig, uxFlow: 'chat' },
      { features: { channelling: { enabled: false } } },
    );
    renderChat(server({}).answer, { tenant });
    await letChatType();
    expect(screen.queryByRole('button', { name: 'Book a Doctor' })).toBeNull();
    expect(screen.getByRole('button', { name: 'What is my upcoming' })).toBeTruthy();
  });
});

describe('registration inline in the chat (issue 12 §2)', () => {
  it('shows the profiles form in the stream, creates the profile with it and carries on to the menu without a page change', async () => {
    const fake = server({});
    const { calls, router, refreshed } = renderChat(
      (call) =>
        call.operationName === 'createPatient'
          ? { data: { createPatient: { id: 'p-new', birthDate: '1990-05-07', gender: 'male', name: null, extension: [] } } }
          : fake.answer(call),
      { account: testAccount([]) },
    );
    await letChatType();
    await vi.dynamicImportSettled();
    await letChatType(4);
    expect(screen.getByRole('log', { name: 'Chat' }).textContent).toContain(
      "I couldn't find a profile for this number. Add your profile to continue.",
    );
    // No jump to /profiles/registration: the form itself is in the chat, focus in its first field.
    expect(screen.queryByRole('button', { name: 'Add New Profile' })).toBeNull();
    // The form's chunk may still be on its way on a loaded machine (vi.waitFor moves the fake clock too).
    const save = await vi.waitFor(() => screen.getByRole('button', { name: 'Save' }), { timeout: 10_000 });
    expect(document.activeElement).toBe(screen.getByLabelText('Prefix'));
    // issue 29 §12: as on the form page, no relationship is chosen for the patient: Save waits, the prompt shows.
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Me' }).checked).toBe(false);
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Select the relationship')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Me' }));
    expect(save.getAttribute('aria-disabled')).toBe('false');

    // Its own validation: nothing is sent with empty fields.
    fireEvent.click(save);
    await letChatType(2);
    expect(calls.some((call) => call.operationName === 'createPatient')).toBe(false);

    fireEvent.change(screen.getByLabelText('Prefix'), { target: { value: 'Mr' } });
    fireEvent.change(screen.getByLabelText('Given name'), { target: { value: 'Nimal' } });
    fireEvent.change(screen.getByLabelText('Family name'), { target: { value: 'Silva' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '07' } });
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '05' } });
    fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await letChatType();

    const created = calls.filter((call) => call.operationName === 'createPatient');
    expect(created).toHaveLength(1);
    expect(created[0]?.variables).toMatchObject({ extension: [{ valueId: 'relationship', value: 'Me' }], name: { given: ['Nimal'] } });
    expect(refreshed.count).toBe(1);
    expect(router.state.location.pathname).toBe('/chat-home');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // issue 29 §12: the question no longer holds once the profile is made.
    expect(screen.getByRole('log', { name: 'Chat' }).textContent).not.toContain("I couldn't find a profile for this number");
    // The chat carries on: the upcoming check, then the menu, focus on its first button.
    expect(calls.some((call) => call.operationName === 'chatUpcomingAppointments')).toBe(true);
    const book = screen.getByRole('button', { name: 'Book a Doctor' });
    expect(document.activeElement).toBe(book);
  });
});
