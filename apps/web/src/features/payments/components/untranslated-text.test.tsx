// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { activateLocale, createI18n, translate, type I18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import {
  invoiceAnswer,
  payableAppointment,
  renderPayments,
  savedCard,
  testAccount,
  type GraphQLCall,
} from '../test/render-payments.tsx';
import { AppointmentPayment } from './appointment-payment.tsx';

// issue 6 §5: in Sinhala and Tamil pay now shows, names and announces no English. Data from the server
// (fee descriptions), the currency code, the gateway's name and the masked card stay as they are.
const data = [
  'Doctor fee',
  'Hospital fee',
  'Seasonal discount',
  'LKR',
  'CyberSource',
  'Genie',
  '411111XXXXXXXXXX',
];

function untranslated(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    texts.push(node.textContent ?? '');
  }
  for (const element of document.body.querySelectorAll('*')) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute);
      if (value) {
        texts.push(value);
      }
    }
  }
  return texts.filter((text) =>
    /[A-Za-z]{3,}/.test(data.reduce((rest, known) => rest.split(known).join(''), text)),
  );
}

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

const answer = (call: GraphQLCall) =>
  call.operationName === 'prepareInvoice'
    ? invoiceAnswer()
    : call.operationName === 'paymentOutcome'
      ? { data: { queryPaymentGatewayCallback: [] } }
      : null;

describe.each<Locale>(['si', 'ta'])('no English left in %s (issue 6 §5)', (locale) => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = createI18n();
    await activateLocale(i18n, locale);
  });

  it('the invoice, the ways to pay, the card form with its messages, and a failed return', async () => {
    renderPayments({
      element: <AppointmentPayment appointment={payableAppointment()} onPaid={() => undefined} />,
      path: '/view/appointment?sessionId=s-1&appointmentId=a-1&paymentStatus=Failure&bookingId=br-1',
      routePath: '/view/appointment',
      answer,
      account: testAccount([savedCard('pm-1')]),
      i18n,
    });
    const payByCard = await screen.findByRole('button', {
      name: translate(i18n, 'payments.method.payByCard'),
    });
    await screen.findByText(translate(i18n, 'payments.noResponse'));
    fireEvent.click(payByCard);
    const dialog = await screen.findByRole('dialog', {
      name: translate(i18n, 'payments.card.title'),
    });
    await waitFor(() => expect(dialog.querySelector('form')?.dataset.status).toBe('READY'));
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await screen.findByText(translate(i18n, 'payments.card.nameRequired'));
    expect(untranslated()).toEqual([]);
  });
});
