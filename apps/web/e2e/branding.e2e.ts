import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  launchBrowser,
  newPhonePage,
  screenshot,
  serverRequest,
} from './support/index.ts';

// Each tenant's host shows its own brand (spec doc 1 §1: tenants differ in host, logos, ...), and the
// installable app's manifest names the tenant.
const tenants = [
  { host: 'localhost', hospitalName: 'Careline Hospitals', shortName: 'Careline', primary: '#0b6e69', uxFlow: 'chat' },
  {
    host: 'first.localhost',
    hospitalName: 'Lakeside Medical Group',
    shortName: 'Lakeside',
    primary: '#1f4e9c',
    uxFlow: 'chat',
  },
  { host: 'flat.localhost', hospitalName: 'Flatland Hospital', shortName: 'Flatland', primary: '#0b6e69', uxFlow: 'flat' },
] as const;

describe('tenant branding and the installable app', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  for (const tenant of tenants) {
    it(`${tenant.host}: shows ${tenant.hospitalName} in its colours`, async () => {
      const { context, page } = await newPhonePage(browser, { host: tenant.host });
      const errors = collectPageErrors(page);
      await page.goto('/');
      await page.getByTestId('hospital-name').filter({ hasText: tenant.hospitalName }).waitFor();

      // spec doc 1 §2 Root behaviour: / goes to /chat-home in the chat flow, else /login.
      await page.waitForURL(appUrl(tenant.uxFlow === 'chat' ? '/chat-home' : '/login', tenant.host));

      const shown = await page.evaluate(() => {
        const root = getComputedStyle(document.documentElement);
        const header = document.querySelector('.app-header');
        return {
          title: document.title,
          primary: root.getPropertyValue('--color-primary').trim(),
          headerBackground: header ? getComputedStyle(header).backgroundColor : null,
          themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
          manifestLink: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
        };
      });
      const hex = tenant.primary.slice(1);
      const rgb = `rgb(${[0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
      expect(shown).toEqual({
        // issue 6 §4.11: each screen's title names its heading, then the hospital.
        title: `${tenant.uxFlow === 'chat' ? 'Chat' : 'Sign in'} – ${tenant.hospitalName}`,
        primary: tenant.primary,
        headerBackground: rgb,
        themeColor: tenant.primary,
        manifestLink: '/manifest.webmanifest',
      });

      // The manifest the page links to is the tenant's own.
      const manifest = await page.evaluate(async () => {
        const answer = await fetch('/manifest.webmanifest');
        return (await answer.json()) as { name: string; short_name: string; theme_color: string };
      });
      expect(manifest).toMatchObject({
        name: tenant.hospitalName,
        short_name: tenant.shortName,
        theme_color: tenant.primary,
      });

      await screenshot(page, `branding-${tenant.host.replace(/\./g, '-')}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("first.localhost paints Lakeside's splash before any script runs, and never Careline's", async () => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      javaScriptEnabled: false,
      baseURL: appUrl('', 'first.localhost'),
    });
    const page = await context.newPage();
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') {
        images.push(new URL(request.url()).pathname);
      }
    });
    // /chat-home: /login comes with its sign-in form instead of the splash (issue 33 §2, sign-in-no-js.e2e.ts).
    await page.goto('/chat-home');
    const splash = await page.evaluate(() => ({
      title: document.title,
      name: document.querySelector('.splash__name')?.textContent ?? null,
      logo: document.querySelector<HTMLImageElement>('.splash__logo')?.getAttribute('src') ?? null,
      logoLoaded: (document.querySelector<HTMLImageElement>('.splash__logo')?.naturalWidth ?? 0) > 0,
      icon: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null,
      primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    }));
    // The small SVG logo comes inside the page (a data: URL), so the splash waits for no request.
    const logoFile = await serverRequest('GET', '/brand/lakeside-logo.svg', { host: 'first.localhost' });
    expect(logoFile.status).toBe(200);
    expect(splash).toEqual({
      title: 'Lakeside Medical Group',
      name: 'Lakeside Medical Group',
      logo: `data:image/svg+xml;base64,${Buffer.from(logoFile.body).toString('base64')}`,
      logoLoaded: true,
      icon: '/brand/lakeside-icon.svg',
      primary: '#1f4e9c',
    });
    expect(images.filter((image) => image.includes('careline'))).toEqual([]);
    await screenshot(page, 'branding-splash-first-localhost');
    await context.close();
  });

  it('serves a manifest Chrome can install from: standalone, start_url /, 192 and 512 px PNG icons', async () => {
    const response = await serverRequest('GET', '/manifest.webmanifest', { host: 'first.localhost' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = JSON.parse(response.body) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest.name).toBe('Lakeside Medical Group');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/');
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((entry) => entry.sizes === size && entry.type === 'image/png');
      expect(icon).toBeDefined();
      const image = await serverRequest('GET', icon?.src ?? '', { host: 'first.localhost' });
      expect(image.status).toBe(200);
      expect(image.headers['content-type']).toContain('image/png');
    }
  });

  it('starts offline from the service worker with the brand and the offline bar', async () => {
    const { context, page } = await newPhonePage(browser, { host: 'first.localhost' });
    await page.goto('/');
    await page.getByTestId('hospital-name').filter({ hasText: 'Lakeside Medical Group' }).waitFor();
    // The worker installs (precaching the shell) and takes control of the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    await context.setOffline(true);
    await page.reload();
    await page.getByText("We can't connect to internet!").waitFor();
    await page.getByTestId('hospital-name').filter({ hasText: 'Lakeside Medical Group' }).waitFor();
    await screenshot(page, 'branding-offline-start');
    // Going online again would reload the page (spec doc 1 §4); closing while that navigation runs under
    // a live worker can stall Chromium's context teardown, so the worker is removed first.
    await page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    });
    await context.close();
  });

  it('the add-to-home banner floats over the bottom edge: the screen does not move, nothing hides behind it', async () => {
    const { context, page } = await newPhonePage(browser);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          shifts.push((entry as unknown as { value: number }).value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/login');
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    const before = await heading.boundingBox();
    // Chrome offers the install late, after the first screen is drawn (Lighthouse saw it push /login down).
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    const banner = page.getByRole('complementary', { name: 'Add link to home' });
    await banner.waitFor();
    await checkScreen(page, '/login with the add-to-home banner');
    expect(await heading.boundingBox()).toEqual(before);
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(shifted).toBe(0);
    const box = await banner.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport ? Math.round(box.y + box.height) : null).toBe(viewport?.height);
    // The screen's last control scrolls clear of the banner.
    const sendNow = page.getByRole('button', { name: 'Send now' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const send = await sendNow.boundingBox();
    const top = (await banner.boundingBox())?.y ?? 0;
    expect(send ? send.y + send.height : Number.POSITIVE_INFINITY).toBeLessThanOrEqual(top);
    await screenshot(page, 'login-add-to-home-banner');
    await context.close();
  });
});
