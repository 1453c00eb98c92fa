import type { Browser, Page } from 'playwright-core';
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

// Journey (a), spec doc 1 §2, §4, §5: flat flow sign-in, registration, family profiles, edit, logout.
const host = 'flat.localhost';

/** A 4-digit code that is not the one sent. */
function wrongCodeFor(code: string): string {
  return String((Number.parseInt(code, 10) + 1) % 10_000).padStart(4, '0');
}

async function fillProfile(
  page: Page,
  profile: { prefix: string; given: string; family: string; day: string; month: string; year: string },
) {
  await page.getByLabel('Prefix').selectOption(profile.prefix);
  await page.getByLabel('Given name').fill(profile.given);
  await page.getByLabel('Family name').fill(profile.family);
  await page.getByLabel('Day').fill(profile.day);
  await page.getByLabel('Month').fill(profile.month);
  await page.getByLabel('Year').fill(profile.year);
}

describe('sign-in, flat flow', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('signs in by SMS code, registers, adds and edits a family profile, logs out', async () => {
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'flat-failure');
    });
    const errors = collectPageErrors(page);
    const mobileNo = randomMobileNo();

    await page.goto(appUrl('/login', host));
    const mobileInput = page.getByPlaceholder('Type your mobile number here');
    await mobileInput.waitFor();
    // spec doc 1 §5: every rule shows its message inline
    await page.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Type Your Mobile No.').waitFor();
    await mobileInput.fill('07712');
    await page.getByText('Mobile No. starting with 0, should have 10 digits!').waitFor();
    await screenshot(page, 'flat-login-mobile-error');
    // The 0-prefixed form: the app sends it as 94 + 9 digits.
    await mobileInput.fill(`0${mobileNo.slice(2)}`);
    await page.getByRole('button', { name: 'Send now' }).click();

    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    await page.getByText('There may be SMS delays. Please wait and check again your SMS').waitFor();
    const resend = page.getByRole('button', { name: /Resend OTP/ });
    expect(await resend.isDisabled()).toBe(true);
    expect(await resend.textContent()).toMatch(/Resend OTP\s*[01]:\d\d/);
    await screenshot(page, 'flat-login-code');

    const code = await latestCode(mobileNo);
    await codeInput.fill(wrongCodeFor(code));
    await page.getByRole('button', { name: 'Verify now' }).click();
    await page.getByText('that is not the code I sent you').waitFor();
    await screenshot(page, 'flat-login-wrong-code');

    await codeInput.fill(code);
    await page.getByRole('button', { name: 'Verify now' }).click();
    // spec doc 1 §2: an account with zero patients goes to /profiles/registration
    await page.waitForURL((url) => url.pathname === '/profiles/registration');

    const save = page.getByRole('button', { name: 'Save' });
    await page.getByText('Select the relationship').waitFor();
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Me', exact: true }).check();
    await save.click();
    for (const text of [
      'Please select your name prefix (Mr, Ms?)',
      'We need your given name!',
      'We need your family name!',
      'We need your gender!',
      'Your date of birth, date should be valid',
    ]) {
      await page.getByText(text).waitFor();
    }
    await screenshot(page, 'flat-registration-errors');
    await fillProfile(page, { prefix: 'Mr', given: 'Nimal', family: 'Perera', day: '7', month: '5', year: '1990' });
    expect(await page.getByRole('radio', { name: 'male', exact: true }).isChecked()).toBe(true);
    expect(await page.getByText('We need your given name!').count()).toBe(0);
    await screenshot(page, 'flat-registration-filled');
    await save.click();

    await page.waitForURL((url) => url.pathname === '/profiles');
    await page.getByRole('heading', { name: 'You have a profile' }).waitFor();
    await page.getByText(`+${mobileNo}`).waitFor();
    await screenshot(page, 'flat-profiles-one');

    await page.getByRole('link', { name: 'Add new profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles/registration');
    await page.getByRole('radio', { name: 'Mother' }).check();
    // spec doc 1 §5: Mother sets female
    expect(await page.getByRole('radio', { name: 'female' }).isChecked()).toBe(true);
    await fillProfile(page, { prefix: 'Mrs', given: 'Kamala', family: 'Perera', day: '09', month: '04', year: '1962' });
    await page.getByRole('button', { name: 'Save' }).click();

    await page.waitForURL((url) => url.pathname === '/profiles');
    await page.getByRole('heading', { name: 'You have 2 profiles' }).waitFor();
    await page.getByText('Select your profile to continue').waitFor();
    const motherCard = page.getByRole('article', { name: 'Mrs Kamala Perera' });
    await motherCard.waitFor();
    await screenshot(page, 'flat-profiles-two');

    await motherCard.getByRole('link', { name: 'Edit Profile' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/profiles/registration/'));
    const update = page.getByRole('button', { name: 'Update' });
    await update.waitFor();
    // spec doc 1 §5: Update is disabled until something changed
    expect(await update.isDisabled()).toBe(true);
    await page.getByLabel('address line 1').fill('12 Temple Road');
    await page.getByLabel('landmark').fill('Near the clock tower');
    await page.getByLabel('city').fill('Kandy');
    expect(await update.isDisabled()).toBe(false);
    await screenshot(page, 'flat-profile-update');
    await update.click();
    await page.waitForURL((url) => url.pathname === '/profiles' && url.searchParams.get('back') === '/chat-home');
    await page.getByRole('heading', { name: 'You have 2 profiles' }).waitFor();

    // The address was saved: the form shows it again.
    await page.getByRole('article', { name: 'Mrs Kamala Perera' }).getByRole('link', { name: 'Edit Profile' }).click();
    await page.getByLabel('city').waitFor();
    expect(await page.getByLabel('address line 1').inputValue()).toBe('12 Temple Road');
    expect(await page.getByLabel('city').inputValue()).toBe('Kandy');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles');

    await page.getByRole('button', { name: 'Logout' }).click();
    // spec doc 1 §2: logout goes to / (the flat flow's root then shows /login)
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    await page.getByPlaceholder('Type your mobile number here').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
    await screenshot(page, 'flat-after-logout');

    expect(errors).toEqual([]);
    await context.close();
  });
});
