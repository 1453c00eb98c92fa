// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { minutesFromNow, testAppointment, testSession } from './consultations-test-data.ts';
import { renderHistory, testAccount, type GraphQLCall } from './history-test-render.tsx';
import { SessionScreen, type PayNowBooking, type PayNowSlot, type RelationshipPickerProps } from './session-screen.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const noCash: TenantPublicConfig = deepMerge<TenantPublicConfig>(baseTenantConfig, {
  features: { paymentGateWay: { cash: false } },
});

function answering(options: { session?: object; book?: (call: GraphQLCall) => unknown } = {}) {
  const session = options.session ?? testSession({ id: 's-1' });
  return (call: GraphQLCall) => {
    switch (call.operationName ?? '') {
      case 'consultationSessions':
        return { data: { querySession: session ? [{ __typename: 'Session', ...session }] : [] } };
      case 'bookAppointment':
        return options.book?.(call) ?? { data: null };
      default:
        return { data: null };
    }
  };
}

const booked = (call: GraphQLCall) => ({
  data: { createAppointment: { __typename: 'Appointment', id: 'a-1', sessionId: call.variables.sessionId, tokenNo: 5 } },
});

describe('/view/session: booking at the hospital (spec doc 2 §4 Booking)', () => {
  it('books for the chosen profile with one key per tap, showing BOOKING ..., then opens the appointment', async () => {
    let release: (() => void) | null = null;
    const { calls, router } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: (call) =>
        call.operationName === 'bookAppointment'
          ? new Promise((resolve) => {
              release = () => resolve(booked(call));
            })
          : answering()(call),
    });
    await screen.findByText('Dr. Nimal Perera');
    expect(screen.getByText('Pay at the hospital when you arrive.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Sita Perera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const busy = await screen.findByRole('button', { name: 'BOOKING ...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(release).not.toBeNull());
    await act(async () => release?.());
    await waitFor(() => expect(router.state.location.pathname).toBe('/view/appointment'));
    expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-1');
    const booking = calls.filter((call) => call.operationName === 'bookAppointment');
    expect(booking).toHaveLength(1);
    expect(booking[0]?.variables).toMatchObject({ patientId: 'p-mother', sessionId: 's-1', appointmentRescheduledFor: null });
    expect(typeof booking[0]?.variables.idempotencyKey).toBe('string');
  });

  it("says 'Sorry, Unable to book at the moment' with the server's error, and a retry reuses the key", async () => {
    let attempts = 0;
    const { calls } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering({
        book: (call) => {
          attempts += 1;
          return attempts === 1 ? { errors: [{ message: 'ARO-E4001:This session is full' }] } : booked(call);
        },
      }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await screen.findByText('Sorry, Unable to book at the moment');
    expect(screen.getByRole('alert').textContent).toContain('This session is full');
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(calls.filter((call) => call.operationName === 'bookAppointment')).toHaveLength(2));
    const keys = calls.filter((call) => call.operationName === 'bookAppointment').map((call) => call.variables.idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
  });

  it('passes the rescheduled appointment along and skips payment, even without the cash gateway', async () => {
    const { calls } = await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1&appointmentRescheduledFor=a-old',
      routePath: '/view/session',
      tenant: noCash,
      answer: answering({ book: booked }),
    });
    await screen.findByText('Rescheduling: your payment moves to this session.');
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'bookAppointment')?.variables).toMatchObject({
        appointmentRescheduledFor: 'a-old',
      }),
    );
  });

  it('a reschedule keeps the moved appointment’s profile: chosen already, no relationship modal', async () => {
    const { calls } = await renderHistory({
      element: <SessionScreen RelationshipPicker={({ open }: RelationshipPickerProps) => (open ? <div role="dialog" aria-label="relationship" /> : null)} />,
      path: '/view/session?sessionId=s-1&appointmentRescheduledFor=a-old',
      routePath: '/view/session',
      answer: (call) =>
        call.operationName === 'consultationAppointment'
          ? { data: { queryAppointment: [{ __typename: 'Appointment', ...testAppointment({ id: 'a-old', patientId: 'p-mother' }) }] } }
          : answering({ book: booked })(call),
    });
    await screen.findByText('Rescheduling: your payment moves to this session.');
    await screen.findByText('Mrs Sita Perera');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'bookAppointment')?.variables).toMatchObject({
        patientId: 'p-mother',
        appointmentRescheduledFor: 'a-old',
      }),
    );
  });

  it("without the cash gateway: 'We don't accept online payments yet.' and no Book button", async () => {
    await renderHistory({ element: <SessionScreen />, path: '/view/session?sessionId=s-1', routePath: '/view/session', tenant: noCash, answer: answering() });
    await screen.findByText("We don't accept online payments yet.");
    expect(screen.getByText('Visit hospital to make payments')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('a full session cannot be booked, and says why', async () => {
    await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering({ session: testSession({ id: 's-1', appointmentCount: 20, startTime: minutesFromNow(600) }) }),
    });
    await screen.findByText('This session is full');
    expect(screen.getByRole('button', { name: 'Book' }).hasAttribute('disabled')).toBe(true);
  });

  it('a session that does not exist says so', async () => {
    await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-404',
      routePath: '/view/session',
      answer: (call) => (call.operationName === 'consultationSessions' ? { data: { querySession: [] } } : { data: null }),
    });
    await screen.findByText('This session is not available any more.');
  });

  it('opens the relationship modal when no profile is chosen, and books for the one chosen there', async () => {
    const opened: boolean[] = [];
    function Picker({ open, onSelect }: RelationshipPickerProps) {
      opened.push(open);
      const account = testAccount();
      return open ? (
        <button type="button" onClick={() => account.patients['p-mother'] && onSelect(account.patients['p-mother'])}>
          pick mother
        </button>
      ) : null;
    }
    await renderHistory({
      element: <SessionScreen RelationshipPicker={Picker} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering({ book: booked }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'pick mother' }));
    await screen.findByText('Mrs Sita Perera');
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });
});

/**
 * A stand-in for the payments feature's pay-now part: offered as the route's flags say, it records
 * what the screen gave it and books through the screen as a payment does before it pays.
 */
function payNowStub(offered: boolean) {
  const given: PayNowBooking[] = [];
  const answers: unknown[] = [];
  const slot: PayNowSlot = {
    offered: () => offered,
    render: (booking) => {
      given.push(booking);
      return (
        <section aria-label="Pay now">
          <button type="button" disabled={booking.disabled} onClick={() => void booking.book().then((answer) => answers.push(answer))}>
            Pay stub
          </button>
        </section>
      );
    },
  };
  return { slot, given, answers };
}

describe('/view/session: pay now in the booking step (spec doc 2 §4 Booking pay-now)', () => {
  it('offers pay now beside the hospital counter where the flags say so, for the chosen profile', async () => {
    const stub = payNowStub(true);
    await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering({ book: booked }),
    });
    await screen.findByRole('region', { name: 'Pay now' });
    // The cash path is still there, unchanged.
    expect(screen.getByText('Pay at the hospital when you arrive.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book' })).toBeTruthy();
    expect(stub.given.at(-1)).toMatchObject({ sessionId: 's-1', participationMode: 'in_person', patientId: null, disabled: false });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Sita Perera' }));
    await waitFor(() => expect(stub.given.at(-1)?.patientId).toBe('p-mother'));
  });

  it('no pay now where the flags say no, nor for a reschedule (the payment moves along)', async () => {
    const off = payNowStub(false);
    await renderHistory({
      element: <SessionScreen payNow={off.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: answering(),
    });
    await screen.findByText('Pay at the hospital when you arrive.');
    expect(screen.queryByRole('region', { name: 'Pay now' })).toBeNull();
    cleanup();
    const on = payNowStub(true);
    await renderHistory({
      element: <SessionScreen payNow={on.slot} />,
      path: '/view/session?sessionId=s-1&appointmentRescheduledFor=a-old',
      routePath: '/view/session',
      answer: answering(),
    });
    await screen.findByText('Rescheduling: your payment moves to this session.');
    expect(screen.queryByRole('region', { name: 'Pay now' })).toBeNull();
    expect(on.given).toEqual([]);
  });

  it("without the cash gateway but with online payment: pay now only, no 'We don't accept online payments yet.'", async () => {
    const stub = payNowStub(true);
    await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: noCash,
      answer: answering(),
    });
    await screen.findByRole('region', { name: 'Pay now' });
    expect(screen.queryByText("We don't accept online payments yet.")).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it("pay now's booking shows BOOKING ..., books once per profile and answers the same appointment again", async () => {
    let release: (() => void) | null = null;
    const stub = payNowStub(true);
    const { calls, router } = await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: noCash,
      answer: (call) =>
        call.operationName === 'bookAppointment'
          ? new Promise((resolve) => {
              release = () => resolve(booked(call));
            })
          : answering()(call),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Sita Perera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay stub' }));
    await screen.findByText('BOOKING ...');
    expect(stub.given.at(-1)?.disabled).toBe(true);
    await waitFor(() => expect(release).not.toBeNull());
    await act(async () => release?.());
    await waitFor(() => expect(stub.answers).toHaveLength(1));
    expect(stub.answers[0]).toEqual({ appointment: { id: 'a-1', sessionId: 's-1' } });
    // The payment goes on from here: the screen stays until the payment leaves for the gateway.
    expect(router.state.location.pathname).toBe('/view/session');
    fireEvent.click(screen.getByRole('button', { name: 'Pay stub' }));
    await waitFor(() => expect(stub.answers).toHaveLength(2));
    expect(stub.answers[1]).toEqual({ appointment: { id: 'a-1', sessionId: 's-1' } });
    expect(calls.filter((call) => call.operationName === 'bookAppointment')).toHaveLength(1);
    stub.given.at(-1)?.onBooked({ id: 'a-1', sessionId: 's-1' });
    await waitFor(() => expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-1'));
  });

  it("pay now's failed booking says 'Sorry, Unable to book at the moment' with the reason, and answers it", async () => {
    const stub = payNowStub(true);
    await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: noCash,
      answer: answering({ book: () => ({ errors: [{ message: 'ARO-E4001:This session is full' }] }) }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay stub' }));
    await screen.findByText('Sorry, Unable to book at the moment');
    expect(screen.getByRole('alert').textContent).toContain('This session is full');
    await waitFor(() => expect(stub.answers).toEqual([{ error: 'This session is full' }]));
  });
});

describe('/view/session: a profile that already holds a place in the session (issue 29 §1.1)', () => {
  const held = (call: GraphQLCall) =>
    call.operationName === 'myAppointmentInSession' && call.variables.patientId === 'p-mother'
      ? { data: { myAppointmentInSession: { __typename: 'Appointment', id: 'a-held', sessionId: 's-1', tokenNo: 3 } } }
      : call.operationName === 'myAppointmentInSession'
        ? { data: { myAppointmentInSession: null } }
        : null;

  it('leads to that appointment instead of a booking that would be refused', async () => {
    const stub = payNowStub(true);
    const { calls, router } = await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: noCash,
      answer: (call) => held(call) ?? answering()(call),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Sita Perera' }));
    const notice = await screen.findByRole('status', { name: 'This person already has an appointment in this session' });
    expect(notice).toBeTruthy();
    // No way to book again for this profile: the way on is the appointment, with its pay and cancel.
    expect(screen.queryByRole('button', { name: 'Pay stub' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'View appointment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/view/appointment'));
    expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-held');
    expect(calls.filter((call) => call.operationName === 'bookAppointment')).toHaveLength(0);
    expect(calls.find((call) => call.operationName === 'myAppointmentInSession')?.variables).toEqual({
      sessionId: 's-1',
      patientId: 'p-mother',
    });
  });

  it('books as before for a profile that holds none', async () => {
    const stub = payNowStub(true);
    await renderHistory({
      element: <SessionScreen payNow={stub.slot} />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      tenant: noCash,
      answer: (call) => held(call) ?? answering()(call),
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    expect(await screen.findByRole('button', { name: 'Pay stub' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View appointment' })).toBeNull();
  });

  it('a booking refused with ARO-E4003 (booked meanwhile elsewhere) leads to the appointment too', async () => {
    let bookedElsewhere = false;
    await renderHistory({
      element: <SessionScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/session',
      answer: (call) => {
        if (call.operationName === 'myAppointmentInSession') {
          return bookedElsewhere
            ? { data: { myAppointmentInSession: { __typename: 'Appointment', id: 'a-held', sessionId: 's-1', tokenNo: 3 } } }
            : { data: { myAppointmentInSession: null } };
        }
        if (call.operationName === 'bookAppointment') {
          bookedElsewhere = true;
          return { errors: [{ message: 'ARO-E4003:This person already has an appointment in this session' }] };
        }
        return answering()(call);
      },
    });
    fireEvent.click(await screen.findByRole('radio', { name: 'Mrs Kamala Perera' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Book' }));
    const link = await screen.findByRole('link', { name: 'View appointment' });
    expect(link.getAttribute('href')).toBe('/view/appointment?sessionId=s-1&appointmentId=a-held');
    expect(screen.queryByText('Sorry, Unable to book at the moment')).toBeNull();
  });
});
