import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, newConsolePage } from './support/index.ts';
import { createOrder, signedInPatient, signInAndOpenOrders, type Photo } from './support/orders.ts';

// Issue 30 §2.3 and §2.4: the console offers only what can be done. For every order kind (medicine,
// home lab test, home procedure, admission) the member who works it walks the order from New to
// Completed through the console alone. In every state, each move on show is either enabled, and then
// it succeeds, or disabled with its reason and what to do first, which the walk then does (set the
// charge, schedule the collection, take the cash): no offered move fails for a reason known before the
// click, no red error appears, and an admission never passes through a lab state.

const HOME = { serviceRequestInitiatedFor: 'homecare', addressLineOne: '12 Galle Road', addressLineTwo: 'Kollupitiya', addressLineThree: 'Near the temple', addressCity: 'Colombo' };

/** A 1×1 PNG, enough for the order's document. */
const photo: Photo = {
  bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  contentType: 'image/png',
};

type Move = { name: string; disabled: boolean; reason: string | null };

async function movesOnShow(actions: Locator): Promise<Move[]> {
  const group = actions.getByRole('group', { name: 'Move the status' });
  if ((await group.count()) === 0) {
    return [];
  }
  const moves: Move[] = [];
  for (const button of await group.getByRole('button', { name: /^Move to / }).all()) {
    const name = ((await button.textContent()) ?? '').trim();
    const disabled = await button.isDisabled();
    const described = await button.getAttribute('aria-describedby');
    const reason = described ? ((await actions.page().locator(`[id="${described}"]`).textContent()) ?? '').trim() : null;
    moves.push({ name, disabled, reason });
  }
  return moves;
}

/**
 * Walks the open order to Completed: a disabled move's first step is done when this page offers it,
 * otherwise the first enabled move (Completed last) is taken. Answers the statuses passed through.
 */
async function walkToCompleted(page: Page, charge: string): Promise<string[]> {
  const actions = page.getByRole('region', { name: 'Actions' });
  const passed: string[] = [];
  const done = new Set<string>();
  for (let step = 0; step < 20; step += 1) {
    const moves = await movesOnShow(actions);
    if (moves.length === 0) {
      return passed;
    }
    for (const move of moves) {
      if (move.disabled) {
        const status = move.name.replace(/^Move to /, '');
        // The reason and what to do first, known before any click.
        expect(move.reason, move.name).toMatch(new RegExp(`^${status} is not possible yet: .+ Do this first: .+`));
      } else {
        expect(move.reason, move.name).toBeNull();
      }
    }
    // Each step changes what is on show: wait for the change before looking again.
    const settle = async () =>
      expect.poll(async () => JSON.stringify(await movesOnShow(actions)), { timeout: 30_000 }).not.toBe(JSON.stringify(moves));
    const blocked = moves.find((move) => move.disabled && move.reason && !done.has(move.reason));
    if (blocked?.reason?.includes('Do this first: Charging amount')) {
      done.add(blocked.reason);
      await actions.getByLabel(/^Amount \(/).fill(charge);
      await actions.getByRole('button', { name: 'Set charge' }).click();
      await page.getByText(/^Charge set to /).waitFor();
      await settle();
      continue;
    }
    if (blocked?.reason?.includes('Do this first: Home sample collection')) {
      done.add(blocked.reason);
      const tomorrow = new Date(Date.now() + 330 * 60_000 + 24 * 60 * 60_000).toISOString().slice(0, 10);
      const sample = actions.getByRole('form', { name: 'Home sample collection' });
      await sample.getByLabel("Collector's name").fill('Nimal Silva');
      await sample.getByLabel('Date').fill(tomorrow);
      await sample.getByLabel('Time (hospital time)').fill('09:30');
      await sample.getByRole('button', { name: 'Schedule collection' }).click();
      await page.getByText('Sample collection scheduled with Nimal Silva.').waitFor();
      await settle();
      passed.push('Sample Collecting');
      continue;
    }
    if (blocked?.reason?.includes('Do this first: Take cash')) {
      done.add(blocked.reason);
      await actions.getByRole('form', { name: 'Take cash' }).getByRole('button', { name: /^Take cash / }).click();
      await page.getByText(/^Cash taken\. Receipt number /).waitFor();
      await settle();
      continue;
    }
    const enabled = moves.filter((move) => !move.disabled);
    const next = enabled.find((move) => move.name !== 'Move to Completed') ?? enabled[0];
    if (!next) {
      throw new Error(`nothing to do: ${JSON.stringify(moves)}`);
    }
    const status = next.name.replace(/^Move to /, '');
    await actions.getByRole('button', { name: next.name, exact: true }).click();
    await page.getByText(`The order is now ${status}.`).waitFor();
    await settle();
    expect(await actions.getByRole('alert').count(), next.name).toBe(0);
    passed.push(status);
  }
  throw new Error(`not completed after 20 steps: ${passed.join(' → ')}`);
}

describe('the console offers only what can be done, for every order kind (issue 30 §2.3, §2.4)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  const kinds = [
    {
      category: 'Medication',
      staff: 'pharmacist',
      extra: {},
      path: ['Confirming', 'Preparing', 'Delivering', 'Completed'],
    },
    {
      category: 'Examination',
      staff: 'lab-technician',
      extra: HOME,
      path: ['Confirming', 'Sample Collecting', 'Sample Collector On The Way', 'Sample Collected', 'Sample Arrived', 'Processing', 'Report Ready', 'Completed'],
    },
    {
      category: 'Procedure',
      staff: 'nurse',
      extra: HOME,
      path: ['Confirming', 'Preparing', 'Sample Collecting', 'Processing', 'Completed'],
    },
    {
      category: 'Finance',
      staff: 'doctor',
      extra: {},
      path: ['Doctor Confirming', 'Preparing', 'Processing', 'Completed'],
    },
  ] as const;

  for (const kind of kinds) {
    it(`${kind.category}: every move on show succeeds or says beforehand what it waits for`, async () => {
      const patient = await signedInPatient(`Act${randomUUID().slice(0, 6)}`);
      const order = await createOrder(patient, kind.category, kind.category === 'Finance' ? [] : [photo], kind.extra);
      const identifier = order.identifier ?? 'No number';
      const { context, page } = await newConsolePage(browser);
      const errors = collectPageErrors(page);
      page.setDefaultTimeout(30_000);
      await signInAndOpenOrders(page, `${kind.staff}.colombo@careline.test`, `${kind.staff}-actions`);
      await page.goto(`/staff/orders/${order.id}`);
      await page.getByRole('heading', { level: 1, name: `Order ${identifier}` }).waitFor();
      const actions = page.getByRole('region', { name: 'Actions' });
      if (kind.category === 'Finance') {
        // The hospital names the admission's deposit up front; Admitted waits for its payment.
        await actions.getByLabel(/^Amount \(/).fill('1500');
        await actions.getByRole('button', { name: 'Set charge' }).click();
        await page.getByText(/^Charge set to /).waitFor();
      }
      const passed = await walkToCompleted(page, '2500');
      expect(passed).toEqual(kind.path);
      if (kind.category === 'Finance') {
        expect(passed.some((status) => status.startsWith('Sample') || status === 'Report Ready')).toBe(false);
      }
      await page.getByRole('region', { name: 'Order details' }).getByText(/^Paid/).first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
