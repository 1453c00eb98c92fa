import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, makePatientAccount } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createAccessSession } from './index.ts';

/*
 * The page cookie's Secure attribute (issue 33 §1, auth.page-cookie.ts): a browser on https keeps the
 * sealed token only for https when the request came over https. The server itself listens on plain
 * http (app.ts), so https reaches it through a proxy, believed only as TRUST_PROXY says: behind a
 * trusted proxy its X-Forwarded-Proto decides; without one a client's own X-Forwarded-Proto is not
 * believed. Both the cookie and its readable flag, set and cleared alike.
 */

const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/index.html'), 'utf8');

/** A built app's folder with only its page: the page cookie's routes come with the patient app's mount. */
function scratchBuild(): string {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-page-cookie-https-'));
  fs.writeFileSync(path.join(dir, 'index.html'), template);
  return dir;
}

/** The Set-Cookie lines of an answer. */
function setCookieLines(headers: Record<string, unknown>): string[] {
  const raw = headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

const secureOf = (lines: string[]): boolean[] => lines.map((line) => line.split('; ').includes('Secure'));

/** A signed-in patient's access token on the app. */
async function patientToken(t: TestApp): Promise<string> {
  const tenantId = t.tenants.resolve('localhost').id;
  const { account } = await makePatientAccount(t.database.db, tenantId);
  return (await createAccessSession(t.database.db, tenantId, account.id)).token;
}

/** POST /session/page-cookie and its clear, as the app asks from a page at `origin`. */
async function setAndClear(t: TestApp, token: string, origin: string, headers: Record<string, string>) {
  const set = await t.app.inject({
    method: 'POST',
    url: '/session/page-cookie',
    headers: { host: 'localhost', ...authHeader(token), ...headers },
  });
  const clear = await t.app.inject({
    method: 'POST',
    url: '/session/page-cookie/clear',
    headers: { host: 'localhost', origin, 'sec-fetch-site': 'same-origin', ...headers },
  });
  expect([set.statusCode, clear.statusCode]).toEqual([204, 204]);
  const lines = { set: setCookieLines(set.headers), clear: setCookieLines(clear.headers) };
  expect([lines.set.length, lines.clear.length]).toEqual([2, 2]);
  return lines;
}

describe('the page cookie behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: scratchBuild(), TRUST_PROXY: 'true' });
    token = await patientToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("is Secure, set and cleared, when the proxy says the request came over https", async () => {
    const lines = await setAndClear(t, token, 'https://localhost', { 'x-forwarded-proto': 'https' });
    expect(secureOf(lines.set)).toEqual([true, true]);
    expect(secureOf(lines.clear)).toEqual([true, true]);
    expect(lines.set[0]).toMatch(/^careline-page=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly; Secure$/);
  });

  it('is not Secure when the proxy says plain http, or says nothing', async () => {
    const overHttp = await setAndClear(t, token, 'http://localhost', { 'x-forwarded-proto': 'http' });
    expect(secureOf([...overHttp.set, ...overHttp.clear])).toEqual([false, false, false, false]);
    const unsaid = await setAndClear(t, token, 'http://localhost', {});
    expect(secureOf([...unsaid.set, ...unsaid.clear])).toEqual([false, false, false, false]);
  });
});

describe('the page cookie with no trusted proxy (TRUST_PROXY unset)', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: scratchBuild() });
    token = await patientToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("does not believe a client's own X-Forwarded-Proto: plain http, not Secure", async () => {
    const lines = await setAndClear(t, token, 'http://localhost', { 'x-forwarded-proto': 'https' });
    expect(secureOf([...lines.set, ...lines.clear])).toEqual([false, false, false, false]);
  });
});
