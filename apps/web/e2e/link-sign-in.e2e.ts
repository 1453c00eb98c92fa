import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { decodeBase64, encodeBase64 } from '@careline/domain/auth';
import {
  appUrl,
  latestCode,
  launchBrowser,
  mintSignInLink,
  newPhonePage,
  randomMobileNo,
  readOutbox,
  screenshot,
} from './support/index.ts';

// Journey (c), spec doc 1 §4 Link sign-in.
const host = 'localhost';

/** The link's token with one character of its payload changed (the signature kept). */
function tamper(token: string): string {
  const decoded = decodeBase64(token);
  if (decoded === null) {
    throw new Error('the minted token is not base64');
  }
  const dot = decoded.lastIndexOf('.');
  const payload = decoded.slice(0, dot);
  // Flip the mobile number's last digit: still a well-formed payload, but not the one signed.
  const last = payload.indexOf('_') - 1;
  const flipped = `${payload.slice(0, last)}${payload[last] === '1' ? '2' : '1'}${payload.slice(last + 1)}`;
  return encodeBase64(`${flipped}${decoded.slice(dot)}`);
}

describe('link sign-in', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a valid link sends the code by itself and opens the appointment after it', async () => {
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'link-failure');
    });
    const mobileNo = randomMobileNo();
    const link = await mintSignInLink({ mobileNo, patientIndex: 0, sessionId: 'session-7', appointmentId: 'appt-42' }, { host });
    const url = new URL(link.url);

    await page.goto(appUrl(`${url.pathname}${url.search}`, host));
    const codeInput = page.getByPlaceholder('Type verification code');
    await codeInput.waitFor();
    // The code went out without anyone typing the number.
    expect(await page.getByPlaceholder('Type your mobile number here').count()).toBe(0);
    await page.getByRole('log', { name: 'Chat' }).getByText(`+${mobileNo}`, { exact: false }).waitFor();
    await screenshot(page, 'link-otp-step');

    // Every address the page goes through: the appointment screen is only passed on the way (it may
    // not have drawn its heading yet), so the journey checks the screen it ends on.
    const visited: URL[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        visited.push(new URL(frame.url()));
      }
    });
    await codeInput.fill(await latestCode(mobileNo));
    await page.getByRole('button', { name: 'Verify now' }).click();
    // The link's appointment opens. It is no appointment of this new number's profiles, so the
    // appointment screen then sends the user to /accessDenied (spec doc 2 §2).
    const linkTarget = (target: URL): boolean =>
      target.pathname === '/view/appointment' &&
      target.searchParams.get('sessionId') === 'session-7' &&
      target.searchParams.get('appointmentId') === 'appt-42';
    await page.waitForURL((target) => target.pathname === '/accessDenied');
    expect(visited.some(linkTarget)).toBe(true);
    await screenshot(page, 'link-target');

    // Signed in already as that number: the link goes straight to the appointment, with no new code.
    const sentBefore = (await readOutbox(mobileNo)).length;
    visited.length = 0;
    await page.goto(appUrl(`${url.pathname}${url.search}`, host));
    await page.waitForURL((target) => target.pathname === '/accessDenied');
    expect(visited.some(linkTarget)).toBe(true);
    expect((await readOutbox(mobileNo)).length).toBe(sentBefore);
    await context.close();
  });

  it('a tampered link goes to /accessDenied and sends no code', async () => {
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'link-failure');
    });
    const mobileNo = randomMobileNo();
    const link = await mintSignInLink({ mobileNo, patientIndex: 0, sessionId: 'session-7', appointmentId: 'appt-42' }, { host });
    const tampered = tamper(link.token);
    const tamperedMobile = decodeBase64(tampered)?.split('_')[0] ?? '';

    await page.goto(appUrl(`/chat-home?access_token=${encodeURIComponent(tampered)}`, host));
    await page.waitForURL((target) => target.pathname === '/accessDenied');
    await screenshot(page, 'link-tampered-access-denied');
    expect(await readOutbox(mobileNo)).toEqual([]);
    expect(await readOutbox(tamperedMobile)).toEqual([]);

    // A token that is not a link at all is refused before the server is asked.
    await page.goto(appUrl('/chat-home?access_token=not-a-link', host));
    await page.waitForURL((target) => target.pathname === '/accessDenied');
    await context.close();
  });
});
