import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { authHeader, makeChargingScheme, makeOrganization, makePatientAccount, makePractitioner, makeSessionAppointment } from '../test/factories.ts';
import { accessSessions } from './db/schema/index.ts';
import { createAccessSession } from './modules/auth/index.ts';
import { accountOwner } from '@careline/domain/ids';
import { appointmentScreenDocuments } from './web-app.appointment.ts';

// issue 33 §1: /view/appointment written by the server for the page cookie's account, and only its own.
const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    template.replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>'),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'server-screen-5e6f.js'), 'console.log(2);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'view-screen-3c4d.css'), '.appointment-screen{display:grid}');
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({ '/view/appointment': { scripts: ['/assets/view-screen-1a2b.js'], styles: ['/assets/view-screen-3c4d.css'] } }),
  );
}

function answersOf(body: string): { operationName: string; variables: Record<string, unknown>; data: unknown }[] {
  const json = /<script id="careline-server-answers" type="application\/json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return JSON.parse(json ?? 'null') as { operationName: string; variables: Record<string, unknown>; data: unknown }[];
}

/** The cookies a response sets, by name: the whole Set-Cookie line. */
function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return new Map(lines.map((line) => [line.split('=')[0] ?? '', line]));
}

describe('/view/appointment written by the server for the page cookie (issue 33 §1)', () => {
  let t: TestApp;
  let tenantId: string;
  let own: { token: string; accountId: string; appointmentId: string; sessionId: string; patientName: string };
  let otherAppointmentId: string;
  let otherPatientName: string;

  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-appointment-'));
    writeBuild(scratch);
    t = await createTestApp({ WEB_DIST_DIR: scratch });
    const { db } = t.database;
    tenantId = t.tenants.resolve('localhost').id;
    const organization = await makeOrganization(db, tenantId, { name: 'Careline Colombo' });
    const doctor = await makePractitioner(db, tenantId, organization.id, { givenName: 'Nimal', familyName: `Perera${process.pid}` });
    const refs = { practitionerId: doctor.id, organizationId: organization.id };
    const start = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const mine = await makePatientAccount(db, tenantId, { givenName: `Kamala${process.pid}` });
    // Priced by a charging scheme: its payment is owed (a free session's would say nothing of paying).
    const scheme = await makeChargingScheme(db, tenantId, organization.id);
    const { session, appointment } = await makeSessionAppointment(
      db,
      tenantId,
      refs,
      { accountId: mine.account.id, patientId: mine.patient.id },
      { session: { startTime: start, chargingSchemeId: scheme.id }, appointment: { tokenNo: 7 } },
    );
    const { token } = await createAccessSession(db, tenantId, mine.account.id);
    own = { token, accountId: mine.account.id, appointmentId: appointment.id, sessionId: session.id, patientName: mine.patient.givenName };
    const theirs = await makePatientAccount(db, tenantId, { givenName: `Other${process.pid}` });
    otherPatientName = theirs.patient.givenName;
    const other = await makeSessionAppointment(
      db,
      tenantId,
      refs,
      { accountId: theirs.account.id, patientId: theirs.patient.id },
      { session: { startTime: start }, appointment: { tokenNo: 9 } },
    );
    otherAppointmentId = other.appointment.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** The page cookie the server sets for a bearer token, as the Cookie header sends it. */
  async function pageCookieFor(token: string, host = 'localhost'): Promise<string> {
    const answer = await t.app.inject({ method: 'POST', url: '/session/page-cookie', headers: { host, ...authHeader(token) } });
    expect(answer.statusCode).toBe(204);
    const line = setCookies(answer.headers).get('careline-page') ?? '';
    return line.split(';')[0] ?? '';
  }

  const page = (url: string, cookie: string, host = 'localhost') =>
    t.app.inject({ method: 'GET', url, headers: { host, cookie } });

  const ownUrl = () => `/view/appointment?sessionId=${own.sessionId}&appointmentId=${own.appointmentId}`;

  it("writes the account's own appointment: token, doctor, hospital, time and payment status, with the app's answers", async () => {
    const cookie = await pageCookieFor(own.token);
    const answer = await page(ownUrl(), cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.body;
    expect(body).toContain('data-careline-server-screen="appointment"');
    expect(body).toContain('data-careline-takeover="/view/appointment"');
    expect(body).toContain(`data-careline-owner="${accountOwner(own.accountId)}"`);
    expect(body).toContain('<h1 id="appointment-screen-title">Your appointment</h1>');
    expect(body).toContain('<dd class="appointment-facts__token-number">7</dd>');
    expect(body).toContain(`Dr. Nimal Perera${process.pid}`);
    expect(body).toContain('Careline Colombo');
    expect(body).toContain(own.patientName);
    // Still to pay, as the app says it.
    expect(body).toContain('<p role="status">Payment pending</p>');
    expect(body).toContain('<span class="session-card__token">Token 7 · Booked</span>');
    expect(body).toContain('class="bottom-bar"');
    expect(body).toContain('<style>.appointment-screen{display:grid}</style>');
    expect(body).not.toMatch(/<(?!html)[^>]* style="/);
    expect(String(answer.headers['cache-control'])).toBe('no-store');
    expect(String(answer.headers.vary)).toContain('Cookie');
    const byBearer = await t.gql(appointmentScreenDocuments.consultationAppointment, { id: own.appointmentId }, authHeader(own.token));
    const tokens = await t.gql(appointmentScreenDocuments.consultationSessionTokens, { sessionId: own.sessionId }, authHeader(own.token));
    expect(answersOf(body)).toEqual([
      { operationName: 'consultationAppointment', variables: { id: own.appointmentId }, data: byBearer.data },
      { operationName: 'consultationSessionTokens', variables: { sessionId: own.sessionId }, data: tokens.data },
    ]);
  });

  it("answers another account's appointment id with the plain page, none of its data", async () => {
    const cookie = await pageCookieFor(own.token);
    const answer = await page(`/view/appointment?appointmentId=${otherAppointmentId}`, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('data-careline-server-screen');
    expect(answer.body).not.toContain(otherPatientName);
    expect(answer.body).not.toContain('careline-server-answers');
    expect(answer.body).toContain('class="splash"');
  });

  it('without a page cookie, or with one not sealed by this server, writes the plain page', async () => {
    expect((await page(ownUrl(), '')).body).not.toContain('data-careline-server-screen');
    expect((await page(ownUrl(), `careline-page=${encodeURIComponent(own.token)}`)).body).not.toContain('data-careline-server-screen');
  });

  it("another tenant's host does not open the cookie", async () => {
    const cookie = await pageCookieFor(own.token);
    const answer = await page(ownUrl(), cookie, 'first.localhost');
    expect(answer.body).not.toContain('data-careline-server-screen');
    expect(answer.body).not.toContain(own.patientName);
    // Nor does it set one for this tenant's token.
    const refused = await t.app.inject({ method: 'POST', url: '/session/page-cookie', headers: { host: 'first.localhost', ...authHeader(own.token) } });
    expect(refused.statusCode).toBe(401);
    expect(setCookies(refused.headers).size).toBe(0);
  });

  it('a revoked or expired session writes the plain page', async () => {
    const { db } = t.database;
    const mine = await makePatientAccount(db, tenantId);
    const revoked = await createAccessSession(db, tenantId, mine.account.id);
    const revokedCookie = await pageCookieFor(revoked.token);
    await t.gql('mutation { logout }', {}, authHeader(revoked.token));
    expect((await page(ownUrl(), revokedCookie)).body).not.toContain('data-careline-server-screen');

    const expiring = await createAccessSession(db, tenantId, (await makePatientAccount(db, tenantId)).account.id);
    const expiringCookie = await pageCookieFor(expiring.token);
    await db.update(accessSessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(accessSessions.id, expiring.accessSessionId));
    expect((await page(ownUrl(), expiringCookie)).body).not.toContain('data-careline-server-screen');
  });

  it('is never a credential for GraphQL', async () => {
    const cookie = await pageCookieFor(own.token);
    const answer = await t.gql<{ queryAppointment: unknown[] }>(
      appointmentScreenDocuments.consultationAppointment,
      { id: own.appointmentId },
      { cookie },
    );
    expect(answer.data?.queryAppointment ?? []).toEqual([]);
  });

  it('sets HttpOnly, SameSite=Lax, Path=/ cookies for a valid bearer only; clearing ends them', async () => {
    const set = await t.app.inject({ method: 'POST', url: '/session/page-cookie', headers: { host: 'localhost', ...authHeader(own.token) } });
    const cookies = setCookies(set.headers);
    const sealed = cookies.get('careline-page') ?? '';
    expect(sealed).toMatch(/; Path=\/; /);
    expect(sealed).toContain('SameSite=Lax');
    expect(sealed).toContain('HttpOnly');
    expect(sealed).not.toContain(encodeURIComponent(own.token));
    expect(cookies.get('careline-page-session') ?? '').not.toContain('HttpOnly');
    // Plain http (this test server): not Secure, or the browser would drop it; production and https are.
    expect(sealed).not.toContain('Secure');
    const none = await t.app.inject({ method: 'POST', url: '/session/page-cookie', headers: { host: 'localhost' } });
    expect(none.statusCode).toBe(401);
    expect(setCookies(none.headers).size).toBe(0);

    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/session/page-cookie/clear',
      headers: { host: 'localhost', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const clear = await t.app.inject({
      method: 'POST',
      url: '/session/page-cookie/clear',
      headers: { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(clear.statusCode).toBe(204);
    const cleared = setCookies(clear.headers);
    expect(cleared.get('careline-page')).toMatch(/^careline-page=; Path=\/; Max-Age=0; SameSite=Lax; HttpOnly/);
    expect(cleared.get('careline-page-session')).toMatch(/^careline-page-session=; Path=\/; Max-Age=0/);
  });
});
