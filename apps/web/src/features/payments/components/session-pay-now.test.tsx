// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  bookingRequestAnswer,
  invoiceAnswer,
  renderPayments,
  savedCard,
  testAccount,
  type GraphQLCall,
} from '../test/render-payments.tsx';
import { SessionPayNow, type SessionBookingAnswer } from './session-pay-now.tsx';

// spec doc 2 §4 Booking, pay-now path, on /view/session: the invoice is prepared for the session and
// the chosen profile and shown; a way to pay books the appointment, invoices it and pays that
// invoice; every gateway comes back to the appointment's screen.

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.querySelectorAll('form[data-gateway-form]').forEach((form) => form.remove());
});

const appointmentBack = '/view/appointment?sessionId=s-1&appointmentId=a-9';

/** The session's invoice (id inv-s) and, once booked, the appointment's (id inv-a), same total unless told. */
function invoices(appointmentTotal = '3000.50') {
  return (call: GraphQLCall) => {
    if (call.operationName !== 'prepareInvoice') {
      return null;
    }
    const input = call.variables.input as Record<string, unknown>;
    const answer = invoiceAnswer(input.appointmentId ? { total: appointmentTotal } : {});
    return {
      data: { prepareInvoice: { ...answer.data.prepareInvoice, id: input.appointmentId ? 'inv-a' : 'inv-s' } },
    };
  };
}

function show(options: {
  patientId?: string | null;
  answer?: (call: GraphQLCall) => unknown;
  book?: () => Promise<SessionBookingAnswer>;
  account?: ReturnType<typeof testAccount>;
}) {
  const book = vi.fn(
    options.book ?? (async (): Promise<SessionBookingAnswer> => ({ appointment: { id: 'a-9', sessionId: 's-1' } })),
  );
  const onBooked = vi.fn();
  const prepared = invoices();
  const rendered = renderPayments({
    element: (
      <SessionPayNow
        sessionId="s-1"
        participationMode="in_person"
        patientId={options.patientId === undefined ? 'p-mother' : options.patientId}
        book={book}
        onBooked={onBooked}
        disabled={false}
      />
    ),
    path: '/view/session?sessionId=s-1',
    routePath: '/view/session',
    answer: (call) => options.answer?.(call) ?? prepared(call),
    account: options.account,
  });
  return { ...rendered, book, onBooked };
}

async function payWithCard() {
  fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }));
  const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
  await waitFor(() => expect(dialog.querySelector('form')?.dataset.status).toBe('READY'));
  fireEvent.change(within(dialog).getByLabelText('Name on card'), { target: { value: 'Kamala Perera' } });
  fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: '4111111111111111' } });
  fireEvent.change(within(dialog).getByLabelText('Expiry date (MM/YY)'), { target: { value: '1230' } });
  fireEvent.change(within(dialog).getByLabelText('CVV'), { target: { value: '123' } });
  return dialog;
}

describe('/view/session pay now (spec doc 2 §4 Booking pay-now)', () => {
  it('asks for the profile first: no invoice and no pay button before one is chosen', async () => {
    const { calls } = show({ patientId: null });
    const region = await screen.findByRole('region', { name: 'Pay now' });
    expect(region.textContent).toContain('Choose who the appointment is for to see the invoice.');
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("prepares the session's invoice for the chosen profile and shows it before any booking", async () => {
    const { calls, book } = show({});
    const region = await screen.findByRole('region', { name: 'Pay now' });
    await within(region).findByText('3,000.50 LKR');
    expect(within(region).getByText('Doctor fee')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Pay by card' })).toBeTruthy();
    expect(calls.map((call) => call.variables)).toEqual([
      { input: { sessionId: 's-1', patientId: 'p-mother', instrumentType: 'credit_card' } },
    ]);
    expect(book).not.toHaveBeenCalled();
    expect(
      screen.getByText(
        'Paying takes your number in this session first. If the payment does not go through, your appointment is kept and you can pay again.',
      ),
    ).toBeTruthy();
  });

  it('Pay: books, invoices the appointment, and posts the card to the gateway for that invoice, back to the appointment', async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const base = invoices();
    const { calls, book } = show({
      answer: (call) => (call.operationName === 'initiateBooking' ? bookingRequestAnswer() : base(call)),
    });
    const dialog = await payWithCard();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    // A second tap while the payment starts books nothing more.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    await waitFor(() => expect(document.querySelector('form[data-gateway-form]')).not.toBeNull());
    expect(book).toHaveBeenCalledTimes(1);
    expect(calls.map((call) => call.operationName)).toEqual(['prepareInvoice', 'prepareInvoice', 'initiateBooking']);
    expect(calls[1]?.variables).toEqual({ input: { appointmentId: 'a-9', instrumentType: 'credit_card' } });
    expect(calls[2]?.variables).toMatchObject({
      input: {
        id: 'inv-a',
        successUrl: appointmentBack,
        failureUrl: appointmentBack,
        paymentGatewayType: 'cyberSource',
        savePaymentMethod: false,
      },
    });
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it("a booking that fails says why in the card form and charges nothing", async () => {
    const { calls } = show({ book: async () => ({ error: 'This session is full' }) });
    const dialog = await payWithCard();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('This session is full');
    expect(calls.map((call) => call.operationName)).toEqual(['prepareInvoice']);
  });

  it('a total changed since it was shown is shown, not charged', async () => {
    const changed = invoices('3500.00');
    const { calls } = show({ answer: (call) => changed(call) });
    const dialog = await payWithCard();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    await within(dialog).findByText('The invoice has changed. Check the new total and pay again.');
    expect(within(dialog).getByRole('button', { name: 'Pay 3,500.00 LKR' })).toBeTruthy();
    expect(calls.some((call) => call.operationName === 'initiateBooking')).toBe(false);
  });

  it('quick pay with the saved default card pays the booked appointment’s invoice, then opens the appointment', async () => {
    const base = invoices();
    const { calls, book, onBooked } = show({
      account: testAccount([savedCard('pm-1')]),
      answer: (call) =>
        call.operationName === 'completeBooking'
          ? {
              data: {
                completeBooking: {
                  __typename: 'CompletedBooking',
                  id: 'pay-1',
                  bookingId: 'br-1',
                  status: 'completed',
                  message: null,
                  paymentMethodId: 'pm-1',
                },
              },
            }
          : base(call),
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Pay 3,000\.50 LKR with your saved card 411111/ }));
    // The saved card's answer, the booking and the appointment's reading come one after another: on a loaded
    // machine that is more than findByText's default second.
    await screen.findByText('Payment success', undefined, { timeout: 10_000 });
    expect(book).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.operationName === 'completeBooking')?.variables).toMatchObject({
      input: { id: 'inv-a', paymentGatewayType: 'cyberSource', paymentMethodId: 'pm-1' },
    });
    expect(onBooked).toHaveBeenCalledWith({ id: 'a-9', sessionId: 's-1' });
  });
});
