// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig, deepMerge } from '@careline/domain/tenant';
import { appointmentBanner, AppointmentScreen } from './appointment-screen.tsx';
import { minutesFromNow, testAppointment, testSession } from './consultations-test-data.ts';
import { renderHistory, type GraphQLCall } from './history-test-render.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const path = '/view/appointment?sessionId=s-1&appointmentId=a-1';
const tokens = [
  { tokenNo: 1, appointmentStatus: 'fulfilled', paymentStatus: 'paid' },
  { tokenNo: 2, appointmentStatus: 'fulfilled', paymentStatus: 'paid' },
  { tokenNo: 3, appointmentStatus: 'arrived', paymentStatus: 'paid' },
  { tokenNo: 4, appointmentStatus: 'booked', paymentStatus: 'paid' },
  { tokenNo: 5, appointmentStatus: 'booked', paymentStatus: 'pending' },
].map((token) => ({ __typename: 'SessionToken', ...token }));

function answering(appointments: unknown[], extra: (call: GraphQLCall) => unknown = () => null) {
  return (call: GraphQLCall) => {
    switch (call.operationName ?? '') {
      case 'consultationAppointment':
        return { data: { queryAppointment: appointments.map((a) => ({ __typename: 'Appointment', ...(a as object) })) } };
      case 'consultationSessionTokens':
        return { data: { querySessionTokens: tokens } };
      default:
        return extra(call) ?? { data: null };
    }
  };
}

describe('/view/appointment (spec doc 2 §2, §4)', () => {
  it.each([
    [30, 'Dr. Nimal Perera is delayed by 30 minutes. Your token stays yours.'],
    [null, 'Dr. Nimal Perera has not started the session yet. Your token stays yours.'],
  ])('shows the doctor-late notice once the patient was told (issue 32 §1.4; delay %s)', async (delayMinutes, text) => {
    const session = { ...testSession({ id: 's-1' }), delayMinutes };
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session, lateNoticeAt: minutesFromNow(-5) })]),
    });
    expect((await screen.findByText(text)).getAttribute('role')).toBe('status');
  });

  it('shows no doctor-late notice when the patient was not told', async () => {
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session: { ...testSession({ id: 's-1' }), delayMinutes: 30 } })]),
    });
    await screen.findByText('Token number');
    expect(screen.queryByText(/is delayed by/)).toBeNull();
  });

  it('shows the token, who it is for, the status, the last 3 ongoing tokens, who is ahead and the wait', async () => {
    // 2 hours for 20 places: 6 minutes each; token 4 is the one booked appointment ahead of 5.
    const session = testSession({ id: 's-1', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) });
    const { calls } = await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session, tokenNo: 5 })]),
    });
    await screen.findByText('Your appointment');
    const token = await screen.findByText('Token number');
    expect(token.nextElementSibling?.textContent).toBe('5');
    expect(screen.getByText('Payment pending')).toBeTruthy();
    expect(screen.getByText('Mrs Sita Perera · Mother')).toBeTruthy();
    expect(screen.getByText('Room 12')).toBeTruthy();
    const queue = await screen.findByRole('region', { name: 'Now with the doctor' });
    await waitFor(() => expect(within(queue).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1', '2', '3']));
    expect(within(queue).getByText('1 patient ahead of you')).toBeTruthy();
    expect(within(queue).getByText('Estimated wait: about 6 min')).toBeTruthy();
    // The heartbeat is sent at once while the appointment is open (then every 60 s).
    await waitFor(() => expect(calls.some((call) => call.operationName === 'appointmentHeartbeat')).toBe(true));
  });

  it("counts a booked token still to pay as ahead, as 'Your turn at about' does (issue 32 §1.2)", async () => {
    // Token 5 is booked and its payment pending (the console calls it all the same): 4 and 5 are ahead of 6.
    const session = testSession({ id: 's-1', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) });
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session, tokenNo: 6, paymentStatus: 'paid' })]),
    });
    const queue = await screen.findByRole('region', { name: 'Now with the doctor' });
    expect(await within(queue).findByText('2 patients ahead of you')).toBeTruthy();
    expect(within(queue).getByText('Estimated wait: about 12 min')).toBeTruthy();
  });

  it('refuses a cancel within 24 hours with the exact reason', async () => {
    const session = testSession({ id: 's-1', startTime: minutesFromNow(120), endTime: minutesFromNow(240) });
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session })]),
    });
    // issue 29 §1.4: the spec's '...' is where the reason goes, never printed.
    const note = await screen.findByText(/You cannot cancel this appointment because/);
    expect(note.textContent).toBe(
      'You cannot cancel this appointment because the scheduled session time is within 24 hours from now.',
    );
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
  });

  it('cancels after the confirm modal when the session is more than 24 hours away', async () => {
    const session = testSession({ id: 's-1', startTime: minutesFromNow(3 * 24 * 60) });
    let cancelled = false;
    const { calls } = await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: (call) =>
        answering([testAppointment({ id: 'a-1', session, appointmentStatus: cancelled ? 'cancelled' : 'booked' })], (inner) => {
          if (inner.operationName === 'cancelAppointment') {
            cancelled = true;
            return { data: { patchAppointment: { __typename: 'Appointment', id: 'a-1', appointmentStatus: 'cancelled' } } };
          }
          return null;
        })(call),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment?' });
    expect(calls.some((call) => call.operationName === 'cancelAppointment')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    await screen.findByText('You have cancelled this appointment!');
    expect(calls.find((call) => call.operationName === 'cancelAppointment')?.variables).toEqual({ id: 'a-1' });
  });

  it('offers a reschedule to the same doctor, carrying the appointment', async () => {
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1' })]),
    });
    const reschedule = await screen.findByRole('link', { name: 'Reschedule' });
    expect(reschedule.getAttribute('href')).toBe('/doctor?selectedPractitioner=dr-1&appointmentRescheduledFor=a-1');
  });

  it('offers a refund where the tenant allows it, and refuses an unpaid appointment with the reason', async () => {
    const { calls } = await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', paymentStatus: 'pending' })]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Request a refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    expect(
      within(dialog).getByRole('heading', { name: 'You cannot request a refund because, the appointment is not paid' }),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Booked wrong' })).toBeNull();
    expect(calls.some((call) => call.operationName === 'createRefund')).toBe(false);
  });

  it("goes to /accessDenied when the appointment is not one of the account's profiles", async () => {
    const { router } = await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([]),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessDenied'));
  });
});

describe('a session the hospital cancelled (issue 32 §2.5)', () => {
  it('shows the refund made without a request and offers another session of the doctor', async () => {
    const session = testSession({ id: 's-1', status: 'practitioner_canceled', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) });
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([
        testAppointment({
          id: 'a-1',
          session,
          practitionerStatus: 'declined',
          paymentStatus: 'paid',
          paymentRefundStatus: 'refunded',
          sessionCancelRefund: { status: 'refunded', wayBack: 'card', amount: '2500.00', currency: 'LKR' },
        }),
      ]),
    });
    const part = await screen.findByRole('region', { name: 'Your refund' });
    expect(within(part).getByText('Amount').nextElementSibling?.textContent).toBe('LKR 2500.00');
    expect(within(part).getByText('Way back').nextElementSibling?.textContent).toBe('To your card');
    expect(within(part).getByText('Status').nextElementSibling?.textContent).toBe('Refunded');
    const book = within(part).getByRole('link', { name: 'Book another session of this doctor' });
    expect(book.getAttribute('href')).toBe(`/doctor?selectedPractitioner=${session.practitioner.id}`);
  });

  it.each([
    ['paid and refunded', { paymentStatus: 'paid', paymentRefundStatus: 'refunded', sessionCancelRefund: { status: 'refunded', wayBack: 'card', amount: '2500.00', currency: 'LKR' } }],
    ['not paid', { paymentStatus: 'pending' }],
  ] as const)('offers no cancel, reschedule, refund, queue or pay now when %s (its refund comes by itself)', async (_case, fields) => {
    // More than 24 hours away: a cancel would be open but for the hospital's cancel.
    const session = testSession({ id: 's-1', status: 'practitioner_canceled', startTime: minutesFromNow(3 * 24 * 60), endTime: minutesFromNow(3 * 24 * 60 + 120) });
    const paymentSlot = (appointment: { paymentStatus: string }) => <p>payment part: {appointment.paymentStatus}</p>;
    await renderHistory({
      element: <AppointmentScreen paymentSlot={paymentSlot} />,
      path,
      routePath: '/view/appointment',
      answer: answering([testAppointment({ id: 'a-1', session, practitionerStatus: 'declined', ...fields })]),
    });
    expect((await screen.findByText('Dr. Nimal Perera has cancelled session')).getAttribute('role')).toBe('status');
    const book = screen.getByRole('link', { name: 'Book another session of this doctor' });
    expect(book.getAttribute('href')).toBe(`/doctor?selectedPractitioner=${session.practitioner.id}`);
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.queryByText(/You cannot cancel this appointment/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Reschedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request a refund' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Now with the doctor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry Booking' })).toBeNull();
    // A paid one keeps its proof of payment; an unpaid one is offered nothing to pay.
    expect(screen.queryByText(/^payment part/)?.textContent ?? null).toBe(fields.paymentStatus === 'paid' ? 'payment part: paid' : null);
    // The hospital's number stays, to ask about it.
    expect(screen.getByRole('link', { name: /Call/ })).toBeTruthy();
  });

  it.each([
    [{ status: 'requested', wayBack: null }, 'Being worked out', 'Being worked out'],
    [{ status: 'approved', wayBack: 'card' }, 'To your card', 'On its way'],
    [{ status: 'approved', wayBack: 'desk' }, "At the hospital's cash desk", 'Ready to collect'],
  ])('%o reads %s, %s', async (refund, way, state) => {
    const session = testSession({ id: 's-1', status: 'practitioner_canceled', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) });
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([
        testAppointment({
          id: 'a-1',
          session,
          paymentStatus: 'paid',
          paymentRefundStatus: refund.status,
          sessionCancelRefund: { ...refund, amount: refund.wayBack ? '2500.00' : null, currency: refund.wayBack ? 'LKR' : null },
        }),
      ]),
    });
    const part = await screen.findByRole('region', { name: 'Your refund' });
    expect(within(part).getByText('Way back').nextElementSibling?.textContent).toBe(way);
    expect(within(part).getByText('Status').nextElementSibling?.textContent).toBe(state);
  });
});

describe('the status banner (spec doc 2 §4 Appointment status)', () => {
  const base = {
    appointmentStatus: 'booked',
    practitionerStatus: null,
    paymentStatus: 'paid',
    paymentRefundStatus: null,
    appointmentRescheduleStatus: null,
    doctorName: 'Dr. Nimal Perera',
    session: { chargingSchemeId: 'scheme-1' },
  };
  const free = { session: { chargingSchemeId: null } };
  it.each([
    [{}, null, null],
    // A free session (no charging scheme) invoices 0 ('Can not pay Rs 00.00', spec doc 2 §5): nothing to pay, no payment banner.
    [{ paymentStatus: 'pending', ...free }, null, null],
    [{ paymentStatus: 'unpaid', ...free }, null, null],
    [{ paymentStatus: 'paid', ...free }, null, null],
    [{ appointmentStatus: 'cancelled', paymentStatus: 'pending', ...free }, 'consultations.appointment.cancelledByYou', 'info'],
    [{ paymentStatus: 'pending' }, 'consultations.appointment.paymentPending', 'warning'],
    [{ paymentStatus: 'unpaid' }, 'consultations.appointment.notPaid', 'warning'],
    [{ appointmentStatus: 'cancelled', paymentStatus: 'pending' }, 'consultations.appointment.cancelledByYou', 'info'],
    [{ appointmentStatus: 'cancelled' }, 'consultations.appointment.cancelledByYou', 'danger'],
    [{ appointmentStatus: 'cancelled', appointmentRescheduleStatus: 'rescheduled' }, 'consultations.appointment.rescheduledByYou', 'info'],
    [{ practitionerStatus: 'declined' }, 'consultations.appointment.doctorCancelled', 'danger'],
  ] as const)('%o → %s', (overrides, id, tone) => {
    const banner = appointmentBanner({ ...base, ...overrides });
    expect(banner?.text.id ?? null).toBe(id);
    expect(banner?.tone ?? null).toBe(tone);
  });
});

describe('the questionnaire banner slot and the screening link (spec doc 2 §1, §2; doc 3 §2)', () => {
  const booked = () =>
    testAppointment({ id: 'a-1', session: testSession({ id: 's-1', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) }) });

  it('calls the questionnaire slot only where the tenant turns questionnaireResponse on', async () => {
    const slot = () => <p>questionnaire slot</p>;
    await renderHistory({ element: <AppointmentScreen questionnaireSlot={slot} />, path, routePath: '/view/appointment', answer: answering([booked()]) });
    await screen.findByText('Token number');
    expect(screen.queryByText('questionnaire slot')).toBeNull();
    cleanup();
    await renderHistory({
      element: <AppointmentScreen questionnaireSlot={slot} />,
      path,
      routePath: '/view/appointment',
      answer: answering([booked()]),
      tenant: deepMerge(baseTenantConfig, { features: { questionnaireResponse: { enabled: true } } }),
    });
    expect(await screen.findByText('questionnaire slot')).toBeTruthy();
  });

  it("shows the first tenant's screening-questionnaire link on channelling, opening in a new tab", async () => {
    await renderHistory({
      element: <AppointmentScreen />,
      path,
      routePath: '/view/appointment',
      answer: answering([booked()]),
      tenant: deepMerge(baseTenantConfig, { features: { channelling: { questionnaireLink: 'https://forms.example.org/lakeside/screening' } } }),
    });
    const link = await screen.findByRole('link', { name: 'Fill in the screening questionnaire (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://forms.example.org/lakeside/screening');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe("'Payment pending' with 'Retry Booking' (spec doc 2 §4 Appointment status; issue 29 §1.3)", () => {
  const pending = () =>
    testAppointment({ id: 'a-1', session: testSession({ id: 's-1', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) }) });
  const paymentSlot = () => (
    <section aria-label="Pay now">
      <button type="button">Pay by card</button>
    </section>
  );

  it('offers Retry Booking on a booking whose payment is pending, which takes the patient to paying again', async () => {
    Element.prototype.scrollIntoView = () => undefined;
    await renderHistory({
      element: <AppointmentScreen paymentSlot={paymentSlot} />,
      path,
      routePath: '/view/appointment',
      answer: answering([pending()]),
    });
    const banner = (await screen.findByText('Payment pending')).closest('.consultations-banner') as HTMLElement;
    fireEvent.click(within(banner).getByRole('button', { name: 'Retry Booking' }));
    const pay = screen.getByRole('region', { name: 'Pay now' });
    expect(document.activeElement?.contains(pay)).toBe(true);
  });

  it('offers no Retry Booking once paid, nor for a cancelled one', async () => {
    await renderHistory({
      element: <AppointmentScreen paymentSlot={paymentSlot} />,
      path,
      routePath: '/view/appointment',
      answer: answering([{ ...pending(), paymentStatus: 'paid' }]),
    });
    await screen.findByText('Token number');
    expect(screen.queryByRole('button', { name: 'Retry Booking' })).toBeNull();
    cleanup();
    await renderHistory({
      element: <AppointmentScreen paymentSlot={paymentSlot} />,
      path,
      routePath: '/view/appointment',
      answer: answering([{ ...pending(), appointmentStatus: 'cancelled' }]),
    });
    await screen.findByText('Token number');
    expect(screen.queryByRole('button', { name: 'Retry Booking' })).toBeNull();
  });

  it("tells no one to pay for a free session (no charging scheme: 'Can not pay Rs 00.00', spec doc 2 §5): no Payment pending, no Retry Booking", async () => {
    const free = testAppointment({
      id: 'a-1',
      session: { ...testSession({ id: 's-1', startTime: minutesFromNow(30 * 60), endTime: minutesFromNow(32 * 60) }), chargingSchemeId: null },
    });
    await renderHistory({ element: <AppointmentScreen paymentSlot={paymentSlot} />, path, routePath: '/view/appointment', answer: answering([free]) });
    await screen.findByText('Token number');
    expect(screen.queryByText('Payment pending')).toBeNull();
    expect(screen.queryByText('Appointment not paid')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry Booking' })).toBeNull();
  });
});
