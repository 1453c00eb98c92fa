// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServerPatient } from '@careline/domain/profiles';
import { toAccountView, type AccountView, type ServerUserProfile } from '../../../lib/session';
import { renderScreen, type GraphQLCall } from '../../../lib/testing/render-screen.tsx';
import { PaymentMethodsScreen } from './payment-methods-screen.tsx';

const me: ServerPatient = {
  id: 'pt-1',
  name: { prefix: 'Mrs', given: ['Kamala'], family: 'Perera' },
  telecom: [],
  birthDate: '1960-04-09',
  gender: 'female',
  address: null,
  extension: [{ valueId: 'relationship', value: 'Me' }],
  link: [],
  hospitalId: 'h-1',
  medicalRecordNumber: '',
};

const method = (id: string, cardType: string, cardNumber: string, cardExpiry: string) => ({
  id,
  type: 'card',
  status: 'active',
  cardType,
  cardNumber,
  cardExpiry,
  defaultMethod: false,
});

function account(paymentMethods: ServerUserProfile['paymentMethods'], defaultPaymentMethod: string | null): AccountView {
  return toAccountView(
    {
      id: 'up-1',
      identifier: '94771234567',
      status: 'active',
      mobileNo: '94771234567',
      patients: [me],
      paymentMethods,
      defaultPaymentMethod,
      hasPaymentMethod: paymentMethods.length > 0,
      bookingReqId: null,
      loyaltyAccounts: [],
      preferredLanguage: null,
    },
    new Date(2026, 0, 1),
  );
}

const twoCards = account(
  [method('m1', '001', '411111XXXXXXXXXX', '12-2030'), method('m2', '002', '555555XXXXXXXXXX', '01-2029')],
  'm2',
);

function render(view: AccountView, options: { answer?: (call: GraphQLCall) => unknown; refreshes?: (AccountView | null)[] } = {}) {
  let refreshCount = 0;
  const refreshes = options.refreshes ?? [];
  const rendered = renderScreen({
    path: '/profiles/payment-methods',
    routePath: '/profiles/payment-methods',
    element: <PaymentMethodsScreen />,
    account: view,
    answer: options.answer,
    session: {
      refreshAccount: async () => {
        const next = refreshes.length > 0 ? (refreshes[Math.min(refreshCount, refreshes.length - 1)] ?? null) : view;
        refreshCount += 1;
        return next;
      },
    },
  });
  return { ...rendered, refreshCount: () => refreshCount };
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('PaymentMethodsScreen (/profiles/payment-methods)', () => {
  it('loads afresh on arrival and lists the cards: type, first 6 digits masked, expiry, the default marked first', async () => {
    const { refreshCount } = render(twoCards);
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(refreshCount()).toBe(1);
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Mastercard'),
      expect.stringContaining('Visa'),
    ]);
    expect(within(items[0] as HTMLElement).getByText('Default')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('555555XXXXXXXXXX')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('Expires 01-2029')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('Default')).toBeNull();
    // the default card offers no 'Set as default'
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /as default/ })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Set Visa 411111XXXXXXXXXX as default' })).toBeTruthy();
  });

  it('empty: We didn’t find any payment methods of you', async () => {
    render(account([], null));
    expect(await screen.findByText("We didn't find any payment methods of you")).toBeTruthy();
  });

  it('a failed load: Sorry {name}, There is a problem loading your payment methods, and Try again', async () => {
    const { refreshCount } = render(twoCards, { refreshes: [null, twoCards] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry Kamala, There is a problem loading your payment methods');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list')).toBeTruthy();
    expect(refreshCount()).toBe(2);
  });

  it('set default calls setDefaultPaymentMethod and reloads the account', async () => {
    const { calls, refreshCount } = render(twoCards, { answer: () => ({ data: { setDefaultPaymentMethod: true } }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Set Visa 411111XXXXXXXXXX as default' }));
    expect(await screen.findByText('Default card changed')).toBeTruthy();
    expect(calls).toEqual([{ operationName: 'setDefaultPaymentMethod', variables: { id: 'm1' } }]);
    expect(refreshCount()).toBe(2);
  });

  it('delete asks first (a dialog with focus inside); Cancel changes nothing', async () => {
    const { calls } = render(twoCards);
    const remove = await screen.findByRole('button', { name: 'Delete Visa 411111XXXXXXXXXX' });
    remove.focus();
    fireEvent.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Delete this card?' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByText('Visa 411111XXXXXXXXXX will be removed from your saved payment methods.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(calls).toEqual([]);
  });

  it('delete confirmed calls deletePaymentMethod and reloads the account', async () => {
    const oneCard = account([method('m2', '002', '555555XXXXXXXXXX', '01-2029')], 'm2');
    const { calls } = render(twoCards, {
      answer: () => ({ data: { deletePaymentMethod: true } }),
      refreshes: [twoCards, oneCard],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa 411111XXXXXXXXXX' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Card deleted')).toBeTruthy();
    expect(calls).toEqual([{ operationName: 'deletePaymentMethod', variables: { id: 'm1' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The deleted card's button is gone; the focus goes to the screen's heading, not to the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Saved Payment Methods' })));
  });

  it('a refused delete shows the server’s text in the dialog', async () => {
    render(twoCards, { answer: () => ({ errors: [{ message: 'ARO-E2001:The record was not found' }] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Visa 411111XXXXXXXXXX' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBeTruthy());
  });

  it('Add card explains that a card is saved by paying, and leads to /doctor', async () => {
    render(twoCards);
    fireEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a card' });
    expect(dialog.textContent).toContain('“Save this card”');
    fireEvent.click(within(dialog).getByRole('link', { name: 'Book an appointment' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/doctor');
  });

  it('back goes to /profiles', async () => {
    render(twoCards);
    fireEvent.click(await screen.findByRole('link', { name: /Back/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/profiles');
  });
});
