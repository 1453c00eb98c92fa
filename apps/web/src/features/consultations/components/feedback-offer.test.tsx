// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { AppointmentScreen } from './appointment-screen.tsx';
import { minutesFromNow, testAppointment, testSession } from './consultations-test-data.ts';
import { FeedbackForm } from './feedback-form.tsx';
import { HistoryScreen } from './history-screen.tsx';
import { historyAppointment, renderHistory, type GraphQLCall } from './history-test-render.tsx';

// Issue 29 §13: the feedback form is offered only after fulfilment (spec doc 2 §4 Feedback), never
// for an Ongoing (arrived) visit: not on the appointment, not on its history card, not in the form.

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const STATUSES = [
  ['arrived', false],
  ['booked', false],
  ['noshow', false],
  ['cancelled', false],
  ['fulfilled', true],
] as const;

describe('feedback is offered only after fulfilment (issue 29 §13)', () => {
  it.each(STATUSES)('/view/appointment, %s: offered %s', async (appointmentStatus, offered) => {
    const session = testSession({ id: 's-1', startTime: minutesFromNow(-30), endTime: minutesFromNow(90) });
    await renderHistory({
      element: <AppointmentScreen />,
      path: '/view/appointment?sessionId=s-1&appointmentId=a-1',
      routePath: '/view/appointment',
      answer: (call: GraphQLCall) =>
        call.operationName === 'consultationAppointment'
          ? { data: { queryAppointment: [{ __typename: 'Appointment', ...testAppointment({ id: 'a-1', session, appointmentStatus, paymentStatus: 'paid' }) }] } }
          : { data: null },
    });
    await screen.findByText('Token number');
    expect(screen.queryByRole('heading', { name: 'Rate your visit' }) !== null).toBe(offered);
    expect(screen.queryAllByRole('radio').length > 0).toBe(offered);
  });

  it.each(STATUSES)('the history card, %s: Rate your visit offered %s', async (appointmentStatus, offered) => {
    const now = new Date();
    await renderHistory({
      element: <HistoryScreen now={now} />,
      answer: (call: GraphQLCall) =>
        call.operationName === 'historyAppointments'
          ? { data: { queryAppointment: [historyAppointment({ id: 'a-1', start: new Date(now.getTime() - 30 * 60_000).toISOString(), appointmentStatus, paymentStatus: 'paid' })] } }
          : { data: null },
    });
    const [card] = await screen.findAllByRole('article');
    expect(within(card!).queryByRole('button', { name: 'Rate your visit' }) !== null).toBe(offered);
  });

  it('the form itself takes no rating for an Ongoing visit', async () => {
    await renderHistory({
      element: (
        <FeedbackForm
          appointment={{
            id: 'a-1',
            appointmentStatus: 'arrived',
            start: new Date().toISOString(),
            organizationId: 'org-1',
            feedbackRating: null,
            feedbackComment: null,
          }}
        />
      ),
      answer: () => ({ data: null }),
    });
    await screen.findByText('You can rate this visit once it is completed.');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /send|submit/i })).toBeNull();
  });
});
