import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPageErrors, launchBrowser, newPhonePage, randomMobileNo, readOutbox, screenshot } from './support/index.ts';

// issue 6 §5: a language switch on the first screen, remembered; <html lang>; the Sinhala and Tamil
// fonts load only when those languages are used; the first SMS in the language the app showed.
describe('Sinhala, Tamil and English', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('switches /login to Sinhala, fetches only the Sinhala font, remembers it, and sends the SMS in Sinhala', async () => {
    const { context, page } = await newPhonePage(browser, { host: 'flat.localhost' });
    const errors = collectPageErrors(page);
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (/noto-sans-(sinhala|tamil)/.test(request.url())) {
        fonts.push(request.url());
      }
    });

    await page.goto('/login');
    await page.getByRole('button', { name: 'Send now' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(fonts).toEqual([]);

    await page.getByTestId('language-switch').selectOption('si');
    await page.getByRole('button', { name: 'දැන් යවන්න' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
    await expect.poll(() => fonts.some((url) => url.includes('noto-sans-sinhala') && url.endsWith('.woff2'))).toBe(true);
    expect(fonts.filter((url) => url.includes('noto-sans-tamil'))).toEqual([]);
    // The weights the screen's Sinhala text uses (400, 600) are there, so none of it falls back to
    // empty boxes; a heading may add 700.
    const sinhalaWeights = () =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.family.includes('Sinhala') && face.status === 'loaded')
          .map((face) => face.weight)
          .sort()
          .join(',');
      });
    await expect
      .poll(async () => (await sinhalaWeights()).split(',').filter((weight) => weight !== '700').join(','), {
        timeout: 30_000,
      })
      .toBe('400,600');
    await screenshot(page, 'language-login-si');

    await page.reload();
    await page.getByRole('button', { name: 'දැන් යවන්න' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');

    const mobileNo = randomMobileNo();
    await page.getByLabel('ජංගම දුරකථන අංකය').fill(mobileNo);
    await page.getByRole('button', { name: 'දැන් යවන්න' }).click();
    await page.getByPlaceholder('සත්‍යාපන කේතය ටයිප් කරන්න').waitFor();
    const [sms] = await readOutbox(mobileNo);
    expect(sms?.body).toMatch(/^ඔබගේ Flatland Hospital සත්‍යාපන කේතය \d{4} වේ\./);

    expect(errors).toEqual([]);
    await context.close();
  });
});
