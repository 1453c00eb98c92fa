import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchBrowser, newConsolePage } from './support/index.ts';

// The console pages' own guarantee: a journey that shows a screen without checking it fails, even
// when the screen has the same address as one it checked (sign-in and home are both /staff).

describe('console pages check every screen', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('fail at close when a screen reached by a click was never checked, and pass once it is', async () => {
    const signInToHome = async (check: boolean) => {
      const { context, page } = await newConsolePage(browser);
      await page.goto('/staff'); // checked on arrival
      await page.getByLabel('Email address').fill('admin@careline.test');
      await page.getByLabel('Password', { exact: true }).fill('careline-demo-staff');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      if (check) {
        await checkScreen(page, 'Home', 'staff-screen-checks-home');
      }
      return context.close();
    };
    await expect(signInToHome(false)).rejects.toThrow(/never checked: .*\/staff\/? "Home"/);
    await expect(signInToHome(true)).resolves.toBeUndefined();
  });

  it('record a lazily loaded screen under its own heading, not the previous one under its address', async () => {
    const homeToStaffUsers = async (check: boolean) => {
      const { context, page } = await newConsolePage(browser);
      await page.goto('/staff');
      await page.getByLabel('Email address').fill('admin@careline.test');
      await page.getByLabel('Password', { exact: true }).fill('careline-demo-staff');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await checkScreen(page, 'Home', 'staff-screen-checks-home-lazy');
      // The address changes first; the screen's code loads; then its heading renders.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff users' }).click();
      await page.getByRole('heading', { level: 1, name: 'Staff users' }).waitFor();
      if (check) {
        await checkScreen(page, 'Staff users', 'staff-screen-checks-staff-users');
      }
      return context.close();
    };
    // Unchecked, the new screen is still caught, under its own heading (and only that one).
    await expect(homeToStaffUsers(false)).rejects.toThrow(/never checked: [^,]*\/staff\/staff-users "Staff users" —/);
    // Checked, nothing is left over: not the previous screen's heading under the new address either.
    await expect(homeToStaffUsers(true)).resolves.toBeUndefined();
  });
});
