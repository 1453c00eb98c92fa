// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { FEEDBACK_WINDOW_MS } from '@careline/domain/consultations';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { FeedbackForm, openReviewLinkLater, type FeedbackAppointment } from './feedback-form.tsx';
import { renderHistory, type GraphQLCall } from './history-test-render.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const now = new Date(2026, 10, 23, 10, 0);
const fulfilled: FeedbackAppointment = {
  id: 'a-1',
  appointmentStatus: 'fulfilled',
  start: new Date(2026, 10, 20, 9, 0).toISOString(),
  organizationId: 'org-1',
  feedbackRating: null,
  feedbackComment: null,
};
const reviewTenant: TenantPublicConfig = deepMerge(baseTenantConfig, {
  reviewLinks: { 'org-1': 'https://reviews.example.org/lanka' },
});
const saved = (call: GraphQLCall) =>
  call.operationName === 'appointmentFeedback'
    ? { data: { patchAppointment: { __typename: 'Appointment', id: 'a-1', feedbackRating: call.variables.feedbackRating, feedbackComment: null } } }
    : { data: null };

describe('FeedbackForm window (spec doc 2 §4: after fulfilment, locked after 30 days)', () => {
  it('is not offered before fulfilment', async () => {
    await renderHistory({ element: <FeedbackForm appointment={{ ...fulfilled, appointmentStatus: 'booked' }} now={() => now} /> });
    expect(await screen.findByText('You can rate this visit once it is completed.')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });

  it('is open at exactly 30 days (2592000000 ms) and locked one millisecond later, saying so', async () => {
    const start = new Date(2026, 9, 1, 9, 0);
    const appointment = { ...fulfilled, start: start.toISOString(), feedbackRating: 8 };
    await renderHistory({ element: <FeedbackForm appointment={appointment} now={() => new Date(start.getTime() + FEEDBACK_WINDOW_MS)} /> });
    expect(await screen.findByRole('button', { name: 'Send feedback' })).toBeTruthy();
    cleanup();
    await renderHistory({
      element: <FeedbackForm appointment={appointment} now={() => new Date(start.getTime() + FEEDBACK_WINDOW_MS + 1)} />,
    });
    expect(await screen.findByText('Feedback is closed: a visit can be rated only within 30 days.')).toBeTruthy();
    expect(screen.getByText('Your rating: 8 of 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send feedback' })).toBeNull();
  });
});

describe('FeedbackForm rating (spec doc 2 §4, §5)', () => {
  it('requires a rating from 1 to 10 before anything is sent', async () => {
    const { calls } = await renderHistory({ element: <FeedbackForm appointment={fulfilled} now={() => now} />, answer: saved });
    fireEvent.click(await screen.findByRole('button', { name: 'Send feedback' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a rating from 1 to 10');
    expect(calls).toHaveLength(0);
    expect(screen.getAllByRole('radio')).toHaveLength(10);
    expect(screen.getByRole('group', { name: 'How was your visit? Choose 1 to 10' })).toBeTruthy();
  });

  it.each([
    [1, 'Not Good', 'red'],
    [6, 'Not Good', 'red'],
    [7, 'Satisfied', 'orange'],
    [8, 'Satisfied', 'orange'],
    [9, 'Great', 'green'],
    [10, 'Great', 'green'],
  ])('%i reads %s in %s', async (rating, label, colour) => {
    await renderHistory({ element: <FeedbackForm appointment={fulfilled} now={() => now} /> });
    fireEvent.click(await screen.findByRole('radio', { name: String(rating) }));
    const shown = screen.getByText(label);
    expect(shown.className).toContain(`rating-scale__label--${colour}`);
  });

  it('sends the rating and comment, thanks the patient, and a 7 opens no review link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const onDone = vi.fn();
    const { calls } = await renderHistory({
      element: <FeedbackForm appointment={fulfilled} now={() => now} onDone={onDone} />,
      tenant: reviewTenant,
      answer: saved,
    });
    fireEvent.click(await screen.findByRole('radio', { name: '7' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: ' Kind staff ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findAllByText('Thank you for your feedback')).toHaveLength(2);
    expect(calls).toEqual([
      { operationName: 'appointmentFeedback', variables: { id: 'a-1', feedbackRating: 7, feedbackComment: 'Kind staff' } },
    ]);
    expect(onDone).toHaveBeenCalledWith(7);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).not.toHaveBeenCalled();
  });

  it('a 10 opens the organisation review link after 2 s (fake timers)', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderHistory({ element: <FeedbackForm appointment={fulfilled} now={() => now} />, tenant: reviewTenant, answer: saved });
    fireEvent.click(await screen.findByRole('radio', { name: '10' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    for (let i = 0; i < 20 && screen.queryAllByText('Thank you for your feedback').length === 0; i += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
    }
    expect(screen.getAllByText('Thank you for your feedback').length).toBeGreaterThan(0);
    expect(screen.getByText('Opening the hospital review page…')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1999);
    });
    expect(open).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(open).toHaveBeenCalledWith('https://reviews.example.org/lanka', '_blank', 'noopener,noreferrer');
  });

  it('a 10 for an organisation without a review link opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    openReviewLinkLater('https://reviews.example.org/x');
    vi.advanceTimersByTime(2000);
    expect(open).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    open.mockClear();
    await renderHistory({ element: <FeedbackForm appointment={{ ...fulfilled, organizationId: 'org-2' }} now={() => now} />, tenant: reviewTenant, answer: saved });
    fireEvent.click(await screen.findByRole('radio', { name: '10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findAllByText('Thank you for your feedback');
    expect(screen.queryByText('Opening the hospital review page…')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('a send failure marks the state rejected and shows the error; the rating stays', async () => {
    await renderHistory({
      element: <FeedbackForm appointment={fulfilled} now={() => now} />,
      answer: () => ({ data: null, errors: [{ message: 'ARO-E4015:Feedback can be given only within 30 days of the visit' }] }),
    });
    fireEvent.click(await screen.findByRole('radio', { name: '9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your feedback was not sent.');
    expect(alert.textContent).toContain('Feedback can be given only within 30 days of the visit');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '9' }).checked).toBe(true);
  });
});
