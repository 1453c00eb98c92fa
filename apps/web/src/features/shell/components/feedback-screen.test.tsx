// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { baseTenantConfig, deepMerge } from '@careline/domain/tenant';
import { createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages } from '@careline/i18n/consultations';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { TenantProvider } from '../../../lib/tenant';
import { FeedbackScreen } from './feedback-screen.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Call = { url: string; method: string; body: unknown };

/** Renders /pf?… with fetch answered by `answer`; no session (spec doc 2 §7: no sign-in). */
async function renderFeedback(path: string, answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const call: Call = { url, method: init?.method ?? 'GET', body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined };
    calls.push(call);
    return answer(call);
  });
  // Loaded first: under act(), a suspended screen is not retried when its texts arrive.
  const i18n = createI18n();
  await loadConsultationsMessages(i18n, 'en');
  const router = createMemoryRouter(
    [
      { path: '/pf', element: <FeedbackScreen /> },
      { path: '/patient-feedback', element: <FeedbackScreen /> },
    ],
    { initialEntries: [path] },
  );
  const tenant = deepMerge(baseTenantConfig, { reviewLinks: { 'org-1': 'https://reviews.example.org/lanka' } });
  render(
    <TestLanguage i18n={i18n}>
      <TenantProvider value={tenant} loading={null} failed={() => null}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </TenantProvider>
    </TestLanguage>,
  );
  return calls;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const visit = { start: '2026-11-20T03:30:00.000Z', organizationName: 'Lanka Hospitals', feedbackRating: null, feedbackComment: null };

describe('FeedbackScreen (spec doc 2 §7 Feedback by link)', () => {
  it('reads its own query string: GET /feedback shows the visit, POST /feedback sends { feedback, rating }', async () => {
    const calls = await renderFeedback('/pf?a=a-1&s=sig', (call) => (call.method === 'GET' ? json(visit) : json({ ok: true })));
    expect(await screen.findByText(/Your visit to Lanka Hospitals on/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Feedback');
    expect(calls[0]).toEqual({ url: '/feedback?a=a-1&s=sig', method: 'GET', body: undefined });

    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a rating from 1 to 10');
    expect(calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('radio', { name: '8' }));
    expect(screen.getByText('Satisfied')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'Quick and kind' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findAllByText('Thank you for your feedback')).not.toHaveLength(0);
    expect(calls[1]).toEqual({ url: '/feedback?a=a-1&s=sig', method: 'POST', body: { feedback: 'Quick and kind', rating: 8 } });
  });

  // Issue 29 §13: only after fulfilment (spec doc 2 §4 Feedback): an Ongoing (arrived) visit's link
  // shows the visit and says when it can be rated, with no rating to give.
  it.each(['arrived', 'booked'])('offers no rating for a visit not yet fulfilled (%s)', async (appointmentStatus) => {
    await renderFeedback('/pf?a=a-1&s=sig', () => json({ ...visit, appointmentStatus }));
    expect(await screen.findByText('You can rate this visit once it is completed.')).toBeTruthy();
    expect(screen.getByText(/Your visit to Lanka Hospitals on/)).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('offers the rating for a fulfilled visit', async () => {
    await renderFeedback('/pf?a=a-1&s=sig', () => json({ ...visit, appointmentStatus: 'fulfilled' }));
    expect(await screen.findByRole('button', { name: 'Send feedback' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(10);
  });

  it('the patient-feedback address works the same', async () => {
    const calls = await renderFeedback('/patient-feedback?a=a-2&s=x', () => json(visit));
    expect(await screen.findByText(/Your visit to Lanka Hospitals/)).toBeTruthy();
    expect(calls[0]?.url).toBe('/feedback?a=a-2&s=x');
  });

  it('a fetch failure shows the error in place', async () => {
    await renderFeedback('/pf?a=a-1&s=forged', () => json({ error: 'ARO-E2001:Not found' }, 404));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not open this feedback link.');
    expect(alert.textContent).toContain('Not found');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('a send failure marks the state rejected and shows the error', async () => {
    await renderFeedback('/pf?a=a-1&s=sig', (call) =>
      call.method === 'GET' ? json(visit) : json({ error: 'ARO-E4015:Feedback is closed' }, 400),
    );
    fireEvent.click(await screen.findByRole('radio', { name: '3' }));
    expect(screen.getByText('Not Good')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your feedback was not sent.');
    expect(alert.textContent).toContain('Feedback is closed');
  });

  it('a 10 opens the organisation review link after 2 s when the server names the organisation', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderFeedback('/pf?a=a-1&s=sig', (call) => (call.method === 'GET' ? json({ ...visit, organizationId: 'org-1' }) : json({})));
    fireEvent.click(await screen.findByRole('radio', { name: '10' }));
    expect(screen.getByText('Great')).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    for (let i = 0; i < 20 && screen.queryAllByText('Thank you for your feedback').length === 0; i += 1) {
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(1999);
    expect(open).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledWith('https://reviews.example.org/lanka', '_blank', 'noopener,noreferrer');
  });
});
