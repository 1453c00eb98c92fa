import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('GET /manifest.webmanifest', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it.each([
    ['localhost', 'Careline Hospitals', 'Careline', '#0b6e69'],
    ['first.localhost', 'Lakeside Medical Group', 'Lakeside', '#1f4e9c'],
  ])('names the tenant serving %s', async (host, name, shortName, themeColour) => {
    const response = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    const manifest = response.json<Record<string, unknown>>();
    expect(manifest).toMatchObject({
      name: name,
      short_name: shortName,
      theme_color: themeColour,
      start_url: '/',
      display: 'standalone',
    });
    const sizes = (manifest.icons as { sizes: string; type: string }[])
      .filter((icon) => icon.type === 'image/png')
      .map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });
});
