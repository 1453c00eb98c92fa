import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  expectNoAxeViolations,
  launchBrowser,
  newConsolePage,
  screenshot,
  serverGraphql,
} from './support/index.ts';

// Issue 32 §3.6: the console's Displays screen. An admin creates a display for the Colombo branch,
// the address shown once opens the waiting-room board on a TV, the list says it was seen, and the
// admin revokes it: the open board stops at once and says why, and the address no longer opens it.
// Every console screen on the way is checked (one h1, its title, axe), the TV's too.

const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

describe('waiting-room displays', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('an admin creates a display, its address opens the board on a TV, and revoking it stops the board', async () => {
    const { queryOrganization } = await serverGraphql<{ queryOrganization: { id: string; name: string }[] }>('{ queryOrganization { id name } }');
    const colombo = queryOrganization.find((organization) => organization.name.endsWith('Colombo'));
    if (!colombo) {
      throw new Error('the demo needs its Colombo branch');
    }
    // A name of its own: other journeys create displays of the same hospital.
    const name = `Journey TV ${randomBytes(3).toString('hex')}`;

    const admin = await newConsolePage(browser);
    const adminErrors = collectPageErrors(admin.page);
    onTestFailed(async () => {
      await screenshot(admin.page, 'displays-failure');
    });
    await admin.page.goto('/staff');
    await admin.page.getByLabel('Email address').fill(demoAdmin.email);
    await admin.page.getByLabel('Password', { exact: true }).fill(demoAdmin.password);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();
    await checkScreen(admin.page, 'Home', 'displays-admin-home');
    await admin.page.getByLabel('Hospital').selectOption({ label: colombo.name });
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Displays' }).click();
    await checkScreen(admin.page, 'Waiting-room displays', 'displays-screen');

    // Create: the board's address is shown this once.
    await admin.page.getByLabel('Display name').fill(name);
    await admin.page.getByRole('button', { name: 'Create display' }).click();
    await admin.page.getByText(`${name} is created. Open this address in the TV's browser now: it is shown only once.`).waitFor();
    const address = await admin.page.getByLabel('Board address for the TV').inputValue();
    const board = new URL(address);
    expect(board.pathname).toBe(`/display/${colombo.id}`);
    expect(board.hash.length).toBeGreaterThan(20);
    const row = admin.page.getByRole('row').filter({ has: admin.page.getByRole('rowheader', { name, exact: true }) });
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: 'Never opened', exact: true }).count()).toBe(1);
    await expectNoAxeViolations(admin.page, 'displays with a new display and its address');
    await screenshot(admin.page, 'displays-created');

    // The TV opens the address: the board of Colombo, live.
    const tv = await browser.newContext({ viewport: { width: 1280, height: 720 }, baseURL: appUrl('', 'localhost'), locale: 'en-US' });
    const tvPage = await tv.newPage();
    const tvErrors = collectPageErrors(tvPage);
    await tvPage.goto(`${board.pathname}${board.hash}`);
    await tvPage.getByRole('heading', { level: 1, name: `${colombo.name}: today's doctors` }).waitFor({ timeout: 30_000 });
    await tvPage.getByRole('status').getByText(/^Updated at /).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(tvPage, 'the board opened from the console');
    await screenshot(tvPage, 'displays-board-open');

    // The list says the display was seen.
    await admin.page.reload();
    await checkScreen(admin.page, 'Waiting-room displays', 'displays-seen');
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    expect(await row.getByRole('cell', { name: 'Never opened', exact: true }).count()).toBe(0);

    // Revoke: the open board stops and says why, with no reload; the address opens nothing more.
    await row.getByRole('button', { name: `Revoke ${name}` }).click();
    await admin.page.getByText(`${name} is revoked. Its board has stopped.`).waitFor();
    await row.getByRole('cell', { name: /^Revoked / }).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await expectNoAxeViolations(admin.page, 'displays with a revoked display');
    await screenshot(admin.page, 'displays-revoked');
    const refusal = 'This display is not allowed to show the board. Ask the hospital for a new display link';
    await tvPage.getByRole('alert').getByText(refusal).waitFor({ timeout: 30_000 });
    expect(await tvPage.locator('.display-board__session').count()).toBe(0);
    await expectNoAxeViolations(tvPage, 'the revoked board');
    await tvPage.reload();
    await tvPage.getByRole('alert').getByText(refusal).waitFor({ timeout: 30_000 });

    expect(adminErrors).toEqual([]);
    expect(tvErrors.filter((error) => !/WebSocket|Failed to load resource/.test(error))).toEqual([]);
    await tv.close();
    await admin.context.close();
  }, 180_000);
});
