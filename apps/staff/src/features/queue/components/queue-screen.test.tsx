// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, makeSubject, map, never, pipe } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportLiveSocket } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { SessionQueue } from '../api/queue-operations.ts';
import { QueueScreen, queueLiveState } from './queue-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };

/** A queue row: token, name, status, and optionally the payment and refund status. */
type Row = [number, string, string] | [number, string, string, string, string | null];

function queue(status: string, appointments: Row[]): SessionQueue {
  return {
    session: {
      id: 's1',
      practitionerName: 'Dr. Nimal Perera',
      practitionerRoleDisplay: 'Cardiologist',
      locationName: 'Room 4',
      status,
      startTime: '2030-01-01T03:30:00.000Z',
      endTime: '2030-01-01T05:30:00.000Z',
      appointmentMaxAllowed: 20,
      liveAppointments: appointments.length,
      participationMode: 'in_person',
      delayMinutes: null,
    },
    appointments: appointments.map(([tokenNo, patientName, appointmentStatus, paymentStatus = 'pending', paymentRefundStatus = null]) => ({
      id: `a${tokenNo}`,
      tokenNo,
      patientId: `p${tokenNo}`,
      patientName,
      appointmentStatus,
      paymentStatus,
      paymentRefundStatus,
      appointmentOriginChannel: 'patient_app',
      appointmentArrivedTime: null,
    })),
  };
}

/** A urql client: the queue query answers from memory, the live queue is fed by the test. */
function fakeClient(first: SessionQueue) {
  const live = makeSubject<unknown>();
  const names: string[] = [];
  const nameOf = (operation: { query: { definitions: readonly unknown[] } }) =>
    (operation.query.definitions[0] as { name?: { value: string } }).name?.value ?? '';
  const client = {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) => {
      names.push(nameOf(operation));
      return fromValue({ operation, data: { staffSessionQueue: first }, stale: false, hasNext: false });
    }),
    executeSubscription: vi.fn((operation: Parameters<Client['executeSubscription']>[0]) => {
      names.push(nameOf(operation));
      return nameOf(operation) === 'staffSubscribeSessionQueue'
        ? pipe(
            live.source,
            map((data) => ({ operation, data, stale: false, hasNext: true })),
          )
        : never;
    }),
    executeMutation: vi.fn(() => never),
  } as unknown as Client;
  return { client, push: (data: SessionQueue) => live.next({ staffSubscribeSessionQueue: data }), names };
}

afterEach(() => {
  cleanup();
  reportLiveSocket('socket-data');
});

describe('queueLiveState', () => {
  it.each([
    [null, false, 'connecting'],
    ['socket-data', false, 'connecting'],
    ['socket-data', true, 'live'],
    ['socket-error', true, 'reconnecting'],
    ['socket-error', false, 'reconnecting'],
  ] as const)('socket %s, heard %s: %s', (socket, heard, state) => {
    expect(queueLiveState(socket, heard)).toBe(state);
  });
});

describe('the live queue', () => {
  it('shows each queue the live subscription brings, says Live, and Reconnecting when the socket drops', async () => {
    const fake = fakeClient(queue('scheduled', [[1, 'Mrs Amara Perera', 'booked']]));
    render(
      <I18nProvider i18n={createStaffI18n()}>
        <Provider value={fake.client}>
          <MemoryRouter>
            <QueueScreen hospital={hospital} sessionId="s1" may={{ run: true, book: false }} sessionsPath="/sessions" deskSearch={() => null} />
          </MemoryRouter>
        </Provider>
      </I18nProvider>,
    );
    await screen.findByText('Next: token 1, Mrs Amara Perera');
    expect(screen.getByRole('status').textContent).toBe('Connecting…');
    expect(fake.names).toContain('staffSubscribeSessionQueue');

    // A patient books from the app, and the doctor arrives: the live queue brings both.
    act(() => {
      fake.push(queue('started', [[1, 'Mrs Amara Perera', 'arrived'], [2, 'Mr Bimal Silva', 'booked']]));
    });
    await screen.findByText('Now seeing: token 1, Mrs Amara Perera');
    expect(screen.getByText('Next: token 2, Mr Bimal Silva')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Dr. Arrived')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Live');

    act(() => {
      reportLiveSocket('socket-error');
    });
    expect(screen.getByRole('status').textContent).toBe('Reconnecting… The queue refreshes every 30 seconds meanwhile.');
    act(() => {
      reportLiveSocket('socket-data');
    });
    expect(screen.getByRole('status').textContent).toBe('Live');
  });
});

describe('a refunded appointment in the queue (issue 29 §1.6)', () => {
  const renderQueue = (first: SessionQueue) => {
    const fake = fakeClient(first);
    render(
      <I18nProvider i18n={createStaffI18n()}>
        <Provider value={fake.client}>
          <MemoryRouter>
            <QueueScreen hospital={hospital} sessionId="s1" may={{ run: true, book: false }} sessionsPath="/sessions" deskSearch={() => null} />
          </MemoryRouter>
        </Provider>
      </I18nProvider>,
    );
    return fake;
  };
  const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLTableRowElement;
  const paymentOf = (name: string) => within(rowOf(name)).getAllByRole('cell')[2]?.textContent;

  it('says each refund status in words, Refunded instead of Paid, and follows the live queue', async () => {
    const fake = renderQueue(
      queue('scheduled', [
        [1, 'Mrs Amara Perera', 'booked', 'paid', null],
        [2, 'Mr Bimal Silva', 'booked', 'paid', 'requested'],
        [3, 'Ms Chitra Fonseka', 'booked', 'paid', 'approved'],
        [4, 'Mr Dinesh Mendis', 'booked', 'paid', 'rejected'],
        [5, 'Mrs Esha Gunawardena', 'booked', 'pending', null],
      ]),
    );
    await screen.findByText('Next: token 1, Mrs Amara Perera');
    expect(paymentOf('Mrs Amara Perera')).toBe('Paid');
    expect(paymentOf('Mr Bimal Silva')).toBe('Paid · refund requested');
    expect(paymentOf('Ms Chitra Fonseka')).toBe('Refund approved · collect at the hospital');
    expect(paymentOf('Mr Dinesh Mendis')).toBe('Paid · refund rejected');
    expect(paymentOf('Mrs Esha Gunawardena')).toBe('Pay at hospital');

    // The cashier refunds token 2 to the card: the open queue hears it.
    act(() => {
      fake.push(queue('scheduled', [[1, 'Mrs Amara Perera', 'booked', 'paid', null], [2, 'Mr Bimal Silva', 'booked', 'paid', 'refunded']]));
    });
    await waitFor(() => expect(paymentOf('Mr Bimal Silva')).toBe('Refunded'));
    expect(rowOf('Mr Bimal Silva').className).toContain('queue-row--refunded');
    expect(rowOf('Mrs Amara Perera').className).not.toContain('queue-row--refunded');
  });

  it('shows a cancelled and refunded appointment unlike a paid one, with no action on it', async () => {
    renderQueue(
      queue('started', [
        [1, 'Mrs Amara Perera', 'booked', 'paid', null],
        [2, 'Mr Bimal Silva', 'cancelled', 'paid', 'refunded'],
      ]),
    );
    await screen.findByText('Next: token 1, Mrs Amara Perera');
    const refunded = rowOf('Mr Bimal Silva');
    expect(within(refunded).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'Cancelled', 'Refunded', '']);
    expect(refunded.className).toContain('queue-row--refunded');
    expect(refunded.className).toContain('queue-row--cancelled');
    expect(within(refunded).queryAllByRole('button')).toHaveLength(0);
    expect(rowOf('Mrs Amara Perera').className).not.toMatch(/queue-row--(refunded|cancelled)/);
  });
});
