import { decode as decodeJpeg } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedDemoIfEmpty } from './seed.ts';
import { seedDemoPhotosIfMissing } from './demo-photos.ts';

// issue 29 §4.14: the demo ships drawn portraits for some doctors, through the blob store, served as photos are.

describe('demo doctor portraits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, t.tenants, { info: () => undefined });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives four demo doctors per tenant a portrait once, shown on their sessions and served as a photo', async () => {
    const first = await seedDemoPhotosIfMissing(t.database.db, t.tenants, t.providers.blobStore);
    expect(first).toBe(4 * t.tenants.all().length);
    expect(await seedDemoPhotosIfMissing(t.database.db, t.tenants, t.providers.blobStore)).toBe(0);
    const { data } = await t.gql<{ querySession: { practitioner: { text: string; photoUrl: string | null } }[] }>(
      'query { querySession(limit: 200) { practitioner { text photoUrl } } }',
    );
    const photos = new Map((data?.querySession ?? []).map((s) => [s.practitioner.text, s.practitioner.photoUrl]));
    expect(photos.get('Dr. Nimal Perera')).toBeNull();
    const url = photos.get('Dr. Dilani Jayasinghe');
    expect(url).toMatch(/^\/blob\/practitioner-photo\/.+\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(decodeJpeg(served.rawPayload).width).toBe(192);
  });
});
