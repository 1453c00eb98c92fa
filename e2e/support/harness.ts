import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

// The browser-test harness both apps' journeys share: the real server started once per run by the
// e2e global setup (apps/web/e2e/global-setup.ts), Debian's Chromium, and axe on every screen.

/** The server's port, provided by the e2e global setup. */
export function serverPort(): number {
  // inject() is typed by vitest's ProvidedContext interface; global-setup provides this key.
  const read = inject as (key: string) => unknown;
  const port = read('e2ePort');
  if (typeof port !== 'number') {
    throw new Error('e2ePort was not provided: run browser tests with `vitest run --project "e2e*"`');
  }
  return port;
}

/**
 * The app's URL for a path on a tenant's host: Chromium resolves every *.localhost name to loopback.
 * @param urlPath - e.g. '/login' or '/staff'
 * @param host - the tenant's host: 'localhost' (demo default), 'first.localhost', 'flat.localhost'
 */
export function appUrl(urlPath: string, host = 'localhost'): string {
  return `http://${host}:${serverPort()}${urlPath}`;
}

/** Launches headless Debian Chromium (CHROMIUM_PATH overrides) with the flags this machine needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * A GraphQL request to the server from the test process, for a journey's set-up and checks: the
 * data, or a throw naming the errors (a journey never goes on after a refused request).
 * @param query - the document
 * @param variables - its variables
 * @param options - the access token, the tenant's host (default localhost) and the port (default the run's server)
 */
export async function serverGraphql<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: { token?: string; host?: string; port?: number } = {},
): Promise<T> {
  const response = await serverRequest('POST', '/graphql', {
    body: { query, variables },
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.host ? { host: options.host } : {}),
    ...(options.port ? { port: options.port } : {}),
  });
  const body = JSON.parse(response.body) as { data?: T | null; errors?: { message: string }[] };
  if (!body.data || body.errors?.length) {
    throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

/**
 * Calls the server from the test process. Uses node:http so the Host header (which picks the tenant)
 * can name any *.localhost host while connecting to 127.0.0.1. `form` posts form fields, `body` JSON;
 * `port` another server on 127.0.0.1 than the run's (a journey's own instances or load balancer).
 */
export async function serverRequest(
  method: string,
  urlPath: string,
  options: { host?: string; port?: number; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const port = options.port ?? serverPort();
  // A form post (as a browser's) or a JSON body.
  const form = options.form === undefined ? undefined : new URLSearchParams(options.form).toString();
  const payload = form ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const contentType = form === undefined ? 'application/json' : 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: {
          host: `${options.host ?? 'localhost'}:${port}`,
          ...(payload === undefined ? {} : { 'content-type': contentType }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export type OutboxMessage = { to: string; body: string; sentAt: string };

const digitsOnly = (mobileNo: string): string => mobileNo.replace(/\D/g, '');

/**
 * The SMS messages the server sent (GET /dev/sms-outbox), oldest first.
 * @param to - only messages to this number (compared by digits)
 * @param options - port: another server than the run's
 */
export async function readOutbox(to?: string, options: { port?: number } = {}): Promise<OutboxMessage[]> {
  // The server narrows by number (?to=, compared in its 94-prefixed form) rather than sending every
  // message of the run; the digits check below still guards the answer.
  const query = to === undefined ? '' : `?to=${encodeURIComponent(digitsOnly(to))}`;
  const response = await serverRequest('GET', `/dev/sms-outbox${query}`, options);
  if (response.status !== 200) {
    throw new Error(`GET /dev/sms-outbox answered ${response.status}: ${response.body}`);
  }
  const messages = JSON.parse(response.body) as OutboxMessage[];
  return to === undefined ? messages : messages.filter((message) => digitsOnly(message.to) === digitsOnly(to));
}

/**
 * The 4-digit code in the newest sign-in SMS to a number, polling briefly until one arrives.
 * @param mobileNo - the number the code was sent to
 * @param options - since: ignore messages sent before this time (to wait for a resent code); port:
 *   another server than the run's
 */
export async function latestCode(mobileNo: string, options: { since?: Date; port?: number } = {}): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const messages = (await readOutbox(mobileNo, { port: options.port })).filter(
      (message) => !options.since || new Date(message.sentAt).getTime() >= options.since.getTime(),
    );
    // The sign-in code's SMS carries no link. A visit's other SMS (reminder, doctor late, refund, feedback)
    // do, and their links and dates hold 4-digit groups of their own; issue 32's sweeps send them here too.
    const code = messages
      .filter((message) => !message.body.includes('://'))
      .map((message) => message.body.match(/\b(\d{4})\b/)?.[1])
      .filter((found) => found !== undefined)
      .at(-1);
    if (code) {
      return code;
    }
    if (Date.now() > deadline) {
      throw new Error(`no SMS with a 4-digit code reached ${mobileNo} (messages: ${JSON.stringify(messages)})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A Sri Lankan mobile number nobody else uses in this run: '9477' + 7 random digits. */
export function randomMobileNo(): string {
  return `9477${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/**
 * Saves a full-page PNG to `<dir>/<name>.png` and returns its path.
 * @param page - the page to capture
 * @param dir - the journey's screenshots folder
 * @param name - file name without extension
 */
export async function screenshotTo(page: Page, dir: string, name: string): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name.replace(/[^a-zA-Z0-9._-]/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Collects the page's console errors and uncaught exceptions, for a journey to assert none happened.
 * @param page - the page to watch
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Runs axe on the page as it is now and fails with a readable list when anything is violated
 * (WCAG 2.x A and AA, and axe's best practices).
 * @param page - the page to check
 * @param screen - the screen's name, for the failure message
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(violations, `axe violations on ${screen}`).toEqual([]);
}
