// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CARD_MESSAGES } from '@careline/domain/payments';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { CardFormModal, type CardPayment } from './card-form-modal.tsx';

afterEach(cleanup);

// A fixed clock: June 2026, so '05/26' is expired and '06/26' is still good (spec doc 2 §5 'Expired card').
const now = () => new Date(Date.UTC(2026, 5, 15));

function renderForm(onPay: (card: CardPayment) => Promise<string | null> = async () => null) {
  const onClose = vi.fn();
  render(
    <TestLanguage>
      <button type="button">Pay by card</button>
      <CardFormModal
        open
        amount="3,000.50 LKR"
        gatewayName="CyberSource"
        onClose={onClose}
        onPay={onPay}
        now={now}
      />
    </TestLanguage>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Pay by card' });
  const field = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label);
  return {
    dialog,
    onClose,
    name: () => field('Name on card'),
    number: () => field('Card number'),
    expiry: () => field('Expiry date (MM/YY)'),
    cvv: () => field('CVV'),
    save: () => within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Save this card' }),
    pay: () => within(dialog).getByRole('button', { name: 'Pay 3,000.50 LKR' }),
    form: () => dialog.querySelector('form') as HTMLFormElement,
  };
}

function fill(
  form: ReturnType<typeof renderForm>,
  values: { name?: string; number?: string; expiry?: string; cvv?: string },
) {
  if (values.name !== undefined) {
    fireEvent.change(form.name(), { target: { value: values.name } });
  }
  if (values.number !== undefined) {
    fireEvent.change(form.number(), { target: { value: values.number } });
  }
  if (values.expiry !== undefined) {
    fireEvent.change(form.expiry(), { target: { value: values.expiry } });
  }
  if (values.cvv !== undefined) {
    fireEvent.change(form.cvv(), { target: { value: values.cvv } });
  }
}

const valid = { name: 'Kamala Perera', number: '4111111111111111', expiry: '1230', cvv: '123' };

describe('the card form (spec doc 2 §5 rules and messages, §4 Card form status)', () => {
  it('goes from INITIALISING to READY and then puts the focus on the first field', async () => {
    const form = renderForm();
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    await waitFor(() => expect(document.activeElement).toBe(form.name()));
  });

  it('hyphenates the number in groups of 4 (19 characters) and slashes the expiry (5 characters)', async () => {
    const form = renderForm();
    fill(form, { number: '4111 1111 1111 11119999', expiry: '12301', cvv: '12a34' });
    expect(form.number().value).toBe('4111-1111-1111-1111');
    expect(form.number().maxLength).toBe(19);
    expect(form.expiry().value).toBe('12/30');
    expect(form.expiry().maxLength).toBe(5);
    expect(form.cvv().value).toBe('123');
    expect(form.cvv().maxLength).toBe(3);
  });

  it('shows every message of the spec on an empty form, tied to its field, and focuses the first', async () => {
    const onPay = vi.fn(async () => null);
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fireEvent.click(form.pay());
    const expected: [HTMLInputElement, string][] = [
      [form.name(), CARD_MESSAGES.nameRequired],
      [form.number(), CARD_MESSAGES.numberInvalid],
      [form.expiry(), CARD_MESSAGES.expiryInvalid],
      [form.cvv(), CARD_MESSAGES.cvvInvalid],
    ];
    for (const [input, message] of expected) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
      const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
      expect(texts).toContain(message);
    }
    expect(document.activeElement).toBe(form.name());
    expect(onPay).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a number that fails the Luhn check',
      { number: '4111111111111112' },
      'Card number',
      CARD_MESSAGES.numberInvalid,
    ],
    [
      'a number shorter than 16 digits',
      { number: '411111111111111' },
      'Card number',
      CARD_MESSAGES.numberInvalid,
    ],
    ['month 13', { expiry: '1330' }, 'Expiry date (MM/YY)', CARD_MESSAGES.expiryInvalid],
    ['an expiry of last month', { expiry: '0526' }, 'Expiry date (MM/YY)', CARD_MESSAGES.expired],
    ['a CVV of 2 digits', { cvv: '12' }, 'CVV', CARD_MESSAGES.cvvInvalid],
    ['a blank name', { name: '   ' }, 'Name on card', CARD_MESSAGES.nameRequired],
  ])('%s: %s', async (_case, change, label, message) => {
    const onPay = vi.fn(async () => null);
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fill(form, { ...valid, ...change });
    fireEvent.click(form.pay());
    const input = within(form.dialog).getByLabelText(label);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([message]);
    expect(
      document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')
        ?.textContent,
    ).toBe(message);
    expect(document.activeElement).toBe(input);
    expect(onPay).not.toHaveBeenCalled();
  });

  it('this month’s card is still good; a valid card goes to PAYMENT_PROCESSING with what was typed', async () => {
    let finish: (value: string | null) => void = () => undefined;
    const onPay = vi.fn(() => new Promise<string | null>((resolve) => (finish = resolve)));
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fill(form, { ...valid, expiry: '0626' });
    fireEvent.click(form.save());
    fireEvent.click(form.pay());
    expect(onPay).toHaveBeenCalledWith({
      nameOnCard: 'Kamala Perera',
      cardNumber: '4111-1111-1111-1111',
      expiry: '06/26',
      cvv: '123',
      savePaymentMethod: true,
    });
    expect(form.form().dataset.status).toBe('PAYMENT_PROCESSING');
    expect(screen.getByRole('status').textContent).toBe(
      'Sending your card to CyberSource. Your bank may ask you to confirm the payment. Please do not close this page.',
    );
    expect(form.pay().hasAttribute('disabled')).toBe(true);
    await act(async () => finish(null));
    expect(form.form().dataset.status).toBe('PAYMENT_PROCESSING');
  });

  it('back from the gateway (the page restored as it was left): READY again with the card cleared, and it can pay again', async () => {
    const onPay = vi.fn(async () => null);
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fill(form, valid);
    fireEvent.click(form.pay());
    await act(async () => undefined);
    expect(form.form().dataset.status).toBe('PAYMENT_PROCESSING');
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(form.form().dataset.status).toBe('READY');
    expect([form.name().value, form.number().value, form.expiry().value, form.cvv().value]).toEqual(['', '', '', '']);
    fill(form, valid);
    fireEvent.click(form.pay());
    expect(onPay).toHaveBeenCalledTimes(2);
  });

  it('a double tap on Pay starts one payment', async () => {
    const onPay = vi.fn(() => new Promise<string | null>(() => undefined));
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fill(form, valid);
    // Two submits in one task, before React renders the disabled button.
    act(() => {
      form.form().requestSubmit();
      form.form().requestSubmit();
    });
    fireEvent.submit(form.form());
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('a payment that cannot start shows ERROR with the reason, takes the focus there, and can be sent again', async () => {
    const onPay = vi
      .fn<(card: CardPayment) => Promise<string | null>>()
      .mockResolvedValueOnce(
        'This request key was already used for a different request. Please submit again',
      );
    const form = renderForm(onPay);
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fill(form, valid);
    fireEvent.click(form.pay());
    await waitFor(() => expect(form.form().dataset.status).toBe('ERROR'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'We could not start the payment' +
        'This request key was already used for a different request. Please submit again',
    );
    // The focus moves in the effect after the ERROR render commits (a later task on a busy machine).
    await waitFor(() => expect(document.activeElement).toBe(within(alert).getByText('We could not start the payment')));
    onPay.mockResolvedValueOnce(null);
    fireEvent.click(form.pay());
    expect(onPay).toHaveBeenCalledTimes(2);
    expect(form.form().dataset.status).toBe('PAYMENT_PROCESSING');
  });

  it('Cancel and Escape close it; not while the payment starts', async () => {
    const form = renderForm(() => new Promise<string | null>(() => undefined));
    await waitFor(() => expect(form.form().dataset.status).toBe('READY'));
    fireEvent.click(within(form.dialog).getByRole('button', { name: 'Cancel' }));
    expect(form.onClose).toHaveBeenCalledTimes(1);
    fill(form, valid);
    fireEvent.click(form.pay());
    fireEvent.keyDown(form.dialog, { key: 'Escape' });
    expect(form.onClose).toHaveBeenCalledTimes(1);
  });
});
