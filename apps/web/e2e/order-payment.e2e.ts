import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  expectTouchTargets,
  launchBrowser,
  screenshot,
} from './support/index.ts';
import {
  createOrderThroughApi,
  gql,
  journeyHost,
  signedInPatient,
  signedInPhone,
  staffChangeOrder,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';

// Issue 10 (order payment, through the Payments issue's module): a medicine order whose charge the
// pharmacist set is paid on the order view (412×823) with the sandbox gateway's ACCEPT card, which
// speaks CyberSource Secure Acceptance's signed protocol; the gateway brings the browser back to
// /order/view?orderId=…&paymentStatus=Success and the order reads paid (spec doc 3 §2, §4 Order
// payment). The order is made through the API: this journey is about paying it.

const host = journeyHost;
const ACCEPT_CARD = '4111111111111111';
const orderPath = (id: string) => `/order/view?orderId=${encodeURIComponent(id)}`;

/** An expiry two years ahead, as the card form takes it (MM/YY). */
function futureExpiry(): string {
  const year = (new Date().getFullYear() + 2) % 100;
  return `12${String(year).padStart(2, '0')}`;
}

type PaidState = { serviceRequestPaymentStatus: string; serviceRequestPaymentMethod: string };

async function orderPayment(patient: Patient, id: string): Promise<PaidState> {
  const { serviceRequest } = await gql<{ serviceRequest: PaidState }>(
    'query ($id: ID!) { serviceRequest(id: $id) { serviceRequestPaymentStatus serviceRequestPaymentMethod } }',
    { id },
    patient.token,
  );
  return serviceRequest;
}

/** 'Pay and book now' opens the card form; fills it with a card and pays (spec doc 2 §5 card form). */
async function payWithNewCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Pay and book now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay by card' });
  await dialog.waitFor();
  await dialog.getByLabel('Name on card').fill('Ruwan Fernando');
  await dialog.getByLabel('Card number').pressSequentially(cardNumber);
  await dialog.getByLabel('Expiry date (MM/YY)').pressSequentially(futureExpiry());
  await dialog.getByLabel('CVV').fill('123');
  await checkScreen(page, 'order card form');
  await screenshot(page, 'order-pay-card-form');
  await dialog.getByRole('button', { name: /^Pay / }).click();
}

describe('order payment', () => {
  let browser: Browser;
  let staff: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await staffToken();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('an order with a charge: pay by the sandbox card → back on the order view with Payment success, the order paid', { timeout: 300_000 }, async () => {
    const patient = await signedInPatient('Payorder');
    const order = await createOrderThroughApi(patient, 'Medication');
    // The pharmacist sets the charge: the invoice the patient sees (issue 10 staff console).
    await staffChangeOrder(staff, patient, order.id, { kind: 'charge', amount: '1500.00' });

    const { context, page } = await signedInPhone(browser, patient, 'order-pay-failure');
    const errors = collectPageErrors(page);
    await page.goto(appUrl(orderPath(order.id), host));
    const block = page.getByRole('region', { name: 'Payment' });
    await block.waitFor({ timeout: 60_000 });
    // spec doc 3 §2, §5: the invoice with 2 decimals and the currency, the method line, the pay button.
    await block.getByText(/1,500\.00/).first().waitFor();
    await block.getByText('Pay by card').waitFor();
    await block.getByRole('button', { name: 'Pay and book now' }).waitFor();
    await checkScreen(page, 'order awaiting payment');
    await expectTouchTargets(page);
    await screenshot(page, 'order-pay-invoice');

    await payWithNewCard(page, ACCEPT_CARD);
    // 'Payment success' is a toast of a few seconds: watch for it from the start.
    const success = page.getByText('Payment success').waitFor({ timeout: 60_000 });
    await page.waitForURL(
      (url) => url.pathname === '/order/view' && url.searchParams.get('orderId') === order.id && url.searchParams.get('paymentStatus') === 'Success',
      { timeout: 60_000 },
    );
    await success;
    await block.getByText('Paid', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Pay and book now' }).count()).toBe(0);
    await checkScreen(page, 'paid order');
    await screenshot(page, 'order-pay-success');
    expect(await orderPayment(patient, order.id)).toEqual({ serviceRequestPaymentStatus: 'paid', serviceRequestPaymentMethod: 'card' });
    // Payment history holds the order's payment (spec doc 3 §3 Payment: request reference ServiceRequest/{id}).
    const { queryPaymentGatewayCallback } = await gql<{ queryPaymentGatewayCallback: { requestReference: string; response: { status: string } }[] }>(
      '{ queryPaymentGatewayCallback { requestReference response { status } } }',
      {},
      patient.token,
    );
    expect(queryPaymentGatewayCallback).toEqual([{ requestReference: `ServiceRequest/${order.id}`, response: { status: 'ACCEPT' } }]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
