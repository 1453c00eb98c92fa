// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { readFileSync } from 'node:fs';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { Provider } from 'urql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@careline/domain/staff';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffOrderDetail } from '../api/orders-operations.ts';
import { fakeOrdersClient, type FakeAnswer } from './fake-orders-client.ts';
import { orderActionSet, type OrderAbilities } from './order-actions.tsx';
import { nextViewerView } from './order-documents.tsx';
import { OrderScreen } from './order-screen.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const pharmacist: OrderAbilities = { work: true, estimatedTime: true, sampleCollection: false };

function detail(version: number, extra: Partial<StaffOrderDetail['order']> = {}, nextStatuses = ['confirming', 'canceled']): StaffOrderDetail {
  return {
    id: 'o1',
    currency: 'LKR',
    nextStatuses,
    canScheduleSampleCollection: false,
    patient: { id: 'p1', name: 'Mr Kasun Fernando', gender: 'male', age: 47, ageLabel: '47 years', mobileNo: '94771234567', medicalRecordNumber: '000042' },
    order: {
      id: 'o1',
      identifier: 'SR-0042',
      category: 'Medication',
      orderStatus: 'new',
      status: 'draft',
      version,
      createdTime: '2026-11-24T04:00:00.000Z',
      serviceRequestInitiatedFor: 'appointment',
      serviceRequestInitiatedFrom: 'heartbeat',
      serviceRequestPaymentStatus: 'pending',
      serviceRequestPaymentMethod: 'card',
      serviceRequestChargingAmount: null,
      medicationOrderEstimatedTime: null,
      sampleCollectionUserName: null,
      sampleCollectionTime: null,
      sampleCollectionRequestedTime: null,
      procedureRequestedTime: null,
      encounterRequestedTime: null,
      homeVisitRequestedTime: null,
      addressLineOne: null,
      addressLineTwo: null,
      addressLineThree: null,
      addressCity: null,
      additionalNote: null,
      orderCanceledReason: null,
      orderCommunicationStatus: 'patientReplied',
      replacedBy: null,
      replaces: null,
      documents: [
        { id: 'd1', blobId: 'b1', contentType: 'image/jpeg', description: null, author: 'Patient/p1', createdTime: '2026-11-24T04:00:00.000Z' },
        { id: 'd2', blobId: 'b2', contentType: 'image/jpeg', description: null, author: 'Patient/p1', createdTime: '2026-11-24T04:00:00.000Z' },
      ],
      note: [
        {
          id: 'n1',
          text: 'Please deliver after 5 pm',
          time: '2026-11-24T04:05:00.000Z',
          authorReference: 'Patient/p1',
          authorDisplay: 'Mr Kasun Fernando',
          attachmentDocumentReferenceId: null,
        },
      ],
      events: [
        { id: 'e1', event: 'create', fromStatus: null, toStatus: 'new', actorReference: 'Patient/p1', reason: null, createdTime: '2026-11-24T04:00:00.000Z' },
      ],
      ...extra,
    },
  };
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderOrder(
  answer: (name: string, variables: Record<string, unknown>) => FakeAnswer,
  may: OrderAbilities = pharmacist,
  where: Hospital = hospital,
) {
  const fake = fakeOrdersClient(answer);
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fake.client}>
        <MemoryRouter initialEntries={['/orders/o1']}>
          <Where />
          <OrderScreen hospital={where} orderId="o1" may={may} ordersPath="/orders" orderPath={(id) => `/orders/${id}`} />
        </MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
  return fake;
}

beforeEach(() => {
  // The blob service: every file reads as a small JPEG.
  vi.stubGlobal('fetch', vi.fn(async () => new Response('jpeg', { status: 200, headers: { 'content-type': 'image/jpeg' } })));
  URL.createObjectURL = vi.fn((blob: Blob) => `blob:${blob.size}-${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the order screen', () => {
  it('shows the patient, the order, its history and notes, and only the actions its status and the roles allow', async () => {
    renderOrder(() => ({ data: { staffOrder: detail(3) } }));
    await screen.findByRole('heading', { level: 1, name: 'Order SR-0042' });
    const patient = screen.getByRole('region', { name: 'Patient' });
    expect(patient.textContent).toContain('Mr Kasun Fernando');
    // The tenant's patient number (issue 30 §3.7).
    expect(patient.textContent).toContain('000042');
    expect(patient.textContent).toContain('Male');
    expect(patient.textContent).toContain('47 years');
    expect(patient.textContent).toContain('+94771234567');
    expect(screen.getByRole('region', { name: 'Order details' }).textContent).toContain('Requested at2026-11-24 09:30');
    expect(screen.getByRole('region', { name: 'History' }).textContent).toContain('Order placed by the patient');
    expect(screen.getByRole('region', { name: 'Notes with the patient' }).textContent).toContain('Please deliver after 5 pm');

    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Move to Confirming' })).toBeTruthy();
    expect(within(actions).getByRole('form', { name: 'Charging amount' })).toBeTruthy();
    expect(within(actions).getByRole('form', { name: 'Estimated time' })).toBeTruthy();
    expect(within(actions).getByRole('form', { name: 'Cancel the order' })).toBeTruthy();
    expect(within(actions).queryByRole('form', { name: 'Home sample collection' })).toBeNull();
    expect(within(actions).queryByRole('button', { name: /Move to Canceled/ })).toBeNull();
  });

  it('sets the charge with the version read and a key, then reads the order again', async () => {
    let version = 3;
    const fake = renderOrder((name) =>
      name === 'staffSetOrderCharge'
        ? { data: { staffSetOrderCharge: { id: 'o1', order: { id: 'o1', version: (version += 1) } } } }
        : { data: { staffOrder: detail(version, version > 3 ? { serviceRequestChargingAmount: 1500, orderStatus: 'confirming' } : {}) } },
    );
    await screen.findByRole('form', { name: 'Charging amount' });
    fireEvent.change(screen.getByLabelText('Amount (LKR)'), { target: { value: '1,500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set charge' }));
    await screen.findByText("Charge set to LKR 1500.00. The patient's invoice is ready.");
    const sent = fake.calls.find((c) => c.name === 'staffSetOrderCharge')?.variables;
    expect(sent).toMatchObject({ organizationId: 'h1', id: 'o1', expectedVersion: 3, amount: '1500.00' });
    expect(String(sent?.idempotencyKey)).toMatch(/^staff-order-/);
    expect(fake.calls.filter((c) => c.name === 'staffOrder')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Order details' }).textContent).toContain('LKR 1500.00');
  });

  it('refuses a bad amount before sending, with the catalogue text', async () => {
    const fake = renderOrder(() => ({ data: { staffOrder: detail(3) } }));
    await screen.findByRole('form', { name: 'Charging amount' });
    fireEvent.change(screen.getByLabelText('Amount (LKR)'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set charge' }));
    expect((await screen.findByText('The charging amount must be above 0 with at most 2 decimals')).getAttribute('role')).toBe('alert');
    expect(fake.calls.some((c) => c.name === 'staffSetOrderCharge')).toBe(false);
  });

  it('reloads the order and says so when someone else changed it meanwhile', async () => {
    let reads = 0;
    const fake = renderOrder((name) => {
      if (name === 'staffMoveOrderStatus') {
        return { error: 'ARO-E6002:This order was changed by someone else. Please reload and try again' };
      }
      reads += 1;
      return {
        data: {
          staffOrder:
            reads === 1 ? detail(3) : detail(4, { orderStatus: 'confirming' }, ['preparing', 'canceled']),
        },
      };
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move to Confirming' }));
    const alert = await screen.findByText('Someone else changed this order meanwhile. It has been reloaded: check it and try again.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(fake.calls.find((c) => c.name === 'staffMoveOrderStatus')?.variables).toMatchObject({ to: 'confirming', expectedVersion: 3 });
    await screen.findByRole('button', { name: 'Move to Preparing' });
  });

  it('opens a prescription image large, zooms, rotates and changes image from the keyboard, and Escape gives the focus back', async () => {
    renderOrder(() => ({ data: { staffOrder: detail(3) } }));
    const open = await screen.findByRole('button', { name: 'Open Image 1 large' });
    open.focus();
    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Image 1 of 2: Image 1' });
    expect(document.activeElement?.textContent).toBe('Close');
    fireEvent.keyDown(dialog, { key: '+' });
    expect(dialog.textContent).toContain('Zoom 150%, rotated 0°');
    fireEvent.keyDown(dialog, { key: 'r' });
    expect(dialog.textContent).toContain('Zoom 150%, rotated 90°');
    expect(within(dialog).getByRole('img', { name: 'Image 1' }).getAttribute('style')).toContain('rotate(90deg)');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Image 2 of 2: Image 2' }).textContent).toContain('Zoom 100%, rotated 0°');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open Image 1 large' }));
  });

  it('cancels with a reason from the list after a confirmation', async () => {
    let canceled = false;
    const fake = renderOrder((name) => {
      if (name === 'staffCancelOrder') {
        canceled = true;
        return { data: { staffCancelOrder: { id: 'o1', order: { id: 'o1', version: 4 } } } };
      }
      return { data: { staffOrder: canceled ? detail(4, { orderStatus: 'canceled', orderCanceledReason: 'outOfStock' }, []) : detail(3) } };
    });
    const form = await screen.findByRole('form', { name: 'Cancel the order' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    expect((await screen.findByText('Choose a cancel reason from the list')).getAttribute('role')).toBe('alert');
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'outOfStock' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel order' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this order?' });
    expect(confirm.textContent).toContain('The patient is told that the order is canceled: Out of stock.');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Yes, cancel the order' }));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, cancel the order' }));
    await screen.findByText('The order is canceled.');
    expect(fake.calls.find((c) => c.name === 'staffCancelOrder')?.variables).toMatchObject({ reason: 'outOfStock', expectedVersion: 3 });
    expect(screen.getByRole('region', { name: 'Order details' }).textContent).toContain('Cancel reasonOut of stock');
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByText('Nothing more can be done on this order from your roles.')).toBeTruthy();
  });

  it('replaces the order and opens the replacement', async () => {
    const fake = renderOrder((name, variables) => {
      if (name === 'staffReplaceOrder') {
        return { data: { staffReplaceOrder: { id: 'o2', order: { id: 'o2', version: 1, identifier: 'SR-0043' } } } };
      }
      return { data: { staffOrder: variables.id === 'o2' ? { ...detail(1, { id: 'o2', identifier: 'SR-0043', replaces: 'o1' }), id: 'o2' } : detail(3) } };
    });
    const form = await screen.findByRole('form', { name: 'Replace the order' });
    fireEvent.change(within(form).getByLabelText('Note on the new order (optional)'), { target: { value: 'Two tablets only' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Replace order' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, replace it' }));
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/orders/o2'));
    expect(fake.calls.find((c) => c.name === 'staffReplaceOrder')?.variables).toMatchObject({
      id: 'o1',
      expectedVersion: 3,
      input: { additionalNote: 'Two tablets only' },
    });
  });

  it('follows the order live: a change to it is read again', async () => {
    let reads = 0;
    const fake = renderOrder(() => {
      reads += 1;
      return { data: { staffOrder: detail(reads, reads > 1 ? { orderCommunicationStatus: 'patientReplied' } : {}) } };
    });
    await screen.findByRole('heading', { level: 1, name: 'Order SR-0042' });
    act(() => {
      fake.push({ id: 'other' });
    });
    expect(reads).toBe(1);
    act(() => {
      fake.push({ id: 'o1' });
    });
    await vi.waitFor(() => expect(reads).toBe(2));
  });
});

describe('the actions an order offers', () => {
  const base = {
    canScheduleSampleCollection: false,
    order: {
      category: 'Medication',
      orderStatus: 'new',
      replacedBy: null,
      serviceRequestPaymentStatus: 'pending',
      serviceRequestPaymentMethod: 'card',
      serviceRequestChargingAmount: null,
    },
  };
  const labTechnician: OrderAbilities = { work: true, estimatedTime: false, sampleCollection: true };

  it('a new medication order: move, charge, estimated time, cancel, replace, attach', () => {
    expect(orderActionSet({ ...base, nextStatuses: ['confirming', 'canceled'] }, pharmacist)).toEqual({
      charge: true,
      estimatedTime: true,
      sampleCollection: false,
      moves: [{ to: 'confirming', block: null }],
      cancel: true,
      replace: true,
      attach: true,
      takeCash: false,
    });
  });

  it('a home lab test the server lets be scheduled: the sample collection for a lab technician', () => {
    const set = orderActionSet(
      {
        canScheduleSampleCollection: true,
        nextStatuses: ['preparing', 'sampleCollecting', 'canceled'],
        order: { ...base.order, category: 'Examination', orderStatus: 'confirming', serviceRequestChargingAmount: 1500, serviceRequestInitiatedFor: 'homecare' },
      },
      labTechnician,
    );
    expect(set.sampleCollection).toBe(true);
    expect(set.estimatedTime).toBe(false);
    // Sample Collecting waits for the collection to be scheduled (the domain's orderMoveBlock).
    expect(set.moves.map(({ to, block }) => [to, block?.code ?? null, block?.firstStep ?? null])).toEqual([
      ['preparing', null, null],
      ['sampleCollecting', 'ARO-E6013', 'scheduleSampleCollection'],
    ]);
  });

  it('a completed order takes only documents; a canceled or replaced one nothing', () => {
    const completed = orderActionSet({ ...base, nextStatuses: [], order: { ...base.order, orderStatus: 'completed' } }, pharmacist);
    expect(completed).toEqual({ charge: false, estimatedTime: false, sampleCollection: false, moves: [], cancel: false, replace: false, attach: true, takeCash: false });
    const canceled = orderActionSet({ ...base, nextStatuses: [], order: { ...base.order, orderStatus: 'canceled' } }, pharmacist);
    expect(Object.values(canceled).every((value) => value === false || (Array.isArray(value) && value.length === 0))).toBe(true);
    const replaced = orderActionSet({ ...base, nextStatuses: [], order: { ...base.order, replacedBy: 'o2' } }, pharmacist);
    expect(replaced.attach).toBe(false);
  });

  it('a paid order is not charged again; a member without orders.work only reads', () => {
    expect(orderActionSet({ ...base, nextStatuses: ['preparing', 'canceled'], order: { ...base.order, serviceRequestPaymentStatus: 'paid' } }, pharmacist).charge).toBe(false);
    const reader = orderActionSet({ ...base, nextStatuses: ['confirming', 'canceled'] }, { work: false, estimatedTime: false, sampleCollection: false });
    expect(reader).toEqual({ charge: false, estimatedTime: false, sampleCollection: false, moves: [], cancel: false, replace: false, attach: false, takeCash: false });
  });

  it('offers Take cash on an open order with an unpaid charge, whatever the method, to a member with payments.orderCash', () => {
    const owed = { ...base, nextStatuses: ['completed', 'canceled'], order: { ...base.order, orderStatus: 'delivering', serviceRequestPaymentMethod: 'cash', serviceRequestChargingAmount: 1500 } };
    expect(orderActionSet(owed, { ...pharmacist, takeCash: true }).takeCash).toBe(true);
    expect(orderActionSet(owed, pharmacist).takeCash).toBe(false);
    expect(orderActionSet(owed, { ...pharmacist, takeCash: false }).takeCash).toBe(false);
    // The patient chose card or Genie and never paid: completing waits for the charge all the same.
    for (const method of ['card', 'genie']) {
      expect(orderActionSet({ ...owed, order: { ...owed.order, serviceRequestPaymentMethod: method } }, { ...pharmacist, takeCash: true }).takeCash).toBe(true);
    }
    const cases = [
      { serviceRequestPaymentStatus: 'paid' },
      { serviceRequestChargingAmount: null },
      { orderStatus: 'completed' },
      { orderStatus: 'canceled' },
      { replacedBy: 'o2' },
    ];
    for (const change of cases) {
      expect(orderActionSet({ ...owed, order: { ...owed.order, ...change } }, { ...pharmacist, takeCash: true }).takeCash).toBe(false);
    }
  });
});

describe('who takes the cash of an order (the domain\'s recordPayment rule)', () => {
  const owedOf = (category: string, orderStatus: string) => ({
    nextStatuses: ['completed', 'canceled'],
    canScheduleSampleCollection: false,
    order: {
      category,
      orderStatus,
      replacedBy: null,
      serviceRequestPaymentStatus: 'pending',
      serviceRequestPaymentMethod: 'cash',
      serviceRequestChargingAmount: 700,
    },
  });
  const member = (roles: StaffRole[]): OrderAbilities => ({ work: true, estimatedTime: false, sampleCollection: false, takeCash: true, roles });

  it('the staff who work the category, cashiers and admins; not another category', () => {
    expect(orderActionSet(owedOf('Examination', 'reportReady'), member(['labTechnician'])).takeCash).toBe(true);
    expect(orderActionSet(owedOf('Procedure', 'processing'), member(['nurse'])).takeCash).toBe(true);
    expect(orderActionSet(owedOf('Examination', 'reportReady'), member(['cashier'])).takeCash).toBe(true);
    expect(orderActionSet(owedOf('Procedure', 'processing'), member(['admin'])).takeCash).toBe(true);
    expect(orderActionSet(owedOf('Examination', 'reportReady'), member(['pharmacist'])).takeCash).toBe(false);
    expect(orderActionSet(owedOf('Medication', 'delivering'), member(['labTechnician'])).takeCash).toBe(false);
  });
});

describe('taking the cash of an order', () => {
  const cashOwed = (version: number) =>
    detail(
      version,
      { orderStatus: 'delivering', serviceRequestPaymentMethod: 'cash', serviceRequestChargingAmount: 1500 },
      ['completed', 'canceled'],
    );
  const receipt = {
    receiptNumber: 'CSH-000123',
    serviceRequestId: 'o1',
    orderIdentifier: 'SR-0042',
    total: '1500.00',
    currency: 'LKR',
    paidAt: '2026-11-24T05:00:00.000Z',
    cashierName: 'Nimal Perera',
  };

  it('takes the cash with the version read and a key, shows the receipt number, and the order reads paid', async () => {
    let paid = false;
    const fake = renderOrder(
      (name) => {
        if (name === 'staffTakeOrderCashPayment') {
          paid = true;
          return { data: { staffTakeOrderCashPayment: receipt } };
        }
        return { data: { staffOrder: paid ? detail(6, { ...cashOwed(6).order, serviceRequestPaymentStatus: 'paid' }, ['completed', 'canceled']) : cashOwed(5) } };
      },
      { ...pharmacist, takeCash: true, roles: ['pharmacist'] },
    );
    const form = await screen.findByRole('form', { name: 'Take cash' });
    expect(form.textContent).toContain('collect LKR 1500.00 from the patient');
    fireEvent.click(within(form).getByRole('button', { name: 'Take cash LKR 1500.00' }));
    const done = await screen.findByText('Cash taken. Receipt number CSH-000123.');
    expect(done.closest('[aria-live="polite"]')).toBeTruthy();
    const sent = fake.calls.find((c) => c.name === 'staffTakeOrderCashPayment')?.variables;
    expect(sent).toMatchObject({ organizationId: 'h1', serviceRequestId: 'o1', expectedVersion: 5 });
    expect(String(sent?.idempotencyKey)).toMatch(/^staff-order-/);
    const shown = screen.getByRole('region', { name: 'Cash receipt' });
    expect(shown.textContent).toContain('Receipt numberCSH-000123');
    expect(shown.textContent).toContain('TotalLKR 1500.00');
    expect(shown.textContent).toContain('Taken byNimal Perera');
    // Paid now: the form is gone, completing is offered.
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'Take cash' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Move to Completed' })).toBeTruthy();
  });

  it('shows the server refusal and keeps the form, reusing the key on retry', async () => {
    let attempts = 0;
    const fake = renderOrder(
      (name) =>
        name === 'staffTakeOrderCashPayment'
          ? (attempts += 1) === 1
            ? { error: 'ARO-E5015:A card payment for this order is being processed' }
            : { data: { staffTakeOrderCashPayment: receipt } }
          : { data: { staffOrder: cashOwed(5) } },
      { ...pharmacist, takeCash: true, roles: ['pharmacist'] },
    );
    const form = await screen.findByRole('form', { name: 'Take cash' });
    fireEvent.click(within(form).getByRole('button', { name: 'Take cash LKR 1500.00' }));
    expect((await screen.findByText('A card payment for this order is being processed')).closest('[role="alert"]')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Take cash LKR 1500.00' }));
    await screen.findByText('Cash taken. Receipt number CSH-000123.');
    const keys = fake.calls.filter((c) => c.name === 'staffTakeOrderCashPayment').map((c) => c.variables.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks for the cash of a card order never paid with a line naming the chosen method', async () => {
    renderOrder(
      () => ({ data: { staffOrder: detail(5, { ...cashOwed(5).order, serviceRequestPaymentMethod: 'card' }, ['completed', 'canceled']) } }),
      { ...pharmacist, takeCash: true, roles: ['pharmacist'] },
    );
    const form = await screen.findByRole('form', { name: 'Take cash' });
    expect(form.textContent).toContain(
      'The patient chose Card but has not paid. Collect LKR 1500.00 in cash only if they pay you now, then record it here.',
    );
    expect(form.textContent).not.toContain('Cash on delivery');
    expect(within(form).getByRole('button', { name: 'Take cash LKR 1500.00' })).toBeTruthy();
  });

  it("a lab technician of the hospital takes a lab test's cash; a pharmacist there does not", async () => {
    const labTest = detail(5, { ...cashOwed(5).order, category: 'Examination', orderStatus: 'reportReady' }, ['completed', 'canceled']);
    const as = (role: 'labTechnician' | 'pharmacist') => ({
      ...hospital,
      memberships: [
        { organizationId: 'h1', organizationName: hospital.name, role, practitionerId: null, allowedActions: ['orders.read', 'orders.work', 'payments.orderCash'] },
      ],
    });
    renderOrder(() => ({ data: { staffOrder: labTest } }), { work: true, estimatedTime: false, sampleCollection: true }, as('labTechnician'));
    expect(await screen.findByRole('form', { name: 'Take cash' })).toBeTruthy();
    cleanup();
    renderOrder(() => ({ data: { staffOrder: labTest } }), { work: true, estimatedTime: false, sampleCollection: false }, as('pharmacist'));
    await screen.findByRole('button', { name: 'Move to Completed' });
    expect(screen.queryByRole('form', { name: 'Take cash' })).toBeNull();
  });

  it("follows the hospital's policy when the route does not say: payments.orderCash in this hospital", async () => {
    const membership = (allowedActions: string[]) => ({
      organizationId: 'h1',
      organizationName: hospital.name,
      role: 'pharmacist' as const,
      practitionerId: null,
      allowedActions,
    });
    renderOrder(() => ({ data: { staffOrder: cashOwed(5) } }), pharmacist, {
      ...hospital,
      memberships: [membership(['orders.read', 'orders.work', 'payments.orderCash'])],
    });
    expect(await screen.findByRole('form', { name: 'Take cash' })).toBeTruthy();
    cleanup();
    renderOrder(() => ({ data: { staffOrder: cashOwed(5) } }), pharmacist, {
      ...hospital,
      memberships: [membership(['orders.read', 'orders.work'])],
    });
    await screen.findByRole('button', { name: 'Move to Completed' });
    expect(screen.queryByRole('form', { name: 'Take cash' })).toBeNull();
  });
});

describe('the console offers only what can be done (issue 30 §2.3)', () => {
  const labTechnician: OrderAbilities = { work: true, estimatedTime: false, sampleCollection: true, takeCash: true, roles: ['labTechnician'] };
  const homeLabTest = (version: number, extra: Partial<StaffOrderDetail['order']>, nextStatuses: string[], canSchedule = false): StaffOrderDetail => ({
    ...detail(version, { category: 'Examination', serviceRequestInitiatedFor: 'homecare', serviceRequestChargingAmount: 2500, addressLineOne: '12 Galle Road', addressCity: 'Colombo', ...extra }, nextStatuses),
    canScheduleSampleCollection: canSchedule,
  });

  it('shows a move that waits for the collection disabled, with the reason and what to do first; it sends nothing', async () => {
    const fake = renderOrder(
      () => ({ data: { staffOrder: homeLabTest(4, { orderStatus: 'preparing', serviceRequestPaymentStatus: 'paid' }, ['sampleCollecting', 'sampleCollected', 'canceled'], true) } }),
      labTechnician,
    );
    const blocked = await screen.findByRole('button', { name: 'Move to Sample Collecting' });
    expect((blocked as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(blocked.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      'Sample Collecting is not possible yet: Schedule the sample collection first: the collector and the time Do this first: Home sample collection, on this page.',
    );
    expect(screen.getByRole('form', { name: 'Home sample collection' })).toBeTruthy();
    const open = screen.getByRole<HTMLButtonElement>('button', { name: 'Move to Sample Collected' });
    expect(open.disabled).toBe(false);
    expect(open.getAttribute('aria-describedby')).toBeNull();
    fireEvent.click(blocked);
    expect(fake.calls.some((c) => c.name === 'staffMoveOrderStatus')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows Completed disabled while the charge is unpaid, pointing to Take cash, or to the patient and the desk', async () => {
    const owed = homeLabTest(5, { orderStatus: 'reportReady', serviceRequestPaymentMethod: 'cash' }, ['completed', 'canceled']);
    renderOrder(() => ({ data: { staffOrder: owed } }), labTechnician);
    const complete = await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to Completed' });
    expect(complete.disabled).toBe(true);
    expect(document.getElementById(complete.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Completed is not possible yet: This order is not paid yet Do this first: Take cash, on this page.',
    );
    expect(screen.getByRole('form', { name: 'Take cash' })).toBeTruthy();
    cleanup();
    // A member who does not take cash here is told who can.
    renderOrder(() => ({ data: { staffOrder: owed } }), { ...labTechnician, takeCash: false });
    const again = await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to Completed' });
    expect(again.disabled).toBe(true);
    expect(document.getElementById(again.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Do this first: the patient pays in the app, or a cashier takes the payment at the desk.',
    );
    expect(screen.queryByRole('form', { name: 'Take cash' })).toBeNull();
  });

  it('shows an unpaid admission Completed disabled; paid, it may be completed', async () => {
    const doctor: OrderAbilities = { work: true, estimatedTime: false, sampleCollection: false, takeCash: true, roles: ['doctor'] };
    const admission = (paid: boolean) =>
      detail(
        7,
        { category: 'Finance', orderStatus: 'preparing', serviceRequestChargingAmount: 1500, serviceRequestPaymentStatus: paid ? 'paid' : 'pending' },
        ['processing', 'completed', 'canceled'],
      );
    renderOrder(() => ({ data: { staffOrder: admission(false) } }), doctor);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to Completed' })).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Move to Processing' }).disabled).toBe(false);
    cleanup();
    renderOrder(() => ({ data: { staffOrder: admission(true) } }), doctor);
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Move to Completed' })).disabled).toBe(false);
  });

  it("shows a refused move's error beside the moves, in the flow: the Take cash panel stays clear and usable", async () => {
    const medicines = detail(
      5,
      { orderStatus: 'preparing', serviceRequestPaymentMethod: 'cash', serviceRequestChargingAmount: 1500 },
      ['delivering', 'canceled'],
    );
    renderOrder(
      (name) => (name === 'staffMoveOrderStatus' ? { error: 'ARO-E1210:You are not allowed to do this' } : { data: { staffOrder: medicines } }),
      { ...pharmacist, takeCash: true, roles: ['pharmacist'] },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Move to Delivering' }));
    const alert = await vi.waitFor(() => {
      const found = screen.getAllByRole('alert');
      expect(found).toHaveLength(1);
      return found[0] as HTMLElement;
    });
    expect(alert.closest('[role="group"]')?.getAttribute('aria-label')).toBe('Move the status');
    const cash = screen.getByRole('form', { name: 'Take cash' });
    expect(cash.contains(alert)).toBe(false);
    expect(within(cash).queryByRole('alert')).toBeNull();
    expect(within(cash).getByRole<HTMLButtonElement>('button', { name: 'Take cash LKR 1500.00' }).disabled).toBe(false);
    // Nothing in the actions panel is laid over another: no sticky, fixed or absolute outcome.
    // The stylesheet as written (the unit tests load no CSS); read from this file's folder.
    const here = import.meta.url;
    const ordersCss = readFileSync(new URL('./orders.css', here), 'utf8');
    const rules = [...ordersCss.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, selector]) => /outcome|ui-alert|order-action\b/.test(selector ?? ''));
    expect(rules.length).toBeGreaterThan(0);
    for (const [, selector, body] of rules) {
      expect(body, selector).not.toMatch(/position:\s*(sticky|fixed|absolute)/);
    }
  });
});

describe('the image viewer', () => {
  it('zooms in steps within bounds, rotates by quarter turns and resets', () => {
    let view = { zoomIndex: 2, rotation: 0 };
    for (let i = 0; i < 10; i += 1) {
      view = nextViewerView(view, 'zoomIn');
    }
    expect(view.zoomIndex).toBe(6);
    view = nextViewerView(nextViewerView(nextViewerView(nextViewerView(view, 'rotate'), 'rotate'), 'rotate'), 'rotate');
    expect(view.rotation).toBe(0);
    expect(nextViewerView({ zoomIndex: 0, rotation: 0 }, 'zoomOut').zoomIndex).toBe(0);
    expect(nextViewerView({ zoomIndex: 5, rotation: 270 }, 'reset')).toEqual({ zoomIndex: 2, rotation: 0 });
  });
});
