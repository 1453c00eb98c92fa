// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { activateStaffLocale, createStaffI18n } from '@careline/i18n/staff';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'urql';
import { afterEach, describe, expect, it } from 'vitest';
import { reportLiveSocket } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffOrderRow } from '../api/orders-operations.ts';
import { fakeOrdersClient, type FakeAnswer } from './fake-orders-client.ts';
import { OrdersScreen, ordersLiveState } from './orders-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };

function order(id: string, status: string, name: string, createdTime: string, extra: Partial<StaffOrderRow['order']> = {}): StaffOrderRow {
  return {
    id,
    currency: 'LKR',
    nextStatuses: [],
    order: {
      id,
      identifier: `SR-${id}`,
      category: 'Medication',
      orderStatus: status,
      createdTime,
      serviceRequestInitiatedFor: 'appointment',
      serviceRequestPaymentStatus: 'pending',
      serviceRequestChargingAmount: null,
      orderCommunicationStatus: 'initial',
      replacedBy: null,
      version: 1,
      documentReferenceIds: [],
      ...extra,
    },
    patient: { id: `p-${id}`, name, mobileNo: '94771234567' },
  };
}

function renderScreen(
  answer: (name: string, variables: Record<string, unknown>) => FakeAnswer,
  categories = ['Medication'] as const,
  i18n = createStaffI18n(),
) {
  const fake = fakeOrdersClient(answer);
  render(
    <I18nProvider i18n={i18n}>
      <Provider value={fake.client}>
        <MemoryRouter>
          <OrdersScreen hospital={hospital} categories={categories} orderPath={(id) => `/orders/${id}`} />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

const page = (nodes: StaffOrderRow[], hasMore = false) => ({
  data: { staffOrders: { nodes, endCursor: nodes.at(-1)?.id ?? null, hasMore } },
});

afterEach(() => {
  cleanup();
  reportLiveSocket('socket-data');
});

describe('ordersLiveState', () => {
  it.each([
    [null, false, 'connecting'],
    [null, true, 'live'],
    ['socket-data', false, 'live'],
    ['socket-error', true, 'reconnecting'],
  ] as const)('socket %s, heard %s: %s', (socket, heard, state) => {
    expect(ordersLiveState(socket, heard)).toBe(state);
  });
});

describe('the order queues', () => {
  it('lists the New queue, adds a live order with a polite announcement, and takes off one that moves on', async () => {
    reportLiveSocket('socket-data');
    const fake = renderScreen(() => page([order('a', 'new', 'Mr Kasun Fernando', '2026-11-24T04:00:00Z')]));
    const link = await screen.findByRole('link', { name: 'Open order SR-a of Mr Kasun Fernando' });
    expect(link.getAttribute('href')).toBe('/orders/a');
    expect(screen.getByRole('tab', { name: 'New' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('2026-11-24 09:30')).toBeTruthy();
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Live')).toBe(true);
    const first = fake.calls.find((c) => c.name === 'staffOrders');
    expect(first?.variables).toMatchObject({ organizationId: 'h1', queue: 'NEW', category: null, search: null, first: 20 });
    expect(fake.calls.some((c) => c.name === 'subscribeStaffOrders')).toBe(true);

    act(() => {
      fake.push(order('b', 'new', 'Mrs Amara Perera', '2026-11-24T05:00:00Z'));
    });
    await screen.findByText('New order SR-b from Mrs Amara Perera.');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Mrs Amara Perera');
    expect(screen.getByText('New order SR-b from Mrs Amara Perera.').closest('[aria-live="polite"]')).toBeTruthy();

    act(() => {
      fake.push(order('a', 'confirming', 'Mr Kasun Fernando', '2026-11-24T04:00:00Z'));
    });
    await screen.findByText('Order SR-a moved to In progress.');
    expect(screen.queryByRole('link', { name: /SR-a of/ })).toBeNull();
  });

  it('switches queues with the arrow keys, searches after typing stops, and pages with Load more', async () => {
    const fake = renderScreen((name, variables) => {
      if (variables.after === 'a') {
        return page([order('z', 'confirming', 'Mr Older Order', '2026-11-20T04:00:00Z')]);
      }
      if (variables.search === 'Perera') {
        return page([]);
      }
      return page([order('a', variables.queue === 'NEW' ? 'new' : 'confirming', 'Mr Kasun Fernando', '2026-11-24T04:00:00Z')], true);
    });
    await screen.findByRole('link', { name: /SR-a/ });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'New' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'In progress' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'In progress' }));
    await screen.findByRole('caption');
    expect(fake.calls.filter((c) => c.name === 'staffOrders').at(-1)?.variables.queue).toBe('IN_PROGRESS');

    fireEvent.click(screen.getByRole('button', { name: 'Load more orders' }));
    await screen.findByText('Mr Older Order');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);

    fireEvent.change(screen.getByLabelText('Search by patient or order number'), { target: { value: 'Perera' } });
    await screen.findByText('No orders in this queue match “Perera”.', {}, { timeout: 3000 });
  });

  it('shows the error with a retry when the queue cannot be read', async () => {
    let fail = true;
    renderScreen(() => (fail ? { error: 'ARO-E1210:You do not have permission for this action' } : page([])));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The orders could not be loaded');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('No orders in this queue.');
  });

  it('offers a category filter only to a member of several categories', async () => {
    renderScreen(() => page([]), ['Procedure', 'Finance'] as never);
    await screen.findByText('No orders in this queue.');
    const select = screen.getByLabelText('Category');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All my categories', 'Procedure', 'Admission']);
  });

  it.each([
    ['si', 'ඇණවුම්', ['නව', 'ක්‍රියාත්මක වෙමින්', 'අවසන්'], 'සජීවී'],
    ['ta', 'ஆர்டர்கள்', ['புதியவை', 'நடைபெறுகிறது', 'முடிந்தவை'], 'நேரலை'],
  ] as const)('speaks %s', async (locale, heading, tabs, live) => {
    reportLiveSocket('socket-data');
    const i18n = createStaffI18n();
    await activateStaffLocale(i18n, locale);
    renderScreen(() => page([order('a', 'new', 'Mr Kasun Fernando', '2026-11-24T04:00:00Z')]), ['Medication'] as const, i18n);
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(tabs);
    expect(screen.getAllByRole('status').some((s) => s.textContent === live)).toBe(true);
    await screen.findByRole('link', { name: /SR-a/ });
  });
});
