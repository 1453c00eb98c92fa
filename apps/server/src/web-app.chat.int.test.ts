import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { authHeader, makeOrganization, makePatientAccount, makePractitioner, makeSessionAppointment } from '../test/factories.ts';
import { accounts } from './db/schema/index.ts';
import { createAccessSession } from './modules/auth/index.ts';
import { accountOwner } from '@careline/domain/ids';
import { chatScreenDocuments } from './web-app.chat.ts';

// issue 33 §1: /chat-home's welcome written by the server for the page cookie's account, and only its own.
const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    template.replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>'),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'server-screen-5e6f.js'), 'console.log(2);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'chat-composition-3c4d.css'), '.chat-screen{display:flex}');
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({ '/chat-home': { scripts: ['/assets/chat-composition-1a2b.js'], styles: ['/assets/chat-composition-3c4d.css'] } }),
  );
}

function answersOf(body: string): unknown {
  const json = /<script id="careline-server-answers" type="application\/json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return JSON.parse(json ?? 'null') as unknown;
}

function setCookies(headers: Record<string, unknown>): Map<string, string> {
  const raw = headers['set-cookie'];
  const lines = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  return new Map(lines.map((line) => [line.split('=')[0] ?? '', line]));
}

describe('/chat-home written by the server for the page cookie (issue 33 §1)', () => {
  let t: TestApp;
  let tenantId: string;
  let own: { token: string; accountId: string; patientName: string; doctor: string };
  let otherPatientName: string;

  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-chat-'));
    writeBuild(scratch);
    t = await createTestApp({ WEB_DIST_DIR: scratch });
    const { db } = t.database;
    tenantId = t.tenants.resolve('localhost').id;
    const organization = await makeOrganization(db, tenantId, { name: 'Careline Colombo' });
    const doctor = await makePractitioner(db, tenantId, organization.id, { givenName: 'Nimal', familyName: `Chat${process.pid}` });
    const refs = { practitionerId: doctor.id, organizationId: organization.id };
    const start = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const mine = await makePatientAccount(db, tenantId, { givenName: `Kamala${process.pid}` });
    await makeSessionAppointment(db, tenantId, refs, { accountId: mine.account.id, patientId: mine.patient.id }, {
      session: { startTime: start },
      appointment: { tokenNo: 4 },
    });
    const { token } = await createAccessSession(db, tenantId, mine.account.id);
    own = { token, accountId: mine.account.id, patientName: mine.patient.givenName, doctor: `Dr. Nimal Chat${process.pid}` };
    const theirs = await makePatientAccount(db, tenantId, { givenName: `Other${process.pid}` });
    otherPatientName = theirs.patient.givenName;
    await makeSessionAppointment(db, tenantId, refs, { accountId: theirs.account.id, patientId: theirs.patient.id }, {
      session: { startTime: start },
      appointment: { tokenNo: 9 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function pageCookieFor(token: string): Promise<string> {
    const answer = await t.app.inject({ method: 'POST', url: '/session/page-cookie', headers: { host: 'localhost', ...authHeader(token) } });
    expect(answer.statusCode).toBe(204);
    return (setCookies(answer.headers).get('careline-page') ?? '').split(';')[0] ?? '';
  }

  const page = (url: string, cookie: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host, cookie } });

  it("writes the account's welcome: greeting, its own upcoming appointment and the menu, with the account's answer", async () => {
    const cookie = await pageCookieFor(own.token);
    const answer = await page('/chat-home', cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.body;
    expect(body).toContain('data-careline-server-screen="chat"');
    expect(body).toContain(`data-careline-owner="${accountOwner(own.accountId)}"`);
    expect(body).toMatch(/>Good (morning|afternoon|evening)</);
    expect(body).toContain('Here are your upcoming appointments.');
    expect(body).toContain(own.doctor);
    expect(body).toContain('Token No. 4');
    expect(body).not.toContain('Token No. 9');
    expect(body).not.toContain(otherPatientName);
    expect(body).toContain('>Book a Doctor</button>');
    expect(body).toContain('<style>.chat-screen{display:flex}</style>');
    expect(body).not.toMatch(/<(?!html)[^>]* style="/);
    expect(String(answer.headers['cache-control'])).toBe('no-store');
    expect(String(answer.headers.vary)).toContain('Cookie');
    const profile = await t.gql(chatScreenDocuments.queryOneProfile, {}, authHeader(own.token));
    expect(answersOf(body)).toEqual([{ operationName: 'queryOneProfile', variables: {}, data: profile.data }]);
  });

  it('without a cookie, or with one not sealed here, for another tenant, revoked, or an account with no profile: the plain page', async () => {
    const plain = (body: string) => {
      expect(body).not.toContain('data-careline-server-screen');
      expect(body).not.toContain(own.patientName);
      expect(body).toContain('class="splash"');
    };
    plain((await page('/chat-home', '')).body);
    plain((await page('/chat-home', `careline-page=${encodeURIComponent(own.token)}`)).body);
    const cookie = await pageCookieFor(own.token);
    plain((await page('/chat-home', cookie, 'first.localhost')).body);

    const { db } = t.database;
    const mine = await makePatientAccount(db, tenantId);
    const revoked = await createAccessSession(db, tenantId, mine.account.id);
    const revokedCookie = await pageCookieFor(revoked.token);
    await t.gql('mutation { logout }', {}, authHeader(revoked.token));
    plain((await page('/chat-home', revokedCookie)).body);

    const [bare] = await db.insert(accounts).values({ tenantId, mobileNo: `9477${String(process.pid).padStart(7, '0')}` }).returning();
    const bareSession = await createAccessSession(db, tenantId, bare?.id ?? '');
    plain((await page('/chat-home', await pageCookieFor(bareSession.token))).body);
  });

  it("a sign-in link's address and the paths not listed leave the cookie unread: the plain page", async () => {
    const cookie = await pageCookieFor(own.token);
    for (const url of ['/chat-home?access_token=abc', '/chat-home/Medication', '/chat-home/agent-chat', '/profiles', '/my-home']) {
      const answer = await page(url, cookie);
      expect(answer.body, url).not.toContain('data-careline-server-screen');
      expect(answer.body, url).not.toContain(own.patientName);
    }
  });
});
