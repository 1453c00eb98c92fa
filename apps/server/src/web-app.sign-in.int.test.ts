import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { smsMessages } from './db/schema/index.ts';
import { latestCode } from './modules/auth/auth.testing.ts';

// issue 33 §2: the sign-in form works as plain form posts, with the GraphQL path's texts and rules.
const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');
const origin = 'http://localhost';

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    template.replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>'),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'login-screen-3c4d.css'), '.auth-screen{min-height:100vh}');
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({ '/login': { scripts: ['/assets/login-screen-1a2b.js'], styles: ['/assets/login-screen-3c4d.css'] } }),
  );
}

let numberSeq = 0;
/** A number of this test's own (94 + 9 digits), so the tests' limits never meet. */
const freshNumber = () => `9477${String(4_000_000 + process.pid * 10 + numberSeq++).padStart(7, '0').slice(-7)}`;

describe('the sign-in form without JavaScript', () => {
  let t: TestApp;
  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-sign-in-'));
    writeBuild(scratch);
    t = await createTestApp({ WEB_DIST_DIR: scratch });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });
  const post = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: 'localhost', origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });
  const smsCount = async (to: string) =>
    (await t.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.to, to)))[0]?.n ?? 0;
  /** name=value of each cookie a response sets. */
  const setCookies = (response: { headers: Record<string, unknown> }): string[] => {
    const header = response.headers['set-cookie'];
    return (Array.isArray(header) ? header : header === undefined ? [] : [header]).map(String);
  };
  const cookieHeader = (response: { headers: Record<string, unknown> }) =>
    setCookies(response)
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => !pair.endsWith('='))
      .join('; ');

  it('sends /login with the number form, in the language of the request', async () => {
    const page = await get('/login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form class="auth-form" method="post" action="/login/send"');
    expect(page.body).toContain('>Mobile number</label>');
    expect(page.body).toContain('placeholder="Type your mobile number here"');
    expect(page.body).toContain('>Send now</button>');
    // The app's scripts still come: it takes over when it runs.
    expect(page.body).toContain('src="/assets/index-1a2b.js"');
    expect(page.body).not.toContain('This app needs JavaScript');
    expect(String(page.headers.vary)).toContain('Accept-Language');

    const sinhala = await get('/login', { 'accept-language': 'fr;q=0.9, si-LK;q=0.8, en;q=0.5' });
    expect(sinhala.body).toContain('<html lang="si">');
    expect(sinhala.body).not.toContain('>Send now</button>');
    // The app's chosen language (its cookie) comes before the browser's.
    const tamil = await get('/login', { 'accept-language': 'si', cookie: 'careline-language=ta' });
    expect(tamil.body).toContain('<html lang="ta">');
  });

  it("shows the screen's own text for a bad number, keeps what was typed and sends nothing", async () => {
    const response = await post('/login/send', { mobile: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Mobile No. should have 9 digits!');
    expect(response.body).toContain('value="12345"');
    expect(response.body).toContain('aria-invalid="true"');
    expect(setCookies(response)).toEqual([]);
    // The answer's address is /login/send, no route of the app's: the app is not started on it.
    expect(response.body).not.toContain('<script type="module"');
  });

  it("shows the rule's text in the request's language", async () => {
    const response = await post('/login/send', { mobile: '' }, { cookie: 'careline-language=si' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="si">');
    expect(response.body).not.toContain('Type Your Mobile No.');
  });

  it.each([
    ['no Origin nor Referer', { origin: '' }],
    ['another origin', { origin: 'https://evil.example' }],
    ['a cross-site post', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses %s and sends no code', async (_name, headers) => {
    const mobileNo = freshNumber();
    const response = await post('/login/send', { mobile: mobileNo }, headers);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('The request is not valid');
    expect(await smsCount(mobileNo)).toBe(0);
  });

  it('accepts a post whose Referer is this origin when no Origin is sent', async () => {
    const mobileNo = freshNumber();
    const response = await post('/login/send', { mobile: mobileNo }, { origin: '', referer: `${origin}/login` });
    expect(response.statusCode).toBe(303);
    expect(await smsCount(mobileNo)).toBe(1);
  });

  it('signs in: number, code, then the app takes the token once; a wrong code is told as the app tells it', async () => {
    const mobileNo = freshNumber();
    const sent = await post('/login/send', { mobile: `0${mobileNo.slice(2)}` });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/login/code');
    const [challenge] = setCookies(sent);
    expect(challenge).toMatch(/^careline-sign-in=.+; Path=\/login; Max-Age=\d+; SameSite=Strict; HttpOnly$/);
    const cookies = cookieHeader(sent);
    // Nothing of the challenge in the address.
    expect(sent.headers.location).not.toContain(cookies.split('=')[1]?.split('.')[0] ?? 'none');

    const codePage = await get('/login/code', { cookie: cookies });
    expect(codePage.statusCode).toBe(200);
    expect(codePage.body).toContain(`+${mobileNo} `);
    expect(codePage.body).toContain('action="/login/verify"');
    expect(codePage.body).toContain('>Verify now</button>');
    expect(codePage.body).toContain('>Resend OTP</button>');
    expect(codePage.body).toContain('There may be SMS delays. Please wait and check again your SMS');
    // The server's own page: the app, which could not know the challenge, is not started on it.
    expect(codePage.body).not.toContain('<script type="module"');
    expect(String(codePage.headers['cache-control'])).toBe('no-store');

    const code = await latestCode(t.database, mobileNo);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const refused = await post('/login/verify', { code: wrong }, { cookie: cookies });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<span class="auth-error-line">that is not the code I sent you</span>');
    expect(refused.body).toContain('<span class="auth-error-line">Invalid verification code</span>');
    const short = await post('/login/verify', { code: '12' }, { cookie: cookies });
    expect(short.body).toContain('verification code should have 4 digits!');

    const verified = await post('/login/verify', { code }, { cookie: cookies });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('/login');
    const handover = setCookies(verified);
    expect(handover).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^careline-sign-in=; Path=\/login; Max-Age=0;/),
        expect.stringMatching(/^careline-handover=.+; Path=\/login; Max-Age=\d+; SameSite=Strict; HttpOnly$/),
        expect.stringMatching(/^careline-signed-in=1; Path=\/; Max-Age=\d+; SameSite=Strict$/),
      ]),
    );
    const signedIn = cookieHeader(verified);

    const landing = await get('/login', { cookie: signedIn });
    expect(landing.body).toContain('You are signed in to');
    expect(landing.body).not.toContain('action="/login/send"');

    // Another site cannot take it.
    const stolen = await post('/login/session', {}, { cookie: signedIn, origin: 'https://evil.example' });
    expect(stolen.statusCode).toBe(403);
    const taken = await post('/login/session', {}, { cookie: signedIn });
    expect(taken.statusCode).toBe(200);
    const { accessToken } = taken.json<{ accessToken: string }>();
    expect(setCookies(taken)).toEqual([
      expect.stringMatching(/^careline-handover=; Path=\/login; Max-Age=0;/),
      expect.stringMatching(/^careline-signed-in=; Path=\/; Max-Age=0;/),
    ]);
    const profile = await t.gql<{ queryOneProfile: { mobileNo: string } }>(
      '{ queryOneProfile { mobileNo } }',
      {},
      { authorization: `Bearer ${accessToken}` },
    );
    expect(profile.data?.queryOneProfile.mobileNo).toBe(mobileNo);
    // Once: the cookie the browser still sent a second time is no token any more to this route's eyes.
    expect((await post('/login/session', {}, {})).statusCode).toBe(404);
  });

  it("keeps the GraphQL path's limits: the same number's 1-minute spacing, whichever path asked first", async () => {
    const mobileNo = freshNumber();
    const first = await t.gql<{ initiateAuthentication: { id: string } }>(
      'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
      { u: mobileNo },
      { host: 'localhost' },
    );
    expect(first.data?.initiateAuthentication.id).toBeTruthy();
    const again = await post('/login/send', { mobile: mobileNo });
    expect(again.statusCode).toBe(429);
    expect(again.body).toContain('Please wait a minute before asking for another code');
    expect(again.body).toContain(`value="${mobileNo}"`);
    expect(await smsCount(mobileNo)).toBe(1);
  });

  it('sends a tampered or missing challenge back to the number step', async () => {
    const mobileNo = freshNumber();
    const sent = await post('/login/send', { mobile: mobileNo });
    const cookies = cookieHeader(sent);
    const tampered = cookies.replace(mobileNo, freshNumber());
    expect((await get('/login/code', { cookie: tampered })).headers.location).toBe('/login');
    const verify = await post('/login/verify', { code: await latestCode(t.database, mobileNo) }, { cookie: tampered });
    expect(verify.statusCode).toBe(303);
    expect(verify.headers.location).toBe('/login');
    expect((await get('/login/code')).headers.location).toBe('/login');
  });
});
