// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { testSession } from './consultations-test-data.ts';
import {
  renderHistory,
  serverPatient,
  testAccount,
  type GraphQLCall,
} from './history-test-render.tsx';
import { registrationHref } from './reserve-booking.tsx';
import { SessionScreen } from './session-screen.tsx';

// The reserve (pay later) path on /view/session (spec doc 2 §4 Booking step 4, doc 1 Profile creation).

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const reserveOn: TenantPublicConfig = deepMerge<TenantPublicConfig>(baseTenantConfig, {
  features: { channelling: { reserve: true } },
});

function answering(
  options: {
    available?: boolean;
    reserve?: (call: GraphQLCall) => unknown;
    hold?: (call: GraphQLCall) => unknown;
  } = {},
) {
  return (call: GraphQLCall) => {
    switch (call.operationName ?? '') {
      case 'consultationSessions':
        return {
          data: { querySession: [{ __typename: 'Session', ...testSession({ id: 's-1' }) }] },
        };
      case 'reserveAvailable':
        return { data: { reserveAvailable: options.available ?? true } };
      case 'reserveAppointment':
        return options.reserve?.(call) ?? { data: null };
      case 'createTemporaryAppointment':
        return options.hold?.(call) ?? { data: null };
      default:
        return { data: null };
    }
  };
}

const reserved = (call: GraphQLCall) => ({
  data: {
    createAppointment: {
      __typename: 'Appointment',
      id: 'a-9',
      sessionId: call.variables.sessionId,
      tokenNo: 7,
    },
  },
});

describe('/view/session: reserving (pay later)', () => {
  it('reserves for the chosen profile after the reserve-number confirm modal, then opens the appointment', async () => {
    const { calls, router } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: reserveOn,
      answer: answering({ reserve: reserved }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Sita Perera' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve now, pay later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve a number' });
    expect(dialog.textContent).toContain(
      'Reserve a number in this session for Mrs Sita Perera? You can pay later.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/view/appointment'));
    expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-9');
    const reserving = calls.filter((call) => call.operationName === 'reserveAppointment');
    expect(reserving).toHaveLength(1);
    expect(reserving[0]?.variables).toMatchObject({
      patientId: 'p-mother',
      sessionId: 's-1',
      appointmentBookingType: 'reserve',
    });
    expect(typeof reserving[0]?.variables.idempotencyKey).toBe('string');
  });

  it("says 'Something went wrong....' with the server's reason when reserving fails", async () => {
    await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: reserveOn,
      answer: answering({
        reserve: () => ({ errors: [{ message: 'ARO-E4001:This session is full' }] }),
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve now, pay later' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reserve' }),
    );
    await screen.findByText('Something went wrong....');
    expect(screen.getByRole('alert').textContent).toContain('This session is full');
  });

  it('is not offered when the tenant has reserve off, or the server says the session cannot be reserved', async () => {
    const off = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering(),
    });
    await screen.findByRole('button', { name: 'Book' });
    expect(screen.queryByRole('button', { name: 'Reserve now, pay later' })).toBeNull();
    expect(off.calls.some((call) => call.operationName === 'reserveAvailable')).toBe(false);
    cleanup();

    const closed = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: reserveOn,
      answer: answering({ available: false }),
    });
    await waitFor(() =>
      expect(closed.calls.some((call) => call.operationName === 'reserveAvailable')).toBe(true),
    );
    await screen.findByRole('button', { name: 'Book' });
    expect(screen.queryByRole('button', { name: 'Reserve now, pay later' })).toBeNull();
  });

  it('with no profile yet: holds a number, then sends the user to register the patient', async () => {
    const { calls, router } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: reserveOn,
      account: testAccount([]),
      answer: answering({
        hold: () => ({
          data: {
            createTemporaryAppointment: {
              __typename: 'TemporaryAppointment',
              id: 't-1',
              sessionId: 's-1',
              tokenNo: 4,
              status: 'temporary',
              holdExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
            },
          },
        }),
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reserve now, pay later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reserve a number' });
    expect(dialog.textContent).toContain(
      "We hold a number in this session while you add the patient's details.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reserve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profiles/registration'));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      registrationHref('s-1', 't-1'),
    );
    expect(new URLSearchParams(router.state.location.search).get('back')).toBe(
      '/view/session?sessionId=s-1&temporaryAppointmentId=t-1',
    );
    expect(
      calls.find((call) => call.operationName === 'createTemporaryAppointment')?.variables,
    ).toMatchObject({ sessionId: 's-1' });
  });

  it('back from registration: continues reserving for the new profile and shows the appointment', async () => {
    const { calls, router } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1&temporaryAppointmentId=t-1',
      routePath: '/view/session',
      tenant: reserveOn,
      account: testAccount([serverPatient('p-new', 'Me', 'Nimali')]),
      answer: answering({ reserve: reserved }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/view/appointment'));
    expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-9');
    const confirming = calls.filter((call) => call.operationName === 'reserveAppointment');
    expect(confirming).toHaveLength(1);
    expect(confirming[0]?.variables).toMatchObject({
      patientId: 'p-new',
      sessionId: 's-1',
      appointmentBookingType: 'temporary',
      temporaryAppointmentId: 't-1',
    });
  });

  it("back from registration after the hold ended: 'Something went wrong....' with the reason", async () => {
    await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1&temporaryAppointmentId=t-1',
      routePath: '/view/session',
      tenant: reserveOn,
      account: testAccount([serverPatient('p-new', 'Me', 'Nimali')]),
      answer: answering({
        reserve: () => ({
          errors: [
            {
              message:
                'ARO-E4048:The reserved number was released because it was not confirmed in time',
            },
          ],
        }),
      }),
    });
    await screen.findByText('Something went wrong....');
    expect(screen.getByRole('alert').textContent).toContain(
      'The reserved number was released because it was not confirmed in time',
    );
  });
});
