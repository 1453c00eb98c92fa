// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Client, fetchExchange, subscriptionExchange } from '@urql/core';
import { Provider } from 'urql';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { videoDeviceSupported, type MediaCheck } from '@careline/domain/video-call';
import { baseTenantConfig } from '@careline/domain/tenant';
import { loadVideoMessages } from '@careline/i18n/video';
import { createI18n, type I18n } from '@careline/i18n/core';
import { SessionProvider, type AccountView, type SessionValue } from '../../../lib/session';
import { ChromeProvider, useMainBottomBarHidden } from '../../../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../../../lib/tenant';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import type { CallMedia, CallRoom, CallRoomEvents, JoinRoomOptions } from '../utils/call-media.ts';
import { VideoCallHost } from './video-call-host.tsx';
import { signedInSession } from '../../../lib/testing/test-account.ts';

const SAFARI_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1';

const account = {
  id: 'account-1',
  mobileNo: '94771234567',
  status: 'active',
  patients: {},
  patientList: [{ id: 'p-1' }],
  paymentMethods: [],
  defaultPaymentMethod: null,
  hasPaymentMethod: false,
  bookingReqId: null,
  loyaltyAccounts: [],
} as unknown as AccountView;

/** An arrived appointment of a video session whose doctor is calling in room-1 (spec doc 2 §4). */
const ringing = {
  __typename: 'Appointment',
  id: 'a-1',
  sessionId: 's-1',
  patientId: 'p-1',
  doctorName: 'Dr. Nimal Silva',
  appointmentStatus: 'arrived',
  remoteCommunicationLink: 'room-1',
  communication: { __typename: 'VideoCommunication', id: 'c-1', participantStatus: 'connected', ringing: true, ringRemainingMs: 45_000 },
  session: { __typename: 'Session', id: 's-1', participationMode: 'remote_presence_video_call' },
};

type Call = { operationName: string | undefined; variables: Record<string, unknown> };

type FakeRoom = { options: JoinRoomOptions; events: CallRoomEvents; room: { setLocalMedia: ReturnType<typeof vi.fn>; leave: ReturnType<typeof vi.fn> } };

function fakeMedia(check: MediaCheck) {
  const rooms: FakeRoom[] = [];
  const stopRing = vi.fn();
  const state = { check };
  const media: CallMedia = {
    checkMedia: vi.fn(async () => state.check),
    watchPermissions: () => () => undefined,
    joinRoom: (options, events) => {
      const room = { setLocalMedia: vi.fn(), leave: vi.fn() };
      rooms.push({ options, events, room });
      return room satisfies CallRoom;
    },
    ring: vi.fn(() => stopRing),
  };
  return { media, rooms, stopRing, state };
}

const prompt: MediaCheck = { permissions: { camera: 'prompt', microphone: 'prompt' }, deviceSupported: true };

function BottomBarProbe() {
  const hidden = useMainBottomBarHidden();
  const location = useLocation();
  return (
    <>
      <output data-testid="bottom-bar">{hidden ? 'hidden' : 'shown'}</output>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </>
  );
}

let i18n: I18n;

beforeAll(async () => {
  i18n = createI18n();
  await loadVideoMessages(i18n, 'en');
});

afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

function renderHost(options: {
  media: CallMedia;
  userAgent?: string;
  answer?: (call: Call) => unknown;
}) {
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const address = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const params = new URL(address, 'http://test.local').searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : {
            operationName: params.get('operationName') ?? undefined,
            variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>,
          }
    ) as { operationName?: string; variables: Record<string, unknown> };
    const call = { operationName: body.operationName, variables: body.variables };
    calls.push(call);
    const answer =
      options.answer?.(call) ??
      {
        videoCallAppointments: { data: { queryUpcomingAppointments: [ringing] } },
        createTwilioToken: { data: { createTwilioToken: 'v1.call-token.sig' } },
        sendCommunication: { data: { sendCommunication: { __typename: 'VideoCommunication', id: 'c-1' } } },
      }[call.operationName ?? ''] ??
      { data: null };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  // Live updates: each subscription is kept, and a test pushes results to it.
  const live: { query: string; variables: Record<string, unknown>; next: (value: unknown) => void }[] = [];
  const liveExchange = subscriptionExchange({
    forwardSubscription: (request) => ({
      subscribe: (sink) => {
        const entry = {
          query: request.query ?? '',
          variables: (request.variables ?? {}) as Record<string, unknown>,
          next: (value: unknown) => sink.next(value as Parameters<typeof sink.next>[0]),
        };
        live.push(entry);
        return { unsubscribe: () => void live.splice(live.indexOf(entry), 1) };
      },
    }),
  });
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [liveExchange, fetchExchange], fetch: fakeFetch });
  const session: SessionValue = signedInSession(account);
  const element = (
    <>
      <VideoCallHost media={options.media} userAgent={options.userAgent ?? SAFARI_ANDROID} />
      <BottomBarProbe />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/home-dashboard'] });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <ChromeProvider>
              <RouterProvider router={router} />
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  /** Delivers a change of the appointments of a session, as subscribeAppointment does. */
  const pushAppointments = (appointments: unknown[]) => {
    const subscriptions = live.filter((entry) => entry.query.includes('subscribeAppointment'));
    expect(subscriptions.length).toBeGreaterThan(0);
    act(() => subscriptions.forEach((entry) => entry.next({ data: { subscribeAppointment: appointments } })));
  };
  return { calls, pushAppointments, live };
}

const reports = (calls: Call[]) =>
  calls
    .filter((call) => call.operationName === 'sendCommunication')
    .map((call) => ({ id: call.variables.id, ...(JSON.parse(String(call.variables.data)) as Record<string, unknown>) }));

describe('the patient video call (spec doc 2 §2 Video consultation screens, §4 Video call)', () => {
  it('rings, joins, connects with a running timer, mutes, minimizes and restores, and ends after the confirm', async () => {
    const { media, rooms, stopRing } = fakeMedia(prompt);
    const { calls } = renderHost({ media });

    // The incoming card, wherever the patient is, with its ring and the prompt to allow the devices.
    const card = await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    expect(media.ring).toHaveBeenCalled();
    expect(within(card).getByText('Allow access to your microphone and camera to join the call')).toBeTruthy();
    expect(screen.getByTestId('bottom-bar').textContent).toBe('shown');

    // Join Now: the token for the room, the appointment view, then the room.
    fireEvent.click(within(card).getByRole('button', { name: 'Join Now' }));
    await waitFor(() => expect(rooms).toHaveLength(1));
    expect(stopRing).toHaveBeenCalled();
    expect(calls.find((call) => call.operationName === 'createTwilioToken')?.variables).toEqual({
      roomSid: 'room-1',
      appointmentId: 'a-1',
    });
    expect(screen.getByTestId('location').textContent).toBe('/view/appointment?sessionId=s-1&appointmentId=a-1');
    expect(rooms[0]?.options).toMatchObject({ roomSid: 'room-1', camera: true, microphone: true });
    const call = await screen.findByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' });
    expect(within(call).getByText('Connecting to the call...')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    // In the room: waiting, and the patient's side reported as connected (spec doc 2 §4).
    const room = rooms[0]!;
    act(() => room.events.joined());
    expect(within(call).getByText('Waiting for the practitioner to join...')).toBeTruthy();
    await waitFor(() => expect(reports(calls)).toHaveLength(1));
    expect(reports(calls)[0]).toEqual({
      id: 'c-1',
      medium: 'VIDEOCONF',
      appointmentId: 'a-1',
      participantStatus: 'connected',
      permissions: { camera: 'prompt', microphone: 'prompt' },
      deviceSupport: true,
      participantReference: 'Patient/p-1',
    });

    // Connected: the mm:ss timer ticks each second; the main bottom bar is hidden.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-11-24T10:00:00Z') });
    act(() => room.events.practitionerConnected());
    const timer = screen.getByRole('timer', { name: 'Call time' });
    expect(timer.textContent).toBe('00:00');
    act(() => {
      vi.advanceTimersByTime(65_000);
    });
    expect(timer.textContent).toBe('01:05');
    expect(within(timer).getByText('01:05').getAttribute('datetime')).toBe('PT1M5S');
    expect(screen.getByTestId('bottom-bar').textContent).toBe('hidden');
    vi.useRealTimers();

    // The practitioner's media notice.
    act(() => room.events.practitionerMedia({ camera: false, microphone: true }));
    expect(within(call).getByText('Practitioner camera is off')).toBeTruthy();
    act(() => room.events.practitionerMedia({ camera: false, microphone: false }));
    expect(within(call).getByText('Practitioner camera and micro phone are off')).toBeTruthy();

    // Mute and camera: toggle buttons with aria-pressed, applied to the room.
    const mute = within(call).getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(room.room.setLocalMedia).toHaveBeenLastCalledWith(true, false);
    fireEvent.click(within(call).getByRole('button', { name: 'Turn camera off' }));
    expect(within(call).getByRole('button', { name: 'Turn camera off' }).getAttribute('aria-pressed')).toBe('true');
    expect(room.room.setLocalMedia).toHaveBeenLastCalledWith(false, false);
    expect(within(call).getByText('Your camera is off')).toBeTruthy();

    // Minimize: 'Call ongoing' with End and View, 110 × 480 px, the app usable (not modal).
    fireEvent.click(within(call).getByRole('button', { name: 'Minimize' }));
    expect(screen.queryByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' })).toBeNull();
    const minimized = screen.getByRole('dialog', { name: 'Call ongoing' });
    expect(minimized.getAttribute('aria-modal')).toBe('false');
    expect(minimized.style.height).toBe('110px');
    expect(minimized.style.width).toBe('480px');
    expect(within(minimized).getByRole('button', { name: 'End' })).toBeTruthy();
    expect(screen.getByTestId('bottom-bar').textContent).toBe('hidden');
    expect(room.room.leave).not.toHaveBeenCalled();

    // View restores the call on the appointment view.
    fireEvent.click(within(minimized).getByRole('button', { name: 'View' }));
    const restored = screen.getByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' });
    expect(screen.queryByRole('dialog', { name: 'Call ongoing' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/view/appointment?sessionId=s-1&appointmentId=a-1');

    // End Call asks first; Not now keeps the call.
    fireEvent.click(within(restored).getByRole('button', { name: 'End Call' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure you want to end this call' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure you want to end this call' })).toBeNull();
    expect(room.room.leave).not.toHaveBeenCalled();

    // End: the room is left, 'disconnected' reported, the bar back, and the ended call does not ring again.
    fireEvent.click(within(restored).getByRole('button', { name: 'End Call' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure you want to end this call' })).getByRole('button', { name: 'End' }),
    );
    expect(room.room.leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('bottom-bar').textContent).toBe('shown');
    await waitFor(() => expect(reports(calls)).toHaveLength(2));
    expect(reports(calls)[1]).toMatchObject({ participantStatus: 'disconnected', participantReference: 'Patient/p-1' });
  });

  it.each([
    [{ camera: 'denied', microphone: 'granted' } as const, 'Please grant the permission to access camera'],
    [{ camera: 'granted', microphone: 'denied' } as const, 'Please grant the permission to access microphone'],
    [{ camera: 'denied', microphone: 'denied' } as const, 'Please grant the permission to access camera,microphone'],
  ])('a denied permission (%o) shows the grant warning and no Join Now', async (permissions, warning) => {
    const { media } = fakeMedia({ permissions, deviceSupported: true });
    renderHost({ media });
    const card = await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    expect((await within(card).findByRole('alert')).textContent).toBe(warning);
    expect(within(card).queryByRole('button', { name: 'Join Now' })).toBeNull();
  });

  it('a permission refused at the browser prompt while joining leaves the room and shows the warning on the card', async () => {
    const fake = fakeMedia(prompt);
    renderHost({ media: fake.media });
    const card = await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    fireEvent.click(within(card).getByRole('button', { name: 'Join Now' }));
    await waitFor(() => expect(fake.rooms).toHaveLength(1));
    // The browser refused without saying which: both are shown.
    act(() => fake.rooms[0]!.events.permissionDenied());
    const again = await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    expect((await within(again).findByRole('alert')).textContent).toBe(
      'Please grant the permission to access camera,microphone',
    );
    expect(fake.rooms[0]!.room.leave).toHaveBeenCalled();
    expect(within(again).queryByRole('button', { name: 'Join Now' })).toBeNull();
  });

  it("an iPhone browser other than Safari shows 'iPhone video calls only available in Safari' and no Join Now", async () => {
    const { media } = fakeMedia({
      permissions: { camera: 'prompt', microphone: 'prompt' },
      deviceSupported: videoDeviceSupported({ userAgent: IPHONE_CHROME, hasGetUserMedia: true, hasPeerConnection: true }),
    });
    renderHost({ media, userAgent: IPHONE_CHROME });
    const card = await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Join Now' })).toBeNull());
    expect(within(card).getByText('iPhone video calls only available in Safari')).toBeTruthy();
  });

  it("a connection failure shows the error and 'Refresh the call', which joins again with a new token", async () => {
    const fake = fakeMedia(prompt);
    const { calls } = renderHost({ media: fake.media });
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' })).getByRole('button', {
        name: 'Join Now',
      }),
    );
    await waitFor(() => expect(fake.rooms).toHaveLength(1));
    act(() => fake.rooms[0]!.events.joined());
    act(() => fake.rooms[0]!.events.failed('connection-failed'));
    const call = screen.getByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' });
    expect(within(call).getByRole('alert').textContent).toContain('The video call could not connect.');
    expect(fake.rooms[0]!.room.leave).toHaveBeenCalled();
    expect(within(call).queryByRole('button', { name: 'Minimize' })).toBeNull();

    fireEvent.click(within(call).getByRole('button', { name: 'Refresh the call' }));
    await waitFor(() => expect(fake.rooms).toHaveLength(2));
    expect(calls.filter((c) => c.operationName === 'createTwilioToken')).toHaveLength(2);
    expect(within(call).getByText('Connecting to the call...')).toBeTruthy();
  });

  it("a refused token shows the server's message with 'Refresh the call'", async () => {
    const fake = fakeMedia(prompt);
    renderHost({
      media: fake.media,
      answer: (call) =>
        call.operationName === 'createTwilioToken'
          ? { data: null, errors: [{ message: 'ARO-E8053:This call has ended' }] }
          : undefined,
    });
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' })).getByRole('button', {
        name: 'Join Now',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This call has ended');
    expect(within(alert).getByRole('button', { name: 'Refresh the call' })).toBeTruthy();
    expect(fake.rooms).toHaveLength(0);
  });

  it('the card goes, without a reload, when the server says the call no longer rings: hung up or answered elsewhere (issue 29 §2.7)', async () => {
    const fake = fakeMedia(prompt);
    const { pushAppointments, live } = renderHost({ media: fake.media });
    await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    await waitFor(() => expect(live.some((entry) => entry.query.includes('subscribeAppointment'))).toBe(true));
    // Answered on another device: the call is still on, but it no longer rings here.
    pushAppointments([{ ...ringing, communication: { ...ringing.communication, ringing: false, ringRemainingMs: null } }]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.stopRing).toHaveBeenCalled();
    // A new Call rings again; the hang-up ends it.
    pushAppointments([{ ...ringing, remoteCommunicationLink: 'room-2' }]);
    await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    pushAppointments([
      { ...ringing, remoteCommunicationLink: 'room-2', communication: { ...ringing.communication, participantStatus: 'disconnected', ringing: false, ringRemainingMs: null } },
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('reads the appointments again when the ring runs out, and the card goes when the server says it timed out (issue 29 §2.7)', async () => {
    const fake = fakeMedia(prompt);
    let reads = 0;
    const { calls } = renderHost({
      media: fake.media,
      answer: (call) => {
        if (call.operationName !== 'videoCallAppointments') {
          return undefined;
        }
        reads += 1;
        // The first read: the ring runs out now; the next: the server says it no longer rings.
        const communication =
          reads === 1
            ? { ...ringing.communication, ringRemainingMs: 0 }
            : { ...ringing.communication, ringing: false, ringRemainingMs: null };
        return { data: { queryUpcomingAppointments: [{ ...ringing, communication }] } };
      },
    });
    await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull(), { timeout: 5_000 });
    expect(calls.filter((call) => call.operationName === 'videoCallAppointments')).toHaveLength(2);
  });

  it('a page opened after the call stopped ringing shows no card (a reload: the server is the source of truth)', async () => {
    const fake = fakeMedia(prompt);
    const { calls } = renderHost({
      media: fake.media,
      answer: (call) =>
        call.operationName === 'videoCallAppointments'
          ? { data: { queryUpcomingAppointments: [{ ...ringing, communication: { ...ringing.communication, ringing: false, ringRemainingMs: null } }] } }
          : undefined,
    });
    await waitFor(() => expect(calls.some((call) => call.operationName === 'videoCallAppointments')).toBe(true));
    await waitFor(() => expect(fake.media.checkMedia).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.media.ring).not.toHaveBeenCalled();
  });

  it('follows the appointment live: a new room link rejoins with a new token, a change of status hangs up', async () => {
    const fake = fakeMedia(prompt);
    const { calls, pushAppointments, live } = renderHost({ media: fake.media });
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Dr. Nimal Silva is calling...' })).getByRole('button', {
        name: 'Join Now',
      }),
    );
    await waitFor(() => expect(fake.rooms).toHaveLength(1));
    await waitFor(() => expect(live.some((entry) => entry.query.includes('subscribeAppointment'))).toBe(true));
    expect(live.find((entry) => entry.query.includes('subscribeAppointment'))?.variables).toEqual({ patientId: ['p-1'], sessionId: 's-1' });
    act(() => fake.rooms[0]!.events.joined());
    act(() => fake.rooms[0]!.events.practitionerConnected());
    expect(screen.getByTestId('bottom-bar').textContent).toBe('hidden');

    // spec doc 2 §4: a change of room link while connected rejoins.
    pushAppointments([{ ...ringing, remoteCommunicationLink: 'room-2' }]);
    await waitFor(() => expect(fake.rooms).toHaveLength(2));
    expect(fake.rooms[0]!.room.leave).toHaveBeenCalled();
    expect(fake.rooms[1]!.options.roomSid).toBe('room-2');
    expect(calls.filter((c) => c.operationName === 'createTwilioToken').map((c) => c.variables.roomSid)).toEqual(['room-1', 'room-2']);

    // spec doc 2 §4: a change of appointment status hangs up.
    act(() => fake.rooms[1]!.events.joined());
    pushAppointments([{ ...ringing, remoteCommunicationLink: 'room-2', appointmentStatus: 'fulfilled' }]);
    expect(fake.rooms[1]!.room.leave).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Video consultation with Dr. Nimal Silva' })).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('bottom-bar').textContent).toBe('shown');
  });
});
