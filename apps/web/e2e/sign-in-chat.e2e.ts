import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  collectPageErrors,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  screenshot,
} from './support/index.ts';

// Journey (b), spec doc 1 §2 Chat assistant, §4 Chat flow: sign-in through the chat steps.
const host = 'localhost';

describe('sign-in, chat flow', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('greets, takes the number and the code in the chat, then registers the profile', async () => {
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'chat-failure');
    });
    const errors = collectPageErrors(page);
    const mobileNo = randomMobileNo();

    await page.goto(appUrl('/chat-home', host));
    const log = page.getByRole('log', { name: 'Chat' });
    await log.getByText(/^Good (morning|afternoon|evening)$/).waitFor();
    // The version footer (spec doc 1 §2).
    await page.getByText(/v3\.13\.0/).waitFor();

    const mobileInput = page.getByPlaceholder('Type your mobile number here');
    await mobileInput.waitFor();
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Type Your Mobile No.').waitFor();
    await mobileInput.fill('94771');
    await page.getByText('Mobile No. starting with 94, should have 11 digits!').waitFor();
    await mobileInput.fill(mobileNo.slice(2));
    await screenshot(page, 'chat-mobile-step');
    await page.getByRole('button', { name: 'Send now' }).click();

    await log.getByText(`+${mobileNo}`).waitFor();
    await log.getByText('There may be SMS delays. Please wait and check again your SMS').waitFor();
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    const resend = page.getByRole('button', { name: /Resend OTP/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(/[01]:\d\d/);
    await screenshot(page, 'chat-otp-step');

    const code = await latestCode(mobileNo);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('Type verification code we sent you SMS').waitFor();
    await codeInput.fill(String((Number.parseInt(code, 10) + 1) % 10_000).padStart(4, '0'));
    await page.getByRole('button', { name: 'Verify now' }).click();
    // spec doc 1 §4: a wrong code loops back to verification
    await log.getByText('that is not the code I sent you').waitFor();
    await codeInput.waitFor();
    await screenshot(page, 'chat-wrong-code');

    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Verify now' }).click();

    // A number without a profile gets the registration step.
    await log.getByText(/Add your profile to continue/).waitFor();
    const addProfile = page.getByRole('button', { name: 'Add new profile' });
    await addProfile.waitFor();
    await screenshot(page, 'chat-registration-step');
    await addProfile.click();

    await page.waitForURL((url) => url.pathname === '/profiles/registration');
    await page.getByLabel('Prefix').selectOption('Ms');
    await page.getByLabel('Given name').fill('Anushka');
    await page.getByLabel('Family name').fill('Fernando');
    await page.getByRole('radio', { name: 'female' }).check();
    await page.getByLabel('Day').fill('21');
    await page.getByLabel('Month').fill('11');
    await page.getByLabel('Year').fill('1988');
    expect(await page.getByRole('radio', { name: 'Me', exact: true }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();

    // Back in the chat, signed in with a profile: the menu.
    await page.waitForURL((url) => url.pathname === '/chat-home');
    const showProfile = page.getByRole('button', { name: 'Show my profile' });
    await showProfile.waitFor();
    await page.getByRole('button', { name: 'Book a Doctor' }).waitFor();
    await screenshot(page, 'chat-menu');
    await showProfile.click();

    await page.waitForURL((url) => url.pathname === '/profiles');
    await page.getByRole('heading', { name: 'You have a profile' }).waitFor();
    await page.getByRole('article', { name: 'Ms Anushka Fernando' }).waitFor();
    await screenshot(page, 'chat-profiles');

    expect(errors).toEqual([]);
    await context.close();
  });
});
