import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { makeConsultationSession, makeOrganization, makePractitioner } from '../test/factories.ts';
import { doctorScreenDocuments } from './web-app.doctor.ts';

// issue 33 §1: /doctor written by the server, from the app's own queries, for the request's tenant.
const template = fs.readFileSync(path.resolve(import.meta.dirname, '../../web/index.html'), 'utf8');

function writeBuild(dir: string): void {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    template.replace('<script type="module" src="/src/main.tsx"></script>', '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>'),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-1a2b.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(dir, 'assets', 'doctor-screen-3c4d.css'), '.doctor-screen{display:grid}');
  fs.writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify({ '/doctor': { scripts: ['/assets/doctor-screen-1a2b.js'], styles: ['/assets/doctor-screen-3c4d.css'] } }),
  );
}

/** The answers the page carries for the app. */
function answersOf(body: string): { operationName: string; variables: Record<string, unknown>; data: unknown }[] {
  const json = /<script id="careline-server-answers" type="application\/json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return JSON.parse(json ?? 'null') as { operationName: string; variables: Record<string, unknown>; data: unknown }[];
}

describe('/doctor written by the server', () => {
  let t: TestApp;
  let organizationId: string;
  let otherOrganizationId: string;
  const doctorName = { given: `Nimal${process.pid}`, family: 'Perera' };
  beforeAll(async () => {
    const scratch = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'careline-doctor-'));
    writeBuild(scratch);
    t = await createTestApp({ WEB_DIST_DIR: scratch });
    const { db } = t.database;
    const tenantId = t.tenants.resolve('localhost').id;
    const organization = await makeOrganization(db, tenantId, { name: 'Careline Colombo <Main>' });
    organizationId = organization.id;
    const doctor = await makePractitioner(db, tenantId, organization.id, { givenName: doctorName.given, familyName: doctorName.family });
    const tomorrow = new Date(Date.now() + 26 * 60 * 60 * 1000);
    await makeConsultationSession(db, tenantId, { practitionerId: doctor.id, organizationId: organization.id }, { startTime: tomorrow });
    await makeConsultationSession(
      db,
      tenantId,
      { practitionerId: doctor.id, organizationId: organization.id },
      { startTime: new Date(tomorrow.getTime() + 24 * 60 * 60 * 1000) },
    );
    // Another tenant's hospital and doctor: never on this tenant's page.
    const otherTenantId = t.tenants.resolve('first.localhost').id;
    const other = await makeOrganization(db, otherTenantId, { name: 'Lakeside Kandy' });
    otherOrganizationId = other.id;
    const otherDoctor = await makePractitioner(db, otherTenantId, other.id, { givenName: 'Other', familyName: 'Tenant' });
    await makeConsultationSession(db, otherTenantId, { practitionerId: otherDoctor.id, organizationId: other.id });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: 'localhost', ...headers } });

  it("writes the search, the hospital filter and the doctors' cards of the address's filter", async () => {
    const page = await get(`/doctor?organization=${organizationId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-careline-server-screen="doctor"');
    expect(page.body).toContain('<h1 id="server-doctor-title">Find a doctor</h1>');
    expect(page.body).toMatch(/<input id="server-doctor-search" class="search-combobox__input" type="search" role="combobox"/);
    expect(page.body).toContain(`<h2 id="server-doctor-0" class="doctor-card__name">Dr. ${doctorName.given} ${doctorName.family}</h2>`);
    expect(page.body).toContain('2 sessions found');
    expect(page.body).toContain('Show 1 more session');
    // The hospital's name is the chip's and the filter's, escaped.
    expect(page.body).toContain('<span>Careline Colombo &lt;Main&gt;</span>');
    expect(page.body).toContain(`<option value="${organizationId}" selected>Careline Colombo &lt;Main&gt;</option>`);
    expect(page.body).toContain('<a href="/view/session?sessionId=');
    // The app's scripts come, and the screen's stylesheet with the page.
    expect(page.body).toContain('src="/assets/index-1a2b.js"');
    expect(page.body).toContain('<style>.doctor-screen{display:grid}</style>');
    expect(page.body).toContain('<title>Find a doctor – Careline Hospitals</title>'.replace('Careline Hospitals', t.tenants.resolve('localhost').publicConfig.branding.hospitalName));
    expect(String(page.headers.vary)).toContain('Accept-Language');
    // The answers of now: no cache keeps the page, nor the service worker as the app's shell.
    expect(String(page.headers['cache-control'])).toBe('no-store');
    // No style attribute (the CSP has none); the screen's rules come hashed.
    expect(page.body).not.toMatch(/<(?!html)[^>]* style="/);
    const screenStyle = /<style>(\.server-style-[^<]*)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(screenStyle).not.toBe('');
    expect(String(page.headers['content-security-policy'])).toContain(
      `'sha256-${createHash('sha256').update(screenStyle).digest('base64')}'`,
    );
  });

  it("carries the answers to the app's own queries, as GraphQL gives them", async () => {
    const page = await get(`/doctor?organization=${organizationId}`);
    const answers = answersOf(page.body);
    const variables = { actorReference: [`Organization/${organizationId}`], practitionerRoleCodingCode: null };
    const sessions = await t.gql(doctorScreenDocuments.consultationSessions, variables, { host: 'localhost' });
    const organizations = await t.gql(doctorScreenDocuments.consultationOrganizations, {}, { host: 'localhost' });
    expect(answers).toEqual([
      { operationName: 'consultationOrganizations', variables: {}, data: organizations.data },
      { operationName: 'consultationSessions', variables, data: sessions.data },
    ]);
  });

  it("shows only the request's tenant", async () => {
    const page = await get(`/doctor?organization=${otherOrganizationId}`);
    expect(page.body).not.toContain('Dr. Other Tenant');
    expect(page.body).not.toContain('Lakeside Kandy');
    expect(page.body).toContain('consultations-state__title');
  });

  it('without a filter writes the hint and asks for no sessions', async () => {
    const page = await get('/doctor');
    expect(page.body).toContain('class="consultations-hint"');
    expect(page.body).not.toContain('doctor-card');
    expect(answersOf(page.body).map((answer) => answer.operationName)).toEqual(['consultationOrganizations']);
  });

  it("writes the request's language and compresses the page for the client", async () => {
    const page = await get(`/doctor?organization=${organizationId}`, { 'accept-language': 'si', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString('utf8');
    expect(html).toContain('<html lang="si">');
    expect(html).not.toContain('>Find a doctor</h1>');
    expect(html).toContain(`Dr. ${doctorName.given} ${doctorName.family}`);
  });

  it('writes the empty state for an id that cannot exist, as querySession answers it', async () => {
    const page = await get('/doctor?organization=not-a-uuid');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('consultations-state__title');
    expect(page.body).not.toContain('doctor-card');
  });
});
