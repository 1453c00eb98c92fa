// @vitest-environment jsdom
import { Suspense, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadOrdersMessages } from '@careline/i18n/orders';
import {
  renderPayments,
  savedCard,
  testAccount,
  type GraphQLCall,
} from '../test/render-payments.tsx';
import { OrderPayment, type OrderPaymentOrder } from './order-payment.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const path = '/order/view?orderId=o-1';

function medicationOrder(overrides: Partial<OrderPaymentOrder> = {}): OrderPaymentOrder {
  return {
    id: 'o-1',
    category: 'Medication',
    version: 3,
    serviceRequestChargingAmount: 1500,
    serviceRequestPaymentStatus: 'pending',
    serviceRequestPaymentMethod: 'card',
    organizationId: 'org-1',
    patientId: 'p-1',
    orderStatus: 'confirming',
    ...overrides,
  };
}

/** prepareInvoice's answer for an order: one line, the charge. */
function orderInvoiceAnswer(total = '1500.00', id = 'inv-1') {
  return {
    data: {
      prepareInvoice: {
        __typename: 'Invoice',
        id,
        serviceRequestId: 'o-1',
        items: [{ __typename: 'InvoiceItem', description: 'Medication Order SR-1', amount: total }],
        values: [total],
        total,
        currency: 'LKR',
        reasonCode: 'prepayment_collected',
      },
    },
  };
}

function completedAnswer(status: string, id: string | null = 'pay-9') {
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

/** The order view's part: the order as state, with a control that changes its charge as staff would. */
function Harness({ initial, onPaid }: { initial: OrderPaymentOrder; onPaid: () => void }) {
  const [order, setOrder] = useState(initial);
  return (
    <Suspense fallback={<p>loading texts</p>}>
      <button type="button" onClick={() => setOrder({ ...order, serviceRequestChargingAmount: 1750.25, version: order.version + 1 })}>
        staff changes the charge
      </button>
      <button
        type="button"
        onClick={() =>
          setOrder({
            ...order,
            serviceRequestInitiatedFor: order.serviceRequestInitiatedFor === 'appointment' ? 'homecare' : 'appointment',
            version: order.version + 1,
          })
        }
      >
        patient switches visit and home
      </button>
      <OrderPayment order={order} onPaid={onPaid} />
    </Suspense>
  );
}

async function show(options: {
  order?: OrderPaymentOrder;
  answer?: (call: GraphQLCall) => unknown;
  tenant?: TenantPublicConfig;
  account?: ReturnType<typeof testAccount>;
} = {}) {
  const onPaid = vi.fn();
  // The order texts load with the order screens; here they are loaded before the first render.
  const i18n = createI18n();
  await activateLocale(i18n, 'en');
  await loadOrdersMessages(i18n, 'en');
  const rendered = renderPayments({
    i18n,
    element: <Harness initial={options.order ?? medicationOrder()} onPaid={onPaid} />,
    path,
    routePath: '/order/view',
    answer:
      options.answer ??
      ((call) => (call.operationName === 'prepareOrderInvoice' ? orderInvoiceAnswer() : null)),
    tenant: options.tenant,
    account: options.account,
  });
  return { ...rendered, onPaid };
}

const prepareCalls = (calls: GraphQLCall[]) => calls.filter((call) => call.operationName === 'prepareOrderInvoice');

function withFeatures(change: (features: TenantPublicConfig['features']) => TenantPublicConfig['features']): TenantPublicConfig {
  return { ...baseTenantConfig, features: change(baseTenantConfig.features) };
}

describe('order payment block (spec doc 3 §2, §4 Order payment, §5)', () => {
  it('prepares the invoice for the order and shows it with the card line, Pay and book now and the terms link', async () => {
    const { calls } = await show({
      tenant: withFeatures((features) => ({ ...features, paymentTermsAndConditions: { enabled: true } })),
    });
    const region = await screen.findByRole('region', { name: 'Payment' });
    await within(region).findByRole('button', { name: 'Pay and book now' });
    expect(prepareCalls(calls).map((call) => call.variables)).toEqual([
      { input: { serviceRequestId: 'o-1', instrumentType: 'credit_card' } },
    ]);
    // spec doc 3 §5: 2 decimals, the last invoice value, with the currency.
    expect(within(region).getAllByText('1,500.00 LKR').length).toBeGreaterThan(0);
    expect(within(region).getByText('Pay by card')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Click to change' })).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'PAY NOW' })).toBeNull();
    expect(within(region).getByRole('link', { name: 'By continuing, you agree to the Terms & Conditions' }).getAttribute('href')).toBe(
      '/order/view?orderId=o-1#/paymentTermsAndConditions',
    );
  });

  it('shows nothing and prepares nothing while the hospital has set no charge', async () => {
    const { calls } = await show({ order: medicationOrder({ serviceRequestChargingAmount: null }) });
    await screen.findByRole('button', { name: 'staff changes the charge' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    expect(prepareCalls(calls)).toEqual([]);
  });

  it('prepares the invoice again when the charge changes', async () => {
    let prepared = 0;
    const { calls } = await show({
      answer: (call) => {
        if (call.operationName !== 'prepareOrderInvoice') {
          return null;
        }
        prepared += 1;
        return prepared === 1 ? orderInvoiceAnswer('1500.00', 'inv-1') : orderInvoiceAnswer('1750.25', 'inv-2');
      },
    });
    await screen.findByRole('button', { name: 'Pay and book now' });
    fireEvent.click(screen.getByRole('button', { name: 'staff changes the charge' }));
    await waitFor(() => expect(prepareCalls(calls)).toHaveLength(2));
    await screen.findAllByText('1,750.25 LKR');
  });

  it('prepares the invoice again when the patient switches between a visit and a home request, at the same charge', async () => {
    let prepared = 0;
    const { calls } = await show({
      order: medicationOrder({ serviceRequestInitiatedFor: 'homecare' }),
      answer: (call) => {
        if (call.operationName !== 'prepareOrderInvoice') {
          return null;
        }
        prepared += 1;
        return orderInvoiceAnswer('1500.00', `inv-${prepared}`);
      },
    });
    await screen.findByRole('button', { name: 'Pay and book now' });
    expect(prepareCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'patient switches visit and home' }));
    await waitFor(() => expect(prepareCalls(calls)).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'patient switches visit and home' }));
    await waitFor(() => expect(prepareCalls(calls)).toHaveLength(3));
    await screen.findByRole('button', { name: 'Pay and book now' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prepareCalls(calls)).toHaveLength(3);
  });

  it('a new card: PROCESSING PAYMENT... and the buttons disabled while the booking is initiated, back when it fails', async () => {
    let refused: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (refused = resolve));
    const { calls } = await show({
      account: testAccount([savedCard('pm-1')]),
      answer: async (call) => {
        if (call.operationName === 'prepareOrderInvoice') {
          return orderInvoiceAnswer();
        }
        if (call.operationName === 'initiateBooking') {
          await gate;
          return { errors: [{ message: 'ARO-E5026:The charge of this order has changed. Please check it and pay again' }] };
        }
        return null;
      },
    });
    const region = await screen.findByRole('region', { name: 'Payment' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Pay and book now' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.querySelector('form')?.dataset.status).toBe('READY'));
    fireEvent.change(within(dialog).getByLabelText('Name on card'), { target: { value: 'Kamala Perera' } });
    fireEvent.change(within(dialog).getByLabelText('Card number'), { target: { value: '4111111111111111' } });
    fireEvent.change(within(dialog).getByLabelText('Expiry date (MM/YY)'), { target: { value: '1230' } });
    fireEvent.change(within(dialog).getByLabelText('CVV'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Pay / }));
    const processing = await within(region).findByRole('button', { name: 'PROCESSING PAYMENT...', hidden: true });
    expect(processing).toHaveProperty('disabled', true);
    expect(within(region).getByRole('button', { name: 'Pay and book now', hidden: true })).toHaveProperty('disabled', true);
    expect(within(region).getByRole('button', { name: 'Click to change', hidden: true })).toHaveProperty('disabled', true);
    refused();
    await within(dialog).findByText('The charge of this order has changed. Please check it and pay again');
    await waitFor(() =>
      expect(within(region).getByRole('button', { name: 'PAY NOW', hidden: true })).toHaveProperty('disabled', false),
    );
    expect(calls.filter((call) => call.operationName === 'initiateBooking')[0]?.variables.input).toEqual({
      id: 'inv-1',
      successUrl: '/order/view?orderId=o-1',
      failureUrl: '/order/view?orderId=o-1',
      paymentGatewayType: 'cyberSource',
      savePaymentMethod: false,
    });
  });

  it.each<[string, string]>([
    ['411111XXXXXXXXXX', 'Card 411111XXXXXXXXXX'],
    ['4111XXXXXXXX1111', 'Card 4111XXXXXXXXXXXX'],
  ])('a saved card masked by the server (%s) shows its first six digits and the rest masked, never fake zeros', async (cardNumber, shown) => {
    await show({ account: testAccount([{ ...savedCard('pm-1'), cardNumber }]) });
    const region = await screen.findByRole('region', { name: 'Payment' });
    expect(within(region).getByText(shown)).toBeTruthy();
    expect(within(region).queryByText(/Card \d*0/)).toBeNull();
  });

  it('PAY NOW with the default saved card: PROCESSING PAYMENT... while busy, then Payment success and the order read again', async () => {
    let charged: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (charged = resolve));
    const { calls, onPaid } = await show({
      account: testAccount([savedCard('pm-1')]),
      answer: async (call) => {
        if (call.operationName === 'prepareOrderInvoice') {
          return orderInvoiceAnswer();
        }
        if (call.operationName === 'completeBooking') {
          await gate;
          return completedAnswer('completed');
        }
        return null;
      },
    });
    const region = await screen.findByRole('region', { name: 'Payment' });
    expect(within(region).getByText('Card 411111XXXXXXXXXX')).toBeTruthy();
    fireEvent.click(await within(region).findByRole('button', { name: 'PAY NOW' }));
    await within(region).findByRole('button', { name: 'PROCESSING PAYMENT...' });
    charged();
    await screen.findByText('Payment success');
    expect(onPaid).toHaveBeenCalledTimes(1);
    const complete = calls.find((call) => call.operationName === 'completeBooking');
    expect(complete?.variables.input).toEqual({ id: 'inv-1', paymentGatewayType: 'cyberSource', paymentMethodId: 'pm-1' });
  });

  it('a quick payment that did not complete: Unable to process payment! and payment history at that payment', async () => {
    const { router, onPaid } = await show({
      account: testAccount([savedCard('pm-1')]),
      answer: (call) =>
        call.operationName === 'prepareOrderInvoice'
          ? orderInvoiceAnswer()
          : call.operationName === 'completeBooking'
            ? completedAnswer('failed', 'pay-9')
            : null,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'PAY NOW' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profiles/my-payment-history'));
    expect(router.state.location.search).toBe('?paymentId=pay-9');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('Pay and book now opens the card form for a new card', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay and book now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Card number')).toBeTruthy();
  });

  it('cash on delivery: the line says so and there is no pay button', async () => {
    await show({ order: medicationOrder({ serviceRequestPaymentMethod: 'cash' }) });
    const region = await screen.findByRole('region', { name: 'Payment' });
    await within(region).findByText('Cash on delivery');
    expect(
      within(region).getByText('Pay the hospital in cash when your order is delivered or collected. The hospital records your payment.'),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Pay and book now' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'PAY NOW' })).toBeNull();
  });

  it('Genie: Pay by Genie, and Pay and book now starts a Genie booking', async () => {
    const { calls } = await show({
      order: medicationOrder({ serviceRequestPaymentMethod: 'genie' }),
      answer: (call) =>
        call.operationName === 'prepareOrderInvoice'
          ? orderInvoiceAnswer()
          : call.operationName === 'initiateBooking'
            ? { errors: [{ message: 'ARO-E5021:Genie could not start this payment. Please try again' }] }
            : null,
    });
    const region = await screen.findByRole('region', { name: 'Payment' });
    await within(region).findByText('Pay by Genie');
    fireEvent.click(within(region).getByRole('button', { name: 'Pay and book now' }));
    await screen.findByText('Unable to process payment!');
    const initiate = calls.find((call) => call.operationName === 'initiateBooking');
    expect(initiate?.variables.input).toEqual({
      id: 'inv-1',
      successUrl: '/order/view?orderId=o-1',
      failureUrl: '/order/view?orderId=o-1',
      paymentGatewayType: 'genie',
    });
  });

  it('Click to change opens the chooser; choosing cash patches the order at its version and reads it again', async () => {
    const { calls, onPaid } = await show({
      answer: (call) =>
        call.operationName === 'prepareOrderInvoice'
          ? orderInvoiceAnswer()
          : call.operationName === 'chooseOrderPaymentMethod'
            ? { data: { patchServiceRequest: { __typename: 'ServiceRequest', id: 'o-1', version: 4, serviceRequestPaymentMethod: 'cash' } } }
            : null,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Click to change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose how to pay' });
    expect(within(dialog).getByRole('button', { name: 'Pay by card' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cash on delivery' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const patch = calls.find((call) => call.operationName === 'chooseOrderPaymentMethod');
    expect(patch?.variables).toMatchObject({ id: 'o-1', expectedVersion: 3, method: 'cash' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each<[string, Partial<OrderPaymentOrder>, TenantPublicConfig]>([
    ['payment is off for the category', {}, withFeatures((f) => ({ ...f, medicationOrder: { ...f.medicationOrder, payment: false } }))],
    ['the order is completed', { orderStatus: 'completed' }, baseTenantConfig],
  ])('no pay button when %s (spec doc 3 §5)', async (_name, overrides, tenant) => {
    await show({ order: medicationOrder(overrides), tenant });
    const region = await screen.findByRole('region', { name: 'Payment' });
    await within(region).findAllByText('1,500.00 LKR');
    expect(within(region).queryByRole('button', { name: 'Pay and book now' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Click to change' })).toBeNull();
  });

  it('a paid order shows Paid and prepares no invoice', async () => {
    const { calls } = await show({ order: medicationOrder({ serviceRequestPaymentStatus: 'paid' }) });
    const region = await screen.findByRole('region', { name: 'Payment' });
    expect(within(region).getByText('Paid')).toBeTruthy();
    expect(prepareCalls(calls)).toEqual([]);
  });
});
