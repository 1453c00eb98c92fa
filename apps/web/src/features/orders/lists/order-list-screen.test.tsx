// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import type { OrderListKind } from '@careline/domain/orders';
import { OrderListScreen } from './order-list-screen.tsx';
import {
  listOrder,
  orderPage,
  renderOrderList,
  serverPatient,
  testAccount,
  type GraphQLCall,
} from './order-list-test-render.tsx';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const routes: Record<OrderListKind, string> = {
  orders: '/history/orders',
  labTests: '/history/examination',
  procedures: '/history/procedure',
};

const hospitals = {
  queryOrganization: [{ __typename: 'Organization', id: 'org-1', name: 'Lanka Hospitals Colombo' }],
};

/** Answers the page query from a function of its variables, and the hospitals. */
function answering(page: (variables: Record<string, unknown>) => unknown) {
  return (call: GraphQLCall) => {
    if (call.operationName === 'orderListHospitals') {
      return { data: hospitals };
    }
    if (call.operationName === 'orderListPage') {
      return page(call.variables);
    }
    return { data: null };
  };
}

/** `count` orders, newest first, ids o1…oN, one minute apart. */
function orders(count: number, from = 1) {
  return Array.from({ length: count }, (_, index) =>
    listOrder({
      id: `o${from + index}`,
      identifier: `SR-${String(from + index).padStart(4, '0')}`,
      createdTime: new Date(Date.UTC(2026, 10, 23, 10, 0) - (from + index) * 60_000).toISOString(),
    }),
  );
}

const cards = () => screen.queryAllByRole('article');

describe('OrderListScreen states (spec doc 3 §2 Order lists, §8)', () => {
  it.each([
    ['orders', 'All Orders', null],
    ['labTests', 'Lab Tests', ['Examination']],
    ['procedures', 'Procedures', ['Procedure']],
  ] as const)(
    '%s: loads while the first page is on its way, asking for its categories, 10 at first',
    async (kind, title, category) => {
      const { calls } = await renderOrderList({
        element: <OrderListScreen kind={kind} />,
        path: routes[kind],
        answer: (call) =>
          call.operationName === 'orderListPage'
            ? new Promise(() => undefined)
            : { data: hospitals },
      });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      const status = screen
        .getAllByRole('status')
        .find((element) => element.getAttribute('aria-busy') === 'true');
      expect(status?.textContent).toContain('Please wait, we are loading your orders');
      await waitFor(() =>
        expect(calls.some((call) => call.operationName === 'orderListPage')).toBe(true),
      );
      expect(calls.find((call) => call.operationName === 'orderListPage')?.variables).toEqual({
        category,
        patientId: null,
        first: 10,
      });
    },
  );

  it.each([
    ['orders', 'There is a problem loading your orders'],
    ['labTests', 'There is a problem loading your Lab Tests'],
    ['procedures', 'There is a problem loading your orders'],
  ] as const)('%s: shows its error text with a retry that asks again', async (kind, text) => {
    let attempts = 0;
    const { calls } = await renderOrderList({
      element: <OrderListScreen kind={kind} />,
      path: routes[kind],
      answer: answering(() => {
        attempts += 1;
        return attempts === 1
          ? { errors: [{ message: 'ARO-E9999:Something went wrong' }], data: null }
          : { data: { serviceRequests: orderPage(orders(1), false) } };
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(text);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.filter((call) => call.operationName === 'orderListPage')).toHaveLength(2);
  });

  it.each([
    ['orders', "We didn't find any orders of you"],
    ['labTests', "We didn't find any Lab Tests of you"],
    ['procedures', "We didn't find any orders of you"],
  ] as const)('%s: shows its empty text when there are no orders', async (kind, text) => {
    await renderOrderList({
      element: <OrderListScreen kind={kind} />,
      path: routes[kind],
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Order' })).toBeNull();
    // The history bottom bar: My Appointments and All Orders.
    const bar = screen.getByRole('navigation', { name: 'History' });
    expect(within(bar).getByRole('link', { name: 'My Appointments' }).getAttribute('href')).toBe(
      '/history/appointments',
    );
    expect(within(bar).getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe(
      '/history/orders',
    );
  });
});

describe('OrderListScreen cards (spec doc 3 §2 Order lists)', () => {
  it('shows the category header, order number, patient, requested time, status and hospital, and opens the order', async () => {
    const { router } = await renderOrderList({
      element: <OrderListScreen kind="orders" />,
      path: '/history/orders',
      answer: answering(() => ({
        data: {
          serviceRequests: orderPage(
            [
              listOrder({
                id: 'o1',
                identifier: 'SR-0001',
                category: 'Examination',
                orderStatus: 'sampleCollectingHome',
                patientId: 'p-mother',
                createdTime: '2026-11-23T10:00:00.000Z',
              }),
              listOrder({
                id: 'o2',
                identifier: 'SR-0002',
                category: 'Finance',
                orderStatus: 'completed',
                createdTime: '2026-11-23T09:00:00.000Z',
              }),
              listOrder({
                id: 'o3',
                identifier: null,
                category: 'Procedure',
                orderStatus: 'onHold',
                organizationId: null,
                createdTime: '2026-11-23T08:00:00.000Z',
              }),
            ],
            false,
          ),
        },
      })),
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [lab, admission, procedure] = cards();
    expect(lab?.textContent).toContain('Examination Order');
    expect(lab?.textContent).toContain('Order No. SR-0001');
    expect(lab?.textContent).toContain('For Mrs Sita Perera');
    expect(lab?.textContent).toContain('Requested at');
    expect(lab?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-23T10:00:00.000Z');
    expect(lab?.textContent).toContain('Sample Collector On The Way');
    await waitFor(() => expect(lab?.textContent).toContain('Lanka Hospitals Colombo'));
    expect(admission?.textContent).toContain('Admission');
    expect(admission?.textContent).toContain('Completed');
    // spec doc 3 §4: a status the app does not know is shown as it is.
    expect(procedure?.textContent).toContain('Procedure Order');
    expect(procedure?.textContent).toContain('onHold');
    expect(procedure?.textContent).not.toContain('Order No.');

    fireEvent.click(within(lab as HTMLElement).getByRole('link'));
    expect(screen.getByTestId('location').textContent).toBe('/order/view?orderId=o1');
    expect(router.state.location.pathname).toBe('/order/view');
  });
});

describe('OrderListScreen paging (spec doc 3 §9: 10, then 9 more per Load More)', () => {
  it('shows 10, then 9 more per Load More Order through the cursor, until the last page', async () => {
    const { calls } = await renderOrderList({
      element: <OrderListScreen kind="orders" />,
      path: '/history/orders',
      answer: answering((variables) => {
        if (!variables.after) {
          return { data: { serviceRequests: orderPage(orders(10), true) } };
        }
        return variables.after === 'o10'
          ? { data: { serviceRequests: orderPage(orders(9, 11), true) } }
          : { data: { serviceRequests: orderPage(orders(2, 20), false) } };
      }),
    });
    await waitFor(() => expect(cards()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Load More Order' }));
    await waitFor(() => expect(cards()).toHaveLength(19));
    // Focus goes to the first order the page added, and the count is announced.
    expect(document.activeElement?.textContent).toContain('SR-0011');
    await waitFor(() => expect(screen.getByText('19 orders shown')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Load More Order' }));
    await waitFor(() => expect(cards()).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load More Order' })).toBeNull();

    const pages = calls
      .filter((call) => call.operationName === 'orderListPage')
      .map((call) => call.variables);
    expect(pages).toEqual([
      { category: null, patientId: null, first: 10 },
      { category: null, patientId: null, first: 9, after: 'o10' },
      { category: null, patientId: null, first: 9, after: 'o19' },
    ]);
  });

  it('shows no Load More Order when the first page holds them all, and keeps the rows when a page fails', async () => {
    await renderOrderList({
      element: <OrderListScreen kind="labTests" />,
      path: '/history/examination',
      answer: answering((variables) =>
        variables.after
          ? { errors: [{ message: 'ARO-E9999:Something went wrong' }] }
          : { data: { serviceRequests: orderPage(orders(10), true) } },
      ),
    });
    await waitFor(() => expect(cards()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Load More Order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is a problem loading your Lab Tests',
    );
    expect(cards()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Load More Order' })).toBeTruthy();
  });
});

describe('OrderListScreen request buttons (spec doc 3 §2: Medicine, Lab Test, Medical service; §1 feature flags)', () => {
  const links = () =>
    screen.queryByRole('navigation', { name: 'Request something new' })
      ? within(screen.getByRole('navigation', { name: 'Request something new' }))
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')])
      : [];

  it('offers all three and the admission request on the order list, each opening its creation screen', async () => {
    await renderOrderList({
      element: <OrderListScreen kind="orders" />,
      path: '/history/orders',
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    await screen.findByText("We didn't find any orders of you");
    expect(links()).toEqual([
      ['Request a new Medicine', '/order/create/Medication'],
      ['Request a new Lab Test', '/order/create/Examination'],
      ['Request a new Medical service', '/order/create/Procedure'],
      ['Request an Admission', '/order/create/Finance'],
    ]);
  });

  it('leaves out what the tenant does not offer, and each list offers its own', async () => {
    const tenant: TenantPublicConfig = deepMerge(baseTenantConfig, {
      features: { examinationOrder: { enabled: false, payment: false }, encounterOrder: { enabled: false, payment: false } },
    });
    await renderOrderList({
      element: <OrderListScreen kind="orders" />,
      path: '/history/orders',
      tenant,
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    await screen.findByText("We didn't find any orders of you");
    expect(links()).toEqual([
      ['Request a new Medicine', '/order/create/Medication'],
      ['Request a new Medical service', '/order/create/Procedure'],
    ]);
    cleanup();

    await renderOrderList({
      element: <OrderListScreen kind="labTests" />,
      path: '/history/examination',
      tenant,
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    await screen.findByText("We didn't find any Lab Tests of you");
    expect(links()).toEqual([]);
    cleanup();

    await renderOrderList({
      element: <OrderListScreen kind="procedures" />,
      path: '/history/procedure',
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    await screen.findByText("We didn't find any orders of you");
    expect(links()).toEqual([['Request a new Medical service', '/order/create/Procedure']]);
  });
});

describe('OrderListScreen lab test profile tiles (spec doc 3 §2: grouped by relationship, unclassified by name)', () => {
  const account = testAccount([
    serverPatient('p-me', 'Me', 'Kamala'),
    // The same person registered at a second hospital: one tile with both records.
    serverPatient('p-me-2', 'Me', 'Kamala', { link: ['p-me'], hospitalId: 'h-2' }),
    serverPatient('p-mother', 'Mother', 'Sita'),
    serverPatient('p-x1', null, 'Nimal', {
      name: { prefix: 'Mr', given: ['Nimal'], family: 'Silva' },
    }),
    serverPatient('p-x2', null, 'Nimal', {
      name: { prefix: 'Mr', given: ['Nimal'], family: 'Silva' },
    }),
    serverPatient('p-x3', null, 'Ruwan', {
      name: { prefix: 'Mr', given: ['Ruwan'], family: 'Dias' },
    }),
  ]);

  it('shows Everyone, a tile per relationship and per unclassified name, and narrows the list to the tile chosen', async () => {
    const { calls, router } = await renderOrderList({
      element: <OrderListScreen kind="labTests" />,
      path: '/history/examination',
      account,
      answer: answering((variables) => ({
        data: {
          serviceRequests: orderPage(
            variables.patientId
              ? [listOrder({ id: 'o-x', category: 'Examination', patientId: 'p-x2' })]
              : orders(2),
            false,
          ),
        },
      })),
    });
    const tiles = await screen.findByRole('region', { name: 'Show the Lab Tests of' });
    const buttons = within(tiles).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Everyone',
      'KPMeMrs Kamala Perera',
      'SPMotherMrs Sita Perera',
      'NSMr Nimal Silva',
      'RDMr Ruwan Dias',
    ]);
    expect(buttons[0]?.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(cards()).toHaveLength(2));

    fireEvent.click(within(tiles).getByRole('button', { name: /Nimal Silva/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(
      within(tiles)
        .getByRole('button', { name: /Nimal Silva/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      calls.filter((call) => call.operationName === 'orderListPage').at(-1)?.variables,
    ).toEqual({
      category: ['Examination'],
      patientId: ['p-x1', 'p-x2'],
      first: 10,
    });
    expect(router.state.location.search).toBe('?profile=name%3Amr+nimal+silva');

    fireEvent.click(within(tiles).getByRole('button', { name: /^Me/ }));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.operationName === 'orderListPage').at(-1)?.variables,
      ).toEqual({
        category: ['Examination'],
        patientId: ['p-me', 'p-me-2'],
        first: 10,
      }),
    );
  });

  it('shows no tiles on the other lists', async () => {
    await renderOrderList({
      element: <OrderListScreen kind="orders" />,
      path: '/history/orders',
      account,
      answer: answering(() => ({ data: { serviceRequests: orderPage(orders(1), false) } })),
    });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Show the Lab Tests of' })).toBeNull();
  });
});

describe('OrderListScreen live updates (spec doc 3 §4, §7 subscribeServiceRequest)', () => {
  it('adds a new order on top and updates a changed one without a reload, ignoring reflex_order and other lists’ orders', async () => {
    const { calls, live } = await renderOrderList({
      element: <OrderListScreen kind="labTests" />,
      path: '/history/examination',
      answer: answering(() => ({
        data: {
          serviceRequests: orderPage(
            [
              listOrder({
                id: 'o1',
                identifier: 'SR-0001',
                category: 'Examination',
                createdTime: '2026-11-23T09:00:00.000Z',
              }),
              listOrder({
                id: 'o2',
                identifier: 'SR-0002',
                category: 'Examination',
                createdTime: '2026-11-23T08:00:00.000Z',
              }),
            ],
            false,
          ),
        },
      })),
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(live.subscriptions()).toEqual([{ patientId: null }]);
    const pagesBefore = calls.filter((call) => call.operationName === 'orderListPage').length;

    act(() => {
      live.send(
        listOrder({
          id: 'o3',
          identifier: 'SR-0003',
          category: 'Examination',
          createdTime: '2026-11-23T11:00:00.000Z',
        }),
      );
    });
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()[0]?.textContent).toContain('SR-0003');
    expect(screen.getByText('Your orders were updated')).toBeTruthy();

    act(() => {
      live.send(
        listOrder({
          id: 'o2',
          identifier: 'SR-0002',
          category: 'Examination',
          orderStatus: 'reportReady',
          createdTime: '2026-11-23T08:00:00.000Z',
        }),
      );
    });
    await waitFor(() => expect(cards()[2]?.textContent).toContain('Report Ready'));

    act(() => {
      live.send(
        listOrder({
          id: 'o4',
          category: 'Examination',
          intent: 'reflex_order',
          createdTime: '2026-11-23T12:00:00.000Z',
        }),
      );
      live.send(
        listOrder({ id: 'o5', category: 'Medication', createdTime: '2026-11-23T12:00:00.000Z' }),
      );
    });
    expect(cards()).toHaveLength(3);
    // No reload: the page was asked for once.
    expect(calls.filter((call) => call.operationName === 'orderListPage')).toHaveLength(
      pagesBefore,
    );
  });
});

describe('OrderListScreen languages', () => {
  it('shows the lab test list in Sinhala', async () => {
    await renderOrderList({
      element: <OrderListScreen kind="labTests" />,
      path: '/history/examination',
      locale: 'si',
      answer: answering(() => ({ data: { serviceRequests: orderPage([], false) } })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'රසායනාගාර පරීක්ෂණ' })).toBeTruthy();
    expect(screen.getByText('ඔබගේ කිසිදු රසායනාගාර පරීක්ෂණයක් අපට හමු නොවීය')).toBeTruthy();
  });
});
