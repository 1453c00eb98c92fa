import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, checkScreen, collectPageErrors, launchBrowser, newPhonePage, screenshot } from './support/index.ts';

// Proves the harness: the built app loads in Chromium from the real server, on each tenant's host.
describe('smoke', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('loads the app with no console errors and reaches /healthz from the page', async () => {
    const { context, page } = await newPhonePage(browser);
    const errors = collectPageErrors(page);

    const response = await page.goto(appUrl('/'), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById('root')?.childElementCount ?? 0) > 0);

    const health = await page.evaluate(async () => {
      const answer = await fetch('/healthz');
      return { status: answer.status, body: (await answer.json()) as { status: string } };
    });
    expect(health).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) as unknown });

    await screenshot(page, 'smoke-home');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves each tenant on its own *.localhost host', async () => {
    const { context, page } = await newPhonePage(browser, { host: 'flat.localhost' });
    const response = await page.goto('/', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    // The app may route a signed-out visitor on to its sign-in screen; the host is what matters here.
    expect(new URL(page.url()).origin).toBe(new URL(appUrl('/', 'flat.localhost')).origin);
    // Each screen's title names its heading, then the hospital (issue 6 §4.11).
    await page.waitForFunction(() => document.title.endsWith(' – Flatland Hospital'));
    const tenant = await page.evaluate(async () => {
      const answer = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ tenantConfig }' }),
      });
      const { data } = (await answer.json()) as {
        data: { tenantConfig: { tenantId: string; uxFlow: string; branding: { hospitalName: string } } };
      };
      return {
        tenantId: data.tenantConfig.tenantId,
        uxFlow: data.tenantConfig.uxFlow,
        hospitalName: data.tenantConfig.branding.hospitalName,
      };
    });
    expect(tenant).toEqual({ tenantId: 'flat-demo', uxFlow: 'flat', hospitalName: 'Flatland Hospital' });
    await context.close();
  });

  it('the screen check fails on an axe violation, a second h1, and a screen never checked', async () => {
    const { context, page } = await newPhonePage(browser);
    await page.goto(appUrl('/chat-home'));
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/favicon.ico';
      document.getElementById('main')?.append(image);
    });
    await expect(checkScreen(page, 'image without alt')).rejects.toThrow(/image-alt/);
    await page.evaluate(() => {
      document.querySelector('#main img')?.remove();
      document.getElementById('main')?.append(Object.assign(document.createElement('h1'), { textContent: 'Second' }));
    });
    await expect(checkScreen(page, 'two headings')).rejects.toThrow(/expected exactly one h1/);
    await page.evaluate(() => {
      document.querySelectorAll('#main h1')[1]?.remove();
      // A client-side navigation the journey does not wait for: the feedback screen shows, unchecked.
      window.history.pushState({}, '', '/patient-feedback');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
    await expect(context.close()).rejects.toThrow(/never checked: localhost:\d+\/patient-feedback/);
  });
});
