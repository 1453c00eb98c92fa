// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_SCREEN_TEXTS, PAYMENT_TEXTS } from '@careline/domain/payments';
import { activateLocale, createI18n, translate } from '@careline/i18n/core';
import { toAccountView } from '../../../lib/session';
import type { PaymentHistoryQueryRecord } from '../api/payment-history.ts';
import { renderScreen, type GraphQLCall } from '../../../lib/testing/render-screen.tsx';
import { PaymentHistoryScreen } from './payment-history-screen.tsx';

const account = toAccountView({
  id: 'up-1',
  identifier: '94771234567',
  status: 'active',
  mobileNo: '94771234567',
  patients: [],
  paymentMethods: [],
  defaultPaymentMethod: null,
  hasPaymentMethod: false,
  bookingReqId: null,
  loyaltyAccounts: [],
  preferredLanguage: null,
});

function payment(id: string, status: string | null, overrides: Partial<PaymentHistoryQueryRecord> = {}): PaymentHistoryQueryRecord {
  return {
    id,
    bookingId: `b-${id}`,
    requestReference: `Appointment/a-${id}`,
    organizationId: 'org-1',
    organizationName: 'Colombo General',
    patientId: 'pt-1',
    createdTime: '2026-11-24T04:45:00Z',
    response: {
      amount: '2500.00',
      status,
      message: status === 'ACCEPT' ? 'Request was processed successfully.' : 'Declined by the bank',
      additionalInfo: null,
      reasonCode: null,
      transactionDate: '2026-11-24T04:45:00Z',
      transactionReference: `txn-${id}`,
      cardType: '001',
      cardNumber: '411111XXXXXXXXXX',
      cardExpiry: '12-2030',
      firstName: 'Kamala',
      lastName: 'Perera',
      paymentGatewayType: 'cyberSource',
    },
    invoice:
      status === 'ACCEPT'
        ? {
            id: `inv-${id}`,
            items: [
              { description: 'Doctor fee', amount: '2000.00', category: 'doctor_fee' },
              { description: 'Hospital fee', amount: '500.00', category: 'hospital_fee' },
            ],
            total: '2500.00',
            currency: 'LKR',
          }
        : null,
    ...overrides,
  };
}

function render(path: string, answer: (call: GraphQLCall) => unknown, downloadInvoice?: (id: string) => Promise<void>) {
  return renderScreen({
    path,
    routePath: '/profiles/my-payment-history',
    element: <PaymentHistoryScreen timeZone="UTC" downloadInvoice={downloadInvoice} />,
    account,
    answer,
  });
}

const answering = (records: PaymentHistoryQueryRecord[]) => () => ({ data: { queryPaymentGatewayCallback: records } });

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

describe('payment history texts (spec doc 2 §2)', () => {
  it('English copies the spec character for character', () => {
    const i18n = createI18n();
    expect(translate(i18n, 'paymentHistory.loadingTitle')).toBe(PAYMENT_SCREEN_TEXTS.historyLoadingTitle);
    expect(translate(i18n, 'paymentHistory.loading')).toBe(PAYMENT_SCREEN_TEXTS.historyLoading);
    expect(translate(i18n, 'paymentHistory.empty')).toBe(PAYMENT_SCREEN_TEXTS.historyEmpty);
    expect(translate(i18n, 'paymentHistory.bookAppointment')).toBe(PAYMENT_SCREEN_TEXTS.bookAppointment);
    expect(translate(i18n, 'paymentHistory.invoiceTitle')).toBe(PAYMENT_SCREEN_TEXTS.invoiceTitle);
    expect(translate(i18n, 'paymentHistory.downloadPdf')).toBe(PAYMENT_SCREEN_TEXTS.downloadPdf);
    expect(translate(i18n, 'paymentHistory.viewInvoice')).toBe(PAYMENT_SCREEN_TEXTS.viewInvoice);
    expect(translate(i18n, 'paymentHistory.notAvailable')).toBe(PAYMENT_TEXTS.notAvailable);
    expect(translate(i18n, 'paymentMethods.loadFailed', { name: 'Kamala' })).toBe(
      PAYMENT_SCREEN_TEXTS.methodsLoadFailed.replace('{name}', 'Kamala'),
    );
    expect(translate(i18n, 'paymentMethods.empty')).toBe(PAYMENT_SCREEN_TEXTS.methodsEmpty);
    expect(translate(i18n, 'terms.heading')).toBe('By continuing, you agree to the Terms & Conditions');
  });
});

describe('PaymentHistoryScreen (/profiles/my-payment-history)', () => {
  it('shows Please wait / We are loading your payment history while it loads', async () => {
    render('/profiles/my-payment-history', () => new Promise(() => undefined));
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Please wait')).toBeTruthy();
    expect(within(status).getByText('We are loading your payment history')).toBeTruthy();
  });

  it('empty: the spec’s text and Book an appointment to /doctor', async () => {
    render('/profiles/my-payment-history', answering([]));
    expect(await screen.findByText("We didn't find any payments of you yet")).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Book an appointment' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/doctor');
  });

  it('asks queryPaymentGatewayCallback for the account’s payments', async () => {
    const { calls } = render('/profiles/my-payment-history', answering([]));
    await screen.findByText("We didn't find any payments of you yet");
    expect(calls).toEqual([{ operationName: 'paymentHistory', variables: { limit: 100 } }]);
  });

  it('a failed load says so and tries again', async () => {
    let attempts = 0;
    render('/profiles/my-payment-history', () => {
      attempts += 1;
      return attempts === 1 ? { errors: [{ message: 'ARO-E9999:Something went wrong.' }] } : { data: { queryPaymentGatewayCallback: [] } };
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not load your payment history')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("We didn't find any payments of you yet")).toBeTruthy();
  });

  it('cards are collapsed native buttons with aria-expanded; the paymentId one is open on arrival', async () => {
    render('/profiles/my-payment-history?paymentId=p2', answering([payment('p1', 'ACCEPT'), payment('p2', 'DECLINE')]));
    const toggles = await screen.findAllByRole('button', { expanded: false });
    expect(toggles).toHaveLength(1);
    const open = screen.getByRole('button', { expanded: true });
    expect(open.tagName).toBe('BUTTON');
    expect(within(open).getByText('Failed')).toBeTruthy();
    const body = document.getElementById(open.getAttribute('aria-controls') ?? '');
    expect(body?.hidden).toBe(false);
    expect(within(body as HTMLElement).getByText('txn-p2')).toBeTruthy();
    // toggling
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(body?.hidden).toBe(true);
    fireEvent.click(toggles[0] as HTMLElement);
    expect(toggles[0]?.getAttribute('aria-expanded')).toBe('true');
  });

  it('without a paymentId every card starts collapsed', async () => {
    render('/profiles/my-payment-history', answering([payment('p1', 'ACCEPT'), payment('p2', 'DECLINE')]));
    expect(await screen.findAllByRole('button', { expanded: false })).toHaveLength(2);
  });

  it('orderId opens the order’s payment (doc 3 §2), shown as an Order', async () => {
    render(
      '/profiles/my-payment-history?orderId=o-7',
      answering([payment('p1', 'ACCEPT'), payment('p9', 'ACCEPT', { requestReference: 'ServiceRequest/o-7' })]),
    );
    const open = await screen.findByRole('button', { expanded: true });
    expect(within(open).getByText('Order')).toBeTruthy();
    expect(within(open).getByText('Success')).toBeTruthy();
  });

  it('status mapping: ACCEPT Success green with View invoice; DECLINE and ERROR Failed red without', async () => {
    render('/profiles/my-payment-history', answering([payment('p1', 'ACCEPT'), payment('p2', 'DECLINE'), payment('p3', 'ERROR')]));
    const [first, second, third] = await screen.findAllByRole('button', { expanded: false });
    expect(within(first as HTMLElement).getByText('Success').className).toContain('payment-status--green');
    expect(within(second as HTMLElement).getByText('Failed').className).toContain('payment-status--red');
    expect(within(third as HTMLElement).getByText('Failed').className).toContain('payment-status--red');
    for (const toggle of [first, second, third]) {
      fireEvent.click(toggle as HTMLElement);
    }
    expect(screen.getAllByRole('button', { name: 'View invoice' })).toHaveLength(1);
  });

  it('REVIEW reads Payment is pending and CANCEL Cancelled, neutral, without an invoice', async () => {
    render('/profiles/my-payment-history', answering([payment('p1', 'REVIEW'), payment('p2', 'cancel')]));
    const [first, second] = await screen.findAllByRole('button', { expanded: false });
    expect(within(first as HTMLElement).getByText('Payment is pending').className).toContain('payment-status--neutral');
    expect(within(second as HTMLElement).getByText('Cancelled').className).toContain('payment-status--neutral');
    fireEvent.click(first as HTMLElement);
    fireEvent.click(second as HTMLElement);
    expect(screen.queryByRole('button', { name: 'View invoice' })).toBeNull();
  });

  it('shows the date as Do,(ddd) MMM YYYY hh:mm A and the amount with 2 decimals', async () => {
    render('/profiles/my-payment-history?paymentId=p1', answering([payment('p1', 'ACCEPT')]));
    const open = await screen.findByRole('button', { expanded: true });
    expect(within(open).getByText('24th,(Tue) Nov 2026 04:45 AM')).toBeTruthy();
    expect(within(open).getByText('2,500.00 LKR')).toBeTruthy();
  });

  it("a decline's message is the catalogue's text, never the bank's (issue 29 §1.4)", async () => {
    const bankText = 'General decline of the card. No other information was provided by the issuing bank.';
    const declined = payment('p1', 'DECLINE');
    render(
      '/profiles/my-payment-history?paymentId=p1',
      answering([{ ...declined, response: { ...declined.response, message: bankText, additionalInfo: bankText } }]),
    );
    const open = await screen.findByRole('button', { expanded: true });
    const body = document.getElementById(open.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(body).getByText('Payment failed')).toBeTruthy();
    expect(document.body.textContent).not.toContain('General decline');
  });

  it.each([
    ['en', '24th,(Tue) Nov 2026 10:15 AM'],
    ['si', '24 වැනි,(අඟහ) ඉල් 2026 10:15 පෙ.ව.'],
    ['ta', '24வது,(செவ்.) நவ. 2026 10:15 AM'],
  ] as const)(
    'writes the date in the hospital’s zone and in %s, with the ordinal and the language’s names (issue 29 §1.4)',
    async (locale, text) => {
      const i18n = createI18n();
      await activateLocale(i18n, locale);
      renderScreen({
        path: '/profiles/my-payment-history?paymentId=p1',
        routePath: '/profiles/my-payment-history',
        element: <PaymentHistoryScreen />,
        account,
        answer: answering([payment('p1', 'DECLINE')]),
        i18n,
      });
      const open = await screen.findByRole('button', { expanded: true });
      expect(within(open).getByText(text)).toBeTruthy();
      if (locale !== 'en') {
        expect(within(open).queryByText(/Tue|Nov/)).toBeNull();
        const body = document.getElementById(open.getAttribute('aria-controls') ?? '') as HTMLElement;
        expect(within(body).getByText(translate(i18n, 'payments.failed'))).toBeTruthy();
      }
    },
  );

  it('missing fields read Not Available', async () => {
    const bare = payment('p1', 'DECLINE', {
      organizationName: null,
      response: {
        amount: null,
        status: 'DECLINE',
        message: null,
        additionalInfo: null,
        reasonCode: null,
        transactionDate: null,
        transactionReference: null,
        cardType: null,
        cardNumber: null,
        cardExpiry: null,
        firstName: null,
        lastName: null,
        paymentGatewayType: null,
      },
    });
    render('/profiles/my-payment-history?paymentId=p1', answering([bare]));
    const open = await screen.findByRole('button', { expanded: true });
    const body = document.getElementById(open.getAttribute('aria-controls') ?? '') as HTMLElement;
    // hospital, amount; then in the body reference, card, expiry, payer, amount, hospital; the message
    // is the decline's own text (issue 29 §1.4)
    expect(within(open).getAllByText('Not Available').length).toBeGreaterThanOrEqual(2);
    expect(within(body).getAllByText('Not Available')).toHaveLength(6);
    expect(within(body).getByText('Payment failed')).toBeTruthy();
  });

  it('back goes to /doctor when paymentId is present', async () => {
    render('/profiles/my-payment-history?paymentId=p1', answering([payment('p1', 'ACCEPT')]));
    fireEvent.click(await screen.findByRole('link', { name: /Back/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/doctor');
  });

  it('back goes to /profiles otherwise', async () => {
    render('/profiles/my-payment-history', answering([payment('p1', 'ACCEPT')]));
    fireEvent.click(await screen.findByRole('link', { name: /Back/ }));
    expect((await screen.findByTestId('location')).textContent).toBe('/profiles');
  });

  it('View invoice opens the Payment Invoice modal with focus inside; Download as PDF fetches Invoice.pdf', async () => {
    const downloads: string[] = [];
    render('/profiles/my-payment-history?paymentId=p1', answering([payment('p1', 'ACCEPT')]), async (id) => {
      downloads.push(id);
    });
    const view = await screen.findByRole('button', { name: 'View invoice' });
    view.focus();
    fireEvent.click(view);
    const dialog = screen.getByRole('dialog', { name: 'Payment Invoice' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(within(dialog).getByText('Doctor fee')).toBeTruthy();
    expect(within(dialog).getByText('2,000.00 LKR')).toBeTruthy();
    expect(within(dialog).getByText('Hospital fee')).toBeTruthy();
    expect(within(dialog).getByText('2,500.00 LKR')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download as PDF' }));
    await waitFor(() => expect(downloads).toEqual(['p1']));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(view);
  });

  it.each(['si', 'ta'] as const)('the invoice modal names the fee lines in %s (issue 29 §1.4)', async (locale) => {
    const i18n = createI18n();
    await activateLocale(i18n, locale);
    renderScreen({
      path: '/profiles/my-payment-history?paymentId=p1',
      routePath: '/profiles/my-payment-history',
      element: <PaymentHistoryScreen />,
      account,
      answer: answering([payment('p1', 'ACCEPT')]),
      i18n,
    });
    fireEvent.click(await screen.findByRole('button', { name: translate(i18n, 'paymentHistory.viewInvoice') }));
    const dialog = screen.getByRole('dialog', { name: translate(i18n, 'paymentHistory.invoiceTitle') });
    expect(within(dialog).getByText(translate(i18n, 'invoice.line.doctorFee'))).toBeTruthy();
    expect(within(dialog).getByText(translate(i18n, 'invoice.line.hospitalFee'))).toBeTruthy();
    expect(within(dialog).queryByText('Doctor fee')).toBeNull();
    expect(within(dialog).queryByText('Hospital fee')).toBeNull();
  });

  it('a failed download says so', async () => {
    render('/profiles/my-payment-history?paymentId=p1', answering([payment('p1', 'ACCEPT')]), async () => {
      throw new Error('HTTP 500');
    });
    fireEvent.click(await screen.findByRole('button', { name: 'View invoice' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download as PDF' }));
    expect(await screen.findByText('The invoice could not be downloaded. Please try again.')).toBeTruthy();
  });

  it('reads in Sinhala', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    renderScreen({
      path: '/profiles/my-payment-history',
      routePath: '/profiles/my-payment-history',
      element: <PaymentHistoryScreen timeZone="UTC" />,
      account,
      answer: answering([]),
      i18n,
    });
    expect(await screen.findByText(translate(i18n, 'paymentHistory.empty'))).toBeTruthy();
    expect(screen.queryByText("We didn't find any payments of you yet")).toBeNull();
  });
});
