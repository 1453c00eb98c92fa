// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { CALL_RING_TIMEOUT_MS } from '@careline/domain/video-call';
import axe from 'axe-core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDevices, fakeTransport, settle } from '../fake-call.ts';
import { VideoCallPanel, VIDEO_SESSION_MODE, type VideoQueueAppointment } from './video-call-panel.tsx';

const NAME = 'Mrs Amara Perera';

function questionnaireClient(responses: unknown[] | null) {
  return {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) =>
      responses === null
        ? never
        : fromValue({
            operation,
            data: { staffAppointmentQuestionnaireResponses: { __typename: 'StaffAppointmentQuestionnaireResponses', appointmentId: 'a1', responses } },
            stale: false,
            hasNext: false,
          }),
    ),
    executeSubscription: vi.fn(() => never),
    executeMutation: vi.fn(() => never),
  } as unknown as Client;
}

const arrived: VideoQueueAppointment = {
  id: 'a1',
  tokenNo: 3,
  patientName: NAME,
  appointmentStatus: 'arrived',
  paymentStatus: 'paid',
  appointmentArrivedTime: '2030-01-01T04:00:00.000Z',
};

function renderPanel({
  appointments = [arrived],
  mode = VIDEO_SESSION_MODE,
  mayCall = true,
  responses = [] as unknown[] | null,
  now = (): number => 10_000,
} = {}) {
  const devices = fakeDevices();
  const server = fakeTransport();
  const client = questionnaireClient(responses);
  const ui = (list: VideoQueueAppointment[]) => (
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={client}>
        <VideoCallPanel
          organizationId="h1"
          participationMode={mode}
          appointments={list}
          mayCall={mayCall}
          mayReadQuestionnaire
          transport={server.transport}
          devices={devices.devices}
          now={now}
        />
      </Provider>
    </I18nProvider>
  );
  const view = render(ui(appointments));
  return { devices, server, client, rerender: (list: VideoQueueAppointment[]) => view.rerender(ui(list)), unmount: view.unmount };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('VideoCallPanel', () => {
  it('shows nothing for a session that is not a video one, or for a member who may not call', () => {
    renderPanel({ mode: 'in_person' });
    expect(screen.queryByRole('heading', { name: 'Video consultation' })).toBeNull();
    cleanup();
    renderPanel({ mayCall: false });
    expect(screen.queryByRole('heading', { name: 'Video consultation' })).toBeNull();
  });

  it('says to use Call next while nobody is in the consultation', () => {
    renderPanel({ appointments: [{ ...arrived, appointmentStatus: 'booked' }] });
    expect(screen.getByRole('heading', { name: 'Video consultation' })).toBeTruthy();
    expect(screen.getByText('Nobody is in the consultation yet. Press ‘Call next’ to bring in the next patient, then call them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Call ${NAME} by video` })).toBeNull();
  });

  it('shows the patient’s details and questionnaire answers beside Call', async () => {
    renderPanel({
      responses: [
        {
          __typename: 'QuestionnaireResponse',
          id: 'r1',
          createdAt: '2030-01-01T03:00:00.000Z',
          items: [{ __typename: 'QuestionnaireResponseItem', questionNumber: '1', question: 'Do you have a fever?', answer: 'Yes' }],
        },
      ],
    });
    const card = screen.getByRole('article', { name: NAME });
    const details = within(card).getByRole('list', { name: 'Patient details' });
    expect(within(details).getByText('Token 3')).toBeTruthy();
    expect(within(details).getByText('Arrived at 09:30')).toBeTruthy();
    expect(within(details).getByText('Paid')).toBeTruthy();
    expect(await within(card).findByText('Do you have a fever?')).toBeTruthy();
    expect(within(card).getByText('Yes')).toBeTruthy();
    expect(within(card).getByRole('button', { name: `Call ${NAME} by video` })).toBeTruthy();
  });

  it('says when no questionnaire was answered', async () => {
    renderPanel({ responses: [] });
    expect(await screen.findByText('The patient has not answered a questionnaire for this appointment.')).toBeTruthy();
  });

  it('calls, shows the call’s progress in a polite status, the videos, the toggles and End', async () => {
    let clock = 10_000;
    const { devices, server } = renderPanel({ now: () => clock });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    expect(server.transport.placeCall).toHaveBeenCalledWith('a1');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(`Ringing ${NAME}’s phone…`);
    expect(screen.getByLabelText('Your camera').tagName).toBe('VIDEO');
    expect(screen.getByText('Waiting for the patient’s video…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Call ${NAME} by video` })).toBeNull();

    await act(async () => {
      server.patientJoins();
      await settle();
    });
    expect(status.textContent).toBe(`${NAME} joined. Connecting…`);
    await act(async () => {
      server.patientSignal({ kind: 'answer', sdp: 'v=0\r\nanswer' });
      await settle();
      devices.lastPeer()?.emitTrack();
      devices.lastPeer()?.setConnectionState('connected');
      await settle();
    });
    expect(status.textContent).toBe(`Connected with ${NAME}`);
    expect(screen.getByLabelText(`${NAME}’s video`).tagName).toBe('VIDEO');
    expect(screen.queryByText('Waiting for the patient’s video…')).toBeNull();
    expect(screen.getByRole('timer', { name: 'Call time' }).textContent).toBe('00:00');

    const controls = screen.getByRole('group', { name: 'Call controls' });
    const mute = within(controls).getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    act(() => {
      fireEvent.click(mute);
    });
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: true, microphone: false });
    const camera = within(controls).getByRole('button', { name: 'Camera off' });
    act(() => {
      fireEvent.click(camera);
    });
    expect(camera.getAttribute('aria-pressed')).toBe('true');
    expect(server.sent.at(-1)).toEqual({ kind: 'media', camera: false, microphone: false });

    // The patient's notices.
    await act(async () => {
      server.patientSignal({ kind: 'media', camera: false, microphone: false });
      await settle();
    });
    expect(status.textContent).toBe(`Connected with ${NAME} The patient’s camera and microphone are off`);

    clock = 75_000;
    await act(async () => {
      server.patientSignal({ kind: 'media', camera: true, microphone: false });
      await settle();
    });
    expect(status.textContent).toBe(`Connected with ${NAME} The patient’s microphone is off`);

    await act(async () => {
      fireEvent.click(within(controls).getByRole('button', { name: `End the call with ${NAME}` }));
      await settle();
    });
    expect(server.transport.hangUp).toHaveBeenCalledWith('a1');
    expect(status.textContent).toBe('The call has ended.');
    expect(screen.getByRole('button', { name: `Call ${NAME} by video` })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Call controls' })).toBeNull();
  });

  it('says the patient left', async () => {
    const { server } = renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
      server.patientJoins();
      await settle();
      server.patientSignal({ kind: 'hangup' });
      await settle();
    });
    expect(screen.getByRole('status').textContent).toBe(`${NAME} left the call. They can rejoin while the call is on.`);
  });

  it('says when the browser refuses the camera and microphone', async () => {
    const { devices } = renderPanel();
    devices.devices.getUserMedia.mockRejectedValueOnce(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    expect(screen.getByRole('status').textContent).toBe('The call could not be placed.');
    expect(screen.getByRole('alert').textContent).toContain('The browser did not allow the camera and microphone.');
  });

  it('shows a refused Call’s reason', async () => {
    const { server } = renderPanel();
    server.transport.placeCall.mockRejectedValueOnce(new Error('ARO-E8052:There is no call on this appointment now'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    expect(screen.getByRole('alert').textContent).toBe('There is no call on this appointment now');
  });

  it('hangs up when the patient leaves the consultation (Done, Call next)', async () => {
    const { server, rerender } = renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    await act(async () => {
      rerender([{ ...arrived, appointmentStatus: 'fulfilled' }]);
      await settle();
    });
    expect(server.transport.hangUp).toHaveBeenCalledWith('a1');
    expect(screen.queryByRole('article', { name: NAME })).toBeNull();
  });
});

describe('the call timer', () => {
  it('ticks each second as mm:ss while connected', async () => {
    vi.useFakeTimers();
    let clock = 10_000;
    const { devices, server } = renderPanel({ now: () => clock });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
      server.patientJoins();
      await settle();
      devices.lastPeer()?.setConnectionState('connected');
      await settle();
    });
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    clock = 75_000;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('01:05');
  });
});

/** axe on what is rendered; jsdom lays nothing out, so colour contrast is left to the browser journeys. */
async function axeViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('no answer (issue 29 §2.7)', () => {
  it('says so politely when the ring runs out, hangs up, and offers Call again and Close; axe finds nothing', async () => {
    vi.useFakeTimers();
    const { server } = renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    const status = screen.getByRole('status');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS - 1);
    });
    expect(status.textContent).toBe(`Ringing ${NAME}’s phone…`);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(status.textContent).toBe(`No answer. ${NAME} did not join within a minute.`);
    expect(status.getAttribute('aria-live') ?? 'polite').toBe('polite');
    expect(server.transport.hangUp).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('group', { name: 'Call controls' })).toBeNull();
    expect(screen.queryByLabelText('Your camera')).toBeNull();
    const card = screen.getByRole('article', { name: NAME });
    expect(within(card).getByRole('button', { name: 'Call again' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Close' })).toBeTruthy();
    vi.useRealTimers();
    expect(await axeViolations(card)).toEqual([]);

    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Call again' }));
      await settle();
    });
    expect(server.transport.placeCall).toHaveBeenCalledTimes(2);
    expect(status.textContent).toBe(`Ringing ${NAME}’s phone…`);
  });

  it('Close leaves the no answer for Call', async () => {
    vi.useFakeTimers();
    renderPanel();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Call ${NAME} by video` }));
      await settle();
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CALL_RING_TIMEOUT_MS);
    });
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Call again' })).toBeNull();
    expect(screen.getByRole('button', { name: `Call ${NAME} by video` })).toBeTruthy();
  });
});
