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
});
