import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectPageErrors,
  expectNoAxeViolations,
  expectTouchTargets,
  launchBrowser,
  screenshot,
} from './support/index.ts';
import {
  createOrderThroughApi,
  gql,
  signedInPatient,
  signedInPhone,
  type CreatedOrder,
  type Patient,
} from './support/journey-setup.ts';

// Issue 10 'Lists' (spec doc 3 §2 Order lists, §8, §9): a patient with 11 orders made through the real
// server sees 10 on /history/orders, all 11 after 'Load More Order', and a new order arrives live; the
// lab test list's profile tiles narrow it to one profile; a card opens its order; a new account sees
// the empty texts, reached from the Profiles screen's menu rows. Orders are made through the API
// (image upload, document reference, createServiceRequest): these journeys are about the lists.

/** The cards of the list on show. */
const cards = (page: Page) => page.locator('main .order-list article');

/** Adds a second profile (Mother) to the patient's account, for the lab test list's tiles. */
async function addMother(patient: Patient): Promise<string> {
  const { createPatient } = await gql<{ createPatient: { id: string } }>(
    `mutation { createPatient(name: {prefix: "Mrs", given: ["Sriyani"], family: "Fernando"},
      birthDate: "1955-06-01", gender: "female", extension: [{ valueId: "relationship", value: "Mother" }]) { id } }`,
    {},
    patient.token,
  );
  return createPatient.id;
}

describe('order lists', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows 10 orders, 11 after Load More Order, a new one live, the lab tests by profile, and opens an order', async () => {
    const patient = await signedInPatient('Orders');
    const motherId = await addMother(patient);
    // Oldest first, so the newest (created last) leads the list.
    const created: CreatedOrder[] = [];
    for (const [category, forMother] of [
      ['Medication', false],
      ['Examination', true],
      ['Medication', false],
      ['Procedure', false],
      ['Examination', false],
      ['Medication', false],
      ['Examination', true],
      ['Medication', false],
      ['Procedure', false],
      ['Examination', false],
      ['Medication', false],
    ] as const) {
      created.push(
        await createOrderThroughApi(patient, category, forMother ? { patientId: motherId } : {}),
      );
    }
    const { context, page } = await signedInPhone(browser, patient, 'order-lists-failure');
    const errors = collectPageErrors(page);

    // spec doc 3 §9: 10 at first.
    await page.goto('/history/orders');
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(10);
    const newest = created.at(-1);
    expect(await cards(page).first().textContent()).toContain(
      newest?.identifier ?? 'no identifier',
    );
    expect(await cards(page).first().textContent()).toContain('Medication Order');
    const requests = page.getByRole('navigation', { name: 'Request something new' });
    expect(await requests.getByRole('link').allTextContents()).toEqual([
      'Request a new Medicine',
      'Request a new Lab Test',
      'Request a new Medical service',
      // issue 30 §2.4: the demo tenant offers admissions.
      'Request an Admission',
    ]);
    const historyBar = page.getByRole('navigation', { name: 'History' });
    expect(await historyBar.getByRole('link', { name: 'My Appointments' }).count()).toBe(1);
    expect(
      await historyBar.getByRole('link', { name: 'All Orders' }).getAttribute('aria-current'),
    ).toBe('page');
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'order list, first page');
    await screenshot(page, 'order-list-first-page');

    // spec doc 3 §9: each Load More adds 9; the 11th is the last.
    await page.getByRole('button', { name: 'Load More Order' }).click();
    await expect.poll(() => cards(page).count()).toBe(11);
    expect(await page.getByRole('button', { name: 'Load More Order' }).count()).toBe(0);
    expect(await cards(page).last().textContent()).toContain(
      created[0]?.identifier ?? 'no identifier',
    );
    await expectNoAxeViolations(page, 'order list, all loaded');
    await screenshot(page, 'order-list-all');

    // spec doc 3 §7 Subscriptions: a new order appears without a reload.
    const live = await createOrderThroughApi(patient, 'Procedure');
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(12);
    expect(await cards(page).first().textContent()).toContain(live.identifier ?? 'no identifier');

    // The lab test list: its own texts and button, and the profile tiles.
    await page.goto('/history/examination');
    await expect.poll(() => cards(page).count(), { timeout: 30_000 }).toBe(4);
    expect(
      await page
        .getByRole('navigation', { name: 'Request something new' })
        .getByRole('link')
        .allTextContents(),
    ).toEqual(['Request a new Lab Test']);
    const tiles = page.getByRole('region', { name: 'Show the Lab Tests of' });
    expect(await tiles.getByRole('button').count()).toBe(3);
    await tiles.getByRole('button', { name: /^Mother/ }).click();
    await expect.poll(() => cards(page).count()).toBe(2);
    expect(await tiles.getByRole('button', { name: /^Mother/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    for (const text of await cards(page).allTextContents()) {
      expect(text).toContain('For Mrs Sriyani Fernando');
      expect(text).toContain('Examination Order');
    }
    await expectTouchTargets(page);
    await expectNoAxeViolations(page, 'lab test list, one profile');
    await screenshot(page, 'order-list-lab-tests-mother');

    // A card opens its order (spec doc 3 §2: /order/view?orderId=…).
    const first = cards(page).first();
    const orderNumber = (
      (await first.locator('.order-list-card__number').textContent()) ?? ''
    ).replace('Order No. ', '');
    const opened = created.find((order) => order.identifier === orderNumber);
    expect(opened).toBeDefined();
    await first.getByRole('link').click();
    await page.waitForURL(
      (url) => url.pathname === '/order/view' && url.searchParams.get('orderId') === opened?.id,
    );
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await screenshot(page, 'order-list-opened-order');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the empty texts to a new account, from the Profiles menu rows', async () => {
    const patient = await signedInPatient('Empty');
    const { context, page } = await signedInPhone(browser, patient, 'order-lists-empty-failure');

    await page.goto('/history/orders');
    await page.getByText("We didn't find any orders of you").waitFor();
    await expectNoAxeViolations(page, 'order list, empty');
    await screenshot(page, 'order-list-empty');

    // spec doc 3 §2 /profiles: the Lab Tests and Procedures menu rows open their lists.
    await page.goto('/profiles');
    await page.getByRole('link', { name: 'Lab Tests' }).click();
    await page.waitForURL('**/history/examination');
    await page.getByText("We didn't find any Lab Tests of you").waitFor();
    // One profile: no tiles to choose from.
    expect(await page.getByRole('region', { name: 'Show the Lab Tests of' }).count()).toBe(0);
    await expectNoAxeViolations(page, 'lab test list, empty');
    await screenshot(page, 'order-list-lab-tests-empty');

    await page.goto('/profiles');
    await page.getByRole('link', { name: 'Procedures' }).click();
    await page.waitForURL('**/history/procedure');
    await page.getByText("We didn't find any orders of you").waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Request something new' })
        .getByRole('link')
        .allTextContents(),
    ).toEqual(['Request a new Medical service']);
    await context.close();
  });
});
