import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  checkScreen,
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

    // A number without a profile gets the registration step: the form inline in the chat (issue 12 §2).
    await log.getByText(/Add your profile to continue/).waitFor();
    const prefix = page.getByLabel('Prefix');
    await prefix.waitFor();
    // Focus moves into the form's first field; no jump to another page.
    expect(await prefix.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/chat-home');
    expect(await page.getByRole('button', { name: 'Add new profile' }).count()).toBe(0);
    await screenshot(page, 'chat-registration-step');
    await checkScreen(page, 'chat with the registration form inline');

    await prefix.selectOption('Ms');
    await page.getByLabel('Given name').fill('Anushka');
    await page.getByLabel('Family name').fill('Fernando');
    await page.getByRole('radio', { name: 'female' }).check();
    await page.getByLabel('Day').fill('21');
    await page.getByLabel('Month').fill('11');
    await page.getByLabel('Year').fill('1988');
    // Issue 29 §12 (spec doc 1 §5): as on the form page, no relationship is chosen for the patient:
    // Save stays disabled and 'Select the relationship' shows until one is chosen.
    const me = page.getByRole('radio', { name: 'Me', exact: true });
    expect(await me.isChecked()).toBe(false);
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.getAttribute('aria-disabled')).toBe('true');
    await page.getByText('Select the relationship').waitFor();
    expect(await save.isEnabled()).toBe(false);
    await me.check();
    expect(await save.getAttribute('aria-disabled')).toBe('false');
    expect(await page.getByText('Select the relationship').count()).toBe(0);
    await save.click();

    // The chat carries on, signed in with a profile: the menu, on the same page.
    const showProfile = page.getByRole('button', { name: 'Show my profile' });
    await showProfile.waitFor();
    await page.getByRole('button', { name: 'Book a Doctor' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/chat-home');
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    // The question no longer holds once the profile is made.
    expect(await log.getByText("I couldn't find a profile for this number", { exact: false }).count()).toBe(0);
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
