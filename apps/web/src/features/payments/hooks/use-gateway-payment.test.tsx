// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { renderPayments, type GraphQLCall } from '../test/render-payments.tsx';
import type { CardPayment } from '../components/card-form-modal.tsx';
import type * as BankRedirect from '../utils/bank-redirect.ts';
import type * as GatewayForm from '../utils/gateway-form.ts';
import { useGatewayPayment, type GatewayPaymentOptions } from './use-gateway-payment.ts';

const gateway = vi.hoisted(() => ({
  postGatewayForm: vi.fn(),
  openGatewayPage: vi.fn((): string | null => 'https://genie.test/pay'),
  goToBank: vi.fn(),
}));

vi.mock('../utils/gateway-form.ts', async (original) => ({
  ...(await original<typeof GatewayForm>()),
  postGatewayForm: gateway.postGatewayForm,
  openGatewayPage: gateway.openGatewayPage,
}));

vi.mock('../utils/bank-redirect.ts', async (original) => ({
  ...(await original<typeof BankRedirect>()),
  goToBank: gateway.goToBank,
}));

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  gateway.openGatewayPage.mockImplementation(() => 'https://genie.test/pay');
});

const texts = {
  cardFailed: 'card failed text',
  success: 'success text',
  pending: 'pending text',
  failed: 'declined text',
  unableToProcess: 'unable text',
};

const card: CardPayment = {
  nameOnCard: 'A Perera',
  cardNumber: '4111-1111-1111-1111',
  expiry: '12/30',
  cvv: '123',
  savePaymentMethod: true,
};

const initiated = {
  data: {
    initiateBooking: {
      __typename: 'BookingRequest',
      id: 'br-1',
      formUrl: 'https://gateway.test/pay',
      formMethod: 'POST',
      signature: { __typename: 'Signature', parameter: [], value: 'sig' },
      unsignedFieldNames: [],
    },
  },
};

function completed(status: string, id: string | null = 'pay-9') {
  return {
    data: {
      completeBooking: {
        __typename: 'CompletedBooking',
        id,
        bookingId: 'br-9',
        status,
        message: null,
        paymentMethodId: 'pm-1',
      },
    },
  };
}

/** A screen using the hook: one button per flow, the flow in progress and the card form's answer. */
function Payer({ options }: { options: Omit<GatewayPaymentOptions, 'texts'> }) {
  const payment = useGatewayPayment({ ...options, texts });
  const [cardAnswer, setCardAnswer] = useState<string>('');
  return (
    <div>
      <output data-testid="active">{payment.active ?? 'none'}</output>
      <output data-testid="card-answer">{cardAnswer}</output>
      <button
        type="button"
        onClick={() => void payment.payByCard(card).then((text) => setCardAnswer(text ?? 'sent'))}
      >
        card
      </button>
      <button type="button" onClick={() => void payment.quickPay('pm-1')}>
        quick
      </button>
      <button type="button" onClick={() => void payment.payByRedirect('genie')}>
        genie
      </button>
    </div>
  );
}

function show(
  answer: (call: GraphQLCall) => unknown,
  overrides: Partial<GatewayPaymentOptions> = {},
) {
  const onPaid = vi.fn();
  const rendered = renderPayments({
    element: (
      <Payer
        options={{
          invoiceId: 'inv-1',
          cardGateway: 'cyberSource',
          back: '/order/view?orderId=o-1',
          shownCodes: ['ARO-E5015'],
          onPaid,
          ...overrides,
        }}
      />
    ),
    path: '/order/view?orderId=o-1',
    routePath: '/order/view',
    answer,
  });
  return { ...rendered, onPaid };
}

const active = () => screen.getByTestId('active').textContent;
const named = (calls: GraphQLCall[], name: string) =>
  calls.filter((call) => call.operationName === name);

describe('useGatewayPayment (spec doc 2 §7, doc 3 §4: the gateway flows of a payment)', () => {
  it('a card payment is in progress until it fails, one payment at a time', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = show(async (call) => {
      if (call.operationName === 'initiateBooking') {
        await gate;
        return {
          errors: [{ message: 'ARO-E5015:A payment for this invoice is still being processed' }],
        };
      }
      return null;
    });
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() => expect(active()).toBe('card'));
    // One payment at a time: another tap meanwhile starts nothing.
    fireEvent.click(screen.getByRole('button', { name: 'genie' }));
    release();
    await waitFor(() =>
      expect(screen.getByTestId('card-answer').textContent).toBe(
        'A payment for this invoice is still being processed',
      ),
    );
    expect(active()).toBe('none');
    expect(named(calls, 'initiateBooking')).toHaveLength(1);
    expect(named(calls, 'initiateBooking')[0]?.variables.input).toEqual({
      id: 'inv-1',
      successUrl: '/order/view?orderId=o-1',
      failureUrl: '/order/view?orderId=o-1',
      paymentGatewayType: 'cyberSource',
      savePaymentMethod: true,
    });
    expect(gateway.postGatewayForm).not.toHaveBeenCalled();
  });

  it('back from the gateway page (the page restored as it was left): no payment in progress, no card field left, read again, payable again', async () => {
    const { calls, onPaid } = show(async (call) => (call.operationName === 'initiateBooking' ? initiated : null));
    const leftBehind = document.createElement('form');
    leftBehind.setAttribute('data-gateway-form', '');
    leftBehind.innerHTML = '<input type="hidden" name="card_number" value="4111111111111111">';
    document.body.appendChild(leftBehind);
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() => expect(gateway.postGatewayForm).toHaveBeenCalledTimes(1));
    expect(active()).toBe('card');
    // A page shown anew (not from the back-forward cache) changes nothing.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    });
    expect(active()).toBe('card');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(active()).toBe('none');
    expect(document.querySelector('form[data-gateway-form]')).toBeNull();
    expect(onPaid).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() => expect(gateway.postGatewayForm).toHaveBeenCalledTimes(2));
    expect(named(calls, 'initiateBooking')).toHaveLength(2);
  });

  it('a request lost on the way is retried with the same idempotency key', async () => {
    let first = true;
    const { calls } = show((call) => {
      if (call.operationName !== 'initiateBooking') {
        return null;
      }
      if (first) {
        first = false;
        throw new Error('network down');
      }
      return initiated;
    });
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() => expect(screen.getByTestId('card-answer').textContent).not.toBe(''));
    expect(active()).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() => expect(screen.getByTestId('card-answer').textContent).toBe('sent'));
    const [lost, retried] = named(calls, 'initiateBooking');
    expect(retried?.variables.idempotencyKey).toBe(lost?.variables.idempotencyKey);
    // Sent to the gateway: the page leaves, so the payment stays in progress.
    expect(gateway.postGatewayForm).toHaveBeenCalledTimes(1);
    expect(active()).toBe('card');
  });

  it('no card payment without an invoice or a card gateway', async () => {
    const { calls } = show(() => null, { cardGateway: null });
    fireEvent.click(screen.getByRole('button', { name: 'card' }));
    await waitFor(() =>
      expect(screen.getByTestId('card-answer').textContent).toBe('card failed text'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(named(calls, 'initiateBooking')).toEqual([]);
    expect(named(calls, 'completeBooking')).toEqual([]);
    expect(active()).toBe('none');
  });

  it.each<[string, string, string]>([
    ['completed', 'success text', 'success'],
    ['pending', 'pending text', 'info'],
  ])('a quick pay %s: its text and the paid thing read again', async (status, text) => {
    const { calls, onPaid } = show((call) =>
      call.operationName === 'completeBooking' ? completed(status) : null,
    );
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await screen.findByText(text);
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(active()).toBe('none');
    expect(named(calls, 'completeBooking')[0]?.variables.input).toEqual({
      id: 'inv-1',
      paymentGatewayType: 'cyberSource',
      paymentMethodId: 'pm-1',
    });
  });

  it('a declined quick pay: the failed text and the payment history at that payment', async () => {
    const { router, onPaid } = show((call) =>
      call.operationName === 'completeBooking' ? completed('failed', 'pay-9') : null,
    );
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await screen.findByText('declined text');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/profiles/my-payment-history'),
    );
    expect(router.state.location.search).toBe('?paymentId=pay-9');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a refused quick pay: the server message for a shown code, the generic text otherwise; it stays payable', async () => {
    let answer: unknown = {
      errors: [{ message: 'ARO-E5015:A payment for this invoice is still being processed' }],
    };
    const { router } = show((call) => (call.operationName === 'completeBooking' ? answer : null));
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await screen.findByText('A payment for this invoice is still being processed');
    expect(active()).toBe('none');
    answer = { errors: [{ message: 'ARO-E5099:Something else' }] };
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await screen.findByText('unable text');
    expect(router.state.location.pathname).toBe('/order/view');
  });

  it.each([
    ['en', 'A payment for this invoice is still being processed. You can pay again after 4:05 PM'],
    ['si', 'මෙම ඉන්වොයිසිය සඳහා ගෙවීමක් තවමත් සකසමින් පවතී. ප.ව. 4.05 න් පසු නැවත ගෙවිය හැක'],
  ] as const)('a payment still waiting at the bank says until when, in the hospital’s time (%s, issue 29 §2)', async (locale, text) => {
    const i18n = createI18n();
    await activateLocale(i18n, locale);
    renderPayments({
      element: <Payer options={{ invoiceId: 'inv-1', cardGateway: 'cyberSource', back: '/order/view?orderId=o-1', shownCodes: ['ARO-E5030'], onPaid: vi.fn() }} />,
      path: '/order/view?orderId=o-1',
      routePath: '/order/view',
      // 10:34:30 UTC is 4:04:30 PM in Colombo: shown as the next minute, never one already past.
      answer: (call) =>
        call.operationName === 'completeBooking'
          ? { errors: [{ message: 'ARO-E5030:A payment for this invoice is still being processed. You can pay again after 2026-11-24T10:34:30.000Z' }] }
          : null,
      i18n,
    });
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await waitFor(() => expect(document.body.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain(text));
    expect(active()).toBe('none');
  });

  it("3-D Secure: asks for the bank's page with the way back and goes there, still in progress", async () => {
    const { calls, onPaid } = show((call) => {
      if (call.operationName === 'completeBooking') {
        return completed('authenticating', null);
      }
      if (call.operationName === 'authenticatePaymentGateway') {
        return {
          data: {
            authenticatePaymentGateway: {
              authentication: { redirectUrl: 'https://bank.test/step-up' },
            },
          },
        };
      }
      return null;
    });
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await waitFor(() => expect(gateway.goToBank).toHaveBeenCalledTimes(1));
    expect(named(calls, 'authenticatePaymentGateway')[0]?.variables).toEqual({
      id: 'br-9',
      successUrl: '/order/view?orderId=o-1',
      failureUrl: '/order/view?orderId=o-1',
    });
    expect(active()).toBe('quick');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('3-D Secure without a page to go to: the generic text, and it may be tried again', async () => {
    show((call) => {
      if (call.operationName === 'completeBooking') {
        return completed('authenticating', null);
      }
      return call.operationName === 'authenticatePaymentGateway'
        ? { data: { authenticatePaymentGateway: {} } }
        : null;
    });
    fireEvent.click(screen.getByRole('button', { name: 'quick' }));
    await screen.findByText('unable text');
    expect(gateway.goToBank).not.toHaveBeenCalled();
    expect(active()).toBe('none');
  });

  it("Genie: the gateway's page opens, and when it may not, the generic text", async () => {
    const { calls } = show((call) => (call.operationName === 'initiateBooking' ? initiated : null));
    fireEvent.click(screen.getByRole('button', { name: 'genie' }));
    await waitFor(() => expect(gateway.openGatewayPage).toHaveBeenCalledTimes(1));
    expect(named(calls, 'initiateBooking')[0]?.variables.input).toEqual({
      id: 'inv-1',
      successUrl: '/order/view?orderId=o-1',
      failureUrl: '/order/view?orderId=o-1',
      paymentGatewayType: 'genie',
    });
    expect(active()).toBe('genie');
    cleanup();
    gateway.openGatewayPage.mockImplementation(() => null);
    show((call) => (call.operationName === 'initiateBooking' ? initiated : null));
    fireEvent.click(screen.getByRole('button', { name: 'genie' }));
    await screen.findByText('unable text');
    expect(active()).toBe('none');
  });
});
