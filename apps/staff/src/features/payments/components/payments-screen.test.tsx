// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { PaymentsScreen, type PaymentsAbilities } from './payments-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const everything: PaymentsAbilities = { cash: true, refunds: true, decide: true, reconcile: true };

type Answers = Record<string, unknown>;

const nameOf = (operation: { query: { definitions: readonly unknown[] } }) =>
  (operation.query.definitions[0] as { name?: { value: string } }).name?.value ?? '';

/** A urql client answering each operation by name from memory; mutations are recorded. */
function fakeClient(answers: Answers, mutations: Answers = {}) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const client = {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) => {
      const name = nameOf(operation);
      return name in answers ? fromValue({ operation, data: { [name]: answers[name] }, stale: false, hasNext: false }) : never;
    }),
    executeSubscription: vi.fn(() => never),
    executeMutation: vi.fn(() => never),
    // The screens send mutations with client.mutation(...).toPromise().
    mutation: vi.fn((query: { definitions: readonly unknown[] }, variables: Record<string, unknown>) => {
      const name = nameOf({ query });
      sent.push({ name, variables });
      return { toPromise: () => Promise.resolve({ data: { [name]: mutations[name] } }) };
    }),
  } as unknown as Client;
  return { client, sent };
}

function renderScreen(client: Client, may: PaymentsAbilities = everything) {
  return render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={client}>
        <PaymentsScreen hospital={hospital} may={may} />
      </Provider>
    </I18nProvider>,
  );
}

const dayPayments = {
  date: '2030-01-01',
  payments: [
    { id: 'p1', createdTime: '2030-01-01T04:00:00.000Z', paymentGatewayType: 'cash', status: 'ACCEPT', amount: '2999.79', currency: 'LKR', transactionReference: 'C20300101-ABCDEFGH', patientName: 'Mrs Amara Perera', tokenNo: 1 },
    { id: 'p2', createdTime: '2030-01-01T05:00:00.000Z', paymentGatewayType: 'cyberSource', status: 'ACCEPT', amount: '1000.50', currency: 'LKR', transactionReference: '7001', patientName: 'Mr Bimal Silva', tokenNo: 2 },
  ],
  totals: [
    { paymentGatewayType: 'cash', currency: 'LKR', count: 1, total: '2999.79' },
    { paymentGatewayType: 'cyberSource', currency: 'LKR', count: 1, total: '1000.50' },
  ],
};

const desk = [
  { id: 'a1', sessionId: 's1', sessionStart: '2030-01-01T03:30:00.000Z', doctorName: 'Dr. Nimal Perera', tokenNo: 3, patientName: 'Ms Chamari Fernando', appointmentStatus: 'booked', paymentStatus: 'pending', nothingToPay: false },
];

const receipt = {
  receiptNumber: 'C20300101-ZXCVBNMQ',
  appointmentId: 'a1',
  hospitalName: 'Careline Hospitals - Colombo',
  patientName: 'Ms Chamari Fernando',
  tokenNo: 3,
  doctorName: 'Dr. Nimal Perera',
  sessionStart: '2030-01-01T03:30:00.000Z',
  items: [
    { description: 'Doctor fee', amount: '2500.00' },
    { description: 'Seasonal discount', amount: '-0.20' },
  ],
  total: '2499.80',
  currency: 'LKR',
  paidAt: '2030-01-01T04:15:00.000Z',
  cashierName: 'Kamala Cashier',
};

const refund = {
  id: 'r1',
  appointmentId: 'a9',
  patientName: 'Mr Dinesh Jayasuriya',
  tokenNo: 5,
  sessionStart: '2030-01-01T03:30:00.000Z',
  doctorName: 'Dr. Nimal Perera',
  status: 'requested',
  reasons: ['Doctor related', 'doctor requested'],
  requestedBy: 'patient',
  excludedCategories: ['hospital_fee'],
  remarks: null,
  createdTime: '2030-01-01T03:00:00.000Z',
  paymentGatewayType: 'cyberSource',
  paidAmount: '3000.00',
  refundableAmount: '2500.00',
  currency: 'LKR',
  refundStatus: null,
  refundedAmount: null,
  refundError: null,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the payments screen', () => {
  it("shows the day's payments with totals per gateway, and empty states", async () => {
    const fake = fakeClient({ staffPaymentsOfDay: dayPayments, staffCashDesk: [], staffRefundRequests: [], staffUnmatchedGatewayNotifications: [] });
    renderScreen(fake.client);
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: /^Payments on / });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('C20300101-ABCDEFGH')).toBeTruthy();
    expect(screen.getByText('Cash: 1 payment, 2999.79 LKR')).toBeTruthy();
    expect(screen.getByText('Card: 1 payment, 1000.50 LKR')).toBeTruthy();
    expect(screen.getByText('No unpaid appointments in this session.')).toBeTruthy();
    expect(screen.getByText('No refund requests.')).toBeTruthy();
    expect(screen.getByText('Nothing to reconcile.')).toBeTruthy();
  });

  it("says a free session's appointment has nothing to pay, with no cash to take for it", async () => {
    const free = { ...desk[0], id: 'a2', tokenNo: 4, patientName: 'Mr Sunil Silva', nothingToPay: true };
    const fake = fakeClient({
      staffPaymentsOfDay: { ...dayPayments, payments: [], totals: [] },
      staffCashDesk: [...desk, free],
      staffRefundRequests: [],
      staffUnmatchedGatewayNotifications: [],
    });
    renderScreen(fake.client);
    fireEvent.change(await screen.findByLabelText('Session'), { target: { value: 's1' } });
    const row = screen.getByRole('row', { name: /Mr Sunil Silva/ });
    expect(within(row).getByText('Nothing to pay: free session')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take cash payment for token 3, Ms Chamari Fernando' })).toBeTruthy();
  });

  it('takes a cash payment after a confirmation and opens the printable receipt', async () => {
    const fake = fakeClient(
      { staffPaymentsOfDay: { ...dayPayments, payments: [], totals: [] }, staffCashDesk: desk, staffRefundRequests: [], staffUnmatchedGatewayNotifications: [] },
      { staffTakeCashPayment: receipt },
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderScreen(fake.client);
    fireEvent.change(await screen.findByLabelText('Session'), { target: { value: 's1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take cash payment for token 3, Ms Chamari Fernando' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Take a cash payment?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Confirm' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    });
    const sent = fake.sent.find((m) => m.name === 'staffTakeCashPayment');
    expect(sent?.variables).toMatchObject({ organizationId: 'h1', appointmentId: 'a1' });
    expect(String(sent?.variables.idempotencyKey)).toMatch(/^staff-/);
    const shown = await screen.findByRole('dialog', { name: 'Receipt · Careline Hospitals - Colombo' });
    expect(within(shown).getByText('C20300101-ZXCVBNMQ')).toBeTruthy();
    expect(within(shown).getByText('2499.80 LKR')).toBeTruthy();
    expect(within(shown).getByText('-0.20')).toBeTruthy();
    expect(within(shown).getByText('Kamala Cashier')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('decides a refund with remarks after a confirmation; Escape cancels', async () => {
    const fake = fakeClient(
      { staffPaymentsOfDay: dayPayments, staffCashDesk: [], staffRefundRequests: [refund], staffUnmatchedGatewayNotifications: [] },
      { staffDecideRefund: { id: 'r1', status: 'refunded', remarks: 'Doctor absent', refundStatus: 'refunded', refundedAmount: '2500.00', refundError: null } },
    );
    renderScreen(fake.client);
    const card = (await screen.findByRole('heading', { name: 'Token 5, Mr Dinesh Jayasuriya' })).closest('li') as HTMLElement;
    expect(within(card).getByText('2500.00 LKR')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Refund to card' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Refund to the card?' });
    expect(within(dialog).getByText('Mr Dinesh Jayasuriya: refundable 2500.00 LKR.')).toBeTruthy();
    const remarks = within(dialog).getByLabelText('Remarks');
    expect(document.activeElement).toBe(remarks);
    fireEvent.change(remarks, { target: { value: 'Doctor absent' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    });
    expect(fake.sent.find((m) => m.name === 'staffDecideRefund')?.variables).toMatchObject({
      refundRequestId: 'r1',
      decision: 'REFUND_TO_CARD',
      remarks: 'Doctor absent',
    });
    expect(await screen.findByText('The refund request is now Refunded.')).toBeTruthy();
  });

  it('reconciles a gateway notification, and hides what the member may not do', async () => {
    const event = { id: 'e1', kind: 'second_capture', createdTime: '2030-01-01T04:00:00.000Z', transactionId: '7009', decision: 'ACCEPT', source: 'notify', outcome: 'reconcile', requestReference: 'Appointment/a1', amount: '1000.00', currency: 'LKR', patientName: 'Mr Bimal Silva' };
    const fake = fakeClient(
      { staffPaymentsOfDay: dayPayments, staffCashDesk: [], staffRefundRequests: [], staffUnmatchedGatewayNotifications: [event] },
      { staffReconcileGatewayEvent: true },
    );
    renderScreen(fake.client, { cash: false, refunds: false, decide: false, reconcile: true });
    expect(screen.queryByRole('heading', { name: 'Take a cash payment' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Refund requests' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Reconcile transaction 7009' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Mark this notification reconciled?' });
    fireEvent.change(within(dialog).getByLabelText('Remarks'), { target: { value: 'Refunded by hand' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    });
    expect(fake.sent.find((m) => m.name === 'staffReconcileGatewayEvent')?.variables).toMatchObject({ eventId: 'e1', remarks: 'Refunded by hand' });
    expect(await screen.findByText('Marked reconciled.')).toBeTruthy();
  });
});
