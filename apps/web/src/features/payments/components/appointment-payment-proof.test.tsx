// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { payableAppointment, renderPayments, type GraphQLCall } from '../test/render-payments.tsx';
import { AppointmentPayment } from './appointment-payment.tsx';

// issue 29 §1.3: after paying, /view/appointment shows the proof: paid, the amount, the method and
// 'View invoice', which opens the paid invoice (the payment history's 'Payment Invoice', given by the route).

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const path = '/view/appointment?sessionId=s-1&appointmentId=a-1';

function paidRecord(response: Record<string, unknown> = {}) {
  return {
    __typename: 'PaymentRecord',
    id: 'pay-1',
    bookingId: 'b-1',
    requestReference: 'Appointment/a-1',
    organizationId: 'org-1',
    organizationName: 'Lanka Hospitals',
    patientId: 'p-me',
    createdTime: '2026-11-24T11:15:00.000Z',
    response: {
      __typename: 'PaymentResponse',
      amount: '2999.89',
      status: 'ACCEPT',
      message: 'Request was processed successfully.',
      additionalInfo: null,
      transactionDate: '2026-11-24T11:15:00.000Z',
      transactionReference: 'T-1',
      cardType: '001',
      cardNumber: '411111XXXXXX1111',
      cardExpiry: '12-2030',
      firstName: 'Kamala',
      lastName: 'Perera',
      paymentGatewayType: 'cyberSource',
      ...response,
    },
    invoice: {
      __typename: 'Invoice',
      id: 'inv-1',
      items: [{ __typename: 'InvoiceItem', description: 'Doctor fee', amount: '2500.00', category: 'doctor_fee' }],
      total: '2999.89',
      currency: 'LKR',
    },
  };
}

function answering(records: unknown[]) {
  return (call: GraphQLCall) =>
    call.operationName === 'appointmentPayments' ? { data: { queryPaymentGatewayCallback: records } } : { data: null };
}

describe('AppointmentPayment: the proof of payment (issue 29 §1.3)', () => {
  it('shows a paid appointment as Paid, with the amount, the method and View invoice, which opens the invoice', async () => {
    const opened: unknown[] = [];
    const { calls } = renderPayments({
      element: (
        <AppointmentPayment
          appointment={payableAppointment({ paymentStatus: 'paid' })}
          onPaid={() => undefined}
          invoiceSlot={(record, close) => (
            <div role="dialog" aria-label="Payment Invoice">
              {(opened.push(record), record.id)}
              <button type="button" onClick={close}>
                Close
              </button>
            </div>
          )}
        />
      ),
      path,
      routePath: '/view/appointment',
      answer: answering([paidRecord({ status: 'DECLINE', amount: '10.00' }), paidRecord()].reverse()),
    });
    const proof = await screen.findByRole('region', { name: 'Payment details' });
    await within(proof).findByText('Paid');
    expect(proof.textContent).toContain('2,999.89');
    expect(proof.textContent).toContain('Card');
    expect(proof.textContent).toContain('411111');
    expect(calls.find((call) => call.operationName === 'appointmentPayments')?.variables).toMatchObject({
      requestReference: 'Appointment/a-1',
    });
    fireEvent.click(within(proof).getByRole('button', { name: 'View invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Invoice' });
    expect(dialog.textContent).toContain('pay-1');
    expect(opened).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the way it was paid: Genie, mobile bill, cash at the hospital', async () => {
    renderPayments({
      element: <AppointmentPayment appointment={payableAppointment({ paymentStatus: 'paid' })} onPaid={() => undefined} />,
      path,
      routePath: '/view/appointment',
      answer: answering([paidRecord({ paymentGatewayType: 'cash', cardType: null, cardNumber: null })]),
    });
    const proof = await screen.findByRole('region', { name: 'Payment details' });
    await within(proof).findByText('Cash at the hospital');
    // Without the route's invoice slot there is nothing to open.
    expect(within(proof).queryByRole('button', { name: 'View invoice' })).toBeNull();
  });

  it('says it in Sinhala too', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    renderPayments({
      element: <AppointmentPayment appointment={payableAppointment({ paymentStatus: 'paid' })} onPaid={() => undefined} />,
      path,
      routePath: '/view/appointment',
      i18n,
      answer: answering([paidRecord({ paymentGatewayType: 'mobileBill', cardType: null, cardNumber: null })]),
    });
    const proof = await screen.findByRole('region', { name: 'ගෙවීමේ විස්තර' });
    await within(proof).findByText('ජංගම බිල්පත');
    expect(proof.textContent).toContain('ගෙවා ඇත');
  });

  it('shows no proof for an appointment not paid, and asks nothing', async () => {
    const { calls } = renderPayments({
      element: (
        <AppointmentPayment
          appointment={payableAppointment({ paymentStatus: 'pending', appointmentStatus: 'cancelled' })}
          onPaid={() => undefined}
        />
      ),
      path,
      routePath: '/view/appointment',
      answer: answering([]),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('region', { name: 'Payment details' })).toBeNull();
    expect(calls.some((call) => call.operationName === 'appointmentPayments')).toBe(false);
  });
});
