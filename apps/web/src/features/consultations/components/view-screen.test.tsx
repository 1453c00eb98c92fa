// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { testSession } from './consultations-test-data.ts';
import { renderHistory, type GraphQLCall } from './history-test-render.tsx';
import { ViewScreen } from './view-screen.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

function answer(call: GraphQLCall) {
  return call.operationName === 'consultationSessions'
    ? { data: { querySession: [{ __typename: 'Session', ...testSession({ id: 's-1' }) }] } }
    : { data: null };
}

describe('/view/{type} (spec doc 2 §2)', () => {
  it('shows the session screen for type session', async () => {
    await renderHistory({ element: <ViewScreen />, path: '/view/session?sessionId=s-1', routePath: '/view/:type', answer });
    await screen.findByRole('heading', { level: 1, name: 'Book this session' });
  });

  it('rebuilds on a change of type: the appointment screen, with nothing carried over', async () => {
    const { router } = await renderHistory({
      element: <ViewScreen />,
      path: '/view/session?sessionId=s-1',
      routePath: '/view/:type',
      answer: (call) => (call.operationName === 'consultationAppointment' ? { data: { queryAppointment: [] } } : answer(call)),
    });
    await screen.findByRole('heading', { level: 1, name: 'Book this session' });
    await router.navigate('/view/appointment?sessionId=s-1&appointmentId=a-1');
    // An appointment that is not the account's: /accessDenied (spec doc 2 §2).
    await waitFor(() => expect(router.state.location.pathname).toBe('/accessDenied'));
  });

  it('sends any other type to the doctor search', async () => {
    const { router } = await renderHistory({ element: <ViewScreen />, path: '/view/other', routePath: '/view/:type', answer });
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });
});
