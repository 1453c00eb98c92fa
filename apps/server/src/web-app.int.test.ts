import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Two single-page apps from one server: the patient app at / and the staff console at /staff.

let fixtures: string;
let t: TestApp;

function writeApp(root: string, marker: string, asset: string): void {
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), `<!doctype html><title>${marker}</title>`);
  fs.writeFileSync(path.join(root, 'assets', asset), `console.log(${JSON.stringify(marker)});`);
}

beforeAll(async () => {
  fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-web-app-'));
  writeApp(path.join(fixtures, 'web'), 'patient app', 'index-Ab12Cd34.js');
  writeApp(path.join(fixtures, 'staff'), 'staff console', 'index-Ef56Gh78.js');
  t = await createTestApp({
    WEB_DIST_DIR: path.join(fixtures, 'web'),
    STAFF_DIST_DIR: path.join(fixtures, 'staff'),
  });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(fixtures, { recursive: true, force: true });
});

describe('the staff console at /staff', () => {
  it.each(['/staff', '/staff/', '/staff/audit', '/staff/staff-users?x=1'])('%s answers the console index.html, never cached', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('staff console');
  });

  it('serves its hashed assets cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/staff/assets/index-Ef56Gh78.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('staff console');
  });

  it('answers 404 for a missing console file, not an index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/staff/assets/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('leaves the patient app where it was', async () => {
    const route = await t.app.inject({ method: 'GET', url: '/profiles' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('patient app');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A path that merely starts with the letters of /staff is the patient app's.
    const lookalike = await t.app.inject({ method: 'GET', url: '/staffing' });
    expect(lookalike.body).toContain('patient app');
  });
});

describe('without a built console', () => {
  it('answers /staff/* with 404, never with the patient app', async () => {
    const app = await createTestApp({ WEB_DIST_DIR: path.join(fixtures, 'web') });
    try {
      const response = await app.app.inject({ method: 'GET', url: '/staff/audit' });
      expect(response.statusCode).toBe(404);
      const patient = await app.app.inject({ method: 'GET', url: '/profiles' });
      expect(patient.body).toContain('patient app');
    } finally {
      await app.close();
    }
  });
});
