// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import {
  bookingRequestAnswer,
  invoiceAnswer,
  payableAppointment,
  renderPayments,
  savedCard,
  testAccount,
  type GraphQLCall,
} from '../test/render-payments.tsx';
import type { PayableAppointment } from '../utils/payable.ts';
import { AppointmentPayment } from './appointment-payment.tsx';
import { PAID_WAIT_MS } from './payment-return.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.querySelectorAll('form[data-gateway-form]').forEach((form) => form.remove());
});

const path = '/view/appointment?sessionId=s-1&appointmentId=a-1';

// The server's answer while a payment of the same invoice is still with the gateway.
const stillProcessingText =
  'A payment for this invoice is still being processed. Please wait a moment and check again';
const stillProcessing = `ARO-E5015:${stillProcessingText}`;

/** completeBooking's answer. */
function completedAnswer(answer: { id: string | null; status: string }) {
  return {
    data: {
      completeBooking: {
        __typename: 'CompletedBooking',
        id: answer.id,
        status: answer.status,
        message: 'Declined',
        paymentMethodId: 'pm-1',
      },
    },
  };
}

/** The idempotency keys completeBooking was sent with, in order. */
function completeKeys(calls: GraphQLCall[]): unknown[] {
  return calls
    .filter((call) => call.operationName === 'completeBooking')
    .map((call) => call.variables.idempotencyKey);
}

/** queryPaymentGatewayCallback's answer: one record with the gateway's decision. */
function outcomeAnswer(status: string, reasonCode = '100', additionalInfo: string | null = null) {
  return {
    data: {
      queryPaymentGatewayCallback: [
        {
          __typename: 'PaymentRecord',
          id: 'pay-1',
          bookingId: 'br-1',
          response: {
            __typename: 'PaymentResponse',
            status,
            message: null,
            additionalInfo,
            reasonCode,
          },
        },
      ],
    },
  };
}

function answering(extra: (call: GraphQLCall) => unknown = () => null) {
  return (call: GraphQLCall) => {
    if (call.operationName === 'prepareInvoice') {
      return invoiceAnswer();
    }
    return extra(call) ?? { data: null };
  };
}

function show(options: {
  appointment?: PayableAppointment;
  answer?: (call: GraphQLCall) => unknown;
  tenant?: TenantPublicConfig;
  path?: string;
  account?: ReturnType<typeof testAccount>;
}) {
  const onPaid = vi.fn();
  const rendered = renderPayments({
    element: (
      <AppointmentPayment
        appointment={options.appointment ?? payableAppointment()}
        onPaid={onPaid}
      />
    ),
    path: options.path ?? path,
    routePath: '/view/appointment',
    answer: options.answer ?? answering(),
    tenant: options.tenant,
    account: options.account,
  });
  return { ...rendered, onPaid };
}

async function fillCard(dialog: HTMLElement) {
  await waitFor(() => expect(dialog.querySelector('form')?.dataset.status).toBe('READY'));
  fireEvent.change(within(dialog).getByLabelText('Name on card'), {
    target: { value: 'Kamala Perera' },
  });
  fireEvent.change(within(dialog).getByLabelText('Card number'), {
    target: { value: '4111111111111111' },
  });
  fireEvent.change(within(dialog).getByLabelText('Expiry date (MM/YY)'), {
    target: { value: '1230' },
  });
  fireEvent.change(within(dialog).getByLabelText('CVV'), { target: { value: '123' } });
}

describe('pay now on /view/appointment (spec doc 2 §4 Booking pay-now, §5, §7)', () => {
  it('prepares the invoice of the appointment and offers the card once it is calculated', async () => {
    let calculated: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (calculated = resolve));
    const { calls } = show({
      answer: async (call) =>
        call.operationName === 'prepareInvoice' ? gate.then(() => invoiceAnswer()) : null,
    });
    const region = await screen.findByRole('region', { name: 'Pay now' });
    expect(within(region).getByRole('status').textContent).toBe('Calculating your invoice');
    expect(within(region).queryByRole('button', { name: 'Pay by card' })).toBeNull();
    calculated();
    await within(region).findByText('3,000.50 LKR');
    expect(calls.find((call) => call.operationName === 'prepareInvoice')?.variables).toEqual({
      input: { appointmentId: 'a-1', instrumentType: 'credit_card' },
    });
    expect(
      within(region).getByRole('button', { name: 'Pay by card' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(
      within(region).getByText(
        'Pay by debit or credit card. Your card details go straight to the CyberSource payment gateway, and your bank may ask you to confirm.',
      ),
    ).toBeTruthy();
  });

  it('no pay buttons for a zero total or a failed invoice; refresh asks again', async () => {
    let fail = true;
    show({
      answer: (call) =>
        call.operationName === 'prepareInvoice'
          ? fail
            ? {
                errors: [
                  {
                    message:
                      'ARO-E9999:Something went wrong. Contact Lanka Hospitals for more assistance.',
                  },
                ],
              }
            : invoiceAnswer({ total: '0.00' })
          : null,
    });
    await screen.findByText('Error while calculating invoice, please refresh');
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Can not pay Rs 00.00');
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
  });

  it.each<[string, (tenant: TenantPublicConfig) => TenantPublicConfig, string]>([
    [
      'cyberSource, genie and mobile bill off',
      (tenant) => ({
        ...tenant,
        features: {
          ...tenant.features,
          paymentGateWay: {
            ...tenant.features.paymentGateWay,
            cyberSource: false,
            genie: false,
            mobileBill: false,
          },
        },
      }),
      'in_person',
    ],
    [
      'channelling.payment off',
      (tenant) => ({
        ...tenant,
        features: {
          ...tenant.features,
          channelling: { ...tenant.features.channelling, payment: false },
        },
      }),
      'in_person',
    ],
    [
      'videoChannelling.payment off for a video session',
      (tenant) => ({
        ...tenant,
        features: {
          ...tenant.features,
          videoChannelling: { ...tenant.features.videoChannelling, payment: false },
        },
      }),
      'remote_presence_video_call',
    ],
  ])('%s: no online payment, visit the hospital', async (_case, change, participationMode) => {
    show({
      tenant: change(baseTenantConfig),
      appointment: payableAppointment({ participationMode }),
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      "We don't accept online payments yet.Visit hospital to make payments",
    );
    await screen.findByText('3,000.50 LKR');
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
  });

  it.each<[string, Partial<PayableAppointment>]>([
    ['paid', { paymentStatus: 'paid' }],
    ['cancelled', { appointmentStatus: 'cancelled' }],
    ['a reschedule', { appointmentRescheduledFor: 'a-0' }],
  ])('shows nothing and prepares nothing for an appointment %s', async (_case, change) => {
    const { calls } = show({ appointment: payableAppointment(change) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Pay now' })).toBeNull();
    // A paid one reads only its payments, for the proof of payment (issue 29 §1.3).
    expect(calls.filter((call) => call.operationName !== 'appointmentPayments')).toEqual([]);
  });

  it('Pay: initiateBooking with a key and this screen as return, then the hidden form posted after 50 ms', async () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const { calls } = show({
      answer: answering((call) =>
        call.operationName === 'initiateBooking' ? bookingRequestAnswer() : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Save this card' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    await waitFor(() => expect(document.querySelector('form[data-gateway-form]')).not.toBeNull());
    const booking = calls.filter((call) => call.operationName === 'initiateBooking');
    expect(booking).toHaveLength(1);
    expect(booking[0]?.variables).toEqual({
      input: {
        id: 'inv-1',
        successUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
        failureUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
        paymentGatewayType: 'cyberSource',
        savePaymentMethod: true,
      },
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{32,36}$/) as unknown,
    });
    const gatewayForm = document.querySelector<HTMLFormElement>('form[data-gateway-form]');
    expect(gatewayForm?.getAttribute('action')).toBe('/sandbox/cybersource/silent/pay');
    expect(gatewayForm?.method).toBe('post');
    const fields = Object.fromEntries(
      Array.from(gatewayForm?.querySelectorAll('input') ?? [], (input) => [
        input.name,
        input.value,
      ]),
    );
    expect(fields).toEqual({
      access_key: 'ak-1',
      profile_id: 'pr-1',
      reference_number: 'ref-1',
      amount: '3000.50',
      signed_field_names: 'access_key,profile_id,reference_number,amount',
      unsigned_field_names: 'card_type,card_number,card_expiry_date,card_cvn',
      signature: 'c2lnbmVk',
      card_type: '001',
      card_number: '4111111111111111',
      card_expiry_date: '12-2030',
      card_cvn: '123',
    });
    expect(submit).not.toHaveBeenCalled();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(dialog.querySelector('form')?.dataset.status).toBe('PAYMENT_PROCESSING');
  });

  it('a double click on Pay starts one booking request', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { calls } = show({
      answer: answering((call) =>
        call.operationName === 'initiateBooking' ? bookingRequestAnswer() : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog);
    const pay = within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(document.querySelector('form[data-gateway-form]')).not.toBeNull());
    expect(calls.filter((call) => call.operationName === 'initiateBooking')).toHaveLength(1);
  });

  it('a refused booking request shows why, and a retry sends the same key', async () => {
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    let refuse = true;
    const { calls } = show({
      answer: answering((call) =>
        call.operationName === 'initiateBooking'
          ? refuse
            ? {
                errors: [
                  {
                    message:
                      'ARO-E2005:This request is still being processed. Please wait a moment and try again',
                  },
                ],
              }
            : bookingRequestAnswer()
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(
      'We could not start the payment' +
        'This request is still being processed. Please wait a moment and try again',
    );
    expect(dialog.querySelector('form')?.dataset.status).toBe('ERROR');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    await waitFor(() => expect(document.querySelector('form[data-gateway-form]')).not.toBeNull());
    const keys = calls
      .filter((call) => call.operationName === 'initiateBooking')
      .map((call) => call.variables.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
  it('a payment of this invoice still being processed: the card form shows it in its ERROR state', async () => {
    show({
      answer: answering((call) =>
        call.operationName === 'initiateBooking'
          ? { errors: [{ message: stillProcessing }] }
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay by card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await fillCard(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`We could not start the payment${stillProcessingText}`);
    expect(dialog.querySelector('form')?.dataset.status).toBe('ERROR');
    expect(document.querySelector('form[data-gateway-form]')).toBeNull();
  });
});

describe('quick pay with the saved default card (spec doc 2 §7 completeBooking, §8)', () => {
  const withCard = testAccount([savedCard('pm-1')]);

  it('completed: Payment success, and the appointment is read again', async () => {
    const { calls, onPaid } = show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? {
              data: {
                completeBooking: {
                  __typename: 'CompletedBooking',
                  id: 'pay-1',
                  status: 'completed',
                  message: null,
                  paymentMethodId: 'pm-1',
                },
              },
            }
          : null,
      ),
    });
    const quick = await screen.findByRole('button', {
      name: 'Pay 3,000.50 LKR with your saved card 411111XXXXXXXXXX',
    });
    fireEvent.click(quick);
    fireEvent.click(quick);
    await screen.findByText('Payment success');
    expect(onPaid).toHaveBeenCalledTimes(1);
    const completes = calls.filter((call) => call.operationName === 'completeBooking');
    expect(completes).toHaveLength(1);
    expect(completes[0]?.variables).toEqual({
      input: { id: 'inv-1', paymentGatewayType: 'cyberSource', paymentMethodId: 'pm-1' },
      idempotencyKey: expect.any(String) as unknown,
    });
  });

  it.each([
    ['failed', 'Payment failed'],
    ['declined', 'Unable to process payment!'],
  ])('status %s: %s, then the payment history at that payment', async (status, text) => {
    const { onPaid } = show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking' ? completedAnswer({ id: 'pay-9', status }) : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await screen.findByText(text);
    expect((await screen.findByTestId('location')).textContent).toBe(
      '/profiles/my-payment-history?paymentId=pay-9',
    );
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('pending: Payment is pending, the appointment read again, and no redirect', async () => {
    const { onPaid, router } = show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? completedAnswer({ id: 'pay-3', status: 'pending' })
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await screen.findByText('Payment is pending');
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Payment success')).toBeNull();
    expect(screen.queryByText('Unable to process payment!')).toBeNull();
    expect(router.state.location.pathname).toBe('/view/appointment');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('failed with no payment id: Payment failed, and the next tap is a new request (new key)', async () => {
    const { calls, onPaid } = show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? completedAnswer({ id: null, status: 'failed' })
          : null,
      ),
    });
    const quick = await screen.findByRole('button', { name: /with your saved card/ });
    fireEvent.click(quick);
    await screen.findByText('Payment failed');
    expect(screen.queryByTestId('location')).toBeNull();
    await waitFor(() => expect(quick.hasAttribute('disabled')).toBe(false));
    fireEvent.click(quick);
    await waitFor(() => expect(screen.getAllByText('Payment failed')).toHaveLength(2));
    const keys = completeKeys(calls);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a server error ends that request (new key next time); a lost request keeps its key', async () => {
    let next: 'error' | 'offline' = 'error';
    const { calls } = show({
      account: withCard,
      answer: answering((call) => {
        if (call.operationName !== 'completeBooking') {
          return null;
        }
        if (next === 'offline') {
          throw new TypeError('Failed to fetch');
        }
        return { errors: [{ message: 'ARO-E2001:The requested record was not found' }] };
      }),
    });
    const quick = await screen.findByRole('button', { name: /with your saved card/ });
    fireEvent.click(quick);
    await screen.findByText('Unable to process payment!');
    await waitFor(() => expect(quick.hasAttribute('disabled')).toBe(false));
    next = 'offline';
    fireEvent.click(quick);
    await waitFor(() => expect(screen.getAllByText('Unable to process payment!')).toHaveLength(2));
    await waitFor(() => expect(quick.hasAttribute('disabled')).toBe(false));
    fireEvent.click(quick);
    await waitFor(() => expect(screen.getAllByText('Unable to process payment!')).toHaveLength(3));
    const keys = completeKeys(calls);
    expect(keys).toHaveLength(3);
    // after the server's error a new key; the request that got no answer is retried with its own key
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('a payment of this invoice still being processed: its text as the toast', async () => {
    show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? { errors: [{ message: stillProcessing }] }
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await screen.findByText(stillProcessingText);
    expect(screen.queryByText('Unable to process payment!')).toBeNull();
  });

  it('an error: Unable to process payment!, and the patient stays to try again', async () => {
    show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? { errors: [{ message: 'ARO-E2001:The requested record was not found' }] }
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await screen.findByText('Unable to process payment!');
    expect(
      screen.getByRole('button', { name: /with your saved card/ }).hasAttribute('disabled'),
    ).toBe(false);
  });
});

describe('back from the gateway (spec doc 2 §2 paymentStatus, §8)', () => {
  it('Success with an ACCEPT record: checking first, then Payment success once, the appointment read again, the outcome out of the address', async () => {
    let answered: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answered = resolve));
    const { router, onPaid, calls } = show({
      appointment: payableAppointment({ paymentStatus: 'paid' }),
      path: `${path}&paymentStatus=Success&bookingId=br-1`,
      answer: answering((call) =>
        call.operationName === 'paymentOutcome' ? gate.then(() => outcomeAnswer('ACCEPT')) : null,
      ),
    });
    expect((await screen.findByText('Checking your payment')).getAttribute('role')).toBe('status');
    expect(screen.queryByText('Payment success')).toBeNull();
    expect(onPaid).not.toHaveBeenCalled();
    answered();
    await screen.findByText('Payment success');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-1'),
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.getAllByText('Payment success')).toHaveLength(1);
    expect(screen.queryByText('Checking your payment')).toBeNull();
    expect(calls.find((call) => call.operationName === 'paymentOutcome')?.variables).toEqual({
      bookingId: 'br-1',
    });
  });

  it.each<[string, unknown]>([
    ['a DECLINE record', outcomeAnswer('DECLINE', '476', 'Authentication failed')],
    ['no record', { data: { queryPaymentGatewayCallback: [] } }],
  ])(
    'a Success link with %s announces no success: the problem, and still payable',
    async (_case, record) => {
      const { onPaid } = show({
        path: `${path}&paymentStatus=Success&bookingId=br-1`,
        answer: answering((call) => (call.operationName === 'paymentOutcome' ? record : null)),
      });
      await screen.findByRole('region', { name: 'Problem with your payment' });
      expect(await screen.findByRole('button', { name: 'Pay by card' })).toBeTruthy();
      expect(screen.queryByText('Payment success')).toBeNull();
      expect(onPaid).not.toHaveBeenCalled();
    },
  );

  it.each(['Success', 'Failure'])(
    '%s with a REVIEW record: Payment is pending, neutral, without the try-again hint',
    async (paymentStatus) => {
      show({
        path: `${path}&paymentStatus=${paymentStatus}&bookingId=br-1`,
        answer: answering((call) =>
          call.operationName === 'paymentOutcome' ? outcomeAnswer('REVIEW', '480') : null,
        ),
      });
      const pending = await screen.findByText('Payment is pending');
      expect(pending.getAttribute('role')).toBe('status');
      expect(screen.queryByRole('region', { name: 'Problem with your payment' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Your appointment is kept. You can try paying again.')).toBeNull();
      expect(screen.queryByText('Payment success')).toBeNull();
    },
  );

  it('Success without a booking id on a paid appointment: Payment success once', async () => {
    const { router, onPaid, calls } = show({
      appointment: payableAppointment({ paymentStatus: 'paid' }),
      path: `${path}&paymentStatus=Success`,
    });
    await screen.findByText('Payment success');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-1'),
    );
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(calls.filter((call) => call.operationName === 'paymentOutcome')).toEqual([]);
  });

  it('Success without a booking id on an unpaid appointment: read again, checking, and no success when it stays unpaid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router, onPaid } = show({ path: `${path}&paymentStatus=Success` });
    await screen.findByText('Checking your payment');
    expect(onPaid).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAID_WAIT_MS);
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?sessionId=s-1&appointmentId=a-1'),
    );
    expect(screen.queryByText('Checking your payment')).toBeNull();
    expect(screen.queryByText('Payment success')).toBeNull();
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Pay by card' })).toBeTruthy();
  });

  it('Failure: Problem with your payment, the gateway’s answer, and the appointment stays payable', async () => {
    const { calls } = show({
      path: `${path}&paymentStatus=Failure&bookingId=br-1`,
      answer: answering((call) =>
        call.operationName === 'paymentOutcome'
          ? {
              data: {
                queryPaymentGatewayCallback: [
                  {
                    __typename: 'PaymentRecord',
                    id: 'pay-1',
                    bookingId: 'br-1',
                    response: {
                      __typename: 'PaymentResponse',
                      status: 'DECLINE',
                      message: null,
                      additionalInfo: 'Authentication failed',
                      reasonCode: '476',
                    },
                  },
                ],
              },
            }
          : null,
      ),
    });
    const problem = await screen.findByRole('region', { name: 'Problem with your payment' });
    await within(problem).findByText(
      'Payment failed, unable to authenticate your request from bank',
    );
    expect(calls.find((call) => call.operationName === 'paymentOutcome')?.variables).toEqual({
      bookingId: 'br-1',
    });
    expect(await screen.findByRole('button', { name: 'Pay by card' })).toBeTruthy();
    expect(screen.queryByText('Payment success')).toBeNull();
  });

  it('Failure with no recorded answer: no response from the bank', async () => {
    show({
      path: `${path}&paymentStatus=Failure&bookingId=br-2`,
      answer: answering((call) =>
        call.operationName === 'paymentOutcome'
          ? { data: { queryPaymentGatewayCallback: [] } }
          : null,
      ),
    });
    const problem = await screen.findByRole('region', { name: 'Problem with your payment' });
    await within(problem).findByText('Payment failed, unable to get any response from bank');
  });
});

describe('quick pay that the bank wants to check (spec doc 2 §7 authenticatePaymentGateway)', () => {
  const withCard = testAccount([savedCard('pm-1')]);

  it("authenticating: asks for the bank's page with this screen as the way back, and posts it after 1 s", async () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const { calls, onPaid } = show({
      account: withCard,
      answer: answering((call) => {
        if (call.operationName === 'completeBooking') {
          return {
            data: {
              completeBooking: {
                __typename: 'CompletedBooking',
                id: null,
                bookingId: 'br-7',
                status: 'authenticating',
                message: null,
                paymentMethodId: 'pm-1',
              },
            },
          };
        }
        if (call.operationName === 'authenticatePaymentGateway') {
          return {
            data: {
              authenticatePaymentGateway: {
                authentication: {
                  redirectHtml:
                    '<!doctype html><html><body><form method="post" action="/sandbox/cybersource/cardinal/step-up"><input type="hidden" name="JWT" value="jwt-1"><input type="hidden" name="MD" value="ref-1"><button type="submit">Continue</button></form><script>alert(1)</script></body></html>',
                },
              },
            },
          };
        }
        return null;
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await waitFor(() => expect(document.querySelector('form[data-gateway-form]')).not.toBeNull());
    const authenticate = calls.find((call) => call.operationName === 'authenticatePaymentGateway');
    expect(authenticate?.variables).toEqual({
      id: 'br-7',
      successUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
      failureUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
    });
    const bankForm = document.querySelector<HTMLFormElement>('form[data-gateway-form]');
    expect(bankForm?.getAttribute('action')).toBe('/sandbox/cybersource/cardinal/step-up');
    expect(
      [...(bankForm?.querySelectorAll('input') ?? [])].map((input) => [input.name, input.value]),
    ).toEqual([
      ['JWT', 'jwt-1'],
      ['MD', 'ref-1'],
    ]);
    expect(document.querySelector('script')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment failed')).toBeNull();
  });

  it("without a page to go to: 'Unable to process payment!'", async () => {
    show({
      account: withCard,
      answer: answering((call) =>
        call.operationName === 'completeBooking'
          ? {
              data: {
                completeBooking: {
                  __typename: 'CompletedBooking',
                  id: null,
                  bookingId: 'br-8',
                  status: 'authenticating',
                  message: null,
                  paymentMethodId: 'pm-1',
                },
              },
            }
          : null,
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: /with your saved card/ }));
    await screen.findByText('Unable to process payment!');
  });
});

describe('Pay by Genie (spec doc 2 §7 Payment gateways, doc 3 §4)', () => {
  const genieAnswer = {
    data: {
      initiateBooking: {
        __typename: 'BookingRequest',
        id: 'br-9',
        formUrl: '/sandbox/genie/pay/tx-9',
        formMethod: 'GET',
        signature: {
          __typename: 'Signature',
          parameter: [
            { __typename: 'NameValue', name: 'token', value: 'tx-9' },
            { __typename: 'NameValue', name: 'paymentMethod', value: 'genie' },
            { __typename: 'NameValue', name: 'chargeTotal', value: '3000.50' },
          ],
          value: null,
        },
        unsignedFieldNames: [],
      },
    },
  };

  it.each([
    ['Pay by Genie', 'genie'],
    ['Pay by mobile bill', 'mobileBill'],
  ])(
    "%s: initiateBooking with %s and this screen as return, then the gateway's page with the fields",
    async (name, paymentGatewayType) => {
      const assign = vi.fn();
      vi.spyOn(window, 'location', 'get').mockReturnValue({
        ...window.location,
        href: window.location.href,
        assign,
      });
      const { calls } = show({
        answer: answering((call) =>
          call.operationName === 'initiateBooking' ? genieAnswer : null,
        ),
      });
      fireEvent.click(await screen.findByRole('button', { name }));
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(assign).toHaveBeenCalledWith(
        '/sandbox/genie/pay/tx-9?token=tx-9&paymentMethod=genie&chargeTotal=3000.50',
      );
      const initiate = calls.find((call) => call.operationName === 'initiateBooking');
      expect(initiate?.variables).toEqual({
        input: {
          id: 'inv-1',
          successUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
          failureUrl: '/view/appointment?sessionId=s-1&appointmentId=a-1',
          paymentGatewayType,
        },
        idempotencyKey: expect.any(String) as unknown,
      });
    },
  );

  it('is not offered where the tenant has Genie off, and is the only way when the card gateway is off', async () => {
    const off = {
      ...baseTenantConfig,
      features: {
        ...baseTenantConfig.features,
        paymentGateWay: { ...baseTenantConfig.features.paymentGateWay, genie: false },
      },
    };
    show({ tenant: off });
    await screen.findByRole('button', { name: 'Pay by card' });
    expect(screen.queryByRole('button', { name: 'Pay by Genie' })).toBeNull();
    cleanup();
    show({
      tenant: {
        ...baseTenantConfig,
        features: {
          ...baseTenantConfig.features,
          paymentGateWay: { ...baseTenantConfig.features.paymentGateWay, cyberSource: false },
        },
      },
    });
    await screen.findByRole('button', { name: 'Pay by Genie' });
    expect(screen.queryByRole('button', { name: 'Pay by card' })).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
