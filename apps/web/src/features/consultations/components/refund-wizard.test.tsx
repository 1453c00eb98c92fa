// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { RefundWizard, type RefundAppointment } from './refund-wizard.tsx';
import { renderHistory, type GraphQLCall } from './history-test-render.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const paid: RefundAppointment = {
  id: 'a-1',
  patientId: 'p-me',
  organizationId: 'org-1',
  paymentStatus: 'paid',
  paymentRefundStatus: null,
  appointmentRescheduleStatus: null,
};

/** Lets the queued focus move run. */
async function settle() {
  await act(async () => {
    await Promise.resolve();
  });
}

function focusedText(): string {
  return document.activeElement?.textContent ?? '';
}

// spec doc 2 §4 Refund: blocked when not paid; doctor payment already given; a refund status exists
// already; or the appointment was rescheduled.
describe('RefundWizard blocks', () => {
  it.each([
    [{ paymentStatus: 'pending' }, 'the appointment is not paid'],
    [{ practitionerPaymentStatus: 'paid' }, 'the doctor has already been paid for it'],
    [{ paymentRefundStatus: 'requested' }, 'a refund is already requested'],
    [{ paymentRefundStatus: 'approved' }, 'a refund is already approved'],
    [{ appointmentRescheduleStatus: 'rescheduled' }, 'the appointment was rescheduled'],
  ] as const)('%o reads "You cannot request a refund because, %s" (issue 29 §1.4: no literal "...")', async (change, reason) => {
    const onDone = vi.fn();
    await renderHistory({ element: <RefundWizard appointment={{ ...paid, ...change }} onDone={onDone} /> });
    const dialog = await screen.findByRole('dialog', { name: 'Request a refund' });
    await settle();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(`You cannot request a refund because, ${reason}`);
    expect(focusedText()).toBe(`You cannot request a refund because, ${reason}`);
    expect(screen.getByRole('alert').textContent).toBe(`You cannot request a refund because, ${reason}`);
    expect(screen.queryByRole('button', { name: 'Booked wrong' })).toBeNull();
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onDone).toHaveBeenCalledWith('closed');
  });
});

describe('RefundWizard steps (spec doc 2 §4: category → subcategory → confirm)', () => {
  it("the appointment's live 'requested' arriving before the answer does not turn the sent request into 'already requested'", async () => {
    let setLive: (appointment: RefundAppointment) => void = () => undefined;
    function LiveWizard() {
      const [appointment, setAppointment] = useState(paid);
      setLive = setAppointment;
      return <RefundWizard appointment={appointment} onDone={() => undefined} />;
    }
    await renderHistory({
      element: <LiveWizard />,
      answer: (call: GraphQLCall) => {
        if (call.operationName !== 'createRefund') {
          return { data: null };
        }
        // The server's live update of the appointment reaches the screen first.
        setLive({ ...paid, paymentRefundStatus: 'requested' });
        return { data: { createRefund: { __typename: 'RefundRequest', id: 'r-1', status: 'requested', appointmentId: 'a-1' } } };
      },
    });
    await screen.findByRole('dialog', { name: 'Request a refund' });
    fireEvent.click(screen.getByRole('button', { name: 'Doctor related' }));
    fireEvent.click(screen.getByRole('button', { name: 'doctor requested' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Refund requested' })).toBeTruthy();
    expect(screen.queryByText('a refund is already requested')).toBeNull();
  });

  it('offers the spec reasons, sends createRefund and reports success; focus moves to each step heading', async () => {
    const onDone = vi.fn();
    const { calls } = await renderHistory({
      element: <RefundWizard appointment={paid} onDone={onDone} />,
      answer: (call: GraphQLCall) =>
        call.operationName === 'createRefund'
          ? { data: { createRefund: { __typename: 'RefundRequest', id: 'r-1', status: 'requested', appointmentId: 'a-1' } } }
          : { data: null },
    });
    await screen.findByRole('dialog', { name: 'Request a refund' });
    await settle();
    expect(focusedText()).toBe('Why do you want a refund?');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    for (const category of ['Booked wrong', 'Doctor related', 'Other']) {
      expect(screen.getByRole('button', { name: category })).toBeTruthy();
    }

    fireEvent.click(screen.getByRole('button', { name: 'Doctor related' }));
    await settle();
    expect(focusedText()).toBe('What happened?');
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    for (const subcategory of ['doctor requested', 'not visited', 'cancelled']) {
      expect(screen.getByRole('button', { name: subcategory })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'wrong person' })).toBeNull();

    // Back returns to the categories.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(focusedText()).toBe('Why do you want a refund?');
    fireEvent.click(screen.getByRole('button', { name: 'Doctor related' }));
    fireEvent.click(screen.getByRole('button', { name: 'doctor requested' }));
    await settle();
    expect(focusedText()).toBe('Send this refund request?');
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByText('Doctor related: doctor requested')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Anything else the hospital should know (optional)'), {
      target: { value: '  The doctor asked me to come next week  ' },
    });
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Refund requested' })).toBeTruthy();
    await settle();
    expect(focusedText()).toBe('Refund requested');
    expect(calls).toEqual([
      {
        operationName: 'createRefund',
        variables: {
          appointmentId: 'a-1',
          patientId: 'p-me',
          organizationId: 'org-1',
          category: 'Doctor related',
          subcategory: 'doctor requested',
          notes: 'The doctor asked me to come next week',
        },
      },
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onDone).toHaveBeenCalledWith('requested');
  });

  it('a failed request shows the server text and can be tried again', async () => {
    let fail = true;
    const { calls } = await renderHistory({
      element: <RefundWizard appointment={paid} onDone={() => undefined} />,
      answer: () =>
        fail
          ? { data: null, errors: [{ message: 'ARO-E4020:You cannot request a refund because, ...the appointment is not paid' }] }
          : { data: { createRefund: { __typename: 'RefundRequest', id: 'r-1', status: 'requested', appointmentId: 'a-1' } } },
    });
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'missed in queue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Refund request not sent' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('the appointment is not paid');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('heading', { name: 'Refund requested' })).toBeTruthy();
    expect(calls.map((call) => call.variables.subcategory)).toEqual(['missed in queue', 'missed in queue']);
    expect(calls[0]?.variables.notes).toBeNull();
  });
});
